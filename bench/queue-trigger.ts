/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * `npm run bench:trigger -- --queue`: the SMSOnlineGH Trigger's throughput side by side in one n8n
 * process (regular mode) and in queue mode, main receiving the pushes with 1 and 2 workers, then
 * 2 webhook processors receiving them with 1 and 2 workers. The same storm in each: pushes of 50
 * destinations, 20 at a time, Respond at its default (a push is answered once its execution is
 * stored, so the rate is that of reports kept), each push checked answered 200 and stored whole.
 * The queue setups share one installation whose workers and processors are stopped and started
 * between them, so that no idle process stands by; each n8n process's RSS is sampled during the
 * storm. Variables: BENCH_TRIGGER_PUSHES (300).
 */
import * as os from 'node:os';

import { type Runtime } from '../tools/n8n/runtime';
import {
	postEach,
	startStack,
	untilServed,
	type N8nProcess,
	type QueueStack,
} from '../tools/queue';
import { lastExecutionId, runDataParser, type Unflatten } from '../test/queue/helpers';
import {
	pushPath,
	reckon,
	reports,
	storedReports,
	triggerWorkflow,
	type TriggerFlow,
} from '../test/queue/trigger-storm';
import { say } from './clock';
import { watchMemory } from './proc';

export const PUSHES = Math.max(1, Number(process.env.BENCH_TRIGGER_PUSHES ?? 300));
export const DESTINATIONS = 50;
export const AT_A_TIME = 20;
export const WORKER_CONCURRENCY = 10;
const WARM_UP_PUSHES = 20;
const PUSH_TIMEOUT_MS = 180_000;
const FLOW: TriggerFlow = { id: 'BenchQueueTrig01' };

export interface Setup {
	label: string;
	mode: 'regular' | 'queue';
	workers: number;
	/** Webhook processors receiving the pushes; none: main receives them. */
	processors: number;
}

/** In the order of the table; measured regular first, then queue as `MEASURE_ORDER` says. */
export const SETUPS: Setup[] = [
	{ label: 'one n8n process (regular mode)', mode: 'regular', workers: 0, processors: 0 },
	{ label: 'queue: main receiving, 1 worker', mode: 'queue', workers: 1, processors: 0 },
	{ label: 'queue: main receiving, 2 workers', mode: 'queue', workers: 2, processors: 0 },
	{
		label: 'queue: 2 webhook processors receiving, 1 worker',
		mode: 'queue',
		workers: 1,
		processors: 2,
	},
	{
		label: 'queue: 2 webhook processors receiving, 2 workers',
		mode: 'queue',
		workers: 2,
		processors: 2,
	},
];
/** Each step starts or stops at most one kind of process. */
const MEASURE_ORDER = [0, 1, 2, 4, 3];

export interface SetupFigure {
	setup: Setup;
	seconds: number;
	pushesPerSecond: number;
	destinationsPerSecond: number;
	answered200: number;
	/** Answered 200 and not in a successful execution with all its destinations. */
	lost: number;
	storedTwice: number;
	/** Peak RSS (bytes) of each n8n process during the storm, by label. */
	peakRss: Record<string, number>;
	load: [number, number];
}

export interface TriggerQueueResult {
	figures: SetupFigure[];
	cores: number;
	cpu: string;
	load: [number, number];
	startedAt: Date;
	endedAt: Date;
}

/** Stops or starts workers and processors until exactly the setup's ones run. */
async function arrange(stack: QueueStack, setup: Setup): Promise<void> {
	const fit = async (
		list: N8nProcess[],
		wanted: number,
		restart: (label: string) => Promise<unknown>,
	) => {
		await Promise.all(
			[...list].map(async (p, i) => {
				if (i < wanted && p.child.exited()) await restart(p.label);
				if (i >= wanted && !p.child.exited()) await p.stop();
			}),
		);
	};
	await fit(stack.workers, setup.workers, (label) => stack.restartWorker(label));
	await fit(stack.webhookProcessors, setup.processors, (label) =>
		stack.restartWebhookProcessor(label),
	);
}

/** Where the n-th push goes: main, or the processors in turn (a load balancer's round-robin). */
function urlOf(stack: QueueStack, setup: Setup): (n: number) => string {
	return (n) =>
		setup.processors === 0
			? `${stack.main.url}/webhook/${pushPath(FLOW)}`
			: stack.webhookUrl(pushPath(FLOW), n);
}

function running(stack: QueueStack): N8nProcess[] {
	return [stack.main, ...stack.workers, ...stack.webhookProcessors].filter(
		(p) => !p.child.exited(),
	);
}

async function measure(
	stack: QueueStack,
	unflatten: Unflatten,
	setup: Setup,
	tag: number,
): Promise<SetupFigure> {
	const url = urlOf(stack, setup);
	for (let n = 0; n < Math.max(1, setup.processors); n++) {
		const served = await untilServed(url(n), reports(0xf000 + tag, 1, 1)[0].body, 120_000);
		if (served.status !== 200)
			throw new Error(
				`bench trigger queue: ${setup.label}: receiver ${n + 1} answered ${served.status}`,
			);
	}
	// Every receiver and worker has run the workflow's paths a few times before the clock starts.
	await postEach(
		url,
		reports(0xe000 + tag, WARM_UP_PUSHES, DESTINATIONS).map((p) => p.body),
		AT_A_TIME,
		PUSH_TIMEOUT_MS,
	);
	const pushes = reports(tag, PUSHES, DESTINATIONS);
	const before = await lastExecutionId(stack);
	const watched = running(stack).map((p) => ({
		label: p.label,
		watch: watchMemory(p.child.pid, 250),
	}));
	const loadBefore = os.loadavg()[0];
	const t0 = performance.now();
	const results = await postEach(
		url,
		pushes.map((p) => p.body),
		AT_A_TIME,
		PUSH_TIMEOUT_MS,
	);
	const seconds = (performance.now() - t0) / 1000;
	const peakRss = Object.fromEntries(
		watched.map(({ label, watch }) => [
			label,
			Math.max(0, ...watch.stop().samples.map((s) => s.rss)),
		]),
	);
	const reckoning = reckon(pushes, results, await storedReports(stack, unflatten, FLOW.id, before));
	const figure: SetupFigure = {
		setup,
		seconds,
		pushesPerSecond: PUSHES / seconds,
		destinationsPerSecond: (PUSHES * DESTINATIONS) / seconds,
		answered200: results.filter((r) => r.status === 200).length,
		lost: reckoning.lost.length,
		storedTwice: reckoning.storedTwice,
		peakRss,
		load: [loadBefore, os.loadavg()[0]],
	};
	say(
		`trigger queue: ${setup.label}: ${figure.pushesPerSecond.toFixed(1)} pushes/s, ${figure.destinationsPerSecond.toFixed(0)} destinations/s; ${figure.answered200}/${PUSHES} answered 200, lost ${figure.lost}`,
	);
	return figure;
}

async function withStack<T>(
	runtime: Runtime,
	tarball: string,
	mode: 'regular' | 'queue',
	run: (stack: QueueStack) => Promise<T>,
): Promise<T> {
	const t0 = Date.now();
	const stack = await startStack({
		runtime,
		tarball,
		mode,
		workers: mode === 'queue' ? 2 : 0,
		concurrency: WORKER_CONCURRENCY,
		webhookProcessors: mode === 'queue' ? 2 : 0,
		mainServesWebhooks: true,
		credentials: [],
		workflows: [triggerWorkflow(FLOW)],
	});
	say(`trigger queue: ${mode} installation up in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
	try {
		return await run(stack);
	} finally {
		await stack.stop();
	}
}

/** Every setup in turn: about 2 minutes for regular mode, 6–8 for the four queue setups. */
export async function benchTriggerQueue(
	runtime: Runtime,
	tarball: string,
): Promise<TriggerQueueResult> {
	const startedAt = new Date();
	const load0 = os.loadavg()[0];
	const unflatten = runDataParser(runtime.dir);
	const figures = new Map<Setup, SetupFigure>();
	await withStack(runtime, tarball, 'regular', async (stack) =>
		figures.set(SETUPS[0], await measure(stack, unflatten, SETUPS[0], 1)),
	);
	await withStack(runtime, tarball, 'queue', async (stack) => {
		for (const index of MEASURE_ORDER.filter((i) => SETUPS[i].mode === 'queue')) {
			await arrange(stack, SETUPS[index]);
			figures.set(SETUPS[index], await measure(stack, unflatten, SETUPS[index], index + 1));
		}
	});
	return {
		figures: SETUPS.map((s) => figures.get(s)!),
		cores: os.cpus().length,
		cpu: os.cpus()[0]?.model ?? 'unknown',
		load: [load0, os.loadavg()[0]],
		startedAt,
		endedAt: new Date(),
	};
}
