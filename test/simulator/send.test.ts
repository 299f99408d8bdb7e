import {
	BATCH,
	JSON_HEADERS,
	SEND,
	UUID,
	plainUnit,
	post,
	raw,
	sendJson,
	statusIds,
	useSimulator,
} from './helpers';

const sim = useSimulator();

function personalised(
	text: string,
	destinations: unknown[],
	overrides: Record<string, unknown> = {},
): Record<string, unknown> {
	return { text, type: 0, sender: 'SMSDemo', destinations, ...overrides };
}

describe('plain send', () => {
	it('accepts every destination and answers the documented shape', async () => {
		sim().setDialect({ dialect: 'contract' });
		const res = await sendJson(
			sim().baseUrl,
			plainUnit(['0241234567', '233201234567', '+233551234567']),
		);
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toMatch(/^application\/json/);
		expect(res.json.handshake).toEqual({ id: 0, label: 'HSHK_OK' });
		const data = res.json.data;
		expect(Object.keys(data)).toEqual(['batch', 'category', 'delivery', 'destinations']);
		expect(data.batch).toMatch(BATCH);
		expect(data.category).toBe(1);
		expect(data.delivery).toBe(false);
		expect(data.destinations.map((d: { to: string }) => d.to)).toEqual([
			'233241234567',
			'233201234567',
			'233551234567',
		]);
		for (const d of data.destinations) {
			expect(Object.keys(d)).toEqual(['id', 'to', 'status']);
			expect(d.id).toMatch(UUID);
			expect(d.status).toEqual({ id: 2105, label: 'DS_PENDING_ENROUTE' });
		}
		expect(new Set(data.destinations.map((d: { id: string }) => d.id)).size).toBe(3);
	});

	it('takes one credit per destination part and counts submissions per number', async () => {
		await sendJson(sim().baseUrl, plainUnit(['0241234567', '233201234567']));
		await sendJson(sim().baseUrl, plainUnit(['+233241234567']));
		expect(sim().balance('demo')).toBe(997);
		expect(sim().submissionCount('233241234567')).toBe(2);
		expect(sim().submissionCounts()).toEqual({ '233241234567': 2, '233201234567': 1 });
		expect(sim().journal.map((e) => e.submitted)).toEqual([true, true]);
	});

	it('gives a new batch id to every request', async () => {
		const a = await sendJson(sim().baseUrl, plainUnit(['0241234567']));
		const b = await sendJson(sim().baseUrl, plainUnit(['0241234567']));
		expect(a.json.data.batch).not.toBe(b.json.data.batch);
	});

	it('keeps a number it does not know how to localise as given, without +', async () => {
		const res = await sendJson(
			sim().baseUrl,
			plainUnit(['+4915112345678', '12345678', '024123456']),
		);
		// 024123456: a Ghanaian local number one digit short, which no plan has (2119), given back as sent.
		expect(statusIds(res)).toEqual([2105, 2105, 2119]);
		expect(res.json.data.destinations.map((d: { to: string }) => d.to)).toEqual([
			'4915112345678',
			'12345678',
			'024123456',
		]);
	});

	it('records schedule and callback in the decoded unit', async () => {
		const unit = plainUnit(['0241234567'], {
			schedule: { dateTime: '2030-01-31 08:30', offset: '+00:00' },
			callback: { url: 'https://example.com/dlr', accept: 'application/json' },
		});
		expect((await sendJson(sim().baseUrl, unit)).json.handshake.id).toBe(0);
		expect(sim().journal[0].unit).toEqual({
			text: 'Hello from the simulator',
			type: 0,
			sender: 'SMSDemo',
			destinations: ['0241234567'],
			schedule: { dateTime: '2030-01-31 08:30', offset: '+00:00' },
			callback: { url: 'https://example.com/dlr', accept: 'application/json' },
		});
	});

	it('accepts a schedule without offset', async () => {
		const res = await sendJson(
			sim().baseUrl,
			plainUnit(['0241234567'], { schedule: { dateTime: '2030-01-31 08:30' } }),
		);
		expect(res.json.handshake.id).toBe(0);
		expect(sim().journal[0].unit?.schedule).toEqual({ dateTime: '2030-01-31 08:30' });
	});

	it('sends a plain text containing a variable as written', async () => {
		const res = await sendJson(sim().baseUrl, plainUnit(['0241234567'], { text: 'Hi {$name}' }));
		expect(statusIds(res)).toEqual([2105]);
		expect(sim().journal[0].rendered).toBeUndefined();
	});
});

describe('missing and bad requests', () => {
	it.each(['', '   \n'])('answers 1401 for the send body %j', async (body) => {
		const res = await raw(sim().baseUrl, { path: SEND, headers: JSON_HEADERS, body });
		expect(JSON.parse(res.body)).toEqual({
			handshake: { id: 1401, label: 'HSHK_ERR_DATA' },
			data: null,
		});
	});

	it('answers 1401 for a bodiless send without Content-Type', async () => {
		const res = await raw(sim().baseUrl, {
			path: SEND,
			headers: { accept: 'application/json', authorization: JSON_HEADERS.authorization },
		});
		expect(JSON.parse(res.body).handshake.id).toBe(1401);
	});

	const good = plainUnit(['0241234567']);
	const bad: Array<[string, unknown]> = [
		['unparsable JSON', '{"text": "hi",'],
		['a JSON array', JSON.stringify([good])],
		['a JSON string', '"hello"'],
		['JSON null', 'null'],
		['missing text', { ...good, text: undefined }],
		['empty text', { ...good, text: '' }],
		['numeric text', { ...good, text: 5 }],
		['missing type', { ...good, type: undefined }],
		['type as a string', { ...good, type: '0' }],
		['type 4', { ...good, type: 4 }],
		['type -1', { ...good, type: -1 }],
		['type 1.5', { ...good, type: 1.5 }],
		['missing sender', { ...good, sender: undefined }],
		['empty sender', { ...good, sender: '' }],
		['missing destinations', { ...good, destinations: undefined }],
		['empty destinations', { ...good, destinations: [] }],
		['destinations as a string', { ...good, destinations: '0241234567' }],
		['a numeric destination', { ...good, destinations: [241234567] }],
		[
			'mixed destinations',
			{
				...good,
				text: 'Hi {$a}',
				destinations: ['0241234567', { number: '0241234568', values: ['x'] }],
			},
		],
		[
			'a personalised number that is not a string',
			{ ...good, text: 'Hi {$a}', destinations: [{ number: 241234567, values: ['x'] }] },
		],
		[
			'personalised values that are not an array',
			{ ...good, text: 'Hi {$a}', destinations: [{ number: '0241234567', values: 'x' }] },
		],
		[
			'a boolean value',
			{ ...good, text: 'Hi {$a}', destinations: [{ number: '0241234567', values: [true] }] },
		],
		[
			'an object value',
			{ ...good, text: 'Hi {$a}', destinations: [{ number: '0241234567', values: [{}] }] },
		],
		[
			'a personalised destination without values',
			{ ...good, text: 'Hi {$a}', destinations: [{ number: '0241234567' }] },
		],
		[
			'a personalised template without variables',
			{ ...good, text: 'Hi $a {a} {$1a}', destinations: [{ number: '0241234567', values: ['x'] }] },
		],
		['schedule null', { ...good, schedule: null }],
		['an ISO schedule', { ...good, schedule: { dateTime: '2030-01-31T08:30:00Z' } }],
		[
			'a bad schedule offset',
			{ ...good, schedule: { dateTime: '2030-01-31 08:30', offset: '+14:00' } },
		],
		['a callback without url', { ...good, callback: { accept: 'application/json' } }],
		[
			'a callback with a bad accept',
			{ ...good, callback: { url: 'https://example.com', accept: 'text/html' } },
		],
	];

	it.each(bad)('answers 1402 for %s, with no credit taken', async (_label, body) => {
		const res = await sendJson(sim().baseUrl, body);
		expect(res.json).toEqual({
			handshake: { id: 1402, label: 'HSHK_ERR_BAD_REQUEST' },
			data: null,
		});
		expect(sim().balance('demo')).toBe(1000);
		expect(sim().journal[0].submitted).toBe(false);
	});
});

describe('per-destination rejections', () => {
	it.each([
		'1234567',
		'23324123456789',
		'02412345a7',
		'+',
		'',
		'00-233-24',
		' 0241234567',
		'++233241234567',
	])('answers 2119 for %j and echoes it as given', async (number) => {
		const res = await sendJson(sim().baseUrl, plainUnit([number, '0241234567']));
		expect(res.json.handshake.id).toBe(0);
		expect(res.json.data.destinations[0]).toMatchObject({ to: number, status: { id: 2119 } });
		expect(res.json.data.destinations[0].status.label).toMatch(/^DS_REJECTED_/);
		expect(res.json.data.destinations[1].status.id).toBe(2105);
		expect(sim().balance('demo')).toBe(999);
	});

	it('answers 2120 for a number repeated in another form, keeping the first', async () => {
		const res = await sendJson(
			sim().baseUrl,
			plainUnit(['0241234567', '+233241234567', '233241234567', '0201234567']),
		);
		expect(statusIds(res)).toEqual([2105, 2120, 2120, 2105]);
		expect(res.json.data.destinations[1].to).toBe('233241234567');
		expect(sim().submissionCount('233241234567')).toBe(1);
		expect(sim().balance('demo')).toBe(998);
	});

	it('answers 2121 once the credit runs out, in request order', async () => {
		sim().setBalance('demo', 2);
		const res = await sendJson(
			sim().baseUrl,
			plainUnit(['0241234561', '0241234562', '0241234563']),
		);
		expect(res.json.handshake.id).toBe(0);
		expect(statusIds(res)).toEqual([2105, 2105, 2121]);
		expect(sim().balance('demo')).toBe(0);
		expect(sim().submissionCount('233241234563')).toBe(0);
	});

	it('answers 2121 for every destination when the balance is zero', async () => {
		sim().setBalance('demo', 0);
		const res = await sendJson(sim().baseUrl, plainUnit(['0241234561', '0241234562']));
		expect(statusIds(res)).toEqual([2121, 2121]);
		expect(sim().journal[0].submitted).toBe(false);
	});

	it('answers 2128 for every destination of an unregistered sender, taking nothing', async () => {
		const res = await sendJson(
			sim().baseUrl,
			plainUnit(['0241234567', 'bad', '0241234567'], { sender: 'Unknown' }),
		);
		expect(res.json.handshake).toEqual({ id: 0, label: 'HSHK_OK' });
		expect(statusIds(res)).toEqual([2128, 2128, 2128]);
		expect(res.json.data.destinations.map((d: { to: string }) => d.to)).toEqual([
			'233241234567',
			'bad',
			'233241234567',
		]);
		expect(res.json.data.batch).toMatch(BATCH);
		expect(sim().balance('demo')).toBe(1000);
		expect(sim().submissionCounts()).toEqual({});
		expect(sim().journal[0].submitted).toBe(false);
	});

	it('matches sender names exactly', async () => {
		const res = await sendJson(sim().baseUrl, plainUnit(['0241234567'], { sender: 'smsdemo' }));
		expect(statusIds(res)).toEqual([2128]);
		const ok = await sendJson(sim().baseUrl, plainUnit(['0241234567'], { sender: 'Alerts' }));
		expect(statusIds(ok)).toEqual([2105]);
	});
});

describe('personalised send', () => {
	it('renders each destination and omits category', async () => {
		sim().setDialect({ dialect: 'contract' });
		const res = await sendJson(
			sim().baseUrl,
			personalised('Dear {$name}, you owe ${$amount}. Bye {$name}!', [
				{ number: '0242053072', values: ['Daniel', 59.45] },
				{ number: '0242053073', values: ['Ama', '100'] },
			]),
		);
		expect(res.json.handshake.id).toBe(0);
		expect(Object.keys(res.json.data)).toEqual(['batch', 'delivery', 'destinations']);
		expect(statusIds(res)).toEqual([2105, 2105]);
		expect(sim().journal[0].rendered).toEqual([
			'Dear Daniel, you owe $59.45. Bye Daniel!',
			'Dear Ama, you owe $100. Bye Ama!',
		]);
		expect(sim().balance('demo')).toBe(998);
	});

	it('writes a number value as its numeric literal', async () => {
		await sendJson(
			sim().baseUrl,
			personalised('{$a}|{$b}|{$c}|{$d}', [
				{ number: '0242053072', values: [1.5e21, 0.000001, 10.0, -3] },
			]),
		);
		expect(sim().journal[0].rendered).toEqual(['1.5e+21|0.000001|10|-3']);
	});

	it('reads names as letter or underscore, then letters, digits or underscores', async () => {
		await sendJson(
			sim().baseUrl,
			personalised('{$_x1} {$Y_2} {$1bad} {$a-b} {$ z} {$}', [
				{ number: '0242053072', values: ['A', 'B'] },
			]),
		);
		expect(sim().journal[0].rendered).toEqual(['A B {$1bad} {$a-b} {$ z} {$}']);
	});

	it('answers 2115 for empty values, an empty string or a null value', async () => {
		const res = await sendJson(
			sim().baseUrl,
			personalised('Hi {$a} {$b}', [
				{ number: '0242053071', values: [] },
				{ number: '0242053072', values: ['x', ''] },
				{ number: '0242053073', values: [null, 'y'] },
				{ number: '0242053074', values: ['x', 'y'] },
			]),
		);
		expect(statusIds(res)).toEqual([2115, 2115, 2115, 2105]);
		expect(sim().journal[0].rendered).toEqual([null, null, null, 'Hi x y']);
		expect(sim().balance('demo')).toBe(999);
	});

	it('answers 2118 when the value count differs from the distinct variables', async () => {
		const res = await sendJson(
			sim().baseUrl,
			personalised('Hi {$a}, {$a} and {$b}', [
				{ number: '0242053071', values: ['x', 'y', 'z'] },
				{ number: '0242053072', values: ['x'] },
				{ number: '0242053073', values: ['x', 'y'] },
			]),
		);
		expect(statusIds(res)).toEqual([2118, 2118, 2105]);
		expect(sim().journal[0].rendered).toEqual([null, null, 'Hi x, x and y']);
	});

	it('checks the number before the values', async () => {
		const res = await sendJson(
			sim().baseUrl,
			personalised('Hi {$a}', [
				{ number: '12', values: [] },
				{ number: '0242053072', values: ['x'] },
				{ number: '+233242053072', values: [] },
			]),
		);
		expect(statusIds(res)).toEqual([2119, 2105, 2120]);
	});

	it('answers 2128 for a personalised send from an unregistered sender', async () => {
		const res = await sendJson(
			sim().baseUrl,
			personalised('Hi {$a}', [{ number: '0242053072', values: ['x'] }], { sender: 'Nope' }),
		);
		expect(statusIds(res)).toEqual([2128]);
		expect(sim().balance('demo')).toBe(1000);
	});
});

describe('headers on the answer', () => {
	it('sets Content-Length to the body length', async () => {
		const res = await raw(sim().baseUrl, {
			path: SEND,
			headers: JSON_HEADERS,
			body: JSON.stringify(plainUnit(['0241234567'])),
		});
		expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
	});

	it('answers a JSON send with XML when asked', async () => {
		const res = await post(sim().baseUrl, SEND, plainUnit(['0241234567']), {
			...JSON_HEADERS,
			accept: 'application/xml',
		});
		expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
		expect(res.text).toMatch(/<status><id>2105<\/id><label>DS_PENDING_ENROUTE<\/label><\/status>/);
	});
});
