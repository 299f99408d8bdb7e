/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Scheduled messages: one message, its destinations, cancel and dispatch, with the handshakes
 * 1801-1808. The list is in scheduled-list.test.ts, the update in update.test.ts.
 */
import type {
	Destination,
	ScheduledList,
	SendData,
	XmlEnvelope,
	XmlScheduledList,
} from './answers';
import { DEMO_ACCOUNT } from '../../simulator';
import { JSON_HEADERS, XML_HEADERS, account, plainUnit, useSimulator } from './helpers';
import {
	CANCEL,
	DESTINATIONS,
	DISPATCH,
	GZBIN_XML,
	LATER,
	LIST,
	LOAD,
	REPORT,
	call,
	envelopeOf,
	handshakeOf,
	headersFor,
	sendOk,
} from './lifecycle-helpers';

const LAGOS_KEY = 'lagos-api-key-0123456789';
const sim = useSimulator({
	accounts: [
		DEMO_ACCOUNT,
		account({ id: 'lagos', apiKey: LAGOS_KEY, login: 'l@example.com', timeZone: 'Africa/Lagos' }),
	],
});
const LAGOS = { ...JSON_HEADERS, authorization: `key ${LAGOS_KEY}` };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** `YYYY-MM-DD hh:mm:ss` in UTC, `ms` from now. */
function utcIn(ms: number): string {
	return new Date(Date.now() + ms).toISOString().slice(0, 19).replace('T', ' ');
}

async function scheduled(
	destinations: unknown[] = ['0241234567'],
	schedule: unknown = LATER,
	extra = {},
): Promise<SendData> {
	return sendOk(sim().baseUrl, plainUnit(destinations, { schedule, ...extra }));
}

async function list<E extends ScheduledList | XmlScheduledList = ScheduledList>(
	body = '',
	headers: Record<string, string> = JSON_HEADERS,
): Promise<E> {
	return envelopeOf<E>(await call(sim().baseUrl, LIST, body, headers));
}

describe('POST /v5/message/scheduled/load/{batch}', () => {
	it.each(['json', 'xml'] as const)('%s: {messages: [the one message]}', async (format) => {
		const sent = await scheduled();
		await scheduled();
		const envelope = envelopeOf<ScheduledList | XmlScheduledList>(
			await call(sim().baseUrl, LOAD(sent.batch), '', headersFor(format)),
		);
		const messages =
			format === 'json'
				? (envelope as ScheduledList).data.messages
				: (envelope as XmlScheduledList).data.messages.message;
		expect(messages).toHaveLength(1);
		expect(messages[0]).toMatchObject({
			batch: sent.batch,
			category: format === 'json' ? 1 : 'sms',
		});
	});

	it('1803 sent at once, 1802 cancelled, 1801 dispatched, 1804 unknown or another account', async () => {
		const now = await sendOk(sim().baseUrl, plainUnit(['0241234567']));
		const cancelled = await scheduled();
		const dispatched = await scheduled();
		const other = await sendOk(
			sim().baseUrl,
			plainUnit(['0241234567'], { schedule: LATER }),
			LAGOS.authorization,
		);
		await call(sim().baseUrl, CANCEL(cancelled.batch));
		await call(sim().baseUrl, DISPATCH(dispatched.batch));
		const handshake = async (batch: string): Promise<number> =>
			handshakeOf(await call(sim().baseUrl, LOAD(batch), '', XML_HEADERS));
		expect(await handshake(now.batch)).toBe(1803);
		expect(await handshake(cancelled.batch)).toBe(1802);
		expect(await handshake(dispatched.batch)).toBe(1801);
		expect(await handshake(other.batch)).toBe(1804);
		expect(await handshake('0'.repeat(32))).toBe(1804);
		expect(await handshake('x')).toBe(1804);
		expect(await handshake('')).toBe(1804);
		const labels = await call(sim().baseUrl, LOAD(now.batch), '', XML_HEADERS);
		expect(labels.body).toContain('<label>HSHK_ERR_SM_NOT_SCHEDULED</label>');
	});

	it('once its time has passed it has gone out: 1801, out of the list, its destinations 2105', async () => {
		const soon = await scheduled(['0241234567'], { dateTime: utcIn(1500), offset: '+00:00' });
		expect((await list()).data.messages).toHaveLength(1);
		await sleep(1600);
		expect(handshakeOf(await call(sim().baseUrl, LOAD(soon.batch)))).toBe(1801);
		expect((await list()).data.messages).toEqual([]);
		const destinations = envelopeOf(await call(sim().baseUrl, DESTINATIONS(soon.batch))).data
			.destinations;
		expect(destinations[0].status).toEqual({ id: 2105, label: 'DS_PENDING_ENROUTE' });
		expect(sim().batch(soon.batch)?.state).toBe('dispatched');
	});
});

describe('POST /v5/message/scheduled/destinations/load/{batch}', () => {
	it('JSON: the report item shape with the values, 2104 while waiting', async () => {
		const sent = await sendOk(sim().baseUrl, {
			text: 'Hi {$name}, {$amount}',
			type: 0,
			sender: 'SMSDemo',
			destinations: [
				{ number: '0241234567', values: ['Ama', 5] },
				{ number: '0201234567', values: ['Kofi'] },
			],
			schedule: LATER,
		});
		const { destinations } = envelopeOf(await call(sim().baseUrl, DESTINATIONS(sent.batch))).data;
		expect(destinations).toEqual([
			{
				id: sent.destinations[0].id,
				to: '233241234567',
				country: 'GH',
				message: 'Hi Ama, 5',
				messageCount: 1,
				values: ['Ama', 5],
				status: { id: 2104, label: 'DS_SUBMIT_SCHEDULED' },
				submitDateTime: sent.destinations[0].submitDateTime,
			},
			{
				id: sent.destinations[1].id,
				to: '233201234567',
				country: 'GH',
				messageCount: 0,
				values: ['Kofi'],
				status: { id: 2118, label: 'DS_REJECTED_VALUES_COUNT' },
			},
		]);
	});

	it('XML (gzbin, as the SDK asks): <item>s with <values><value>', async () => {
		const sent = await sendOk(sim().baseUrl, {
			text: 'Hi {$name}',
			type: 0,
			sender: 'SMSDemo',
			destinations: [{ number: '0241234567', values: ['Ama'] }],
			schedule: LATER,
		});
		const res = await call(sim().baseUrl, DESTINATIONS(sent.batch), '', {
			...XML_HEADERS,
			accept: GZBIN_XML,
		});
		const [item] = envelopeOf<XmlEnvelope>(res).data.destinations.item;
		expect(item).toMatchObject({
			id: sent.destinations[0].id,
			to: '233241234567',
			values: { value: ['Ama'] },
		});
		expect(item.status).toEqual({ id: '2104', label: 'DS_SUBMIT_SCHEDULED' });
	});

	it('contract dialect: {id, to, values, status}; plain messages have no values', async () => {
		sim().setDialect({ dialect: 'contract' });
		const plain = await scheduled();
		const personal = await sendOk(sim().baseUrl, {
			text: 'Hi {$name}',
			type: 0,
			sender: 'SMSDemo',
			destinations: [{ number: '0241234567', values: ['Ama'] }],
			schedule: LATER,
		});
		const one = async (batch: string): Promise<Destination> =>
			envelopeOf(await call(sim().baseUrl, DESTINATIONS(batch))).data.destinations[0];
		expect(Object.keys(await one(plain.batch))).toEqual(['id', 'to', 'status']);
		expect(await one(personal.batch)).toEqual({
			id: personal.destinations[0].id,
			to: '233241234567',
			values: ['Ama'],
			status: { id: 2104, label: 'DS_SCHEDULED' },
		});
	});

	it('after cancel 2102; after dispatch 2105, then the outcome once reported', async () => {
		const cancelled = await scheduled();
		const dispatched = await scheduled(['0240000000']);
		await call(sim().baseUrl, CANCEL(cancelled.batch));
		await call(sim().baseUrl, DISPATCH(dispatched.batch));
		const status = async (batch: string): Promise<number> =>
			envelopeOf(await call(sim().baseUrl, DESTINATIONS(batch))).data.destinations[0].status.id;
		expect(await status(cancelled.batch)).toBe(2102);
		expect(await status(dispatched.batch)).toBe(2105);
		await call(sim().baseUrl, REPORT(dispatched.batch));
		expect(await status(dispatched.batch)).toBe(2112);
	});

	it('1803 for a batch sent at once, 1804 unknown or another account', async () => {
		const now = await sendOk(sim().baseUrl, plainUnit(['0241234567']));
		const waiting = await scheduled();
		expect(handshakeOf(await call(sim().baseUrl, DESTINATIONS(now.batch)))).toBe(1803);
		expect(handshakeOf(await call(sim().baseUrl, DESTINATIONS('0'.repeat(32))))).toBe(1804);
		expect(handshakeOf(await call(sim().baseUrl, DESTINATIONS(waiting.batch), '', LAGOS))).toBe(
			1804,
		);
	});
});

describe('cancel and dispatch', () => {
	it('cancel: waiting destinations 2102, credit back, {batch, destinationsCount}', async () => {
		const sent = await scheduled(['0241234567', '0201234567', 'bad']);
		expect(sim().balance('demo')).toBe(998);
		const res = await call(sim().baseUrl, CANCEL(sent.batch), '', XML_HEADERS);
		expect(res.body).toMatch(
			new RegExp(
				`<data><batch>${sent.batch}</batch><destinationsCount>2</destinationsCount></data></response>$`,
			),
		);
		expect(sim().balance('demo')).toBe(1000);
		expect(
			sim()
				.batch(sent.batch)
				?.destinations.map((d) => [d.status.id, d.messageCount]),
		).toEqual([
			[2102, 0],
			[2102, 0],
			[2119, 0],
		]);
		expect(sim().batch(sent.batch)?.state).toBe('cancelled');
		expect(sim().journal.at(-1)).toMatchObject({
			path: CANCEL(sent.batch),
			handshake: 0,
			accountId: 'demo',
		});
	});

	it('dispatch: waiting destinations go out now (2105); credit and counts as at the send', async () => {
		const sent = await scheduled(['0241234567', '0201234567']);
		const res = await call(sim().baseUrl, DISPATCH(sent.batch));
		expect(envelopeOf(res)).toEqual({
			handshake: { id: 0, label: 'HSHK_OK' },
			data: { batch: sent.batch, destinationsCount: 2 },
		});
		expect(sim().balance('demo')).toBe(998);
		expect(sim().submissionCount('233241234567')).toBe(1);
		const report = envelopeOf(await call(sim().baseUrl, REPORT(sent.batch))).data.destinations;
		expect(report.map((d) => d.status.id)).toEqual([2110, 2110]);
	});

	it('after either, the batch is done: 1802 after a cancel, 1801 after a dispatch', async () => {
		const cancelled = await scheduled();
		const dispatched = await scheduled();
		await call(sim().baseUrl, CANCEL(cancelled.batch));
		await call(sim().baseUrl, DISPATCH(dispatched.batch));
		for (const path of [CANCEL, DISPATCH]) {
			expect(handshakeOf(await call(sim().baseUrl, path(cancelled.batch)))).toBe(1802);
			expect(handshakeOf(await call(sim().baseUrl, path(dispatched.batch)))).toBe(1801);
		}
		expect(sim().balance('demo')).toBe(999);
	});

	it('1803 for a batch sent at once, 1804 unknown, malformed or another account; nothing changes', async () => {
		const now = await sendOk(sim().baseUrl, plainUnit(['0241234567']));
		const waiting = await scheduled();
		for (const path of [CANCEL, DISPATCH]) {
			expect(handshakeOf(await call(sim().baseUrl, path(now.batch)))).toBe(1803);
			expect(handshakeOf(await call(sim().baseUrl, path('nope')))).toBe(1804);
			expect(handshakeOf(await call(sim().baseUrl, path(waiting.batch), '', LAGOS))).toBe(1804);
		}
		expect(sim().batch(waiting.batch)?.state).toBe('scheduled');
		expect(sim().balance('demo')).toBe(998);
	});
});
