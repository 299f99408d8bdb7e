/**
 * One alert per fall below the threshold, across n8n restarts, whatever n8n keeps of the trigger's
 * static data. n8n is modelled as its source shows (docs/balance-trigger.md, "Across restarts"):
 *
 * - `emits`: n8n 1.123, and 2.41 as installed (durable poll cursors off), write a poll's static
 *   data to the database when the poll returns something (the `__emit` of the poll context), and
 *   after activating the workflow (which polls once); a poll that returns null is kept in memory only.
 * - `emitsOnly`: the same without the write after activation (the least n8n could keep).
 * - `everyPoll`: n8n 2.41 with durable poll cursors (N8N_POLLER_DURABLE_CURSORS_ENABLED and its
 *   scheduler): a poll that returns null commits its state too.
 *
 * A restart drops what was not written; the first poll after it is the activation's. A failed poll
 * writes nothing. Every run of balances (below, above, a failed read) with a restart before any
 * poll gives exactly the alerts of the run without restarts.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { SmsOnlineGhBalanceTrigger } from '../../../nodes/SmsOnlineGhBalanceTrigger/SmsOnlineGhBalanceTrigger.node';
import type { Answer } from '../../harness/fakeContext';
import { fakeContext, serviceAnswer } from '../../harness/fakeContext';

type Keeping = 'emits' | 'emitsOnly' | 'everyPoll';
/** A poll's reading: the balance, or a failed read (the service refused the key: no retry, no wait). */
type Reading = number | 'fails';

const LOW = 50;
const HIGH = 500;
const THRESHOLD = 100;

const answerOf = (reading: Reading): Answer =>
	reading === 'fails'
		? serviceAnswer(null, { id: 1203, label: 'HSHK_ERR_UA_AUTH' })
		: serviceAnswer({
				balance: reading,
				model: 'quantity',
				currencyName: null,
				currencyCode: null,
			});

/** n8n running the trigger of one active workflow: its database, and its memory while it runs. */
class N8n {
	private database: IDataObject = {};
	private memory: IDataObject | undefined;
	private readonly fake = fakeContext({
		parameters: { event: 'balanceBelow', threshold: THRESHOLD },
	});
	private readonly node = new SmsOnlineGhBalanceTrigger();

	constructor(private readonly keeping: Keeping) {
		Object.assign(this.fake.ctx, {
			getMode: () => 'trigger',
			getWorkflowStaticData: () => this.memory,
		});
	}

	restart(): void {
		this.memory = undefined;
	}

	/** One poll: 'alert' for an alert item, 'empty' for a run without items, null for nothing. */
	async poll(reading: Reading): Promise<'alert' | 'empty' | 'failed' | null> {
		const activation = this.memory === undefined;
		if (activation) this.memory = structuredClone(this.database);
		this.fake.answers.push(answerOf(reading));
		const result = await this.node.poll
			.call(this.fake.ctx as unknown as IPollFunctions)
			.catch(() => 'failed' as const);
		if (result === 'failed') return result;
		const emitted = result !== null;
		if (emitted || this.keeping === 'everyPoll' || (activation && this.keeping === 'emits'))
			this.database = structuredClone(this.memory!);
		if (!emitted) return null;
		return result[0].length === 0 ? 'empty' : 'alert';
	}
}

/** The polls that alert, by the rule alone: a read below, when the last read before it was not. */
function expectedAlerts(readings: Reading[]): number[] {
	const alerts: number[] = [];
	let armed = true;
	readings.forEach((reading, i) => {
		if (reading === 'fails') return;
		if (reading < THRESHOLD && armed) alerts.push(i);
		armed = reading >= THRESHOLD;
	});
	return alerts;
}

async function alertsOf(
	keeping: Keeping,
	readings: Reading[],
	restartBefore: Set<number>,
): Promise<number[]> {
	const n8n = new N8n(keeping);
	const alerts: number[] = [];
	for (const [i, reading] of readings.entries()) {
		if (restartBefore.has(i)) n8n.restart();
		if ((await n8n.poll(reading)) === 'alert') alerts.push(i);
	}
	return alerts;
}

/** Every sequence of `length` readings over the given values. */
function sequences(values: Reading[], length: number): Reading[][] {
	if (length === 0) return [[]];
	return sequences(values, length - 1).flatMap((head) => values.map((v) => [...head, v]));
}

describe('Balance Trigger across n8n restarts: one alert per fall, whatever n8n keeps', () => {
	it('fall, top-up, the balance falls again while n8n is down: the first poll after the restart alerts', async () => {
		for (const keeping of ['emits', 'emitsOnly', 'everyPoll'] as const) {
			const n8n = new N8n(keeping);
			expect(await n8n.poll(LOW)).toBe('alert');
			// The top-up: a run without items, so that n8n writes the re-arm to its database.
			expect(await n8n.poll(HIGH)).toBe('empty');
			expect(await n8n.poll(HIGH)).toBeNull();
			n8n.restart();
			expect(await n8n.poll(LOW)).toBe('alert');
			expect(await n8n.poll(LOW)).toBeNull();
		}
	});

	it('a restart while the balance stays below: no second alert', async () => {
		for (const keeping of ['emits', 'emitsOnly', 'everyPoll'] as const) {
			const n8n = new N8n(keeping);
			expect(await n8n.poll(LOW)).toBe('alert');
			expect(await n8n.poll(LOW)).toBeNull();
			n8n.restart();
			expect(await n8n.poll(LOW)).toBeNull();
		}
	});

	it.each(['emits', 'emitsOnly', 'everyPoll'] as const)(
		'%s: every run of five polls (below, above, failed), a restart before any of them: the alerts of the run without restarts',
		async (keeping) => {
			let runs = 0;
			for (const readings of sequences([LOW, HIGH, 'fails'], 5)) {
				const expected = expectedAlerts(readings);
				for (let mask = 0; mask < 1 << 4; mask++) {
					const restartBefore = new Set([1, 2, 3, 4].filter((i) => (mask >> (i - 1)) & 1));
					const got = await alertsOf(keeping, readings, restartBefore);
					if (got.join() !== expected.join())
						throw new Error(
							`${keeping}: ${JSON.stringify({ readings, restartBefore: [...restartBefore], got, expected })}`,
						);
					runs++;
				}
			}
			expect(runs).toBe(243 * 16);
		},
	);
});
