/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * One run of an n8n scenario: one `n8n execute --id=… --rawOutput` process, its run data read
 * from what it prints, its memory and CPU from /proc, its requests from the simulator's journal.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { n8nEnv, type Runtime } from '../tools/n8n/runtime';
import type { Simulator } from '../simulator';
import { journalBytes, type Measure, simTime } from './measure';
import { windowCpu, windowPeak } from './proc';
import type { Scenario, ScenarioKey } from './scenarios';
import { BROKER_PORT, N8N_PORT, PROFILE_DIR, USER_FOLDER } from './settings';
import { lastLines, type Spawned, spawnWatched } from './spawn';
import { workflowId } from './workflows';

interface NodeRunData {
	startTime?: number;
	executionTime?: number;
	data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> };
	error?: { message?: string };
}

interface ExecutionOutput {
	startedAt?: string;
	stoppedAt?: string;
	status?: string;
	data?: {
		resultData?: {
			error?: { message?: string; description?: string };
			runData?: Record<string, NodeRunData[]>;
		};
	};
}

/** The pretty-printed run data `n8n execute` prints (a line `{` … a line `}`), from mixed output. */
function parseExecution(text: string): ExecutionOutput | undefined {
	const start = text.startsWith('{\n') ? 0 : text.indexOf('\n{\n') + 1;
	if (start <= 0 && !text.startsWith('{\n')) return undefined;
	const end = text.lastIndexOf('\n}');
	if (end < start) return undefined;
	try {
		return JSON.parse(text.slice(start, end + 2)) as ExecutionOutput;
	} catch {
		return undefined;
	}
}

/** How many output items show the scenario's work done (a send accepted, a field read, …). */
export function countGood(
	key: ScenarioKey,
	items: Array<{ json: Record<string, unknown> }>,
): number {
	let good = 0;
	for (const { json } of items) {
		if (key === 'send' || key === 'sendBig' || key === 'personalised')
			good += json.verdict === 'accepted' ? 1 : 0;
		else if (key === 'voice')
			good += json.verdict === 'accepted' && json.category === 'voice' ? 1 : 0;
		else if (key === 'report')
			good +=
				typeof json.verdict === 'string' &&
				json.verdict !== 'unknown' &&
				typeof json.to === 'string'
					? 1
					: 0;
		else if (key === 'readN8n' || key === 'readNode')
			good += typeof json.to === 'string' && json.to.startsWith('024') && json.text !== '' ? 1 : 0;
		else if (key === 'readPost')
			good += typeof json.id === 'string' && typeof json.to === 'string' ? 1 : 0;
		else if (key === 'http')
			good += (json.handshake as { id?: number } | undefined)?.id === 0 ? 1 : 0;
		else
			good +=
				typeof json.phone === 'string' &&
				json.first_name !== undefined &&
				typeof json.amount === 'number'
					? 1
					: 0;
	}
	return good;
}

/** With BENCH_PROFILE: an empty folder for this run's profiles, and NODE_OPTIONS to fill it. */
function profileFolder(
	scenario: Scenario,
	n: number,
	run: number,
	extra: Record<string, string>,
): string | undefined {
	if (!PROFILE_DIR) return undefined;
	const profileDir = path.join(PROFILE_DIR, `${scenario.key}-${n}-run${run}`);
	fs.rmSync(profileDir, { recursive: true, force: true });
	fs.mkdirSync(profileDir, { recursive: true });
	extra.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${profileDir}`;
	return profileDir;
}

/** The figures of one finished `n8n execute` process. */
function measureExecution(result: Spawned, scenario: Scenario, n: number, sim: Simulator): Measure {
	const execution = parseExecution(result.stdout);
	const runData = execution?.data?.resultData?.runData;
	const nodeRun = runData?.[scenario.node!]?.[0];
	const contactsRun = runData?.Contacts?.[0];
	const items = nodeRun?.data?.main?.[0] ?? [];
	const started = execution?.startedAt ? Date.parse(execution.startedAt) : result.spawnedAt;
	const stopped = execution?.stoppedAt ? Date.parse(execution.stoppedAt) : result.exitedAt;
	const { peak, atStart } = windowPeak(result.memory, started, stopped);
	const bytes = journalBytes(sim.journal);
	const error =
		execution?.data?.resultData?.error?.message ??
		nodeRun?.error?.message ??
		(execution
			? undefined
			: `no run data (exit ${result.code}): ${lastLines(result.stderr || result.stdout, 8)}`);
	return {
		ok: !error && items.length === n,
		error: error ?? (items.length !== n ? `${items.length} items out, ${n} expected` : undefined),
		inNodeMs: nodeRun?.executionTime ?? NaN,
		wholeMs: stopped - started,
		processMs: result.exitedAt - result.spawnedAt,
		contactsMs: contactsRun?.executionTime,
		nodeStart: nodeRun?.startTime,
		nodeCpuMs:
			nodeRun?.startTime !== undefined && nodeRun.executionTime !== undefined
				? windowCpu(result.memory, nodeRun.startTime, nodeRun.startTime + nodeRun.executionTime)
				: NaN,
		simMs: simTime(sim.journal),
		items: items.length,
		good: countGood(scenario.key, items),
		requests: sim.journal.length,
		...bytes,
		peakRss: peak,
		startRss: atStart,
		hwmAtExit: result.memory.hwm,
		runnerHwm: result.memory.childHwm,
	};
}

export async function runN8n(
	runtime: Runtime,
	scenario: Scenario,
	n: number,
	run: number,
	sim: Simulator,
): Promise<Measure> {
	sim.reset();
	const extra: Record<string, string> = {
		// The execution is not saved (the CLI waits for the save otherwise; not what is measured).
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'none',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'none',
		EXECUTIONS_DATA_SAVE_ON_PROGRESS: 'false',
		N8N_RUNNERS_TASK_TIMEOUT: '900',
	};
	const profileDir = profileFolder(scenario, n, run, extra);
	const env = n8nEnv(runtime, USER_FOLDER, {
		port: N8N_PORT,
		brokerPort: BROKER_PORT,
		logLevel: 'info',
		extra,
	});
	const id = workflowId(scenario.code!, n);
	const result = await spawnWatched(
		runtime.nodeBin,
		[runtime.n8nBin, 'execute', `--id=${id}`, '--rawOutput'],
		{
			cwd: USER_FOLDER,
			env,
			timeoutMs: 20 * 60_000,
			stdoutFile: path.join(os.tmpdir(), `smsonlinegh-bench-${process.pid}-out.txt`),
		},
	);
	const measure = measureExecution(result, scenario, n, sim);
	if (profileDir) {
		const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
		if (file) measure.profile = path.join(profileDir, file);
	}
	return measure;
}
