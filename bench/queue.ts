/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The queue-mode line of `npm run bench` (BENCH_QUEUE=1, or `npm run bench:queue` alone):
 * executions per second of the queue suite's workload (200 webhook calls of 50 numbers, 20 at a
 * time, Webhook → Code → SMS with Batch Size 10) in regular mode (main alone), and in queue mode
 * with one worker and with two, measured in one run on the same Postgres-backed installation, with
 * the CPU time each part used. On a machine of few cores the workers share them with main,
 * Postgres, Redis, the simulator and the calling client: the figures are what they are there.
 */
import * as os from 'node:os';

import { DEMO_ACCOUNT, Simulator } from '../simulator';
import { type Runtime } from '../tools/n8n/runtime';
import {
	international,
	postAll,
	queueCredential,
	queueWorkflow,
	startStack,
	untilServed,
	workload,
	type QueueStack,
} from '../tools/queue';
import { say } from './clock';
import { table } from './format';
import { treeCpuMs } from './proc';

const CALLS = 200;
const PER_CALL = 50;
const AT_A_TIME = 20;
const WORKER_CONCURRENCY = 10;
const BATCH_SIZE = 10;
const WARM_UP_CALLS = 40;
const WORKFLOW = { id: 'BenchQueueSms001', path: 'bench-queue-sms', batchSize: BATCH_SIZE };
export const QUEUE_RUNS = Math.max(1, Number(process.env.BENCH_QUEUE_RUNS ?? 3));

interface Setup {
	label: string;
	mode: 'regular' | 'queue';
	workers: number;
}

const SETUPS: Setup[] = [
	{ label: 'regular mode (main runs every execution)', mode: 'regular', workers: 0 },
	{ label: 'queue mode, 1 worker', mode: 'queue', workers: 1 },
	{ label: 'queue mode, 2 workers', mode: 'queue', workers: 2 },
];

export interface QueueFigure {
	setup: Setup;
	/** Executions per second of each run. */
	rates: number[];
	/** CPU seconds per run (medians) of each part: main, workers, postgres, redis, this process. */
	cpu: Record<string, number>;
}

export interface QueueResult {
	cores: number;
	/** 1-minute load average when the queue line started and ended: other jobs on the machine. */
	load: [number, number];
	figures: QueueFigure[];
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** CPU time used so far by each part of the installation (the bench's own process included). */
function cpuByPart(stack: QueueStack): Record<string, number> {
	const self = process.cpuUsage();
	return {
		main: treeCpuMs(stack.main.child.pid),
		workers: stack.workers.reduce((sum, w) => sum + treeCpuMs(w.child.pid), 0),
		postgres: treeCpuMs(stack.postgres.child.pid),
		redis: treeCpuMs(stack.redis.child.pid),
		'simulator + client': (self.user + self.system) / 1000,
	};
}

/** One run of the workload; throws unless every call got its 50 accepted numbers. */
async function oneRun(
	stack: QueueStack,
	sim: Simulator,
	first: number,
): Promise<{ rate: number; cpu: Record<string, number> }> {
	sim.reset();
	sim.setBalance(DEMO_ACCOUNT.id, 10_000_000);
	const calls = workload(CALLS, PER_CALL, first);
	const cpuBefore = cpuByPart(stack);
	const t0 = performance.now();
	const results = await postAll(stack.webhookUrl(WORKFLOW.path), calls, AT_A_TIME, 300_000);
	const seconds = (performance.now() - t0) / 1000;
	const cpuAfter = cpuByPart(stack);
	const accepted = results.every(
		(r, i) =>
			r.status === 200 &&
			Array.isArray(r.body) &&
			r.body.length === PER_CALL &&
			calls[i].numbers.every((n) => sim.submissionCount(international(n)) === 1),
	);
	if (!accepted)
		throw new Error('bench queue: a call failed or a number was not accepted exactly once');
	const cpu = Object.fromEntries(
		Object.keys(cpuAfter).map((part) => [part, (cpuAfter[part] - cpuBefore[part]) / 1000]),
	);
	return { rate: CALLS / seconds, cpu };
}

async function measureSetup(
	runtime: Runtime,
	tarball: string,
	sim: Simulator,
	simUrl: string,
	setup: Setup,
): Promise<QueueFigure> {
	const stack = await startStack({
		runtime,
		tarball,
		mode: setup.mode,
		workers: setup.workers,
		concurrency: WORKER_CONCURRENCY,
		credentials: [queueCredential(simUrl)],
		workflows: [queueWorkflow(WORKFLOW)],
	});
	try {
		const url = stack.webhookUrl(WORKFLOW.path);
		const served = await untilServed(url, { numbers: ['0209999999'] }, 60_000);
		if (served.status !== 200)
			throw new Error(`bench queue: webhook not served (${served.status})`);
		// Warm-up: every process has started its task runner, and n8n and Postgres have run the
		// workload's paths a few dozen times before the clock starts (the first run was slower).
		await postAll(url, workload(WARM_UP_CALLS, PER_CALL, 9_000_000), AT_A_TIME, 300_000);
		const runs: Array<{ rate: number; cpu: Record<string, number> }> = [];
		for (let k = 0; k < QUEUE_RUNS; k++) {
			runs.push(await oneRun(stack, sim, k * CALLS * PER_CALL));
			say(`queue: ${setup.label}, run ${k + 1}: ${runs[k].rate.toFixed(2)} executions/s`);
		}
		const cpu = Object.fromEntries(
			Object.keys(runs[0].cpu).map((part) => [part, median(runs.map((r) => r.cpu[part]))]),
		);
		return { setup, rates: runs.map((r) => r.rate), cpu };
	} finally {
		await stack.stop();
	}
}

/** Measures every setup in turn, each on an installation of its own (about 2–3 minutes each). */
export async function benchQueue(runtime: Runtime, tarball: string): Promise<QueueResult> {
	const sim = new Simulator({
		accounts: [{ ...DEMO_ACCOUNT, senders: [...DEMO_ACCOUNT.senders], balance: 10_000_000 }],
	});
	const simUrl = await sim.start(0);
	const loadBefore = os.loadavg()[0];
	const figures: QueueFigure[] = [];
	try {
		for (const setup of SETUPS)
			figures.push(await measureSetup(runtime, tarball, sim, simUrl, setup));
	} finally {
		await sim.stop();
	}
	return { cores: os.cpus().length, load: [loadBefore, os.loadavg()[0]], figures };
}

/** The one-line summary, for the console. */
export function queueLine(result: QueueResult): string {
	const parts = result.figures.map((f) => `${f.setup.label}: ${median(f.rates).toFixed(2)}`);
	return `queue mode, ${CALLS} executions of ${PER_CALL} numbers, ${AT_A_TIME} at a time, on ${result.cores} cores: executions/s ${parts.join('; ')}`;
}

/** The section of RESULTS.md. */
export function queueSection(result: QueueResult): string[] {
	const parts = Object.keys(result.figures[0]?.cpu ?? {});
	const rows = result.figures.map((f) => [
		f.setup.label,
		median(f.rates).toFixed(2),
		`${Math.min(...f.rates).toFixed(2)}–${Math.max(...f.rates).toFixed(2)}`,
		...parts.map((part) => f.cpu[part].toFixed(1)),
	]);
	return [
		'## Queue mode',
		'',
		`${CALLS} webhook calls of ${PER_CALL} numbers each, ${AT_A_TIME} at a time, workflow Webhook → Code → SMS (Batch Size ${BATCH_SIZE}, so 5 requests an execution), every number checked accepted once; n8n on Postgres (durability off) in every setup, Redis for the queue, workers at concurrency ${WORKER_CONCURRENCY}. ${QUEUE_RUNS} run${QUEUE_RUNS === 1 ? '' : 's'} each after ${WARM_UP_CALLS} warm-up calls, medians. The machine has ${result.cores} cores, shared by main, the workers, Postgres, Redis, the simulator and the calling client (CPU seconds per run show who used them), and by other jobs: load average ${result.load[0].toFixed(1)} when this started, ${result.load[1].toFixed(1)} at the end.`,
		'',
		table(['Setup', 'Executions/s', 'min–max', ...parts.map((p) => `CPU s: ${p}`)], rows),
		'',
	];
}
