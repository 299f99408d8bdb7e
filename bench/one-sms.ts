/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * One event, one SMS (`npm run bench:one` alone, bench/one-run.ts; or BENCH_ONE=1 npm run bench). A webhook call carries one number; the workflow is
 * Webhook → the measured node, answering with its output. Measured in one run, each in regular
 * mode (main alone) and in queue mode with two workers, at 0 ms and at 150 ms of latency per
 * request (the simulator's latency fault, an internet round trip to the service):
 * - the SMS node, Send, default options (Check Sender on: the account's profile, then the send);
 * - the same with a Client Reference (`{{ $json.body.orderId }}`);
 * - n8n's HTTP Request node posting the same send (one request, no check).
 * Executions per second and p50/p95 of the webhook call, and the simulator's journal per
 * execution: once the profile is kept (after the warm-up) the node makes one request an
 * execution, the send, like the HTTP Request node. And what an execution cost (bench/one-cost.ts):
 * the CPU of the n8n processes per execution, the node's own time in the stored run data, and
 * the one over the other. Prints a Markdown section for RESULTS.md. What is measured (settings,
 * variants, workflows): one-sms-setup.ts.
 *
 * Variables: BENCH_ONE_CALLS (300 measured calls a cell), BENCH_ONE_AT_A_TIME (10),
 * BENCH_ONE_WARM_UP (20 calls a cell first), BENCH_ONE_LATENCIES (0,150),
 * BENCH_ONE_SETUPS (regular,queue), BENCH_ONE_ROUNDS (2: the variants measured again in the
 * reverse order, so that none is always the first after n8n starts). Needs the n8n 2.x
 * runtime, and redis-server and postgresql (queue mode, and regular mode on the same database).
 */
import * as os from 'node:os';

import { DEMO_ACCOUNT, Simulator } from '../simulator';
import { PINS, type Runtime } from '../tools/n8n/runtime';
import { postAll, queueCredential, startStack, untilServed, type QueueStack } from '../tools/queue';
import { say } from './clock';
import { table } from './format';
import {
	cpuSince,
	lastExecutionId,
	n8nCpu,
	runDataReader,
	storedNodeTimes,
	untilStored,
} from './one-cost';
import {
	AT_A_TIME,
	CALLS,
	LATENCIES,
	MEASURED,
	PROFILE_PATH,
	ROUNDS,
	SEND_PATH,
	SETUPS,
	VARIANTS,
	WARM_UP,
	workflow,
	workflowId,
	type Variant,
	type Cell,
} from './one-sms-setup';
import { comparisonRows, median, nodeShare, percentile } from './one-sms-figures';

let next = 0;
/** One call's body: a number never used before in this run, and an order id of its own. */
function bodies(count: number): Array<{ phone: string; orderId: string }> {
	return Array.from({ length: count }, () => {
		const k = next++;
		return { phone: `02${String(k).padStart(8, '0')}`, orderId: `ORD-${k}` };
	});
}

type Unflatten = ReturnType<typeof runDataReader>;

/**
 * n8n in queue mode (seen on 2.40.7) now and then leaves a webhook call unanswered although its execution
 * finished (see docs/testing.md): the cell's time then holds a 120 s wait and says nothing about
 * the node, so the cell is measured again, once, and the section says how many were.
 */
class Unanswered extends Error {
	constructor(
		readonly calls: number,
		reason: string | undefined,
	) {
		super(`bench one: n8n left ${calls} call(s) unanswered (${reason ?? 'no reason'})`);
	}
}

let remeasured = 0;

async function measureCellOnce(...args: Parameters<typeof measureCell>): Promise<Cell> {
	try {
		return await measureCell(...args);
	} catch (error) {
		if (!(error instanceof Unanswered)) throw error;
		say(`${error.message}: measuring the cell again`);
		remeasured++;
		return measureCell(...args);
	}
}

/** The warm-up calls, their executions saved before the CPU count starts; the profile reads they made. */
async function warmUp(stack: QueueStack, sim: Simulator, url: string, id: string): Promise<number> {
	const beforeWarmUp = await lastExecutionId(stack);
	const warm = await postAll(url, bodies(WARM_UP), AT_A_TIME, 120_000);
	if (warm.some((r) => r.status !== 200))
		throw new Error(
			`bench one: warm-up call failed (${warm.find((r) => r.status !== 200)?.status})`,
		);
	// The warm-up's executions saved before the CPU count starts, so that their saving is not in it.
	await untilStored(stack, { workflowId: id, afterId: beforeWarmUp, count: WARM_UP });
	return sim.journal.filter((e) => e.path === PROFILE_PATH).length;
}

/** Every measured call answered with the measured node's output (an unanswered one: measured again). */
function checkAnswers(results: Awaited<ReturnType<typeof postAll>>, variant: Variant): void {
	const unanswered = results.filter((r) => r.status === 0).length;
	if (unanswered > 0) throw new Unanswered(unanswered, results.find((r) => r.status === 0)?.error);
	const bad = results.filter(
		(r) =>
			r.status !== 200 ||
			(r.body as { verdict?: unknown; handshake?: { id?: number } })?.[
				variant.key === 'http' ? 'handshake' : 'verdict'
			] === undefined,
	);
	if (bad.length > 0)
		throw new Error(
			`bench one: ${bad.length} calls failed (${JSON.stringify(bad[0].body ?? bad[0].error).slice(0, 200)})`,
		);
}

async function measureCell(
	stack: QueueStack,
	unflatten: Unflatten,
	sim: Simulator,
	setup: string,
	round: number,
	latencyMs: number,
	variant: Variant,
): Promise<Cell> {
	const url = stack.webhookUrl(`bench-one-${variant.key}`);
	const id = workflowId(variant);
	sim.reset();
	if (latencyMs > 0) sim.addFault({ kind: 'latency', ms: latencyMs });
	const warmUpProfiles = await warmUp(stack, sim, url, id);
	const before = sim.journal.length;
	const stored = { workflowId: id, afterId: await lastExecutionId(stack), count: CALLS };
	const cpuBefore = n8nCpu(stack);
	const t0 = performance.now();
	const results = await postAll(url, bodies(CALLS), AT_A_TIME, 120_000);
	const seconds = (performance.now() - t0) / 1000;
	// The window ends once every execution is saved: saving is part of what an execution costs.
	await untilStored(stack, stored);
	const cpu = cpuSince(cpuBefore, n8nCpu(stack));
	checkAnswers(results, variant);
	const measured = sim.journal.slice(before);
	const inNode = median(await storedNodeTimes(stack, unflatten, stored, MEASURED));
	const ms = results.map((r) => r.ms).sort((a, b) => a - b);
	return {
		setup,
		round,
		latencyMs,
		variant,
		rate: CALLS / seconds,
		p50: percentile(ms, 50),
		p95: percentile(ms, 95),
		profiles: measured.filter((e) => e.path === PROFILE_PATH).length,
		sends: measured.filter((e) => e.path === SEND_PATH).length,
		warmUpProfiles,
		cpuRunning: cpu.running / CALLS,
		cpuMain: stack.workers.length > 0 ? cpu.main / CALLS : NaN,
		inNode,
	};
}

async function measureSetup(
	runtime: Runtime,
	tarball: string,
	sim: Simulator,
	simUrl: string,
	setup: 'regular' | 'queue',
): Promise<Cell[]> {
	const stack = await startStack({
		runtime,
		tarball,
		mode: setup,
		workers: setup === 'queue' ? 2 : 0,
		concurrency: 10,
		credentials: [queueCredential(simUrl)],
		workflows: VARIANTS.map((v) => workflow(v, simUrl)),
		log: (message) => say(`bench one (${setup}): ${message}`),
	});
	const label = setup === 'queue' ? 'queue mode, 2 workers' : 'regular mode';
	const cells: Cell[] = [];
	const unflatten = runDataReader(runtime);
	try {
		for (const variant of VARIANTS) {
			const served = await untilServed(
				stack.webhookUrl(`bench-one-${variant.key}`),
				bodies(1)[0],
				60_000,
			);
			if (served.status !== 200)
				throw new Error(`bench one: webhook ${variant.key} not served (${served.status})`);
		}
		for (let round = 1; round <= ROUNDS; round++) {
			for (const latencyMs of LATENCIES) {
				for (const variant of round % 2 === 1 ? VARIANTS : [...VARIANTS].reverse()) {
					const cell = await measureCellOnce(
						stack,
						unflatten,
						sim,
						label,
						round,
						latencyMs,
						variant,
					);
					say(
						`bench one: ${label}, round ${round}, ${latencyMs} ms, ${variant.label}: ${cell.rate.toFixed(1)}/s, p50 ${cell.p50.toFixed(0)} ms, p95 ${cell.p95.toFixed(0)} ms; journal: ${cell.sends} sends, ${cell.profiles} profile reads for ${CALLS} executions (${cell.warmUpProfiles} in the warm-up); ` +
							`CPU ${cell.cpuRunning.toFixed(1)} ms${Number.isNaN(cell.cpuMain) ? '' : ` + main ${cell.cpuMain.toFixed(1)} ms`} an execution, in node ${cell.inNode.toFixed(1)} ms (median), node share ${nodeShare(cell)}`,
					);
					cells.push(cell);
				}
			}
		}
	} finally {
		await stack.stop();
	}
	return cells;
}

export interface OneSmsResult {
	cells: Cell[];
	/** 1-minute load average at the start and at the end: other jobs on the machine. */
	load: [number, number];
}

/** Setups in the order they ran; within one, by latency, variant and round. */
function inRunOrder(cells: Cell[]): Cell[] {
	const setups = [...new Set(cells.map((c) => c.setup))];
	return [...cells].sort(
		(a, b) =>
			setups.indexOf(a.setup) - setups.indexOf(b.setup) ||
			a.latencyMs - b.latencyMs ||
			VARIANTS.indexOf(a.variant) - VARIANTS.indexOf(b.variant) ||
			a.round - b.round,
	);
}

/** One cell's row of the section's detailed table. */
function cellRow(c: Cell): string[] {
	return [
		c.setup,
		`${c.latencyMs} ms`,
		c.variant.label,
		String(c.round),
		c.rate.toFixed(1),
		c.p50.toFixed(0),
		c.p95.toFixed(0),
		((c.sends + c.profiles) / CALLS).toFixed(2),
		`${c.sends} + ${c.profiles}`,
		String(c.warmUpProfiles),
		c.cpuRunning.toFixed(1),
		Number.isNaN(c.cpuMain) ? '–' : c.cpuMain.toFixed(1),
		c.inNode.toFixed(1),
		nodeShare(c),
	];
}

export function oneSmsSection({ cells, load }: OneSmsResult): string {
	const ordered = inRunOrder(cells);
	const rows = ordered.map(cellRow);
	return [
		'## One SMS per execution (bench/one-sms.ts, `npm run bench:one`)',
		'',
		`${CALLS} webhook calls of one number each, ${AT_A_TIME} at a time, after ${WARM_UP} warm-up calls per cell; Webhook → measured node, answering its output. n8n ${PINS.n8n2} on Postgres, queue mode with two workers at concurrency 10. Latency: the simulator's latency fault on every request. Cells measured again because n8n left a call unanswered: ${remeasured}. ${ROUNDS} round(s): each measures every variant, the second in the reverse order (no variant always first after n8n starts). ${os.cpus().length} cores, load average ${load[0].toFixed(1)} at the start, ${load[1].toFixed(1)} at the end.`,
		'',
		'Over the rounds (means): executions/s of the SMS node with default options / with Client Reference / the HTTP Request node; the node against the HTTP Request node; Client Reference against without; CPU ms of a whole execution (running, plus main in queue mode).',
		'',
		table(
			[
				'Setup',
				'Latency',
				'Executions/s',
				'Node ÷ HTTP Request',
				'Client Reference ÷ without',
				'CPU ms / execution',
			],
			comparisonRows(ordered),
		),
		'',
		`CPU per execution: CPU time (user + system, from /proc/<pid>/stat, 10 ms steps) of the n8n processes over the measured calls, until every execution was saved, divided by the ${CALLS} executions: "running" is main with its children (the task runner) in regular mode, the two workers with theirs in queue mode; "main (queue)" is main's part in queue mode (it takes the webhook call, queues the job and answers). In node: the measured node's \`executionTime\` in the run data n8n stored, median over all ${CALLS} executions of the cell. Node share: in node over the whole execution's CPU (running, plus main in queue mode): wall time in the node over CPU of the whole execution, so an upper bound of the node's share of the CPU, since the node's time also counts waiting for the service (the latency), for a core, and for the other executions running at the same time in the same process (so it can pass 100 % when ${AT_A_TIME} executions overlap in one process: the bound says little then); the rest is n8n's (webhook, execution, saving it).`,
		'',
		table(
			[
				'Setup',
				'Latency',
				'Node',
				'Round',
				'Executions/s',
				'p50 ms',
				'p95 ms',
				'Requests / execution',
				'Journal: sends + profile reads',
				'Profile reads in warm-up',
				'CPU ms / execution: running',
				'CPU ms / execution: main (queue)',
				'In node ms / execution (median)',
				'Node share (upper bound)',
			],
			rows,
		),
		'',
	].join('\n');
}

/** Every setup in turn, each on an installation of its own (about 1–2 minutes each to start). */
export async function benchOneSms(runtime: Runtime, tarball: string): Promise<OneSmsResult> {
	const sim = new Simulator({
		accounts: [{ ...DEMO_ACCOUNT, senders: [...DEMO_ACCOUNT.senders], balance: 10_000_000 }],
	});
	const simUrl = await sim.start(0);
	const load: [number, number] = [os.loadavg()[0], 0];
	const cells: Cell[] = [];
	try {
		for (const setup of SETUPS)
			cells.push(...(await measureSetup(runtime, tarball, sim, simUrl, setup)));
	} finally {
		await sim.stop();
	}
	load[1] = os.loadavg()[0];
	return { cells, load };
}
