/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The simulator's delivery report pushes when the receiver fails, hangs or is called twice at once,
 * reset, only local receivers, and the control endpoint (/__sim/…). What is posted, and when, is in
 * callback.test.ts.
 */
import type { ControlJson } from './answers';
import { useSimulator } from './helpers';
import { useCallbackReceiver } from './callbackReceiver';

const sim = useSimulator();

const { receiver, sendWithCallback } = useCallbackReceiver(sim);

/**
 * The simulator's delivery report pushes when the receiver() fails, hangs or is called twice at once,
 * reset, only local receivers, and the control endpoint (/__sim/…). What is posted, and when, is in
 * callback.test.ts.
 */
async function control<T = ControlJson>(
	method: string,
	path: string,
	body?: string,
): Promise<{ status: number; json: T }> {
	const res = await fetch(`${sim().baseUrl}/__sim/${path}`, { method, body });
	return { status: res.status, json: (await res.json()) as T };
}

const DELIVERED = { id: 2110, label: 'DS_DELIVERED' };

describe('deliverReports: receivers that fail or hang, concurrent calls, reset', () => {
	it('counts only reports the receiver() took (2xx); the others stay pending for a later call', async () => {
		const sent = await sendWithCallback(['0241234567', '0201234567']);
		const batch = sent.json.data.batch;
		receiver().answer = (_req, res) => {
			res.statusCode = 500;
			res.end('no');
		};
		expect(await sim().deliverReports(batch)).toBe(0);
		// The outcome is settled by the push; only its report waits for a receiver() that takes it.
		expect(
			sim()
				.callbackBatch(batch)
				?.destinations.map((d) => [d.status.id, d.pushed]),
		).toEqual([
			[2110, false],
			[2110, false],
		]);
		expect(sim().deliveries.map((d) => [d.httpStatus, d.posted])).toEqual([
			[500, false],
			[500, false],
		]);
		receiver().answer = (_req, res) => {
			res.statusCode = 204;
			res.end();
		};
		expect(await sim().deliverReports(batch)).toBe(2);
		expect(sim().deliveries).toHaveLength(4);
		expect(sim().deliveries[3]).toMatchObject({
			seq: 4,
			batch,
			destinationId: sent.json.data.destinations[1].id,
			url: receiver().url(),
			format: 'json',
			httpStatus: 204,
			posted: true,
		});
		expect(sim().deliveries[3].body).toBe(receiver().received[3].body);
	});

	it('notes a receiver() that is not listening as an error, without throwing', async () => {
		const sent = await sendWithCallback(['0241234567']);
		await receiver().stop();
		expect(await sim().deliverReports(sent.json.data.batch)).toBe(0);
		expect(sim().deliveries[0]).toMatchObject({
			httpStatus: 0,
			posted: false,
			error: expect.stringMatching(/ECONNREFUSED/),
		});
	});

	it('runs concurrent calls one after another, so nothing is posted twice', async () => {
		const sent = await sendWithCallback(['0241234567', '0201234567', '0271234567']);
		const batch = sent.json.data.batch;
		const counts = await Promise.all([
			sim().deliverReports(batch),
			sim().deliverReports(batch),
			sim().deliverReports(),
		]);
		expect(counts).toEqual([3, 0, 0]);
		expect(receiver().received).toHaveLength(3);
	});

	it('stop() ends a delivery run whose receiver() hangs', async () => {
		const sent = await sendWithCallback(['0241234567', '0201234567']);
		receiver().answer = () => undefined;
		const run = sim().deliverReports(sent.json.data.batch);
		while (receiver().received.length === 0)
			await new Promise((resolve) => setTimeout(resolve, 10));
		await sim().stop();
		expect(await run).toBe(0);
		expect(receiver().received).toHaveLength(1);
		expect(sim().deliveries).toEqual([
			expect.objectContaining({ posted: false, httpStatus: 0, error: expect.any(String) }),
		]);
	});

	it('reset() forgets kept batches and delivery attempts', async () => {
		const sent = await sendWithCallback(['0241234567']);
		await sim().deliverReports();
		sim().reset();
		expect(sim().callbackBatch(sent.json.data.batch)).toBeUndefined();
		expect(sim().deliveries).toEqual([]);
	});
});

describe('only local receivers', () => {
	it('posts to http://localhost', async () => {
		const sent = await sendWithCallback(['0241234567'], receiver().url('/dlr', 'localhost'));
		expect(await sim().deliverReports(sent.json.data.batch)).toBe(1);
		expect(receiver().received[0].headers.host).toBe(`localhost:${new URL(receiver().url()).port}`);
	});

	it.each([
		'https://example.com/dlr',
		'http://example.com/dlr',
		'https://127.0.0.1:9/dlr',
		'http://127.0.0.2:9/dlr',
		'http://0.0.0.0:9/dlr',
		'http://localhost.example.com/dlr',
		'http://10.0.0.1/dlr',
	])('refuses %s: a named batch rejects, all batches skip it', async (url) => {
		const sent = await sendWithCallback(['0241234567'], url);
		const batch = sent.json.data.batch;
		await expect(sim().deliverReports(batch)).rejects.toThrow(
			/only posts to http:\/\/127\.0\.0\.1/,
		);
		expect(sim().deliveries).toEqual([]);
		const local = await sendWithCallback(['0201234567']);
		expect(await sim().deliverReports()).toBe(1);
		expect(sim().deliveries).toEqual([
			{
				seq: 1,
				batch,
				url,
				format: 'json',
				httpStatus: 0,
				posted: false,
				error: expect.stringMatching(/^refused/),
			},
			expect.objectContaining({ seq: 2, batch: local.json.data.batch, posted: true }),
		]);
		expect(sim().callbackBatch(batch)?.destinations[0].status.id).toBe(2105);
	});
});

describe('control endpoint', () => {
	it('POST /__sim/deliver with a batch, then GET /__sim/callbacks/:batch and /__sim/deliveries', async () => {
		const a = await sendWithCallback(['0241234567']);
		await sendWithCallback(['0201234567']);
		const batch = a.json.data.batch;
		expect(await control('POST', 'deliver', JSON.stringify({ batch }))).toEqual({
			status: 200,
			json: { posted: 1 },
		});
		const kept = await control<{ destinations: Array<{ status: unknown }> }>(
			'GET',
			`callbacks/${batch}`,
		);
		expect(kept.status).toBe(200);
		expect(kept.json.destinations[0].status).toEqual(DELIVERED);
		const log = await control<unknown[]>('GET', 'deliveries');
		expect(log.json).toHaveLength(1);
		expect(log.json[0]).toMatchObject({ batch, posted: true, httpStatus: 200 });
	});

	it('POST /__sim/deliver without body delivers every batch', async () => {
		await sendWithCallback(['0241234567']);
		await sendWithCallback(['0201234567', '0271234567']);
		expect(await control('POST', 'deliver')).toEqual({ status: 200, json: { posted: 3 } });
		expect(await control('POST', 'deliver', '{}')).toEqual({ status: 200, json: { posted: 0 } });
	});

	it('answers 404 for an unknown batch, 400 for a bad body or a refused URL, 405 for GET', async () => {
		expect((await control('POST', 'deliver', JSON.stringify({ batch: 'nope' }))).status).toBe(404);
		expect((await control('GET', 'callbacks/nope')).status).toBe(404);
		expect((await control('POST', 'deliver', '{bad')).status).toBe(400);
		expect((await control('POST', 'deliver', '[1]')).status).toBe(400);
		expect((await control('POST', 'deliver', '{"batch":5}')).status).toBe(400);
		expect((await control('GET', 'deliver')).status).toBe(405);
		expect((await control('POST', 'deliveries')).status).toBe(405);
		const far = await sendWithCallback(['0241234567'], 'https://example.com/dlr');
		const refused = await control(
			'POST',
			'deliver',
			JSON.stringify({ batch: far.json.data.batch }),
		);
		expect(refused.status).toBe(400);
		expect(refused.json.error).toMatch(/^refused https:\/\/example\.com\/dlr/);
	});
});
