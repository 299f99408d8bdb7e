/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * POST /v5/message/scheduled/update/{batch}: new properties, destinations added, changed and deleted,
 * the handshakes. What a destination is judged on is in update-destinations.test.ts.
 */
import type { Envelope, ScheduledData, SendData, XmlEnvelope } from './answers';
import { DEMO_ACCOUNT } from '../../simulator';
import { JSON_HEADERS, UUID, XML_HEADERS, account, plainUnit, useSimulator } from './helpers';
import {
	CANCEL,
	DESTINATIONS,
	DISPATCH,
	GZBIN_XML,
	LATER,
	LIST,
	UPDATE,
	call,
	envelopeOf,
	handshakeOf,
	sendOk,
} from './lifecycle-helpers';

const OTHER_KEY = 'other-api-key-0123456789';
const sim = useSimulator({
	accounts: [DEMO_ACCOUNT, account({ id: 'other', apiKey: OTHER_KEY, login: 'o@example.com' })],
});

const ADDED_ID = '4f1c2b4e-6d1a-4c3b-9e8f-7a6b5c4d3e2f';
const PROPERTIES = { text: 'Hello from the simulator', type: 0, sender: 'SMSDemo' };

async function scheduled(
	destinations: unknown[] = ['0241234567', '0201234567', '0271234567'],
): Promise<SendData> {
	return sendOk(sim().baseUrl, plainUnit(destinations, { schedule: LATER }));
}

async function update(batch: string, body: Record<string, unknown>): Promise<Envelope> {
	return envelopeOf<Envelope>(
		await call(sim().baseUrl, UPDATE(batch), JSON.stringify({ ...PROPERTIES, ...body })),
	);
}

const statuses = (data: SendData): Array<[string, number]> =>
	data.destinations.map((d) => [d.to ?? d.id, d.status.id]);

describe('update, as the SDK writes it', () => {
	it('XML, Accept gzbin+xml: add (with the SDK-made id), update, delete; the §3 report of the batch', async () => {
		const sent = await scheduled();
		const [a, b, c] = sent.destinations.map((d) => d.id);
		const body =
			'<request><text>Hello from the simulator</text><type>0</type><sender>SMSDemo</sender>' +
			'<destinations>' +
			`<add><to><number>0551234567</number><id>${ADDED_ID}</id></to></add>` +
			`<update><to><number>0261234567</number><id>${b}</id></to></update>` +
			`<delete><to><id>${c}</id></to></delete>` +
			'</destinations></request>';
		const res = await call(sim().baseUrl, UPDATE(sent.batch), body, {
			...XML_HEADERS,
			accept: GZBIN_XML,
		});
		expect(res.headers['content-type']).toBe(GZBIN_XML);
		const data = envelopeOf<XmlEnvelope>(res).data;
		expect(data).toMatchObject({
			batch: sent.batch,
			category: 'sms',
			delivery: 'false',
			destinationsCount: '4',
		});
		expect(data.destinations.item.map((d) => [d.id, d.to, d.status.id])).toEqual([
			[a, '233241234567', '2104'],
			[b, '233261234567', '2104'],
			[c, '233271234567', '2103'],
			[ADDED_ID, '233551234567', '2104'],
		]);
		expect(data.destinations.item[2].status.label).toBe('DS_SCHEDULE_DELETED');
		const kept = envelopeOf(await call(sim().baseUrl, DESTINATIONS(sent.batch))).data.destinations;
		expect(kept.map((d) => [d.id, d.to])).toEqual([
			[a, '233241234567'],
			[b, '233261234567'],
			[ADDED_ID, '233551234567'],
		]);
		// 3 charged at the send; the deleted one back; the changed one back and charged again; one added.
		expect(sim().balance('demo')).toBe(997);
		expect(sim().submissionCount('233551234567')).toBe(1);
		const entry = sim().journal.find((e) => e.path === UPDATE(sent.batch));
		expect(entry).toMatchObject({
			format: 'xml',
			accountId: 'demo',
			handshake: 0,
			submitted: true,
		});
	});

	it('JSON: add as plain numbers (an id is made), delete as plain ids', async () => {
		const sent = await scheduled(['0241234567', '0201234567']);
		const data = (
			await update(sent.batch, {
				destinations: { add: ['0551234567'], delete: [sent.destinations[0].id] },
			})
		).data;
		expect(statuses(data)).toEqual([
			['233241234567', 2103],
			['233201234567', 2104],
			['233551234567', 2104],
		]);
		expect(data.destinations[2].id).toMatch(UUID);
		expect(data.destinations[2].messageCount).toBe(1);
		expect(data.destinations[0].messageCount).toBe(0);
	});

	it('properties only: kept destinations stay 2104; a longer text is charged again', async () => {
		const sent = await scheduled(['0241234567', '0201234567']);
		expect(sim().balance('demo')).toBe(998);
		const data = (await update(sent.batch, { text: 'x'.repeat(200) })).data;
		expect(data.destinations.map((d) => [d.status.id, d.messageCount, d.message])).toEqual([
			[2104, 2, 'x'.repeat(200)],
			[2104, 2, 'x'.repeat(200)],
		]);
		expect(data.text).toBe('x'.repeat(200));
		expect(sim().balance('demo')).toBe(996);
		const [message] = envelopeOf<Envelope<ScheduledData>>(await call(sim().baseUrl, LIST)).data
			.messages;
		expect(message.text).toBe('x'.repeat(200));
	});

	it('an unregistered sender refuses every destination (2128) and gives the credit back', async () => {
		const sent = await scheduled(['0241234567', '0201234567']);
		const data = (
			await update(sent.batch, { sender: 'Nobody', destinations: { add: ['0551234567'] } })
		).data;
		expect(data.destinations.map((d) => d.status.id)).toEqual([2128, 2128, 2128]);
		expect(sim().balance('demo')).toBe(1000);
	});

	it('a new schedule and callback replace the old; left out, they are kept', async () => {
		const sent = await scheduled(['0241234567']);
		await update(sent.batch, {
			schedule: { dateTime: '2031-02-01 10:00:00', offset: '+01:00' },
			callback: { url: 'http://127.0.0.1:9/dlr', accept: 'application/json' },
		});
		await update(sent.batch, { text: 'Moved' });
		const [message] = envelopeOf<Envelope<ScheduledData>>(await call(sim().baseUrl, LIST)).data
			.messages;
		expect(message).toMatchObject({
			text: 'Moved',
			schedule: { dateTime: '2031-02-01 10:00:00', offset: '+01:00' },
			callback: { url: 'http://127.0.0.1:9/dlr', accept: 'application/json' },
		});
	});

	it('a schedule in the past is 1807, an offset off the quarter hour 1808: nothing changes', async () => {
		const sent = await scheduled(['0241234567']);
		const past = await update(sent.batch, {
			text: 'Changed',
			schedule: { dateTime: '2001-01-01 00:00' },
		});
		expect(past).toEqual({ handshake: { id: 1807, label: 'HSHK_ERR_SM_DATETIME' }, data: null });
		const offset = await update(sent.batch, {
			schedule: { dateTime: '2031-01-01 00:00', offset: '+05:17' },
		});
		expect(offset.handshake.id).toBe(1808);
		expect(sim().batch(sent.batch)?.text).toBe('Hello from the simulator');
	});

	it('deleting every destination leaves an answer of 2103 items and a batch with none', async () => {
		const sent = await scheduled(['0241234567', '0201234567']);
		const ids = sent.destinations.map((d) => ({ id: d.id }));
		const data = (await update(sent.batch, { destinations: { delete: ids } })).data;
		expect(data.destinations.map((d) => d.status.id)).toEqual([2103, 2103]);
		expect(sim().balance('demo')).toBe(1000);
		const xml = await call(sim().baseUrl, DESTINATIONS(sent.batch), '', XML_HEADERS);
		expect(xml.body).toMatch(/<data><destinations\/><\/data><\/response>$/);
		expect(
			envelopeOf<Envelope<ScheduledData>>(await call(sim().baseUrl, LIST)).data.messages[0]
				.destinationsCount,
		).toBe(0);
	});
});

describe('handshakes', () => {
	it('1801 dispatched, 1802 cancelled, 1803 sent at once, 1804 unknown or another account', async () => {
		const dispatched = await scheduled();
		const cancelled = await scheduled();
		const waiting = await scheduled();
		const now = await sendOk(sim().baseUrl, plainUnit(['0241234567']));
		await call(sim().baseUrl, DISPATCH(dispatched.batch));
		await call(sim().baseUrl, CANCEL(cancelled.batch));
		expect((await update(dispatched.batch, {})).handshake.id).toBe(1801);
		expect((await update(cancelled.batch, {})).handshake.id).toBe(1802);
		expect((await update(now.batch, {})).handshake.id).toBe(1803);
		expect((await update('nope', {})).handshake.id).toBe(1804);
		const other = await call(sim().baseUrl, UPDATE(waiting.batch), JSON.stringify(PROPERTIES), {
			...JSON_HEADERS,
			authorization: `key ${OTHER_KEY}`,
		});
		expect(handshakeOf(other)).toBe(1804);
	});

	it.each<[string, string, Record<string, string>, number]>([
		['no body (1401)', '', JSON_HEADERS, 1401],
		['unparsable (1402)', '{"text": ', JSON_HEADERS, 1402],
		['no text (1402)', '{"type": 0, "sender": "SMSDemo"}', JSON_HEADERS, 1402],
		[
			'destinations a list (1402)',
			JSON.stringify({ ...PROPERTIES, destinations: ['0241234567'] }),
			JSON_HEADERS,
			1402,
		],
		[
			'add not a list (1402)',
			JSON.stringify({ ...PROPERTIES, destinations: { add: '0241234567' } }),
			JSON_HEADERS,
			1402,
		],
		[
			'update without id (1402)',
			JSON.stringify({ ...PROPERTIES, destinations: { update: [{ number: '1' }] } }),
			JSON_HEADERS,
			1402,
		],
		[
			'delete of a number (1402)',
			JSON.stringify({ ...PROPERTIES, destinations: { delete: [5] } }),
			JSON_HEADERS,
			1402,
		],
		[
			'an unknown change list (1402)',
			'<request><text>a</text><type>0</type><sender>SMSDemo</sender><destinations><move/></destinations></request>',
			XML_HEADERS,
			1402,
		],
	])('%s', async (_label, body, headers, id) => {
		const sent = await scheduled();
		expect(handshakeOf(await call(sim().baseUrl, UPDATE(sent.batch), body, headers))).toBe(id);
		expect(sim().balance('demo')).toBe(997);
	});
});

describe('contract dialect', () => {
	it('answers batch, category, delivery false and {id, to, status}', async () => {
		sim().setDialect({ dialect: 'contract' });
		const sent = await scheduled(['0241234567']);
		const envelope = await update(sent.batch, {
			destinations: { delete: [sent.destinations[0].id] },
		});
		expect(envelope.data).toEqual({
			batch: sent.batch,
			category: 1,
			delivery: false,
			destinations: [
				{
					id: sent.destinations[0].id,
					to: '233241234567',
					status: { id: 2103, label: 'DS_SCHEDULE_DELETED' },
				},
			],
		});
	});
});
