/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Delivery reports asked for by the client: by batch and in the URL API's form, with the outcomes
 * by number, the delivery time (deliverAfterMs) and forced outcomes. Destination by destination
 * and unknown batches are in reports-destinations.test.ts.
 */
import type {
	Destination,
	Envelope,
	SendData,
	XmlDestination,
	XmlEnvelope,
	XmlSendData,
} from './answers';
import { DEMO_ACCOUNT } from '../../simulator';
import {
	JSON_HEADERS,
	KEY_AUTH,
	SEND,
	UUID,
	XML_HEADERS,
	account,
	plainUnit,
	raw,
	useSimulator,
} from './helpers';
import {
	GZBIN_JSON,
	GZBIN_XML,
	LATER,
	REPORT,
	call,
	envelopeOf,
	handshakeOf,
	headersFor,
	sendOk,
} from './lifecycle-helpers';

const OTHER_KEY = 'other-api-key-0123456789';
const sim = useSimulator({
	accounts: [DEMO_ACCOUNT, account({ id: 'other', apiKey: OTHER_KEY, login: 'o@example.com' })],
});

const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
/** Undelivered (0000), expired (9999), delivered, and one the send refuses. */
const NUMBERS = ['0240000000', '0249999999', '0241234567', 'bad'];

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function report(
	batch: string,
	headers: Record<string, string> = JSON_HEADERS,
): Promise<Envelope> {
	return envelopeOf<Envelope>(await call(sim().baseUrl, REPORT(batch), '', headers));
}

describe('POST /v5/report/message/delivery/{batch}', () => {
	it('sdk, JSON: the send answer with delivery true, every destination, outcomes by number', async () => {
		const sent = await sendOk(sim().baseUrl, plainUnit(NUMBERS));
		const { handshake, data } = await report(sent.batch);
		expect(handshake).toEqual({ id: 0, label: 'HSHK_OK' });
		expect(Object.keys(data)).toEqual([
			'batch',
			'category',
			'delivery',
			'text',
			'type',
			'sender',
			'personalised',
			'destinationsCount',
			'destinations',
		]);
		expect(data).toMatchObject({
			batch: sent.batch,
			category: 1,
			delivery: true,
			destinationsCount: 4,
		});
		expect(data.destinations.map((d) => [d.id, d.to, d.status])).toEqual([
			[sent.destinations[0].id, '233240000000', { id: 2112, label: 'DS_UNDELIVERED' }],
			[sent.destinations[1].id, '233249999999', { id: 2111, label: 'DS_EXPIRED' }],
			[sent.destinations[2].id, '233241234567', { id: 2110, label: 'DS_DELIVERED' }],
			[sent.destinations[3].id, 'bad', { id: 2119, label: 'DS_REJECTED_DESTINATION' }],
		]);
		const [undelivered, , , refused] = data.destinations;
		expect(undelivered).toMatchObject({
			country: 'GH',
			message: 'Hello from the simulator',
			messageCount: 1,
		});
		expect(undelivered.submitDateTime).toBe(sent.destinations[0].submitDateTime);
		expect(undelivered.reportDateTime).toMatch(TIMESTAMP);
		expect(refused).toEqual({
			id: sent.destinations[3].id,
			to: 'bad',
			message: 'Hello from the simulator',
			messageCount: 0,
			status: { id: 2119, label: 'DS_REJECTED_DESTINATION' },
		});
		expect(sim().balance('demo')).toBe(997);
	});

	it('a final status stays: a second report answers the same report time', async () => {
		const sent = await sendOk(sim().baseUrl, plainUnit(['0241234567']));
		const first = (await report(sent.batch)).data.destinations[0];
		await sleep(1100);
		const second = (await report(sent.batch)).data.destinations[0];
		expect(second).toEqual(first);
	});

	it('sdk, XML: category sms, booleans as text, one item per destination', async () => {
		const sent = await sendOk(sim().baseUrl, plainUnit(['0241234567']));
		const res = await call(sim().baseUrl, REPORT(sent.batch), '', XML_HEADERS);
		expect(res.headers['content-type']).toBe('application/xml');
		expect(res.body).toMatch(/<\/destinations><\/data><\/response>$/);
		const data = envelopeOf<XmlEnvelope>(res).data;
		expect(data).toMatchObject({
			category: 'sms',
			delivery: 'true',
			personalised: 'false',
			destinationsCount: '1',
		});
		expect(data.destinations.item[0].status).toEqual({ id: '2110', label: 'DS_DELIVERED' });
	});

	it.each(['json', 'xml'] as const)(
		'contract, %s: batch, category, delivery and {id, to, status} only',
		async (format) => {
			sim().setDialect({ dialect: 'contract' });
			const sent = await sendOk(sim().baseUrl, plainUnit(NUMBERS.slice(0, 3)));
			const res = await call(sim().baseUrl, REPORT(sent.batch), '', headersFor(format));
			expect(res.headers['content-type']).toBe(`application/${format}; charset=utf-8`);
			const data = envelopeOf<Envelope | XmlEnvelope>(res).data;
			expect(Object.keys(data)).toEqual(['batch', 'category', 'delivery', 'destinations']);
			const items: Array<Destination | XmlDestination> =
				format === 'json'
					? (data as SendData).destinations
					: (data as XmlSendData).destinations.item;
			expect(items.map((d) => Object.keys(d))).toEqual([
				['id', 'to', 'status'],
				['id', 'to', 'status'],
				['id', 'to', 'status'],
			]);
			expect(items.map((d) => d.status.label)).toEqual([
				'DS_UNDELIVERED',
				'DS_EXPIRED',
				'DS_DELIVERED',
			]);
			expect(String(data.category)).toBe('1');
		},
	);

	it.each([
		[GZBIN_XML, 'xml'],
		[GZBIN_JSON, 'json'],
	])('compressed when Accept is %s', async (accept) => {
		const sent = await sendOk(sim().baseUrl, plainUnit(['0241234567']));
		const res = await call(sim().baseUrl, REPORT(sent.batch), '', { ...XML_HEADERS, accept });
		expect(res.headers['content-type']).toBe(accept);
		expect(res.body).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
		expect(String(envelopeOf(res).handshake.id)).toBe('0');
	});

	it('a personalised batch: each destination its own message; no category in JSON', async () => {
		const sent = await sendOk(sim().baseUrl, {
			text: 'Hi {$name}',
			type: 0,
			sender: 'SMSDemo',
			destinations: [{ number: '0241234567', values: ['Ama'] }],
		});
		const { data } = await report(sent.batch);
		expect(data.category).toBeUndefined();
		expect(data.personalised).toBe(true);
		expect(data.destinations[0]).toMatchObject({ message: 'Hi Ama', status: { id: 2110 } });
	});

	it('a scheduled batch still waiting: 2104, no report time', async () => {
		const sent = await sendOk(sim().baseUrl, plainUnit(['0241234567'], { schedule: LATER }));
		const item = (await report(sent.batch)).data.destinations[0];
		expect(item.status).toEqual({ id: 2104, label: 'DS_SUBMIT_SCHEDULED' });
		expect(item.submitDateTime).toMatch(TIMESTAMP);
		expect(item.reportDateTime).toBeUndefined();
	});

	it('bodiless as the SDK sends it: Content-Length 0 with or without a Content-Type', async () => {
		const sent = await sendOk(sim().baseUrl, plainUnit(['0241234567']));
		const noType = { accept: 'application/json', authorization: KEY_AUTH };
		for (const headers of [XML_HEADERS, JSON_HEADERS, noType]) {
			expect(handshakeOf(await call(sim().baseUrl, REPORT(sent.batch), '', headers))).toBe(0);
		}
		const journal = sim().journal.slice(1);
		expect(journal.map((e) => [e.path, e.rawBody, e.accountId, e.handshake])).toEqual([
			[REPORT(sent.batch), '', 'demo', 0],
			[REPORT(sent.batch), '', 'demo', 0],
			[REPORT(sent.batch), '', 'demo', 0],
		]);
	});

	it('headers are checked as for a send: 1101, 1102, 1203; GET is 405', async () => {
		const sent = await sendOk(sim().baseUrl, plainUnit(['0241234567']));
		const path = REPORT(sent.batch);
		expect(
			handshakeOf(await call(sim().baseUrl, path, '', { ...JSON_HEADERS, accept: 'text/html' })),
		).toBe(1101);
		expect(
			handshakeOf(
				await call(sim().baseUrl, path, '', { ...JSON_HEADERS, 'content-type': 'text/plain' }),
			),
		).toBe(1102);
		expect(
			handshakeOf(
				await call(sim().baseUrl, path, '', { ...JSON_HEADERS, authorization: 'key no' }),
			),
		).toBe(1203);
		const get = await raw(sim().baseUrl, { method: 'GET', path, headers: JSON_HEADERS });
		expect([get.status, get.headers.allow]).toEqual([405, 'POST']);
	});
});

describe('the URL API form: /v5/report/message/delivery with reference=', () => {
	const FORM = '/v5/report/message/delivery';

	it('GET with key and reference in the query string', async () => {
		const sent = await sendOk(sim().baseUrl, plainUnit(['0241234567']));
		const res = await raw(sim().baseUrl, {
			method: 'GET',
			path: `${FORM}?key=${encodeURIComponent(DEMO_ACCOUNT.apiKey as string)}&reference=${sent.batch}`,
			headers: { accept: 'application/json' },
		});
		const envelope = envelopeOf(res);
		expect(envelope.handshake.id).toBe(0);
		expect(envelope.data).toMatchObject({ batch: sent.batch, delivery: true });
		expect(envelope.data.destinations[0].id).toMatch(UUID);
		expect(sim().journal.at(-1)).toMatchObject({
			method: 'GET',
			path: FORM,
			accountId: 'demo',
			handshake: 0,
		});
	});

	it('POST with a form body; or the key in Authorization', async () => {
		const sent = await sendOk(sim().baseUrl, plainUnit(['0241234567']));
		const form = `key=${encodeURIComponent(DEMO_ACCOUNT.apiKey as string)}&reference=${sent.batch}`;
		const headers = {
			accept: 'application/xml',
			'content-type': 'application/x-www-form-urlencoded',
		};
		expect(handshakeOf(await call(sim().baseUrl, FORM, form, headers))).toBe(0);
		const withHeader = await call(sim().baseUrl, `${FORM}?reference=${sent.batch}`, '', {
			accept: 'application/json',
			authorization: KEY_AUTH,
		});
		expect(envelopeOf(withHeader).data.batch).toBe(sent.batch);
	});

	it('no reference 1501, a wrong key 1203, no key 1201, PUT 405', async () => {
		const accept = { accept: 'application/json' };
		expect(
			handshakeOf(
				await raw(sim().baseUrl, {
					method: 'GET',
					path: `${FORM}?key=${DEMO_ACCOUNT.apiKey}`,
					headers: accept,
				}),
			),
		).toBe(1501);
		expect(
			handshakeOf(
				await raw(sim().baseUrl, {
					method: 'GET',
					path: `${FORM}?key=no&reference=x`,
					headers: accept,
				}),
			),
		).toBe(1203);
		expect(
			handshakeOf(
				await raw(sim().baseUrl, { method: 'GET', path: `${FORM}?reference=x`, headers: accept }),
			),
		).toBe(1201);
		const put = await raw(sim().baseUrl, { method: 'PUT', path: FORM, headers: accept, body: '' });
		expect([put.status, put.headers.allow]).toEqual([405, 'GET, POST']);
	});

	it('a form body is only taken on this path: a send with one is 1102', async () => {
		const res = await call(sim().baseUrl, SEND, 'text=x', {
			...JSON_HEADERS,
			'content-type': 'application/x-www-form-urlencoded',
		});
		expect(handshakeOf(res)).toBe(1102);
	});
});
