/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Delivery reports destination by destination (destinations/{batch}), and unknown batches: 1501,
 * never another account's. By batch and the URL API form are in reports.test.ts.
 */
import type { XmlEnvelope } from './answers';
import { DEMO_ACCOUNT } from '../../simulator';
import { JSON_HEADERS, XML_HEADERS, account, plainUnit, useSimulator } from './helpers';
import {
	GZBIN_XML,
	REPORT,
	REPORT_IDS,
	call,
	envelopeOf,
	handshakeOf,
	sendOk,
} from './lifecycle-helpers';

const OTHER_KEY = 'other-api-key-0123456789';
const sim = useSimulator({
	accounts: [DEMO_ACCOUNT, account({ id: 'other', apiKey: OTHER_KEY, login: 'o@example.com' })],
});

const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('POST /v5/report/message/delivery/destinations/{batch}', () => {
	const body = (ids: string[]): string =>
		`<request><destinations>${ids.map((id) => `<id>${id}</id>`).join('')}</destinations></request>`;

	it('XML as the SDK writes it: the named destinations in request order, each validated', async () => {
		const sent = await sendOk(sim().baseUrl, plainUnit(['0241234567', '0240000000']));
		const [a, b] = sent.destinations.map((d) => d.id);
		const unknown = '0f9c2b4e-6d1a-4c3b-9e8f-7a6b5c4d3e2f';
		const res = await call(
			sim().baseUrl,
			REPORT_IDS(sent.batch),
			body([b, 'not an id', unknown, a, b]),
			XML_HEADERS,
		);
		const data = envelopeOf<XmlEnvelope>(res).data;
		expect(data).toMatchObject({ batch: sent.batch, delivery: 'true', destinationsCount: '5' });
		expect(data.destinations.item).toEqual([
			expect.objectContaining({ id: b, status: { id: '2112', label: 'DS_UNDELIVERED' } }),
			{
				id: 'not an id',
				status: { id: '2101', label: 'DS_UNKNOWN' },
				validation: { id: '2403', label: 'DV_ERR_DESTINATION_ID' },
			},
			{
				id: unknown,
				status: { id: '2101', label: 'DS_UNKNOWN' },
				validation: { id: '2404', label: 'DV_UNKNOWN' },
			},
			expect.objectContaining({
				id: a,
				to: '233241234567',
				status: { id: '2110', label: 'DS_DELIVERED' },
			}),
			expect.objectContaining({ id: b }),
		]);
		expect(data.destinations.item[0].validation).toEqual({ id: '2401', label: 'DV_OK' });
		expect(data.destinations.item[0].reportDateTime).toMatch(TIMESTAMP);
	});

	it('JSON {"destinations": [ids]}; a custom id is found by itself', async () => {
		const custom = 'order-0000000000000000000000000001';
		const sent = await sendOk(sim().baseUrl, plainUnit([{ number: '0241234567', id: custom }]));
		const res = await call(
			sim().baseUrl,
			REPORT_IDS(sent.batch),
			JSON.stringify({ destinations: [custom] }),
		);
		const [item] = envelopeOf(res).data.destinations;
		expect(item).toMatchObject({
			id: custom,
			to: '233241234567',
			validation: { id: 2401, label: 'DV_OK' },
		});
	});

	it('contract dialect: {id, to, status, validation}', async () => {
		sim().setDialect({ dialect: 'contract' });
		const sent = await sendOk(sim().baseUrl, plainUnit(['0241234567']));
		const res = await call(
			sim().baseUrl,
			REPORT_IDS(sent.batch),
			JSON.stringify({ destinations: [sent.destinations[0].id] }),
		);
		expect(envelopeOf(res).data.destinations).toEqual([
			{
				id: sent.destinations[0].id,
				to: '233241234567',
				status: { id: 2110, label: 'DS_DELIVERED' },
				validation: { id: 2401, label: 'DV_OK' },
			},
		]);
	});

	it.each<[string, string, Record<string, string>, number]>([
		['no body (1401)', '', JSON_HEADERS, 1401],
		['an unparsable body (1402)', '{"destinations": [', JSON_HEADERS, 1402],
		[
			'another root (1402)',
			'<query><destinations><id>x</id></destinations></query>',
			XML_HEADERS,
			1402,
		],
		['no destinations member (1502)', '{}', JSON_HEADERS, 1502],
		['an empty list, JSON (1502)', '{"destinations": []}', JSON_HEADERS, 1502],
		['an empty list, XML (1502)', '<request><destinations/></request>', XML_HEADERS, 1502],
		['ids that are not strings (1502)', '{"destinations": [5]}', JSON_HEADERS, 1502],
		[
			'other elements than id (1502)',
			'<request><destinations><to>x</to></destinations></request>',
			XML_HEADERS,
			1502,
		],
	])('%s: its handshake, no data', async (_label, payload, headers, id) => {
		const sent = await sendOk(sim().baseUrl, plainUnit(['0241234567']));
		const res = await call(sim().baseUrl, REPORT_IDS(sent.batch), payload, headers);
		const envelope = envelopeOf(res);
		expect(Number(envelope.handshake.id)).toBe(id);
		expect(envelope.data ?? null).toBeNull();
	});

	it('compressed with Accept gzbin+xml (the SDK above 5000 ids)', async () => {
		const sent = await sendOk(sim().baseUrl, plainUnit(['0241234567']));
		const res = await call(sim().baseUrl, REPORT_IDS(sent.batch), body([sent.destinations[0].id]), {
			...XML_HEADERS,
			accept: GZBIN_XML,
		});
		expect(res.headers['content-type']).toBe(GZBIN_XML);
		expect(envelopeOf<XmlEnvelope>(res).data.destinations.item[0].validation?.id).toBe('2401');
	});
});

describe('unknown batches: 1501, and never another account’s', () => {
	it.each([
		['an unknown batch id', '0'.repeat(32)],
		['a malformed batch id', 'not-a-batch'],
		['no batch segment', ''],
	])('%s', async (_label, batch) => {
		for (const path of [REPORT(batch), REPORT_IDS(batch)]) {
			const res = await call(
				sim().baseUrl,
				path,
				'<request><destinations><id>x</id></destinations></request>',
				XML_HEADERS,
			);
			expect(res.body).toMatch(
				/<handshake><id>1501<\/id><label>HSHK_ERR_MR_BATCH_ID<\/label><\/handshake><\/response>$/,
			);
		}
	});

	it('another account’s batch is unknown (1501) on both paths', async () => {
		const sent = await sendOk(sim().baseUrl, plainUnit(['0241234567']));
		const other = { ...JSON_HEADERS, authorization: `key ${OTHER_KEY}` };
		expect(handshakeOf(await call(sim().baseUrl, REPORT(sent.batch), '', other))).toBe(1501);
		const ids = JSON.stringify({ destinations: [sent.destinations[0].id] });
		expect(handshakeOf(await call(sim().baseUrl, REPORT_IDS(sent.batch), ids, other))).toBe(1501);
		// Asking did not settle the owner's outcome either.
		expect(sim().batch(sent.batch)?.destinations[0].status.id).toBe(2105);
	});

	it('a path with more segments is 404', async () => {
		const res = await call(sim().baseUrl, `${REPORT('a')}/b`);
		expect(res.status).toBe(404);
	});
});
