/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * `npm run bench`: the node's throughput inside a real n8n (the n8n 2.x of
 * tools/n8n/runtime/pins.ts, on Node 24, from .n8n-runtime/) against the local simulator, side by
 * side with n8n's own floor, a floor node reading Send's parameters, n8n's HTTP Request node and a
 * minimal raw client, at 1,000 and 10,000 contacts, and at 100,000 when asked for
 * (`npm run bench -- --size 100000`: about 15 minutes more). Writes bench/RESULTS.md and
 * bench/chart.svg. Never fails on a target: it prints them next to the figures. It exits non-zero
 * when a run of a scenario failed (after writing what it measured).
 *
 * How it measures (see bench/README.md for the reasons):
 * - every run is one `n8n execute --id=… --rawOutput` process (a fresh n8n each time, so its
 *   memory figures belong to that run alone), with the package built, packed and installed into
 *   the bench's own n8n user folder (.n8n-runtime/bench-n8n-2) the way n8n's installer does;
 * - "in node" is the measured node's executionTime in the run data; "whole run" is the
 *   execution's stoppedAt − startedAt (trigger, Code node, measured node; not n8n's boot);
 * - requests and bytes come from the simulator's journal; memory from polling
 *   /proc/<pid>/status of the n8n process (and of its task runner, which runs the Code node).
 *
 * Variables: BENCH_SIZES (every size, instead of 1000,10000 and --size), BENCH_RUNS (3), BENCH_FLOOR_BIG_RUNS (1: runs of
 * the floor at 100,000), BENCH_ONLY (scenario keys, comma separated:
 * floor,readN8n,readNode,send,voice,sendBig,personalised,http,rawSend,rawPersonalised,report), BENCH_HTTP_MAX (10000),
 * BENCH_BATCH (1000, the node's default Batch Size), BENCH_PURE=0 (skip bench/pure.ts),
 * BENCH_PROFILE=<dir> (--cpu-prof on every n8n process, summarised after each run),
 * SKIP_BUILD=1 (pack the existing dist/), BENCH_SIM_PORT (8095), BENCH_N8N_PORT (5730) and
 * BENCH_BROKER_PORT (5731: n8n's and its task broker's), BENCH_OUT (bench/: where
 * RESULTS.md and chart.svg go), BENCH_QUEUE=1 (add the queue-mode line, bench/queue.ts: about
 * 8 more minutes; needs redis-server and postgresql), BENCH_QUEUE_RUNS (3), BENCH_ONE=1 (add
 * the one-SMS-per-execution section, bench/one-sms.ts, appended to RESULTS.md: about 6 more
 * minutes; same needs; `npm run bench:one` runs it alone).
 *
 * This file only runs the steps in order; each step is a module beside it (bench/README.md lists
 * them).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { buildAndPack, ensureRuntime, installPackage, PROJECT_ROOT } from '../tools/n8n/runtime';
import { DEMO_ACCOUNT, Simulator } from '../simulator';
import { say } from './clock';
import { benchOneSms, oneSmsSection } from './one-sms';
import { benchQueue, queueLine, type QueueResult } from './queue';
import { installFloorPackage } from './floor-package';
import { fmtN } from './format';
import { writeRawClient } from './raw-client';
import { writeResults } from './report';
import { runPure } from './run-pure';
import { SCENARIOS } from './scenarios';
import {
	BATCH,
	FLOOR_BIG_RUNS,
	HTTP_MAX,
	OUT_DIR,
	RUNS,
	SIM_PORT,
	SIZES,
	USER_FOLDER,
} from './settings';
import { runAll } from './sweep';
import { importWorkflows, writeWorkflowCopies } from './workflows';

async function startSimulator(): Promise<{ sim: Simulator; simUrl: string }> {
	const sim = new Simulator({
		accounts: [{ ...DEMO_ACCOUNT, senders: [...DEMO_ACCOUNT.senders], balance: 10_000_000 }],
	});
	let simUrl: string;
	try {
		simUrl = await sim.start(SIM_PORT);
	} catch {
		simUrl = await sim.start(0); // a different port means the credential is imported again
	}
	say(`simulator on ${simUrl}`);
	return { sim, simUrl };
}

async function main(): Promise<void> {
	say(
		`sizes ${SIZES.map(fmtN).join(', ')}; ${RUNS} runs each (the floor at 100,000: ${Math.min(RUNS, FLOOR_BIG_RUNS)}, 4–6 min a run); ` +
			`HTTP Request only up to ${fmtN(HTTP_MAX)} contacts (one request per contact); Batch Size ${BATCH}; load average ${os.loadavg()[0].toFixed(1)}`,
	);
	const runtime = await ensureRuntime('n8n-2');
	say("building, packing and installing the package into the bench's n8n user folder");
	const tarball = await buildAndPack({ skipBuild: process.env.SKIP_BUILD === '1' });
	await installPackage(USER_FOLDER, tarball);
	await installFloorPackage(USER_FOLDER);

	const { sim, simUrl } = await startSimulator();
	const { scratch, rawScript } = writeRawClient();
	const n8nScenarios = SCENARIOS.filter((s) => s.code);
	await importWorkflows(runtime, n8nScenarios, simUrl);
	writeWorkflowCopies(n8nScenarios);

	const cells = await runAll({ runtime, sim, simUrl, scratch, rawScript });
	await sim.stop();

	let queue: QueueResult | undefined;
	if (process.env.BENCH_QUEUE === '1') {
		queue = await benchQueue(runtime, tarball);
		say(queueLine(queue));
	}

	const pure = await runPure();
	if (pure.ran) for (const t of pure.totals) say(`pure: ${t.name}: ${t.ms} ms`);
	else say(`pure: ${pure.note}`);

	const one =
		process.env.BENCH_ONE === '1' ? oneSmsSection(await benchOneSms(runtime, tarball)) : undefined;

	writeResults(runtime, cells, pure, queue, one);
	fs.rmSync(scratch, { recursive: true, force: true });
	const failed = [...cells.values()].filter((cell) => cell.runs.some((m) => !m.ok));
	for (const cell of failed)
		say(
			`FAILED: ${cell.scenario.short} at ${fmtN(cell.n)}: ${cell.runs.find((m) => !m.ok)?.error ?? ''}`,
		);
	if (pure.failed) say(`FAILED: ${pure.note}`);
	if (failed.length || pure.failed) process.exitCode = 1;
	say(
		`done: ${path.relative(PROJECT_ROOT, path.join(OUT_DIR, 'RESULTS.md'))} and ${path.relative(PROJECT_ROOT, path.join(OUT_DIR, 'chart.svg'))}`,
	);
}

main().catch((error: unknown) => {
	process.stderr.write(
		`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
	);
	process.exit(1);
});
