/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Delivery outcomes: by number (in reports.test.ts), in time (deliverAfterMs), forced by a test
 * (setOutcome, POST /__sim/outcome), and the kept batch as the control endpoint shows it.
 */
import type { ControlJson, Envelope } from './answers';
import { JSON_HEADERS, plainUnit, useSimulator } from './helpers';
import { LATER, REPORT, call, envelopeOf, handshakeOf, sendOk } from './lifecycle-helpers';

const sim = useSimulator();

const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function report(
	batch: string,
	headers: Record<string, string> = JSON_HEADERS,
): Promise<Envelope> {
	return envelopeOf<Envelope>(await call(sim().baseUrl, REPORT(batch), '', headers));
}

describe('outcomes in time: deliverAfterMs', () => {
	it('en route (2105) until the delivery time has passed, then final at the next report', async () => {
		sim().setDialect({ deliverAfterMs: 400 });
		const sent = await sendOk(sim().baseUrl, plainUnit(['0241234567', '0240000000']));
		const early = (await report(sent.batch)).data.destinations;
		expect(early.map((d) => d.status.id)).toEqual([2105, 2105]);
		expect(early[0].reportDateTime).toBeUndefined();
		await sleep(450);
		const later = (await report(sent.batch)).data.destinations;
		expect(later.map((d) => d.status.id)).toEqual([2110, 2112]);
		expect(later[0].reportDateTime).toMatch(TIMESTAMP);
	});

	it('counts from the dispatch for a scheduled batch', async () => {
		const sent = await sendOk(sim().baseUrl, plainUnit(['0241234567'], { schedule: LATER }));
		sim().setDialect({ deliverAfterMs: 300 });
		await sleep(350);
		await call(sim().baseUrl, `/v5/message/scheduled/dispatch/${sent.batch}`);
		expect((await report(sent.batch)).data.destinations[0].status.id).toBe(2105);
		await sleep(350);
		expect((await report(sent.batch)).data.destinations[0].status.id).toBe(2110);
	});
});

describe('forced outcomes', () => {
	it('setOutcome: every destination that went out, or those listed (any number form)', async () => {
		const sent = await sendOk(sim().baseUrl, plainUnit(['0241234567', '0201234567', 'bad']));
		expect(sim().setOutcome(sent.batch, 2112, ['+233201234567'])).toBe(1);
		expect((await report(sent.batch)).data.destinations.map((d) => d.status.id)).toEqual([
			2110, 2112, 2119,
		]);
		expect(sim().setOutcome(sent.batch, 2111)).toBe(2);
		const items = (await report(sent.batch)).data.destinations;
		expect(items.map((d) => d.status.id)).toEqual([2111, 2111, 2119]);
		expect(items[0].reportDateTime).toMatch(TIMESTAMP);
	});

	it('refuses another status, an unknown batch and a batch still waiting', async () => {
		const sent = await sendOk(sim().baseUrl, plainUnit(['0241234567']));
		const waiting = await sendOk(sim().baseUrl, plainUnit(['0241234567'], { schedule: LATER }));
		expect(() => sim().setOutcome(sent.batch, 2105)).toThrow(
			/status must be one of 2110, 2111, 2112/,
		);
		expect(() => sim().setOutcome('0'.repeat(32), 2110)).toThrow(/No batch/);
		expect(() => sim().setOutcome(waiting.batch, 2110)).toThrow(/dispatch it first/);
	});

	it('POST /__sim/outcome', async () => {
		const sent = await sendOk(sim().baseUrl, plainUnit(['0241234567', '0201234567']));
		const control = async (body: unknown): Promise<{ status: number; json: ControlJson }> => {
			const res = await fetch(`${sim().baseUrl}/__sim/outcome`, {
				method: 'POST',
				body: JSON.stringify(body),
			});
			return { status: res.status, json: (await res.json()) as ControlJson };
		};
		expect(await control({ batch: sent.batch, status: 2112, to: ['0201234567'] })).toEqual({
			status: 200,
			json: { batch: sent.batch, status: 2112, changed: 1 },
		});
		expect((await report(sent.batch)).data.destinations.map((d) => d.status.id)).toEqual([
			2110, 2112,
		]);
		expect((await control({ batch: 'nope', status: 2112 })).status).toBe(404);
		expect((await control({ batch: sent.batch, status: 2199 })).status).toBe(400);
		expect((await control({ batch: sent.batch, status: 2110, to: '0241234567' })).status).toBe(400);
		expect((await control({ status: 2110 })).status).toBe(400);
		const get = await fetch(`${sim().baseUrl}/__sim/outcome`);
		expect(get.status).toBe(405);
	});

	it('GET /__sim/batches/:batch shows any kept batch; reset() forgets them', async () => {
		const sent = await sendOk(sim().baseUrl, plainUnit(['0241234567']));
		const res = await fetch(`${sim().baseUrl}/__sim/batches/${sent.batch}`);
		expect(await res.json()).toEqual({
			batch: sent.batch,
			accountId: 'demo',
			state: 'sent',
			category: 'sms',
			text: 'Hello from the simulator',
			type: 0,
			sender: 'SMSDemo',
			personalised: false,
			destinations: [
				{
					id: sent.destinations[0].id,
					to: '233241234567',
					status: { id: 2105, label: 'DS_PENDING_ENROUTE' },
					messageCount: 1,
					pushed: false,
				},
			],
		});
		sim().reset();
		expect((await fetch(`${sim().baseUrl}/__sim/batches/${sent.batch}`)).status).toBe(404);
		expect(handshakeOf(await call(sim().baseUrl, REPORT(sent.batch)))).toBe(1501);
	});
});
