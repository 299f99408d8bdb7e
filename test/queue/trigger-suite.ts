/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The set-up of trigger.e2e.test.ts: the queue stack with two webhook processors and two workers,
 * the simulator, and the storms its tests push. Call useQueueTriggerStack() at the top of the file:
 * it starts them in beforeAll and stops them in afterAll.
 */
import * as path from 'node:path';
import { DEMO_ACCOUNT, Simulator } from '../../simulator';
import { ensureRuntime } from '../../tools/n8n/runtime';
import {
	FAST_STALLED_DETECTION,
	queueCredential,
	startStack,
	untilServed,
	workerExecutions,
	type CallResult,
	type QueueStack,
} from '../../tools/queue';
import { balanceWorkflow } from './balance-flow';
import {
	ARTIFACTS,
	executionsAfter,
	lastExecutionId,
	note,
	readSetup,
	runDataParser,
	type Unflatten,
} from './helpers';
import {
	pushPath,
	reports,
	storm,
	triggerWorkflow,
	type Push,
	type StormOptions,
	type TriggerFlow,
} from './trigger-storm';

export const PUSHES = Number(process.env.QUEUE_TRIGGER_PUSHES ?? 300);
export const DESTINATIONS = 50;
export const CONCURRENCY = 25;
export const WORKER_CONCURRENCY = 10;
/** A push's answer may wait for a queue of executions ahead of it, and for a dead worker's to fail. */
export const PUSH_TIMEOUT_MS = 180_000;

export const DEFAULT_RESPOND: TriggerFlow = { id: 'QueueTrigDefault' };
export const IMMEDIATELY: TriggerFlow = { id: 'QueueTrigImmedia', respond: 'immediately' };

export const sim = new Simulator({
	accounts: [{ ...DEMO_ACCOUNT, senders: [...DEMO_ACCOUNT.senders], balance: 1000 }],
});
export let stack: QueueStack;
export let unflatten: Unflatten;
/** Each storm pushes reports no other storm pushed. */
let nextTag = 1;

/** A tag no storm used before: its reports are new to the installation. */
export function freshTag(): number {
	return nextTag++;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(
	what: string,
	predicate: () => boolean | Promise<boolean>,
	timeoutMs: number,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await predicate())) {
		if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
		await sleep(250);
	}
}

/**
 * Waits until no execution after `afterId` runs or waits for a worker any more; returns those
 * left `new` for good (created by a processor killed before it queued them), none otherwise.
 */
export async function quiet(afterId: number): Promise<number[]> {
	let last = '';
	let since = Date.now();
	const deadline = Date.now() + 150_000;
	for (;;) {
		const open = (await executionsAfter(stack, afterId)).filter(
			(e) => e.status === 'new' || e.status === 'running',
		);
		const key = open.map((e) => `${e.id}:${e.status}`).join();
		if (key !== last) [last, since] = [key, Date.now()];
		const stuck =
			open.length > 0 && open.every((e) => e.status === 'new') && Date.now() - since > 15_000;
		if (open.length === 0 || stuck || Date.now() > deadline) return open.map((e) => e.id);
		await sleep(500);
	}
}

export const ok = (r: CallResult) => r.status >= 200 && r.status < 300;

/**
 * kill -9 of the first worker seen running executions (its log: started, not finished), looked
 * for every 20 ms for up to 20 s, so that the kill falls on executions in flight; `killed` says
 * which worker and how many it ran.
 */
export function killBusyWorker(killed: { label: string; inFlight: number }): void {
	const deadline = Date.now() + 20_000;
	const look = () => {
		const busy = stack.workers.find((w) => workerExecutions(w.child.output()).inFlight.length > 0);
		if (!busy && Date.now() < deadline) {
			setTimeout(look, 20);
			return;
		}
		const worker = busy ?? stack.workers[0];
		killed.label = worker.label;
		killed.inFlight = workerExecutions(worker.child.output()).inFlight.length;
		worker.child.kill9();
		note(`kill -9 ${worker.label} with ${killed.inFlight} executions in flight`);
	};
	look();
}

export function useQueueTriggerStack(): void {
	beforeAll(
		async () => {
			const t0 = Date.now();
			const simUrl = await sim.start(0);
			const runtime = await ensureRuntime('n8n-2');
			unflatten = runDataParser(runtime.dir);
			const credential = queueCredential(simUrl);
			stack = await startStack({
				runtime,
				tarball: readSetup().tarball,
				mode: 'queue',
				workers: 2,
				concurrency: WORKER_CONCURRENCY,
				webhookProcessors: 2,
				credentials: [credential],
				workflows: [
					triggerWorkflow(DEFAULT_RESPOND),
					triggerWorkflow(IMMEDIATELY),
					balanceWorkflow(credential),
				],
				stalled: FAST_STALLED_DETECTION,
				logDir: path.join(ARTIFACTS, 'trigger'),
				log: (message) => note(message),
			});
			// Each processor serves each trigger (a small report answered 200) before the storms.
			for (const flow of [DEFAULT_RESPOND, IMMEDIATELY]) {
				for (let n = 0; n < stack.webhookProcessors.length; n++) {
					const served = await untilServed(
						stack.webhookUrl(pushPath(flow), n),
						reports(0xffff, 1, 1)[0].body,
						60_000,
					);
					if (served.status !== 200)
						throw new Error(
							`${flow.id} not served by processor ${n + 1}: ${served.status} ${JSON.stringify(served.body)}`,
						);
				}
			}
			note('stack with two webhook processors started and warmed up', t0);
		},
		10 * 60 * 1000,
	);

	afterAll(
		async () => {
			await stack?.stop();
			await sim.stop();
		},
		3 * 60 * 1000,
	);
}

/** A storm of fresh reports for `flow`, `extra` as in StormOptions; its figures are printed. */
export async function stormOf(
	flow: TriggerFlow,
	extra: Pick<StormOptions, 'after' | 'dead' | 'onResult'> = {},
) {
	const pushes = reports(freshTag(), PUSHES, DESTINATIONS);
	const before = await lastExecutionId(stack);
	const t0 = Date.now();
	const results = await storm(stack, pushPath(flow), pushes, {
		concurrency: CONCURRENCY,
		timeoutMs: PUSH_TIMEOUT_MS,
		...extra,
	});
	const seconds = (Date.now() - t0) / 1000;
	note(
		`${PUSHES} pushes of ${DESTINATIONS} (${flow.respond ?? 'default respond'}), ${CONCURRENCY} at a time: ${seconds.toFixed(1)} s, ${(PUSHES / seconds).toFixed(1)} pushes/s, ${((PUSHES * DESTINATIONS) / seconds).toFixed(0)} destinations/s`,
	);
	return { pushes, before, results };
}

/** The service's second push of every report not answered 2xx, once all processors are up again. */
export async function pushAgain(
	flow: TriggerFlow,
	pushes: Push[],
	results: CallResult[],
): Promise<CallResult[]> {
	const again = pushes.filter((_, i) => !ok(results[i]));
	const second = await storm(stack, pushPath(flow), again, {
		concurrency: CONCURRENCY,
		timeoutMs: PUSH_TIMEOUT_MS,
	});
	const final = [...results];
	let k = 0;
	results.forEach((r, i) => {
		if (!ok(r)) final[i] = second[k++];
	});
	return final;
}
