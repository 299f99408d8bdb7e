import {
	BATCH,
	UUID,
	sendParameters,
	useSimulator,
	API_KEY,
	LOGIN,
	PASSWORD,
	withoutServiceExtras,
} from './fixtures';

describe('Send, in a real workflow against the simulator', () => {
	const t = useSimulator();

	it('sends one JSON request for all items and emits one item per destination, paired to its item', async () => {
		const { items, error } = await t.run({
			items: [{ phone: '0241234567' }, { phone: '+233 20 123 4567' }, { phone: '233501234567' }],
			parameters: sendParameters(),
		});
		expect(error).toBeUndefined();

		const requests = t.requests();
		expect(requests).toHaveLength(1);
		const [request] = requests;
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/v5/message/sms/send');
		expect(request.headers.accept).toBe('application/json');
		expect(request.headers['content-type']).toBe('application/json');
		expect(request.headers.authorization).toBe(`key ${API_KEY}`);
		expect(request.rawBody).toBe(
			'{"text":"Your order has shipped.","type":0,"sender":"SMSDemo","destinations":["0241234567","233201234567","233501234567"]}',
		);

		expect(items).toHaveLength(3);
		const batch = items[0].json.batch as string;
		expect(batch).toMatch(BATCH);
		const expected = [
			{ input: '0241234567', to: '233241234567' },
			{ input: '+233 20 123 4567', to: '233201234567' },
			{ input: '233501234567', to: '233501234567' },
		];
		items.forEach((item, index) => {
			expect(withoutServiceExtras(item.json)).toEqual({
				...expected[index],
				verdict: 'accepted',
				reason: 'pending en route',
				status: { id: 2105, label: 'DS_PENDING_ENROUTE' },
				messageId: expect.stringMatching(UUID),
				batch,
				category: 'sms',
				delivery: false,
				messageType: 'gsm',
				characters: 23,
				parts: 1,
			});
			expect(item.pairedItem).toEqual({ item: index });
		});
	});

	it('speaks XML when asked: the exact XML body goes out and the XML answer is read', async () => {
		const { items, error } = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({
				message: 'Tom & Jerry <3 "quotes" \'single\' 😀',
				options: { dataFormat: 'xml' },
			}),
		});
		expect(error).toBeUndefined();
		const [request] = t.requests();
		expect(request.headers.accept).toBe('application/xml');
		expect(request.headers['content-type']).toBe('application/xml');
		expect(request.rawBody).toBe(
			'<request><text>Tom &amp; Jerry &lt;3 &quot;quotes&quot; &apos;single&apos; 😀</text><type>1</type><sender>SMSDemo</sender><destinations><to>0241234567</to></destinations></request>',
		);
		expect(request.unit?.text).toBe('Tom & Jerry <3 "quotes" \'single\' 😀');
		expect(items).toHaveLength(1);
		expect(withoutServiceExtras(items[0].json)).toEqual({
			input: '0241234567',
			to: '233241234567',
			verdict: 'accepted',
			reason: 'pending en route',
			status: { id: 2105, label: 'DS_PENDING_ENROUTE' },
			messageId: expect.stringMatching(UUID),
			batch: expect.stringMatching(BATCH),
			category: 'sms',
			delivery: false,
			// Auto chose Unicode for the emoji: 35 UTF-16 units billed (the emoji counts two), one part.
			messageType: 'unicode',
			characters: 35,
			parts: 1,
		});
	});

	it('authenticates with Portal Pass: factor base64(login__::password)', async () => {
		const { error } = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters(),
			credentials: t.portalPass(),
		});
		expect(error).toBeUndefined();
		const expected = Buffer.from(`${LOGIN}__::${PASSWORD}`).toString('base64');
		expect(t.requests()[0].headers.authorization).toBe(`factor ${expected}`);
	});

	it('groups items: three items with one text make one request, two texts make two', async () => {
		await t.run({
			items: [{ phone: '0241111111' }, { phone: '0242222222' }, { phone: '0243333333' }],
			parameters: sendParameters(),
		});
		expect(t.requests()).toHaveLength(1);

		t.sim.reset();
		const { items } = await t.run({
			items: [
				{ phone: '0241111111', text: 'A' },
				{ phone: '0242222222', text: 'B' },
				{ phone: '0243333333', text: 'A' },
			],
			parameters: sendParameters({ message: '={{ $json.text }}' }),
		});
		const units = t.requests().map((r) => r.unit);
		expect(units).toEqual([
			{ text: 'A', type: 0, sender: 'SMSDemo', destinations: ['0241111111', '0243333333'] },
			{ text: 'B', type: 0, sender: 'SMSDemo', destinations: ['0242222222'] },
		]);
		expect(items.map((i) => [i.json.input, i.pairedItem])).toEqual([
			['0241111111', { item: 0 }],
			['0243333333', { item: 2 }],
			['0242222222', { item: 1 }],
		]);
	});

	it('takes several numbers from one item, in any separator, and pairs each to that item', async () => {
		const { items } = await t.run({
			items: [
				{ phones: '0241111111, 0242222222;0243333333\n+233244444444' },
				{ phones: ['0245555555', '0246666666'] },
			],
			parameters: sendParameters({ phoneNumbers: '={{ $json.phones }}' }),
		});
		expect(t.requests()[0].unit?.destinations).toEqual([
			'0241111111',
			'0242222222',
			'0243333333',
			'233244444444',
			'0245555555',
			'0246666666',
		]);
		expect(items.map((i) => i.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
		]);
	});

	it('splits a long list by Batch Size, in order', async () => {
		const phones = ['0241000001', '0241000002', '0241000003', '0241000004', '0241000005'];
		const { items } = await t.run({
			items: phones.map((phone) => ({ phone })),
			parameters: sendParameters({ options: { batchSize: 2 } }),
		});
		expect(t.requests().map((r) => r.unit?.destinations)).toEqual([
			['0241000001', '0241000002'],
			['0241000003', '0241000004'],
			['0241000005'],
		]);
		expect(items.map((i) => i.json.input)).toEqual(phones);
		expect(new Set(items.map((i) => i.json.batch)).size).toBe(3);
	});

	it('reads the credential once per run and authenticates every request with it', async () => {
		const phones = ['0241000001', '0241000002', '0241000003', '0241000004', '0241000005'];
		const { credentialReads } = await t.run({
			items: phones.map((phone) => ({ phone })),
			parameters: sendParameters({ options: { batchSize: 2 } }),
		});
		expect(t.requests().map((r) => r.headers.authorization)).toEqual([
			`key ${API_KEY}`,
			`key ${API_KEY}`,
			`key ${API_KEY}`,
		]);
		expect(credentialReads).toBe(1);
	});

	it('sends the message type as its id', async () => {
		await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({ messageType: 'flashUnicode' }),
		});
		expect(t.requests()[0].unit?.type).toBe(3);
	});

	it('removes duplicate numbers by default: the same number in both forms goes out once', async () => {
		const { items } = await t.run({
			items: [{ phone: '0241234567' }, { phone: '+233 24 123 4567' }, { phone: '0201234567' }],
			parameters: sendParameters(),
		});
		expect(t.requests()[0].unit?.destinations).toEqual(['0241234567', '0201234567']);
		expect(items.map((i) => [i.json.input, i.json.verdict, i.pairedItem])).toEqual([
			['0241234567', 'accepted', { item: 0 }],
			['0201234567', 'accepted', { item: 2 }],
			['+233 24 123 4567', 'skipped', { item: 1 }],
		]);
		expect(items[2].json.reason).toBe('skipped: duplicate of 0241234567 (item 0)');
	});

	it('reports per-destination rejections with a verdict keyed on the status id', async () => {
		const { items, error } = await t.run({
			items: [{ phone: '0241234567' }, { phone: '0241234567' }],
			parameters: sendParameters({ options: { removeDuplicates: false } }),
		});
		expect(error).toBeUndefined();
		expect(
			items.map((i) => [i.json.verdict, (i.json.status as { id: number }).id, i.pairedItem]),
		).toEqual([
			['accepted', 2105, { item: 0 }],
			['rejected', 2120, { item: 1 }],
		]);
		expect(items[1].json.reason).toBe('duplicate destination');
	});

	it('without the sender check, reports an unregistered sender as rejected for every number, and no credit is taken', async () => {
		const { items } = await t.run({
			items: [{ phone: '0241234567' }, { phone: '0201234567' }],
			parameters: sendParameters({ sender: 'Unknown', options: { checkSender: false } }),
		});
		// The profile is still read once, for the home country the local numbers are read in.
		expect(t.allRequests().map((r) => r.path)).toEqual(['/v5/auth', '/v5/message/sms/send']);
		expect(items.map((i) => [i.json.verdict, (i.json.status as { id: number }).id])).toEqual([
			['rejected', 2128],
			['rejected', 2128],
		]);
		expect(items[0].json.reason).toBe('sender not registered on the account');
		expect(t.sim.balance('demo')).toBe(1000);
	});

	it('reports insufficient credit per destination once the credit runs out', async () => {
		t.sim.setBalance('demo', 1);
		const result = await t.run({
			items: [{ phone: '0241234567' }, { phone: '0201234567' }],
			parameters: sendParameters(),
		});
		const { items } = result;
		expect(items.map((i) => [i.json.verdict, (i.json.status as { id: number }).id])).toEqual([
			['accepted', 2105],
			['rejected', 2121],
		]);
		expect(items[1].json.reason).toBe(
			'insufficient credit: top up the account and send to this number again',
		);
		expect(t.sim.balance('demo')).toBe(0);
		const hints = (result.run.data.resultData.runData.SMS ?? [])
			.flatMap((run) => run.hints ?? [])
			.map((hint) => hint.message);
		expect(hints).toEqual([
			'1 number was not sent: the account ran out of credit. Top up the SMSOnlineGH account by at least 1 SMS part (Account → Get Balance shows what is left), then send to it again.',
		]);
	});

	it('an agent’s summary says how much credit is missing and what to do', async () => {
		t.sim.setBalance('demo', 1);
		const { items } = await t.run({
			items: [{ phone: '0241234567' }, { phone: '0201234567' }, { phone: '0551234567' }],
			parameters: sendParameters({ message: 'x'.repeat(200), options: { output: 'summary' } }),
		});
		expect(items).toHaveLength(1);
		expect(items[0].json.nextStep).toBe(
			'3 numbers were not sent: the account ran out of credit. Top up the SMSOnlineGH account by at least 6 SMS parts (Account → Get Balance shows what is left), then send to them again.',
		);
	});
});
