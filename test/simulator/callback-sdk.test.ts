/**
 * Delivery reports in the 'sdk' dialect: the send answer's shape with `delivery` true, as the
 * vendor's SDK (Zenoph.Notify) reads its delivery reports (the push itself is not in the SDK; the
 * shape is the simulator's inference). The contract dialect's reports are in callback.test.ts.
 */
import type { SendData } from './answers';
import { post, readXml, sendJson, useSimulator } from './helpers';
import { Receiver } from './receiver';
import { readSdk, readSendResult } from './sdk-reader';

const sim = useSimulator();

let receiver: Receiver;
beforeEach(async () => {
	receiver = new Receiver();
	await receiver.start();
});
afterEach(async () => {
	await receiver.stop();
});

const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

async function sendWithCallback(
	accept: string,
	extra: Record<string, unknown> = {},
): Promise<SendData> {
	const res = await sendJson(sim().baseUrl, {
		text: 'Hello',
		type: 0,
		sender: 'SMSDemo',
		destinations: ['0241234567', 'bad'],
		callback: { url: receiver.url(), accept },
		...extra,
	});
	expect(res.json.handshake.id).toBe(0);
	return res.json.data;
}

describe('delivery reports, sdk dialect', () => {
	it('JSON: the send answer members with delivery true, submit and report times', async () => {
		const sent = await sendWithCallback('application/json');
		expect(await sim().deliverReports(sent.batch)).toBe(1);
		const got = receiver.received[0];
		expect(got.headers['content-type']).toBe('application/json');
		const data = JSON.parse(got.body).data;
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
			text: 'Hello',
			destinationsCount: 1,
		});
		const [item] = data.destinations;
		expect(item).toMatchObject({
			id: sent.destinations[0].id,
			to: '233241234567',
			country: 'GH',
			message: 'Hello',
			messageCount: 1,
			status: { id: 2110, label: 'DS_DELIVERED' },
			submitDateTime: sent.destinations[0].submitDateTime,
		});
		expect(item.reportDateTime).toMatch(TIMESTAMP);
	});

	it('XML: passes the strict reader, category sms, destinations last', async () => {
		const sent = await sendWithCallback('application/xml');
		await sim().deliverReports(sent.batch);
		const got = receiver.received[0];
		const answer = readSdk({ status: 200, headers: got.headers, body: got.body });
		const data = readSendResult(answer);
		expect(data).toMatchObject({ category: 'sms', delivery: 'true', personalised: 'false' });
		expect(data.destinations.item[0].reportDateTime).toMatch(TIMESTAMP);
		expect(readXml(got.body).response.data.destinations.item[0].status).toEqual({
			id: '2110',
			label: 'DS_DELIVERED',
		});
	});

	it('a personalised batch: the rendered message; no category in JSON, sms in XML', async () => {
		const personalised = {
			text: 'Hi {$name}',
			destinations: [{ number: '0241234567', values: ['Ama'] }],
		};
		const json = await sendWithCallback('application/json', personalised);
		const xml = await sendWithCallback('application/xml', personalised);
		expect(await sim().deliverReports()).toBe(2);
		const jsonData = JSON.parse(receiver.received[0].body).data;
		expect(jsonData.category).toBeUndefined();
		expect(jsonData).toMatchObject({ batch: json.batch, personalised: true });
		expect(jsonData.destinations[0].message).toBe('Hi Ama');
		const xmlData = readSendResult(
			readSdk({
				status: 200,
				headers: receiver.received[1].headers,
				body: receiver.received[1].body,
			}),
		);
		expect(xmlData).toMatchObject({ batch: xml.batch, category: 'sms', personalised: 'true' });
	});

	it('the kept batch carries the dialect labels', async () => {
		const sent = await sendWithCallback('application/json');
		expect(
			sim()
				.callbackBatch(sent.batch)
				?.destinations.map((d) => d.status),
		).toEqual([
			{ id: 2105, label: 'DS_PENDING_ENROUTE' },
			{ id: 2119, label: 'DS_REJECTED_DESTINATION' },
		]);
		await sim().deliverReports(sent.batch);
		expect(sim().callbackBatch(sent.batch)?.destinations[0].status).toEqual({
			id: 2110,
			label: 'DS_DELIVERED',
		});
	});

	it('a scheduled batch is reported once dispatched, with the dispatch as its submit time', async () => {
		const sent = await sendWithCallback('application/json', {
			schedule: { dateTime: '2030-01-31 08:30:00' },
		});
		expect(sent.destinations[0].status).toEqual({ id: 2104, label: 'DS_SUBMIT_SCHEDULED' });
		expect(await sim().deliverReports(sent.batch)).toBe(0);
		const before = Date.now();
		await post(sim().baseUrl, `/v5/message/scheduled/dispatch/${sent.batch}`, undefined);
		expect(await sim().deliverReports(sent.batch)).toBe(1);
		const item = JSON.parse(receiver.received[0].body).data.destinations[0];
		expect(item.submitDateTime).toMatch(TIMESTAMP);
		expect(Date.parse(`${item.submitDateTime}Z`)).toBeGreaterThanOrEqual(
			Math.floor(before / 1000) * 1000,
		);
		expect(item.reportDateTime).toMatch(TIMESTAMP);
	});
});
