/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The simulator's delivery report pushes (deliverReports): what is posted, JSON or XML, and when.
 * Failing receivers, local receivers only and the control endpoint are in callback-receivers.test.ts.
 */
import { plainUnit, post, readXml, sendJson, useSimulator } from './helpers';
import { useCallbackReceiver } from './callbackReceiver';

const sim = useSimulator();

const { receiver, withCallback, sendWithCallback } = useCallbackReceiver(sim);

const DELIVERED = { id: 2110, label: 'DS_DELIVERED' };

describe('deliverReports', () => {
	it('posts one JSON report per accepted destination, in the send envelope shape', async () => {
		sim().setDialect({ dialect: 'contract' });
		const sent = await sendWithCallback(['0241234567', 'bad', '0201234567']);
		const { batch, destinations } = sent.json.data;
		expect(await sim().deliverReports(batch)).toBe(2);

		expect(receiver().received).toHaveLength(2);
		for (const [i, index] of [0, 2].entries()) {
			const got = receiver().received[i];
			expect(got.method).toBe('POST');
			expect(got.path).toBe('/dlr');
			expect(got.headers['content-type']).toBe('application/json; charset=utf-8');
			expect(JSON.parse(got.body)).toEqual({
				handshake: { id: 0, label: 'HSHK_OK' },
				data: {
					batch,
					category: 1,
					delivery: true,
					destinations: [
						{ id: destinations[index].id, to: destinations[index].to, status: DELIVERED },
					],
				},
			});
			expect(Object.keys(JSON.parse(got.body).data)).toEqual([
				'batch',
				'category',
				'delivery',
				'destinations',
			]);
		}
	});

	it('moves reported destinations to 2110 and does not report them twice', async () => {
		sim().setDialect({ dialect: 'contract' });
		const sent = await sendWithCallback(['0241234567', 'bad']);
		const batch = sent.json.data.batch;
		expect(
			sim()
				.callbackBatch(batch)
				?.destinations.map((d) => d.status.id),
		).toEqual([2105, 2119]);
		await sim().deliverReports(batch);
		expect(sim().callbackBatch(batch)).toEqual({
			batch,
			accountId: 'demo',
			plain: true,
			category: 'sms',
			callback: { url: receiver().url(), accept: 'application/json' },
			destinations: [
				{
					id: sent.json.data.destinations[0].id,
					to: '233241234567',
					status: DELIVERED,
					pushed: true,
				},
				{
					id: sent.json.data.destinations[1].id,
					to: 'bad',
					status: { id: 2119, label: 'DS_REJECTED_INVALID_NUMBER' },
					pushed: false,
				},
			],
		});
		expect(await sim().deliverReports(batch)).toBe(0);
		expect(receiver().received).toHaveLength(1);
	});

	it('posts XML when the callback accepts application/xml', async () => {
		sim().setDialect({ dialect: 'contract' });
		const sent = await sendWithCallback(['0241234567'], receiver().url(), 'application/xml');
		expect(await sim().deliverReports(sent.json.data.batch)).toBe(1);
		const got = receiver().received[0];
		expect(got.headers['content-type']).toBe('application/xml; charset=utf-8');
		expect(got.body.startsWith('<?xml version="1.0" encoding="UTF-8"?><response><handshake>')).toBe(
			true,
		);
		expect(readXml(got.body).response).toEqual({
			handshake: { id: '0', label: 'HSHK_OK' },
			data: {
				batch: sent.json.data.batch,
				category: '1',
				delivery: 'true',
				destinations: {
					item: [
						{
							id: sent.json.data.destinations[0].id,
							to: '233241234567',
							status: { id: '2110', label: 'DS_DELIVERED' },
						},
					],
				},
			},
		});
	});

	it('leaves category out of a personalised batch', async () => {
		sim().setDialect({ dialect: 'contract' });
		const res = await sendJson(sim().baseUrl, {
			text: 'Hi {$name}',
			type: 0,
			sender: 'SMSDemo',
			destinations: [{ number: '0241234567', values: ['Ama'] }],
			callback: { url: receiver().url(), accept: 'application/json' },
		});
		expect(await sim().deliverReports(res.json.data.batch)).toBe(1);
		expect(Object.keys(JSON.parse(receiver().received[0].body).data)).toEqual([
			'batch',
			'delivery',
			'destinations',
		]);
		expect(sim().callbackBatch(res.json.data.batch)?.plain).toBe(false);
	});

	it('reports a scheduled batch once it has gone out (dispatched), not while it waits', async () => {
		const sent = await sendWithCallback(['0241234567'], receiver().url(), 'application/json', {
			schedule: { dateTime: '2030-01-31 08:30' },
		});
		const batch = sent.json.data.batch;
		expect(sim().callbackBatch(batch)?.schedule).toEqual({ dateTime: '2030-01-31 08:30' });
		expect(sim().callbackBatch(batch)?.destinations[0].status.id).toBe(2104);
		expect(await sim().deliverReports(batch)).toBe(0);
		expect(receiver().received).toHaveLength(0);
		const dispatched = await post(
			sim().baseUrl,
			`/v5/message/scheduled/dispatch/${batch}`,
			undefined,
		);
		expect(dispatched.json.handshake.id).toBe(0);
		expect(await sim().deliverReports(batch)).toBe(1);
		expect(sim().callbackBatch(batch)?.destinations[0]).toMatchObject({
			status: DELIVERED,
			pushed: true,
		});
	});

	it('reports the outcome by number: 0000 undelivered, 9999 expired, others delivered', async () => {
		sim().setDialect({ dialect: 'contract' });
		const sent = await sendWithCallback(['0240000000', '0249999999', '0241234567']);
		expect(await sim().deliverReports(sent.json.data.batch)).toBe(3);
		expect(receiver().received.map((r) => JSON.parse(r.body).data.destinations[0].status)).toEqual([
			{ id: 2112, label: 'DS_UNDELIVERED' },
			{ id: 2111, label: 'DS_EXPIRED' },
			DELIVERED,
		]);
	});

	it('holds reports back until the delivery time (deliverAfterMs) has passed', async () => {
		sim().setDialect({ deliverAfterMs: 300 });
		const sent = await sendWithCallback(['0241234567']);
		const batch = sent.json.data.batch;
		expect(await sim().deliverReports(batch)).toBe(0);
		expect(sim().callbackBatch(batch)?.destinations[0].status.id).toBe(2105);
		await new Promise((resolve) => setTimeout(resolve, 350));
		expect(await sim().deliverReports(batch)).toBe(1);
		expect(sim().callbackBatch(batch)?.destinations[0].status.id).toBe(2110);
	});

	it('pushes a forced outcome again, once', async () => {
		const sent = await sendWithCallback(['0241234567']);
		const batch = sent.json.data.batch;
		expect(await sim().deliverReports(batch)).toBe(1);
		expect(sim().setOutcome(batch, 2112)).toBe(1);
		expect(await sim().deliverReports(batch)).toBe(1);
		expect(await sim().deliverReports(batch)).toBe(0);
		expect(
			receiver().received.map((r) => JSON.parse(r.body).data.destinations[0].status.id),
		).toEqual([2110, 2112]);
	});

	it('without a batch, reports every batch that has a callback, in send order', async () => {
		const a = await sendWithCallback(['0241234567', '0201234567'], receiver().url('/a'));
		await sendJson(sim().baseUrl, plainUnit(['0551234567']));
		const b = await sendWithCallback(['0271234567'], receiver().url('/b'), 'application/xml');
		expect(await sim().deliverReports()).toBe(3);
		expect(receiver().received.map((r) => r.path)).toEqual(['/a', '/a', '/b']);
		expect(JSON.parse(receiver().received[0].body).data.batch).toBe(a.json.data.batch);
		expect(readXml(receiver().received[2].body).response.data.batch).toBe(b.json.data.batch);
		expect(await sim().deliverReports()).toBe(0);
	});

	it('does not keep batches sent without a callback, nor rejected sends', async () => {
		const plain = await sendJson(sim().baseUrl, plainUnit(['0241234567']));
		expect(sim().callbackBatch(plain.json.data.batch)).toBeUndefined();
		await expect(sim().deliverReports(plain.json.data.batch)).rejects.toThrow(
			/No batch .* with a callback/,
		);
		await expect(sim().deliverReports('0'.repeat(32))).rejects.toThrow(/No batch/);
		const past = await sendJson(
			sim().baseUrl,
			withCallback(['0241234567'], receiver().url(), 'application/json', {
				schedule: { dateTime: '2001-01-01 00:00' },
			}),
		);
		expect(past.json.data).toBeNull();
		expect(await sim().deliverReports()).toBe(0);
		expect(receiver().received).toHaveLength(0);
	});
});
