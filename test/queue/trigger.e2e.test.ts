/**
 * The SMSOnlineGH Trigger in n8n's queue mode with webhook processors: Redis, Postgres, n8n main
 * (serving no production webhook), two `n8n webhook` processors and two workers, the package
 * installed on each. Storms of delivery-report pushes go to the processors in turn, as a load
 * balancer would send them; after each, every push answered 2xx must be in a successful stored
 * execution with all its destinations (lost = 0), also when a worker or a webhook processor is
 * killed (kill -9) mid-storm. The pushes that got no 2xx are the ones the service would push again:
 * they are counted, pushed again, and then every report is stored. Then the Balance Trigger polls
 * on main only: one alert for one crossing in the whole installation. Last, main is killed mid-storm
 * and started again (it is the one process a user may think the pushes need).
 *
 * QUEUE_TRIGGER_PUSHES sets the pushes of a storm (300 by default). Set-up: trigger-suite.ts.
 */
import { DEMO_ACCOUNT } from '../../simulator';
import { untilServed, workerExecutions, type CallResult } from '../../tools/queue';
import { BALANCE_FLOW, BALANCE_PATH, BALANCE_TRIGGER_NAME } from './balance-flow';
import { executionsAfter, lastExecutionId, note } from './helpers';
import { pushPath, reckon, reports, storedReports, storm, type Push } from './trigger-storm';
import {
	PUSHES,
	DESTINATIONS,
	CONCURRENCY,
	PUSH_TIMEOUT_MS,
	DEFAULT_RESPOND,
	IMMEDIATELY,
	sim,
	sleep,
	ok,
	stack,
	unflatten,
	freshTag,
	until,
	quiet,
	stormOf,
	pushAgain,
	killBusyWorker,
	useQueueTriggerStack,
} from './trigger-suite';

useQueueTriggerStack();

test('main serves no production webhook: a push sent to it is not answered 2xx and starts nothing', async () => {
	const before = await lastExecutionId(stack);
	const response = await fetch(`${stack.main.url}/webhook/${pushPath(DEFAULT_RESPOND)}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(reports(0xfffe, 1, 1)[0].body),
	});
	note(`a push to main: HTTP ${response.status}`);
	expect(response.status).toBe(404);
	await sleep(2000);
	expect(await executionsAfter(stack, before)).toEqual([]);
});

describe.each([
	['Respond at its default, When the Workflow Has Finished', DEFAULT_RESPOND],
	['Respond: Immediately', IMMEDIATELY],
])('a storm of pushes through two webhook processors (%s)', (_respond, flow) => {
	test('every push answered 200 and stored once with all its destinations, both processors and both workers used', async () => {
		const startedBefore = stack.workers.map(
			(w) => workerExecutions(w.child.output()).started.length,
		);
		const { pushes, before, results } = await stormOf(flow);
		expect(await quiet(before)).toEqual([]);
		const stored = await storedReports(stack, unflatten, flow.id, before);
		const reckoning = reckon(pushes, results, stored);
		const ranBy = stack.workers.map(
			(w, i) => workerExecutions(w.child.output()).started.length - startedBefore[i],
		);
		note(
			`answered ${JSON.stringify(reckoning)}; executions ${JSON.stringify(stored.statuses)}; per worker ${ranBy.join(' / ')}`,
		);
		expect(results.map((r) => (r.status === 200 ? 200 : r))).toEqual(pushes.map(() => 200));
		expect(reckoning.lost).toEqual([]);
		expect(stored.statuses).toEqual({ success: PUSHES });
		expect(reckoning.storedTwice).toBe(0);
		for (const count of ranBy) expect(count).toBeGreaterThan(0);
	});
});

test('kill -9 of a worker mid-storm (default respond): every push answered 2xx is stored whole; the others, pushed again, are stored', async () => {
	const killed = { label: '', inFlight: 0 };
	const killWorker = () => killBusyWorker(killed);
	const { pushes, before, results } = await stormOf(DEFAULT_RESPOND, {
		after: { answered: Math.floor(PUSHES / 3), then: killWorker },
	});
	const open = await quiet(before);
	const first = reckon(
		pushes,
		results,
		await storedReports(stack, unflatten, DEFAULT_RESPOND.id, before),
	);
	note(`after the worker's kill: ${JSON.stringify(first)}`);
	// Restarted first, as a supervisor would: the tests after this one find two workers again.
	await stack.restartWorker(killed.label);
	expect(killed.inFlight).toBeGreaterThan(0);
	expect(open).toEqual([]);
	expect(first.lost).toEqual([]);
	// What a killed worker's executions give their pushes: n8n fails them, the push gets a 500.
	expect(Object.keys(first.refused).filter((status) => status !== '500')).toEqual([]);

	const final = await pushAgain(DEFAULT_RESPOND, pushes, results);
	expect(await quiet(before)).toEqual([]);
	const after = reckon(
		pushes,
		final,
		await storedReports(stack, unflatten, DEFAULT_RESPOND.id, before),
	);
	note(
		`after pushing again the ${PUSHES - first.answered2xx} not answered 2xx: ${JSON.stringify(after)}`,
	);
	expect(final.filter((r) => !ok(r))).toEqual([]);
	expect(after.lost).toEqual([]);
});

test('kill -9 of a worker mid-storm with Respond: Immediately: every push answered 200, and those whose execution the worker had are lost (counted)', async () => {
	const killed = { label: '', inFlight: 0 };
	const killWorker = () => killBusyWorker(killed);
	const { pushes, before, results } = await stormOf(IMMEDIATELY, {
		after: { answered: Math.floor(PUSHES / 3), then: killWorker },
	});
	const open = await quiet(before);
	const stored = await storedReports(stack, unflatten, IMMEDIATELY.id, before);
	const reckoning = reckon(pushes, results, stored);
	note(
		`Immediately, a worker killed: ${JSON.stringify(reckoning)}; executions ${JSON.stringify(stored.statuses)}, ${stored.failedHoldingItems} failed ones still holding their report`,
	);
	await stack.restartWorker(killed.label);
	expect(killed.inFlight).toBeGreaterThan(0);
	expect(open).toEqual([]);
	// The 200 came before the run: the service will not push these again.
	expect(results.map((r) => (r.status === 200 ? 200 : r))).toEqual(pushes.map(() => 200));
	// Each push is one execution: exactly those that did not succeed lost their report.
	expect(reckoning.lost.length).toBe(PUSHES - (stored.statuses.success ?? 0));
});

test('kill -9 of a webhook processor mid-storm (default respond): every push answered 2xx is stored whole; the others, pushed again, are stored', async () => {
	const dead = new Set<number>();
	const victim = stack.webhookProcessors[1];
	const killProcessor = () => {
		note(`kill -9 ${victim.label}`);
		victim.child.kill9();
		// The load balancer's health check finds it gone: later pushes go to the other one.
		dead.add(1);
	};
	const { pushes, before, results } = await stormOf(DEFAULT_RESPOND, {
		after: { answered: Math.floor(PUSHES / 3), then: killProcessor },
		dead,
	});
	const orphans = await quiet(before);
	const first = reckon(
		pushes,
		results,
		await storedReports(stack, unflatten, DEFAULT_RESPOND.id, before),
	);
	note(
		`after the processor's kill: ${JSON.stringify(first)}; executions left new for good: ${orphans.length}`,
	);
	await stack.restartWebhookProcessor(victim.label);
	await untilServed(
		stack.webhookUrl(pushPath(DEFAULT_RESPOND), 1),
		reports(0xfffd, 1, 1)[0].body,
		60_000,
	);
	expect(first.lost).toEqual([]);
	// The pushes it held when it died got no answer.
	expect(first.unanswered).toBeGreaterThan(0);

	const final = await pushAgain(DEFAULT_RESPOND, pushes, results);
	await quiet(before);
	const after = reckon(
		pushes,
		final,
		await storedReports(stack, unflatten, DEFAULT_RESPOND.id, before),
	);
	note(
		`after pushing again the ${PUSHES - first.answered2xx} not answered 2xx: ${JSON.stringify(after)}`,
	);
	expect(final.filter((r) => !ok(r))).toEqual([]);
	expect(after.lost).toEqual([]);
});

test(
	'the Balance Trigger polls on main only: one alert for one crossing in the whole installation',
	async () => {
		const reads = () => sim.journal.filter((e) => e.path === BALANCE_PATH).length;
		const alerts = async () =>
			stack.postgres.query(
				`select e.id, e.status, d.data from execution_entity e join execution_data d on d."executionId" = e.id where e."workflowId" = '${BALANCE_FLOW}' order by e.id`,
			);
		// Active since the stack started, polled every minute with the balance above the threshold.
		await until('a first poll', () => reads() > 0, 90_000);
		expect(await alerts()).toEqual([]);

		sim.setBalance(DEMO_ACCOUNT.id, 50);
		const r0 = reads();
		for (const poll of [1, 2]) {
			await until(`poll ${poll} after the fall`, () => reads() >= r0 + poll, 150_000);
			await sleep(5000);
			await until(
				'the alert stored',
				async () =>
					(await alerts()).every(([, status]) => status !== 'new' && status !== 'running'),
				60_000,
			);
		}
		const stored = await alerts();
		note(`balance reads over two polls: ${reads() - r0}; alerts: ${stored.length}`);
		// Five n8n processes; had each polled, five reads a poll and five alerts.
		expect(reads() - r0).toBe(2);
		expect(stored.map(([, status]) => status)).toEqual(['success']);
		const items =
			unflatten(stored[0].slice(2).join('|')).resultData?.runData?.[BALANCE_TRIGGER_NAME]?.[0]?.data
				?.main?.[0] ?? [];
		expect(items.map((i) => i.json)).toEqual([
			expect.objectContaining({ event: 'balanceBelow', balance: 50, threshold: 100 }),
		]);
	},
	6 * 60 * 1000,
);

test(
	'kill -9 of main mid-storm, started again (default respond): every push answered 2xx is stored whole; the others, pushed again, are stored',
	async () => {
		// Rounds of pushes go on until main is ready again and one more round has gone through: pushes
		// flow while it is down, while it starts (its queue recovery, which fails executions it finds
		// neither finished nor queued, runs then) and after.
		const ROUND = 2 * CONCURRENCY;
		const outage = {
			answered: 0,
			whileDown: 0,
			down: false,
			ready: false,
			killedAt: -1,
			readyAt: -1,
		};
		let restarted: Promise<void> = Promise.resolve();
		let restartFailed: unknown;
		const killMain = () => {
			note(
				`kill -9 ${stack.main.label} after ${outage.answered} pushes answered; started again at once, as a supervisor would`,
			);
			stack.main.child.kill9();
			outage.down = true;
			outage.killedAt = outage.answered;
			const t0 = Date.now();
			restarted = stack.restartMain().then(
				() => {
					Object.assign(outage, { down: false, ready: true, readyAt: outage.answered });
					note(`${stack.main.label} ready again after ${outage.answered} pushes answered`, t0);
				},
				(error: unknown) => {
					restartFailed = error;
				},
			);
		};
		const onResult = (r: CallResult) => {
			if (r.status === 0) return;
			outage.answered++;
			if (outage.down) outage.whileDown++;
		};
		const before = await lastExecutionId(stack);
		const pushes: Push[] = [];
		const results: CallResult[] = [];
		const t0 = Date.now();
		for (let afterReady = 0; afterReady < 1 || pushes.length < PUSHES; ) {
			if (outage.ready) afterReady++;
			const round = reports(freshTag(), ROUND, DESTINATIONS);
			const kill =
				pushes.length === 0 ? { answered: Math.floor(ROUND / 2), then: killMain } : undefined;
			results.push(
				...(await storm(stack, pushPath(DEFAULT_RESPOND), round, {
					concurrency: CONCURRENCY,
					timeoutMs: PUSH_TIMEOUT_MS,
					after: kill,
					onResult,
				})),
			);
			pushes.push(...round);
			if (restartFailed) throw restartFailed;
		}
		await restarted;
		note(
			`${pushes.length} pushes of ${DESTINATIONS} in rounds of ${ROUND}, ${CONCURRENCY} at a time, main killed and started again: ${((Date.now() - t0) / 1000).toFixed(1)} s`,
		);
		const open = await quiet(before);
		const stored = await storedReports(stack, unflatten, DEFAULT_RESPOND.id, before);
		const first = reckon(pushes, results, stored);
		note(
			`main killed and started again: ${JSON.stringify(first)}; executions ${JSON.stringify(stored.statuses)}; answered while main was down or starting: ${outage.whileDown} (killed after ${outage.killedAt} answered, ready again after ${outage.readyAt} of ${pushes.length}); left open: ${open.length}`,
		);
		// The processors and the workers went on without main: pushes were answered while it was down.
		expect(outage.whileDown).toBeGreaterThan(0);
		expect(first.lost).toEqual([]);

		const final = await pushAgain(DEFAULT_RESPOND, pushes, results);
		await quiet(before);
		const after = reckon(
			pushes,
			final,
			await storedReports(stack, unflatten, DEFAULT_RESPOND.id, before),
		);
		note(
			`after pushing again the ${pushes.length - first.answered2xx} not answered 2xx: ${JSON.stringify(after)}`,
		);
		expect(final.filter((r) => !ok(r))).toEqual([]);
		expect(after.lost).toEqual([]);
		// Main is whole again: its REST API, to the same session, has the trigger's workflow still active.
		const flow = await fetch(`${stack.main.url}/rest/workflows/${DEFAULT_RESPOND.id}`, {
			headers: { cookie: stack.cookie, 'browser-id': 'queue-suite' },
		});
		expect(flow.status).toBe(200);
		expect(((await flow.json()) as { data: { active: boolean } }).data.active).toBe(true);
	},
	8 * 60 * 1000,
);
