/** Custom message ids on destinations: forms, the three statuses, and reuse per account. */
import { DEMO_ACCOUNT } from '../../simulator';
import {
	JSON_HEADERS,
	SEND,
	XML_HEADERS,
	account,
	post,
	readXml,
	sendJson,
	statusIds,
	useSimulator,
} from './helpers';

const sim = useSimulator({
	accounts: [
		{ ...DEMO_ACCOUNT, senders: [...DEMO_ACCOUNT.senders] },
		account({ id: 'other', apiKey: 'other-key', login: 'other@example.com' }),
	],
});

const ID_A = '7d3f0c1e-2b4a-4c5d-8e6f-9a0b1c2d3e4f';
const ID_B = 'order-2030-0001-abcdefghijklmnopqrstu';
const ID_30 = 'a'.repeat(30);
const ID_40 = 'Z9-'.repeat(13) + 'x';

function plainWithIds(destinations: unknown[]): Record<string, unknown> {
	return { text: 'Hello', type: 0, sender: 'SMSDemo', destinations };
}

describe('forms', () => {
	it('JSON: an object with number and id, beside plain strings, answered with the id', async () => {
		const res = await sendJson(
			sim().baseUrl,
			plainWithIds([
				{ number: '0241234567', id: ID_A },
				'0201234567',
				{ number: '0551234567', id: ID_B },
			]),
		);
		expect(statusIds(res)).toEqual([2105, 2105, 2105]);
		const ids = res.json.data.destinations.map((d: { id: string }) => d.id);
		expect([ids[0], ids[2]]).toEqual([ID_A, ID_B]);
		expect(ids[1]).not.toBe(ID_A);
		expect(res.json.data.personalised).toBe(false);
		expect(sim().journal[0].unit?.destinations).toEqual([
			{ number: '0241234567', id: ID_A },
			'0201234567',
			{ number: '0551234567', id: ID_B },
		]);
	});

	it('JSON: a personalised destination with an id', async () => {
		const res = await sendJson(sim().baseUrl, {
			text: 'Hi {$name}',
			type: 0,
			sender: 'SMSDemo',
			destinations: [
				{ number: '0241234567', id: ID_A, values: ['Ama'] },
				{ number: '0201234567', values: ['Kofi'] },
			],
		});
		expect(statusIds(res)).toEqual([2105, 2105]);
		expect(res.json.data.destinations[0].id).toBe(ID_A);
		expect(sim().journal[0].rendered).toEqual(['Hi Ama', 'Hi Kofi']);
	});

	it('XML: <id> after <number>, with and without <values>', async () => {
		const plain = await post(
			sim().baseUrl,
			SEND,
			`<request><text>Hi</text><type>0</type><sender>SMSDemo</sender><destinations><to><number>0241234567</number><id>${ID_A}</id></to></destinations></request>`,
			XML_HEADERS,
		);
		expect(readXml(plain.text).response.data.destinations.item[0].id).toBe(ID_A);
		const personalised = await post(
			sim().baseUrl,
			SEND,
			`<request><text>Hi {$name}</text><type>0</type><sender>SMSDemo</sender><destinations><to><number>0241234567</number><id>${ID_B}</id><values><value>Ama</value></values></to></destinations></request>`,
			XML_HEADERS,
		);
		const item = readXml(personalised.text).response.data.destinations.item[0];
		expect(item).toMatchObject({ id: ID_B, message: 'Hi Ama' });
		expect(sim().journal[1].unit?.destinations).toEqual([
			{ number: '0241234567', id: ID_B, values: ['Ama'] },
		]);
	});

	it.each<[string, unknown[]]>([
		['an object without id or values', [{ number: '0241234567' }]],
		['a non-string id', [{ number: '0241234567', id: 5 }]],
		['a null id', [{ number: '0241234567', id: null }]],
		[
			'a plain object beside a personalised one',
			[
				{ number: '0241234567', id: ID_A },
				{ number: '0201234567', values: ['x'] },
			],
		],
	])('1402 for %s', async (_label, destinations) => {
		const res = await sendJson(sim().baseUrl, {
			...plainWithIds(destinations),
			text: 'Hi {$name}',
		});
		expect(res.json.handshake.id).toBe(1402);
	});
});

describe('per-destination statuses', () => {
	it('2132 for a length outside 30-40, 2133 for characters outside A-Za-z0-9-', async () => {
		const res = await sendJson(
			sim().baseUrl,
			plainWithIds([
				{ number: '0241234561', id: ID_30 },
				{ number: '0241234562', id: ID_40 },
				{ number: '0241234563', id: 'a'.repeat(29) },
				{ number: '0241234564', id: 'a'.repeat(41) },
				{ number: '0241234565', id: '' },
				{ number: '0241234566', id: `${'a'.repeat(30)}_` },
				{ number: '0241234567', id: `${'a'.repeat(30)} b` },
				{ number: '0241234568', id: `${'é'.repeat(30)}` },
			]),
		);
		expect(statusIds(res)).toEqual([2105, 2105, 2132, 2132, 2132, 2133, 2133, 2133]);
		expect(res.json.data.destinations[2]).toMatchObject({
			id: 'a'.repeat(29),
			status: { label: 'DS_REJECTED_MSGID_LENGTH' },
		});
		expect(res.json.data.destinations[5].status.label).toBe('DS_REJECTED_MSGID_INVALID');
		expect(sim().balance('demo')).toBe(998);
	});

	it('2131 for an id repeated within the request, keeping the first', async () => {
		const res = await sendJson(
			sim().baseUrl,
			plainWithIds([
				{ number: '0241234561', id: ID_A },
				{ number: '0241234562', id: ID_A },
			]),
		);
		expect(statusIds(res)).toEqual([2105, 2131]);
		expect(res.json.data.destinations[1]).toMatchObject({
			id: ID_A,
			status: { label: 'DS_REJECTED_MSGID_DUPLICATE' },
		});
		expect(sim().submissionCount('233241234562')).toBe(0);
	});

	it('2131 for an id the account used in an earlier accepted send; another account may use it', async () => {
		await sendJson(sim().baseUrl, plainWithIds([{ number: '0241234561', id: ID_A }]));
		const again = await sendJson(sim().baseUrl, plainWithIds([{ number: '0241234562', id: ID_A }]));
		expect(statusIds(again)).toEqual([2131]);
		const other = await post(
			sim().baseUrl,
			SEND,
			plainWithIds([{ number: '0241234562', id: ID_A }]),
			{
				...JSON_HEADERS,
				authorization: 'key other-key',
			},
		);
		expect(statusIds(other)).toEqual([2105]);
	});

	it('an id whose destination was rejected is not used up', async () => {
		sim().setBalance('demo', 0);
		const poor = await sendJson(sim().baseUrl, plainWithIds([{ number: '0241234561', id: ID_A }]));
		expect(statusIds(poor)).toEqual([2121]);
		await sendJson(sim().baseUrl, {
			...plainWithIds([{ number: '0241234561', id: ID_B }]),
			sender: 'Unknown',
		});
		sim().setBalance('demo', 5);
		const retry = await sendJson(
			sim().baseUrl,
			plainWithIds([
				{ number: '0241234561', id: ID_A },
				{ number: '0241234562', id: ID_B },
			]),
		);
		expect(statusIds(retry)).toEqual([2105, 2105]);
	});

	it('the number is judged first: an invalid or repeated number keeps its own status', async () => {
		const res = await sendJson(
			sim().baseUrl,
			plainWithIds([
				{ number: '12', id: 'short' },
				{ number: '0241234561', id: ID_A },
				{ number: '+233241234561', id: 'short' },
			]),
		);
		expect(statusIds(res)).toEqual([2119, 2105, 2120]);
	});

	it('reset() forgets the ids', async () => {
		await sendJson(sim().baseUrl, plainWithIds([{ number: '0241234561', id: ID_A }]));
		sim().reset();
		expect(
			statusIds(await sendJson(sim().baseUrl, plainWithIds([{ number: '0241234561', id: ID_A }]))),
		).toEqual([2105]);
	});

	it('the contract dialect has the same rules, with its own labels', async () => {
		sim().setDialect({ dialect: 'contract' });
		const res = await sendJson(sim().baseUrl, plainWithIds([{ number: '0241234561', id: 'x' }]));
		expect(res.json.data.destinations[0]).toEqual({
			id: 'x',
			to: '233241234561',
			status: { id: 2132, label: 'DS_REJECTED_MSGID_LENGTH' },
		});
	});

	it('a kept batch carries the custom id', async () => {
		const res = await sendJson(sim().baseUrl, {
			...plainWithIds([{ number: '0241234561', id: ID_A }]),
			callback: { url: 'http://127.0.0.1:9/dlr', accept: 'application/json' },
		});
		expect(sim().callbackBatch(res.json.data.batch)?.destinations[0].id).toBe(ID_A);
	});
});
