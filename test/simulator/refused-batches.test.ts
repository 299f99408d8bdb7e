/**
 * The refusedBatches switch: what the service keeps of what a send refused, as a report shows it.
 * A repeat of a custom id (2131) is the case that matters: listed, not kept (1501), or kept empty.
 */
import type { Envelope, SendData } from './answers';
import { JSON_HEADERS, plainUnit, useSimulator } from './helpers';
import { REPORT, REPORT_IDS, call, envelopeOf, sendOk } from './lifecycle-helpers';

const sim = useSimulator();

const FIRST = 'ORD-1041-0123456789abcdef0123456789abcde';
const SECOND = 'ORD-1042-0123456789abcdef0123456789abcde';
const NEW = 'ORD-1043-0123456789abcdef0123456789abcde';

const unit = (ids: string[]) =>
	plainUnit(ids.map((id, k) => ({ number: ['0241234567', '0201234567', '0271234567'][k], id })));

async function report(path: string, body = ''): Promise<Envelope> {
	return envelopeOf<Envelope>(await call(sim().baseUrl, path, body, JSON_HEADERS));
}

/** Sends the first two, then all three again: the repeat's batch refuses the two (2131) and takes the third. */
async function repeat(ids: string[]): Promise<{ data: SendData; refusedOnly: SendData }> {
	await sendOk(sim().baseUrl, unit([FIRST, SECOND]));
	const refusedOnly = await sendOk(sim().baseUrl, unit([FIRST, SECOND]));
	const data = await sendOk(sim().baseUrl, unit(ids));
	return { data, refusedOnly };
}

describe('refusedBatches: what the service keeps of what a send refused', () => {
	it('the send answer is the same in every setting: 2131 for each repeat', async () => {
		for (const refusedBatches of ['listed', 'notKept', 'empty'] as const) {
			sim().reset();
			sim().setDialect({ refusedBatches });
			const { refusedOnly } = await repeat([FIRST, SECOND, NEW]);
			expect(refusedOnly.destinations.map((d) => [d.id, d.status.id])).toEqual([
				[FIRST, 2131],
				[SECOND, 2131],
			]);
		}
	});

	it('listed (the default): the refused batch is reported, each repeat with 2131', async () => {
		expect(sim().refusedBatches).toBe('listed');
		const { refusedOnly } = await repeat([FIRST, SECOND, NEW]);
		const { handshake, data } = await report(REPORT(refusedOnly.batch));
		expect(handshake.id).toBe(0);
		expect(data.destinations.map((d) => [d.id, d.status.id])).toEqual([
			[FIRST, 2131],
			[SECOND, 2131],
		]);
	});

	it('notKept: a batch with nothing accepted is unknown (1501); a mixed one lists only what it took', async () => {
		sim().setDialect({ refusedBatches: 'notKept' });
		const { data, refusedOnly } = await repeat([FIRST, SECOND, NEW]);
		expect((await report(REPORT(refusedOnly.batch))).handshake).toEqual({
			id: 1501,
			label: 'HSHK_ERR_MR_BATCH_ID',
		});
		const whole = await report(REPORT(data.batch));
		expect(whole.data.destinations.map((d) => [d.id, d.status.id])).toEqual([[NEW, 2110]]);
		const byId = await report(
			REPORT_IDS(data.batch),
			JSON.stringify({ destinations: [FIRST, NEW] }),
		);
		expect(byId.data.destinations.map((d) => [d.id, d.status.id, d.validation?.id])).toEqual([
			[FIRST, 2101, 2404],
			[NEW, 2110, 2401],
		]);
	});

	it('empty: a batch with nothing accepted is kept with no destinations', async () => {
		sim().setDialect({ refusedBatches: 'empty' });
		const { refusedOnly } = await repeat([FIRST, SECOND, NEW]);
		const whole = await report(REPORT(refusedOnly.batch));
		expect(whole.handshake.id).toBe(0);
		expect(whole.data).toMatchObject({
			batch: refusedOnly.batch,
			delivery: true,
			destinationsCount: 0,
			destinations: [],
		});
		const byId = await report(
			REPORT_IDS(refusedOnly.batch),
			JSON.stringify({ destinations: [FIRST] }),
		);
		expect(byId.data.destinations).toEqual([
			{
				id: FIRST,
				status: { id: 2101, label: 'DS_UNKNOWN' },
				validation: { id: 2404, label: 'DV_UNKNOWN' },
			},
		]);
	});

	it('is set at construction and over the control endpoint, and refuses an unknown value', async () => {
		const control = (method: string, body?: unknown) =>
			fetch(`${sim().baseUrl}/__sim/dialect`, {
				method,
				body: body === undefined ? undefined : JSON.stringify(body),
			});
		const put = await control('PUT', { refusedBatches: 'empty' });
		expect(await put.json()).toEqual({
			dialect: 'sdk',
			templates: 'distinct',
			deliverAfterMs: 0,
			refusedBatches: 'empty',
		});
		const bad = await control('PUT', { refusedBatches: 'dropped' });
		expect(bad.status).toBe(400);
		expect(await bad.json()).toEqual({
			error: 'refusedBatches must be one of listed, notKept, empty',
		});
		expect(() => sim().setDialect({ refusedBatches: 'gone' as never })).toThrow(
			'refusedBatches must be one of listed, notKept, empty',
		);
	});
});
