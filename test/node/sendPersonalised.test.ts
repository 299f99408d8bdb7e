import {
	BATCH,
	UUID,
	personalisedParameters,
	useSimulator,
	withoutServiceExtras,
} from './fixtures';

describe('Send Personalised, in a real workflow against the simulator', () => {
	const t = useSimulator();

	it('takes values from item fields: one request, numbers as JSON numbers, one item per destination', async () => {
		const { items, error } = await t.run({
			items: [
				{ phone: '0241234567', first_name: 'Ama', amount: 59.45 },
				{ phone: '0201234567', first_name: 'Kofi', amount: '12.00' },
			],
			parameters: personalisedParameters(),
		});
		expect(error).toBeUndefined();
		const [request] = t.requests();
		expect(t.requests()).toHaveLength(1);
		expect(request.rawBody).toBe(
			'{"text":"Hello {$va}, you owe GHS {$vb}.","type":0,"sender":"SMSDemo","destinations":[{"number":"0241234567","values":["Ama",59.45]},{"number":"0201234567","values":["Kofi","12.00"]}]}',
		);
		expect(request.rendered).toEqual([
			'Hello Ama, you owe GHS 59.45.',
			'Hello Kofi, you owe GHS 12.00.',
		]);

		expect(items).toHaveLength(2);
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
			messageType: 'gsm',
			characters: 29,
			parts: 1,
			values: ['Ama', 59.45],
		});
		// The category is the same for both send operations, whether the personalised answer carries
		// one (the vendor's SDK requires it) or not (the contract leaves it out).
		expect(items[1].json.category).toBe('sms');
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('sends the personalised XML form of the vendor SDK and reads the XML answer', async () => {
		const { items, error } = await t.run({
			items: [{ phone: '0241234567', first_name: 'A & B', amount: 5 }],
			parameters: personalisedParameters({ options: { dataFormat: 'xml' } }),
		});
		expect(error).toBeUndefined();
		const [request] = t.requests();
		expect(request.rawBody).toBe(
			'<request><text>Hello {$va}, you owe GHS {$vb}.</text><type>0</type><sender>SMSDemo</sender><destinations><to><number>0241234567</number><values><value>A &amp; B</value><value>5</value></values></to></destinations></request>',
		);
		expect(request.rendered).toEqual(['Hello A & B, you owe GHS 5.']);
		expect(items[0].json).toMatchObject({
			verdict: 'accepted',
			to: '233241234567',
			values: ['A & B', 5],
		});
	});

	it('takes values defined in the node, in the order of the variables', async () => {
		const { items, error } = await t.run({
			items: [{ phone: '0241234567', name: 'Esi' }],
			parameters: personalisedParameters({
				template: 'Dear {$name}, code {$code}. Again: {$name}. Cost ${$cost}',
				valuesSource: 'defined',
				values: {
					value: [{ value: '={{ $json.name }}' }, { value: '0042' }, { value: '={{ 3 }}' }],
				},
			}),
		});
		expect(error).toBeUndefined();
		const [request] = t.requests();
		// Sent with one variable per occurrence, so every reading of the service renders the same text.
		expect(request.unit?.text).toBe('Dear {$va}, code {$vb}. Again: {$vc}. Cost ${$vd}');
		expect(request.unit?.destinations).toEqual([
			{ number: '0241234567', values: ['Esi', '0042', 'Esi', 3] },
		]);
		expect(request.rendered).toEqual(['Dear Esi, code 0042. Again: Esi. Cost $3']);
		expect(items[0].json.values).toEqual(['Esi', '0042', 3]);
	});

	it('reads fields under a path when Fields Path is set', async () => {
		await t.run({
			items: [{ contact: { phone: '0241234567', details: { first_name: 'Yaw', amount: 1 } } }],
			parameters: personalisedParameters({
				phoneNumber: '={{ $json.contact.phone }}',
				fieldsPath: 'contact.details',
			}),
		});
		expect(t.requests()[0].unit?.destinations).toEqual([
			{ number: '0241234567', values: ['Yaw', 1] },
		]);
	});

	it('groups by template: two templates make two requests, each paired to its items', async () => {
		const { items } = await t.run({
			items: [
				{ phone: '0241111111', first_name: 'A', amount: 1, t: 'Hi {$first_name} {$amount}' },
				{ phone: '0242222222', first_name: 'B', amount: 2, t: 'Yo {$first_name} {$amount}' },
				{ phone: '0243333333', first_name: 'C', amount: 3, t: 'Hi {$first_name} {$amount}' },
			],
			parameters: personalisedParameters({ template: '={{ $json.t }}' }),
		});
		expect(t.requests().map((r) => r.rendered)).toEqual([['Hi A 1', 'Hi C 3'], ['Yo B 2']]);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 2 }, { item: 1 }]);
	});
});
