/**
 * `npm run bench`: the node's throughput inside a real n8n (2.40.7 on Node 24, from .n8n-runtime/)
 * against the local simulator, side by side with n8n's own floor, n8n's HTTP Request node and a
 * minimal raw client, at 1,000, 10,000 and 100,000 contacts. Writes bench/RESULTS.md and
 * bench/chart.svg. Never fails on a target: it prints them next to the figures.
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
 * Variables: BENCH_SIZES (1000,10000,100000), BENCH_RUNS (3), BENCH_FLOOR_BIG_RUNS (1: runs of
 * the floor at 100,000), BENCH_ONLY (scenario keys, comma separated:
 * floor,send,sendBig,personalised,http,rawSend,rawPersonalised), BENCH_HTTP_MAX (10000),
 * BENCH_BATCH (1000, the node's default Batch Size), BENCH_PURE=0 (skip bench/pure.ts),
 * BENCH_PROFILE=<dir> (--cpu-prof on every n8n process, summarised after each run),
 * SKIP_BUILD=1 (pack the existing dist/), BENCH_SIM_PORT (8095), BENCH_OUT (bench/: where
 * RESULTS.md and chart.svg go).
 */
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import {
	buildAndPack,
	type CredentialFile,
	DEMO_API_KEY,
	ensureRuntime,
	importIfChanged,
	installPackage,
	n8nEnv,
	PROJECT_ROOT,
	RUNTIME_ROOT,
	type Runtime,
	type WorkflowFile,
} from '../tools/n8n/runtime';
import { DEMO_ACCOUNT, Simulator } from '../simulator';
import type { JournalEntry } from '../simulator';

/* ------------------------------------------------------------------------------ settings */

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map((s) => Number(s.trim()));
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
/**
 * Runs of the floor at 100,000 contacts and more. n8n's default expression engine takes about
 * 2–3.6 ms an item for the three fields here (20–36 s at 10,000), so one floor run at 100,000
 * takes 4–6 minutes: three would put the bench well over 20 minutes. Its median is then of this
 * many runs.
 */
const FLOOR_BIG_RUNS = Math.max(1, Number(process.env.BENCH_FLOOR_BIG_RUNS ?? 1));
const HTTP_MAX = Number(process.env.BENCH_HTTP_MAX ?? 10_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 1000);
/** Batch Size of the variant (b′): every contact of a 10,000 list in one request. */
const BIG_BATCH = 10_000;
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((s) => s.trim())) : undefined;
const PROFILE_DIR = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : undefined;
const SIM_PORT = Number(process.env.BENCH_SIM_PORT ?? 8095);
const OUT_DIR = path.resolve(process.env.BENCH_OUT ?? path.join(PROJECT_ROOT, 'bench'));
/** Ports of the n8n processes (they do not serve HTTP for `execute`, but the task broker listens). */
const N8N_PORT = 5730;
const BROKER_PORT = 5731;
const SEND_PATH = '/v5/message/sms/send';
const MESSAGE = 'Your order has shipped. Reply STOP to opt out.';
const TEMPLATE = 'Hello {$first_name}, your balance is GHS {$amount}.';
const CREDENTIAL_ID = 'BenchSimCred0001';
const USER_FOLDER = path.join(RUNTIME_ROOT, 'bench-n8n-2');
const MB = 1024 * 1024;

/** Targets, printed next to the figures. */
const TARGETS = {
	sendAt10kMs: 500,
	personalisedAt10kMs: 1000,
	memoryOverFloorMb: 100,
	memoryFactorAt100k: 2,
	pureAt100kMs: 1000,
};

const t0 = Date.now();
const loadAtStart = os.loadavg();
function say(message: string): void {
	const s = ((Date.now() - t0) / 1000).toFixed(0).padStart(4);
	process.stdout.write(`[bench ${s} s] ${message}\n`);
}

/* ------------------------------------------------------------------------------ scenarios */

type ScenarioKey = 'floor' | 'send' | 'sendBig' | 'personalised' | 'http' | 'rawSend' | 'rawPersonalised';

interface Scenario {
	key: ScenarioKey;
	label: string;
	short: string;
	/** Name of the measured node in the workflow (n8n scenarios). */
	node?: string;
	/** Four letters of the workflow id. */
	code?: string;
	/** For the raw client: the n8n scenario whose journal gives the bodies. */
	bodiesOf?: ScenarioKey;
	color: string;
}

const SCENARIOS: Scenario[] = [
	{ key: 'floor', label: '(a) floor: Edit Fields (Set) reading 3 fields', short: 'floor (Set)', node: 'Read fields (Set)', code: 'Flor', color: '#8c8c8c' },
	{ key: 'send', label: '(b) SMSOnlineGH Send', short: 'Send', node: 'Send SMS', code: 'Send', color: '#1f77b4' },
	{ key: 'sendBig', label: `(b′) Send, Batch Size ${fmtN(BIG_BATCH)}`, short: `Send, batch ${BIG_BATCH / 1000}k`, node: 'Send SMS', code: 'SBig', color: '#17becf' },
	{ key: 'personalised', label: '(c) SMSOnlineGH Send Personalised', short: 'Send Personalised', node: 'Send Personalised SMS', code: 'Pers', color: '#2ca02c' },
	{ key: 'http', label: '(d) HTTP Request, one request per contact', short: 'HTTP Request', node: 'HTTP Request', code: 'Http', color: '#d62728' },
	{ key: 'rawSend', label: '(e) raw fetch client, bodies of (b)', short: 'raw fetch (b)', bodiesOf: 'send', color: '#9467bd' },
	{ key: 'rawPersonalised', label: '(e) raw fetch client, bodies of (c)', short: 'raw fetch (c)', bodiesOf: 'personalised', color: '#ff7f0e' },
];

function runsFor(s: Scenario, n: number): number {
	return s.key === 'floor' && n >= 100_000 ? Math.min(RUNS, FLOOR_BIG_RUNS) : RUNS;
}

function enabled(s: Scenario, n: number): boolean {
	if (ONLY && !ONLY.has(s.key)) return false;
	if (s.key === 'http' && n > HTTP_MAX) return false;
	// At or below one batch of the default size the variant sends exactly what (b) sends.
	if (s.key === 'sendBig' && n <= BATCH) return false;
	return true;
}

/* ------------------------------------------------------------------------------ workflows */

function workflowId(code: string, n: number): string {
	return `Bench${code}${String(n).padStart(7, '0')}`; // 16 characters, like n8n's own ids
}

/** N contacts {phone: '024' + 7 digits, first_name, amount}, all numbers different. */
function contactsCode(n: number): string {
	return [
		`// ${n.toLocaleString('en')} contacts, every number different.`,
		`const n = ${n};`,
		'const items = new Array(n);',
		'for (let i = 0; i < n; i++) {',
		"  items[i] = { json: { phone: '024' + String(i).padStart(7, '0'), first_name: 'Name' + i, amount: (i % 500) + 0.5 } };",
		'}',
		'return items;',
	].join('\n');
}

function measuredNode(key: ScenarioKey, simUrl: string): WorkflowFile['nodes'][number] {
	const credentials = { smsOnlineGhApi: { id: CREDENTIAL_ID, name: 'SMSOnlineGH (bench simulator)' } };
	const position = [440, 0];
	switch (key) {
		case 'floor':
			// Edit Fields (Set) 3.4, manual mode: per item, n8n evaluates the three expressions of the
			// assignments collection (getNodeParameter('assignments', i)) and builds one output item.
			return {
				name: 'Read fields (Set)',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position,
				parameters: {
					mode: 'manual',
					assignments: {
						assignments: [
							{ id: 'f0000000-0000-4000-8000-000000000001', name: 'phone', value: '={{ $json.phone }}', type: 'string' },
							{ id: 'f0000000-0000-4000-8000-000000000002', name: 'first_name', value: '={{ $json.first_name }}', type: 'string' },
							{ id: 'f0000000-0000-4000-8000-000000000003', name: 'amount', value: '={{ $json.amount }}', type: 'number' },
						],
					},
					includeOtherFields: false,
					options: {},
				},
			};
		case 'send':
		case 'sendBig':
			return {
				name: 'Send SMS',
				type: 'n8n-nodes-smsonlinegh.smsOnlineGh',
				typeVersion: 1,
				position,
				parameters: {
					resource: 'sms',
					operation: 'send',
					sender: 'SMSDemo',
					phoneNumbers: '={{ $json.phone }}',
					message: MESSAGE,
					messageType: 'gsm',
					options: key === 'sendBig' ? { batchSize: BIG_BATCH } : BATCH === 1000 ? {} : { batchSize: BATCH },
				},
				credentials,
			};
		case 'personalised':
			return {
				name: 'Send Personalised SMS',
				type: 'n8n-nodes-smsonlinegh.smsOnlineGh',
				typeVersion: 1,
				position,
				parameters: {
					resource: 'sms',
					operation: 'sendPersonalised',
					sender: 'SMSDemo',
					phoneNumber: '={{ $json.phone }}',
					template: TEMPLATE,
					valuesSource: 'itemFields',
					messageType: 'gsm',
					options: BATCH === 1000 ? {} : { batchSize: BATCH },
				},
				credentials,
			};
		case 'http':
			// n8n's HTTP Request node as a user would set it up to call this API without the node:
			// one POST per item with the number mapped into a JSON body, default options (n8n sends
			// every item's request at once and waits for all).
			return {
				name: 'HTTP Request',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position,
				parameters: {
					method: 'POST',
					url: `${simUrl}${SEND_PATH}`,
					sendHeaders: true,
					headerParameters: {
						parameters: [
							{ name: 'Authorization', value: `key ${DEMO_API_KEY}` },
							{ name: 'Accept', value: 'application/json' },
						],
					},
					sendBody: true,
					specifyBody: 'json',
					jsonBody: `={"text": ${JSON.stringify(MESSAGE)}, "type": 0, "sender": "SMSDemo", "destinations": ["{{ $json.phone }}"]}`,
					options: {},
				},
			};
		default:
			throw new Error(`no workflow for ${key}`);
	}
}

function workflow(scenario: Scenario, n: number, simUrl: string): WorkflowFile {
	const id = workflowId(scenario.code!, n);
	const node = measuredNode(scenario.key, simUrl);
	return {
		id,
		name: `Bench: ${scenario.short}, ${n.toLocaleString('en')} contacts`,
		nodes: [
			{ id: `${id}-trigger`, name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{ id: `${id}-contacts`, name: 'Contacts', type: 'n8n-nodes-base.code', typeVersion: 2, position: [220, 0], parameters: { jsCode: contactsCode(n) } },
			{ id: `${id}-measured`, ...node },
		],
		connections: {
			Start: { main: [[{ node: 'Contacts', type: 'main', index: 0 }]] },
			Contacts: { main: [[{ node: node.name, type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
}

/* ------------------------------------------------------------------------------ memory */

interface ProcStatus {
	rss: number;
	hwm: number;
}

function readStatus(pid: number): ProcStatus | undefined {
	try {
		const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
		const rss = /VmRSS:\s+(\d+) kB/.exec(text);
		const hwm = /VmHWM:\s+(\d+) kB/.exec(text);
		if (!rss || !hwm) return undefined;
		return { rss: Number(rss[1]) * 1024, hwm: Number(hwm[1]) * 1024 };
	} catch {
		return undefined;
	}
}

/** utime + stime of a process from /proc/<pid>/stat, in ms (the kernel counts in 1/100 s). */
function readCpuMs(pid: number): number {
	try {
		const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		// Fields after the command name (which may hold spaces) in parentheses.
		const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
		return (Number(fields[11]) + Number(fields[12])) * 10;
	} catch {
		return NaN;
	}
}

function descendants(pid: number): number[] {
	const out: number[] = [];
	const visit = (p: number) => {
		let tasks: string[] = [];
		try {
			tasks = fs.readdirSync(`/proc/${p}/task`);
		} catch {
			return;
		}
		for (const task of tasks) {
			let children = '';
			try {
				children = fs.readFileSync(`/proc/${p}/task/${task}/children`, 'utf8');
			} catch {
				continue;
			}
			for (const child of children.split(' ').filter(Boolean).map(Number)) {
				out.push(child);
				visit(child);
			}
		}
	};
	visit(pid);
	return out;
}

interface MemorySample {
	t: number;
	rss: number;
	/** CPU time of the main process so far (user + system, all its threads), ms; 10 ms steps. */
	cpu: number;
	/** RSS of the child processes (n8n's task runner). */
	childRss: number;
}

interface MemoryRecord {
	samples: MemorySample[];
	/** Last VmHWM read of the main process: its peak up to (about) its exit. */
	hwm: number;
	/** Highest VmHWM of any child process (the task runner). */
	childHwm: number;
}

/** Polls VmRSS/VmHWM of a process and its children every `intervalMs`. */
function watchMemory(pid: number, intervalMs = 20): { stop(): MemoryRecord } {
	const record: MemoryRecord = { samples: [], hwm: 0, childHwm: 0 };
	let children: number[] = [];
	let tick = 0;
	const sample = () => {
		const main = readStatus(pid);
		if (!main) return;
		if (tick++ % 10 === 0) children = descendants(pid);
		let childRss = 0;
		for (const child of children) {
			const status = readStatus(child);
			if (!status) continue;
			childRss += status.rss;
			record.childHwm = Math.max(record.childHwm, status.hwm);
		}
		record.hwm = Math.max(record.hwm, main.hwm);
		record.samples.push({ t: Date.now(), rss: main.rss, cpu: readCpuMs(pid), childRss });
	};
	sample();
	const timer = setInterval(sample, intervalMs);
	return {
		stop() {
			clearInterval(timer);
			return record;
		},
	};
}

/** Highest main-process RSS sampled in [from, to], and the RSS sampled just before `from`. */
function windowPeak(record: MemoryRecord, from: number, to: number): { peak: number; atStart: number } {
	let peak = 0;
	let atStart = 0;
	for (const s of record.samples) {
		if (s.t <= from) atStart = s.rss;
		if (s.t >= from - 20 && s.t <= to + 20) peak = Math.max(peak, s.rss);
	}
	return { peak: Math.max(peak, atStart), atStart };
}

/**
 * CPU time the main process used in [from, to] (epoch ms): the counter read by the last sample
 * at or before each end. Less sensitive to other jobs on the machine than the wall time, since
 * time spent waiting for a core does not count; 10 ms steps, 20 ms sampling.
 */
function windowCpu(record: MemoryRecord, from: number, to: number): number {
	let start = NaN;
	let end = NaN;
	for (const s of record.samples) {
		if (s.t <= from || Number.isNaN(start)) start = s.cpu;
		if (s.t <= to + 20) end = s.cpu;
	}
	return end - start;
}

/* ------------------------------------------------------------------------------ running */

interface Measure {
	ok: boolean;
	error?: string;
	/** Time spent in the measured node (run data executionTime; raw client: its request loop). */
	inNodeMs: number;
	/** The execution, trigger to last node (raw client: process spawn to exit). */
	wholeMs: number;
	/** The n8n process, spawn to exit (boot, execution, printing the run data). */
	processMs: number;
	/** Code node's executionTime (making the contacts, in the task runner). */
	contactsMs?: number;
	/** When the measured node started (epoch ms, run data). */
	nodeStart?: number;
	/** CPU time of the n8n main process during the measured node (raw client: its whole process). */
	nodeCpuMs: number;
	/** The simulator's own time answering (sum of the journal's durationMs). */
	simMs: number;
	items: number;
	/** Output items that are the expected success (accepted verdict, handshake 0, …). */
	good: number;
	requests: number;
	bodyBytes: number;
	/** Request lines, headers and bodies, as the simulator received them. */
	bytesSent: number;
	/** Highest RSS of the n8n process during the execution (sampled every 20 ms). */
	peakRss: number;
	/** RSS when the execution started (n8n booted, nothing run). */
	startRss: number;
	/** VmHWM of the n8n process at its exit, printing of the run data by `n8n execute` included. */
	hwmAtExit: number;
	/** Highest VmHWM of n8n's task runner (which runs the Code node). */
	runnerHwm: number;
	profile?: string;
}

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
	data?: { resultData?: { error?: { message?: string; description?: string }; runData?: Record<string, NodeRunData[]> } };
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

function journalBytes(entries: readonly JournalEntry[]): { bodyBytes: number; bytesSent: number } {
	let bodyBytes = 0;
	let bytesSent = 0;
	for (const e of entries) {
		const body = Buffer.byteLength(e.rawBody, 'utf8');
		bodyBytes += body;
		let head = `${e.method} ${e.path} HTTP/1.1\r\n`.length + 2;
		for (const [name, value] of Object.entries(e.headers)) {
			for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) head += name.length + 2 + Buffer.byteLength(v) + 2;
		}
		bytesSent += head + body;
	}
	return { bodyBytes, bytesSent };
}

function simTime(entries: readonly JournalEntry[]): number {
	return entries.reduce((sum, e) => sum + (e.durationMs ?? 0), 0);
}

interface Spawned {
	code: number;
	stdout: string;
	stderr: string;
	spawnedAt: number;
	exitedAt: number;
	memory: MemoryRecord;
}

/**
 * Runs a process to its end while watching its memory. Its standard output goes to a file when
 * `stdoutFile` is given: n8n exits with process.exit() right after printing the run data, and a
 * large print into a pipe gets cut short then (seen at 10,000 items); a file receives all of it.
 */
function spawnWatched(
	command: string,
	args: string[],
	options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; stdoutFile?: string },
): Promise<Spawned> {
	return new Promise((resolve, reject) => {
		const spawnedAt = Date.now();
		const fd = options.stdoutFile ? fs.openSync(options.stdoutFile, 'w') : undefined;
		const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', fd ?? 'pipe', 'pipe'] });
		if (fd !== undefined) fs.closeSync(fd);
		const watch = watchMemory(child.pid!);
		const out: Buffer[] = [];
		let stderr = '';
		child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
		child.stderr!.on('data', (chunk: Buffer) => {
			stderr += chunk.toString();
			if (stderr.length > 200_000) stderr = stderr.slice(-100_000);
		});
		const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
		child.on('error', (error) => {
			clearTimeout(timer);
			watch.stop();
			reject(error);
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			const exitedAt = Date.now();
			const memory = watch.stop();
			let stdout = Buffer.concat(out).toString('utf8');
			if (options.stdoutFile) {
				stdout = fs.readFileSync(options.stdoutFile, 'utf8');
				fs.rmSync(options.stdoutFile, { force: true });
			}
			resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr, spawnedAt, exitedAt, memory });
		});
	});
}

function lastLines(text: string, count: number): string {
	return text.trim().split('\n').slice(-count).join('\n');
}

function countGood(key: ScenarioKey, items: Array<{ json: Record<string, unknown> }>): number {
	let good = 0;
	for (const { json } of items) {
		if (key === 'send' || key === 'sendBig' || key === 'personalised') good += json.verdict === 'accepted' ? 1 : 0;
		else if (key === 'http') good += (json.handshake as { id?: number } | undefined)?.id === 0 ? 1 : 0;
		else good += typeof json.phone === 'string' && json.first_name !== undefined && typeof json.amount === 'number' ? 1 : 0;
	}
	return good;
}

async function runN8n(runtime: Runtime, scenario: Scenario, n: number, run: number, sim: Simulator): Promise<Measure> {
	sim.reset();
	const extra: Record<string, string> = {
		// The execution is not saved (the CLI waits for the save otherwise; not what is measured).
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'none',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'none',
		EXECUTIONS_DATA_SAVE_ON_PROGRESS: 'false',
		N8N_RUNNERS_TASK_TIMEOUT: '900',
	};
	let profileDir: string | undefined;
	if (PROFILE_DIR) {
		profileDir = path.join(PROFILE_DIR, `${scenario.key}-${n}-run${run}`);
		fs.rmSync(profileDir, { recursive: true, force: true });
		fs.mkdirSync(profileDir, { recursive: true });
		extra.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${profileDir}`;
	}
	const env = n8nEnv(runtime, USER_FOLDER, { port: N8N_PORT, brokerPort: BROKER_PORT, logLevel: 'info', extra });
	const id = workflowId(scenario.code!, n);
	const result = await spawnWatched(runtime.nodeBin, [runtime.n8nBin, 'execute', `--id=${id}`, '--rawOutput'], {
		cwd: USER_FOLDER,
		env,
		timeoutMs: 20 * 60_000,
		stdoutFile: path.join(os.tmpdir(), `smsonlinegh-bench-${process.pid}-out.txt`),
	});
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
		(execution ? undefined : `no run data (exit ${result.code}): ${lastLines(result.stderr || result.stdout, 8)}`);
	const measure: Measure = {
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
	if (profileDir) {
		const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
		if (file) measure.profile = path.join(profileDir, file);
	}
	return measure;
}

/** The minimal raw client: Node's fetch, one request after the other, like the node sends them. */
const RAW_CLIENT = `
import { readFileSync } from 'node:fs';
const { baseUrl, requests } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const started = performance.now();
let destinations = 0;
for (const r of requests) {
  const response = await fetch(baseUrl + r.path, { method: 'POST', headers: r.headers, body: r.body });
  const answer = JSON.parse(await response.text());
  if (answer.handshake.id !== 0) throw new Error('handshake ' + answer.handshake.id);
  destinations += answer.data.destinations.length;
}
const ms = performance.now() - started;
process.stdout.write(JSON.stringify({ ms, destinations }) + '\\n');
`;

interface RawBodies {
	file: string;
	requests: number;
}

/** Writes the bodies (and content headers) the node sent, from the journal, for the raw client. */
function saveBodies(sim: Simulator, simUrl: string, file: string): RawBodies {
	const requests = sim.journal.map((e) => ({
		path: e.path,
		headers: {
			'content-type': String(e.headers['content-type']),
			accept: String(e.headers.accept),
			authorization: String(e.headers.authorization),
		},
		body: e.rawBody,
	}));
	fs.writeFileSync(file, JSON.stringify({ baseUrl: simUrl, requests }));
	return { file, requests: requests.length };
}

async function runRaw(runtime: Runtime, n: number, bodies: RawBodies, sim: Simulator, scriptFile: string): Promise<Measure> {
	sim.reset();
	const result = await spawnWatched(runtime.nodeBin, [scriptFile, bodies.file], {
		cwd: path.dirname(scriptFile),
		env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' },
		timeoutMs: 10 * 60_000,
	});
	let parsed: { ms: number; destinations: number } | undefined;
	try {
		parsed = JSON.parse(result.stdout.trim().split('\n').pop() ?? '') as { ms: number; destinations: number };
	} catch {
		parsed = undefined;
	}
	const bytes = journalBytes(sim.journal);
	const error = result.code !== 0 || !parsed ? `raw client failed (exit ${result.code}): ${lastLines(result.stderr || result.stdout, 6)}` : parsed.destinations !== n ? `${parsed.destinations} destinations answered, ${n} expected` : undefined;
	const samples = result.memory.samples;
	return {
		ok: !error,
		error,
		inNodeMs: parsed?.ms ?? NaN,
		wholeMs: result.exitedAt - result.spawnedAt,
		processMs: result.exitedAt - result.spawnedAt,
		simMs: simTime(sim.journal),
		nodeCpuMs: samples.length ? samples[samples.length - 1].cpu - samples[0].cpu : NaN,
		items: parsed?.destinations ?? 0,
		good: parsed?.destinations ?? 0,
		requests: sim.journal.length,
		...bytes,
		peakRss: samples.reduce((m, s) => Math.max(m, s.rss), 0),
		startRss: samples[0]?.rss ?? 0,
		hwmAtExit: result.memory.hwm,
		runnerHwm: 0,
	};
}

/* ------------------------------------------------------------------------------ profiles */

interface CpuProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
	nodes: CpuProfileNode[];
	startTime: number;
	samples: number[];
	timeDeltas: number[];
}

/** Where a frame's code lives, for grouping self time. */
function bucket(url: string, fn: string): string {
	if (!url) return fn.startsWith('(') ? fn : `(native) ${fn || 'anonymous'}`;
	const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//g;
	let last: string | undefined;
	for (let hit = m.exec(url); hit; hit = m.exec(url)) last = hit[1];
	if (last) return last;
	if (url.startsWith('node:')) return 'node internals';
	return 'other';
}

interface ProfileSummary {
	/** Length of the measured node's window (its executionTime). */
	windowMs: number;
	/** Sampled time in that window, every thread state included ((idle), (garbage collector)…). */
	sampledMs: number;
	total: Array<{ name: string; ms: number }>;
	functions: Array<{ name: string; ms: number }>;
}

/**
 * CLOCK_MONOTONIC (which V8's profiles use for timestamps, in µs) minus the wall clock, read in this
 * process: the same system-wide clocks as the n8n process's, so a run data's startTime (epoch ms)
 * maps onto the profile's timeline.
 */
function monotonicMinusEpochUs(): number {
	return Number(process.hrtime.bigint() / 1000n) - Date.now() * 1000;
}

/**
 * Where the n8n main thread spent the measured node's window [fromMs, toMs] (epoch ms): self time
 * by package and by function, from a --cpu-prof profile. Async continuations (dispatch after an
 * await, axios, the HTTP parser), GC and idle waiting for the simulator all count, which a
 * "frames under execute()" filter would miss.
 */
function summariseProfile(file: string, fromMs: number, toMs: number, offsetUs: number): ProfileSummary {
	const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
	const byId = new Map(profile.nodes.map((n) => [n.id, n]));
	const from = fromMs * 1000 + offsetUs;
	const to = toMs * 1000 + offsetUs;
	const byBucket = new Map<string, number>();
	const byFunction = new Map<string, number>();
	let sampledUs = 0;
	let t = profile.startTime;
	for (let i = 0; i < profile.samples.length; i++) {
		t += profile.timeDeltas[i] ?? 0;
		if (t < from) continue;
		if (t > to) break;
		// A sample stands for the time until the next one.
		const dt = Math.min(profile.timeDeltas[i + 1] ?? 0, 50_000);
		sampledUs += dt;
		const { functionName, url, lineNumber } = byId.get(profile.samples[i])!.callFrame;
		const b = bucket(url, functionName);
		byBucket.set(b, (byBucket.get(b) ?? 0) + dt);
		const where = url ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\//, '')}:${lineNumber + 1}` : '';
		const key = `${functionName || '(anonymous)'} ${where}`.trim();
		byFunction.set(key, (byFunction.get(key) ?? 0) + dt);
	}
	const sorted = (m: Map<string, number>) =>
		[...m.entries()].sort((a, b) => b[1] - a[1]).map(([name, us]) => ({ name, ms: us / 1000 }));
	return { windowMs: toMs - fromMs, sampledMs: sampledUs / 1000, total: sorted(byBucket), functions: sorted(byFunction).slice(0, 30) };
}

/* ------------------------------------------------------------------------------ pure work */

interface PureResult {
	ran: boolean;
	note: string;
	output?: string;
	totals: Array<{ name: string; ms: number; cpuMs: number }>;
}

async function runPure(): Promise<PureResult> {
	const file = path.join(PROJECT_ROOT, 'bench', 'pure.ts');
	if (process.env.BENCH_PURE === '0') return { ran: false, note: 'skipped (BENCH_PURE=0)', totals: [] };
	if (!fs.existsSync(file)) return { ran: false, note: 'bench/pure.ts does not exist (yet): no in-process figure', totals: [] };
	const tsx = path.join(PROJECT_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
	say('running bench/pure.ts 100000 (the node\'s pure work in process, Node ' + process.version + ')');
	// pure.ts reads BENCH_ONLY and BENCH_PROFILE too, with other meanings: not passed on.
	const { BENCH_ONLY: _only, BENCH_PROFILE: _profile, ...env } = process.env;
	const result = await spawnWatched(process.execPath, [tsx, file, '100000'], { cwd: PROJECT_ROOT, env, timeoutMs: 15 * 60_000 });
	const totals: PureResult['totals'] = [];
	for (const m of result.stdout.matchAll(/^(node end to end: [^:]+): (\d+) ms wall \((\d+) ms CPU\)/gm)) {
		totals.push({ name: m[1], ms: Number(m[2]), cpuMs: Number(m[3]) });
	}
	if (result.code !== 0 || totals.length === 0) {
		return { ran: false, note: `bench/pure.ts failed (exit ${result.code}): ${lastLines(result.stderr || result.stdout, 6)}`, output: result.stdout, totals };
	}
	return { ran: true, note: `ran in ${((result.exitedAt - result.spawnedAt) / 1000).toFixed(0)} s`, output: result.stdout.trim(), totals };
}

/* ------------------------------------------------------------------------------ statistics */

function median(values: number[]): number {
	const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
	if (v.length === 0) return NaN;
	const mid = Math.floor(v.length / 2);
	return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

interface Cell {
	scenario: Scenario;
	n: number;
	runs: Measure[];
	profiles: ProfileSummary[];
}

interface Summary {
	ok: boolean;
	errors: string[];
	runs: number;
	inNodeMs: number;
	inNodeMin: number;
	inNodeMax: number;
	wholeMs: number;
	processMs: number;
	contactsMs: number;
	requests: number;
	bytesSent: number;
	bodyBytes: number;
	peakRss: number;
	startRss: number;
	hwmAtExit: number;
	runnerHwm: number;
	simMs: number;
	nodeCpuMs: number;
	items: number;
	good: number;
}

function summarise(cell: Cell): Summary {
	const ok = cell.runs.filter((r) => r.ok);
	const pick = (f: (m: Measure) => number) => median(ok.map(f));
	return {
		ok: ok.length > 0 && ok.length === cell.runs.length,
		errors: cell.runs.filter((r) => !r.ok).map((r) => r.error ?? 'failed'),
		runs: ok.length,
		inNodeMs: pick((m) => m.inNodeMs),
		inNodeMin: Math.min(...ok.map((m) => m.inNodeMs)),
		inNodeMax: Math.max(...ok.map((m) => m.inNodeMs)),
		wholeMs: pick((m) => m.wholeMs),
		processMs: pick((m) => m.processMs),
		contactsMs: pick((m) => m.contactsMs ?? NaN),
		requests: pick((m) => m.requests),
		bytesSent: pick((m) => m.bytesSent),
		bodyBytes: pick((m) => m.bodyBytes),
		peakRss: pick((m) => m.peakRss),
		startRss: pick((m) => m.startRss),
		hwmAtExit: pick((m) => m.hwmAtExit),
		runnerHwm: pick((m) => m.runnerHwm),
		simMs: pick((m) => m.simMs),
		nodeCpuMs: pick((m) => m.nodeCpuMs),
		items: pick((m) => m.items),
		good: pick((m) => m.good),
	};
}

/* ------------------------------------------------------------------------------ formatting */

function fmtMs(ms: number): string {
	if (!Number.isFinite(ms)) return '–';
	if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
	if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
	return `${ms.toFixed(0)} ms`;
}

function fmtMb(bytes: number): string {
	return Number.isFinite(bytes) && bytes > 0 ? `${(bytes / MB).toFixed(0)} MB` : '–';
}

function fmtBytes(bytes: number): string {
	if (!Number.isFinite(bytes)) return '–';
	if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
	if (bytes >= 1024) return `${(bytes / 1024).toFixed(0)} kB`;
	return `${bytes} B`;
}

function fmtRatio(value: number, floor: number): string {
	if (!Number.isFinite(value) || !Number.isFinite(floor) || floor <= 0) return '–';
	const r = value / floor;
	return r >= 10 ? `${r.toFixed(0)}×` : `${r.toFixed(2)}×`;
}

function fmtN(n: number): string {
	return n.toLocaleString('en');
}

function table(header: string[], rows: string[][], align?: string[]): string {
	const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
	return [line(header), line((align ?? header.map(() => '---')).map((a) => a)), ...rows.map(line)].join('\n');
}

/* ------------------------------------------------------------------------------ chart */

function chartSvg(cells: Map<string, Summary>, sizes: number[], scenarios: Scenario[], n8nVersion: string): string {
	const width = 900;
	const height = 500;
	const left = 70;
	const right = 20;
	const top = 50;
	const bottom = 150;
	const plotW = width - left - right;
	const plotH = height - top - bottom;
	const values: number[] = [];
	for (const n of sizes) for (const s of scenarios) {
		const v = cells.get(`${s.key}@${n}`)?.inNodeMs;
		if (v !== undefined && Number.isFinite(v) && v > 0) values.push(v);
	}
	const minExp = Math.floor(Math.log10(Math.max(1, Math.min(...values, 1000) * 0.8)));
	const maxExp = Math.ceil(Math.log10(Math.max(...values, 1000) * 1.05));
	const y = (ms: number) => top + plotH - ((Math.log10(ms) - minExp) / (maxExp - minExp)) * plotH;
	const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
	const parts: string[] = [];
	parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="12">`);
	parts.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
	parts.push(`<text x="${width / 2}" y="22" text-anchor="middle" font-size="15" font-weight="bold">Time in the node (median of ${RUNS} runs, log scale), n8n ${n8nVersion}, against the simulator</text>`);
	for (let e = minExp; e <= maxExp; e++) {
		const yy = y(10 ** e);
		const label = e >= 3 ? `${10 ** (e - 3)} s` : `${10 ** e} ms`;
		parts.push(`<line x1="${left}" y1="${yy.toFixed(1)}" x2="${width - right}" y2="${yy.toFixed(1)}" stroke="#e0e0e0"/>`);
		parts.push(`<text x="${left - 6}" y="${(yy + 4).toFixed(1)}" text-anchor="end" fill="#555">${label}</text>`);
	}
	const groupW = plotW / sizes.length;
	const barW = Math.min(34, (groupW - 30) / scenarios.length);
	// Targets at 10,000: a dashed mark across the bar they are about (Send 0.5 s, Send Personalised 1 s).
	const g10k = sizes.indexOf(10_000);
	if (g10k >= 0) {
		for (const [key, ms] of [
			['send', TARGETS.sendAt10kMs],
			['personalised', TARGETS.personalisedAt10kMs],
		] as const) {
			const k = scenarios.findIndex((s) => s.key === key);
			if (k < 0) continue;
			const x = left + g10k * groupW + (groupW - barW * scenarios.length) / 2 + k * barW;
			const yy = y(ms);
			parts.push(`<line x1="${(x - 3).toFixed(1)}" y1="${yy.toFixed(1)}" x2="${(x + barW + 3).toFixed(1)}" y2="${yy.toFixed(1)}" stroke="#000" stroke-width="2" stroke-dasharray="4,3"/>`);
		}
	}
	sizes.forEach((n, g) => {
		const gx = left + g * groupW + (groupW - barW * scenarios.length) / 2;
		scenarios.forEach((s, k) => {
			const summary = cells.get(`${s.key}@${n}`);
			const x = gx + k * barW;
			const v = summary?.inNodeMs;
			if (v === undefined || !Number.isFinite(v) || v <= 0) {
				const why =
					s.key === 'http' && n > HTTP_MAX ? 'not run' : s.key === 'sendBig' && n <= BATCH ? 'same as (b)' : summary && !summary.ok ? 'failed' : 'n/a';
				const ty = top + plotH - 6;
				parts.push(`<text x="${(x + barW / 2 + 3).toFixed(1)}" y="${ty}" text-anchor="start" transform="rotate(-90 ${(x + barW / 2 + 3).toFixed(1)} ${ty})" fill="#999" font-size="10">${why}</text>`);
				return;
			}
			const yy = y(v);
			parts.push(`<rect x="${(x + 1).toFixed(1)}" y="${yy.toFixed(1)}" width="${(barW - 2).toFixed(1)}" height="${(top + plotH - yy).toFixed(1)}" fill="${s.color}"><title>${esc(`${s.short}, ${fmtN(n)}: ${fmtMs(v)}`)}</title></rect>`);
			// Keep the value clear of the dashed target mark drawn across this bar.
			const target = n === 10_000 ? (s.key === 'send' ? TARGETS.sendAt10kMs : s.key === 'personalised' ? TARGETS.personalisedAt10kMs : undefined) : undefined;
			let labelY = yy - 4;
			if (target !== undefined && Math.abs(labelY - y(target)) < 11) labelY = Math.min(yy, y(target)) - 6;
			parts.push(`<text x="${(x + barW / 2).toFixed(1)}" y="${labelY.toFixed(1)}" text-anchor="middle" font-size="9" fill="#222">${esc(fmtMs(v).replace(' ', '\u00a0'))}</text>`);
		});
		parts.push(`<text x="${(left + g * groupW + groupW / 2).toFixed(1)}" y="${top + plotH + 18}" text-anchor="middle" font-size="13" font-weight="bold">${fmtN(n)} contacts</text>`);
	});
	parts.push(`<line x1="${left}" y1="${top + plotH}" x2="${width - right}" y2="${top + plotH}" stroke="#333"/>`);
	// Legend.
	const legendY = height - bottom + 45;
	const perRow = 3;
	scenarios.forEach((s, k) => {
		const lx = left + (k % perRow) * 270;
		const ly = legendY + Math.floor(k / perRow) * 20;
		parts.push(`<rect x="${lx}" y="${ly - 10}" width="12" height="12" fill="${s.color}"/>`);
		parts.push(`<text x="${lx + 18}" y="${ly}">${esc(s.label)}</text>`);
	});
	const noteY = legendY + Math.ceil(scenarios.length / perRow) * 20 + 4;
	parts.push(`<line x1="${left}" y1="${noteY - 4}" x2="${left + 14}" y2="${noteY - 4}" stroke="#000" stroke-width="2" stroke-dasharray="4,3"/>`);
	parts.push(`<text x="${left + 18}" y="${noteY}" fill="#333">targets at 10,000 contacts: Send 0.5 s, Send Personalised 1 s (time in node)</text>`);
	parts.push('</svg>');
	return parts.join('\n') + '\n';
}

/* ------------------------------------------------------------------------------ main */

function git(args: string[]): string {
	try {
		// Read-only queries (commit and whether the tree has changes).
		return execFileSync('git', args, { cwd: PROJECT_ROOT, encoding: 'utf8' }).trim();
	} catch {
		return '';
	}
}

async function main(): Promise<void> {
	say(
		`sizes ${SIZES.map(fmtN).join(', ')}; ${RUNS} runs each (the floor at 100,000: ${Math.min(RUNS, FLOOR_BIG_RUNS)}, 4–6 min a run); ` +
			`HTTP Request only up to ${fmtN(HTTP_MAX)} contacts (one request per contact); Batch Size ${BATCH}; load average ${os.loadavg()[0].toFixed(1)}`,
	);
	const runtime = await ensureRuntime('n8n-2');
	say('building, packing and installing the package into the bench\'s n8n user folder');
	const tarball = await buildAndPack({ skipBuild: process.env.SKIP_BUILD === '1' });
	await installPackage(USER_FOLDER, tarball);

	const sim = new Simulator({ accounts: [{ ...DEMO_ACCOUNT, senders: [...DEMO_ACCOUNT.senders], balance: 10_000_000 }] });
	let simUrl: string;
	try {
		simUrl = await sim.start(SIM_PORT);
	} catch {
		simUrl = await sim.start(0); // a different port means the credential is imported again
	}
	say(`simulator on ${simUrl}`);

	const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'smsonlinegh-bench-'));
	const rawScript = path.join(scratch, 'raw-client.mjs');
	fs.writeFileSync(rawScript, RAW_CLIENT);

	const n8nScenarios = SCENARIOS.filter((s) => s.code);
	const workflows: WorkflowFile[] = [];
	for (const n of SIZES) for (const s of n8nScenarios) if (enabled(s, n)) workflows.push(workflow(s, n, simUrl));
	const credential: CredentialFile = {
		id: CREDENTIAL_ID,
		name: 'SMSOnlineGH (bench simulator)',
		type: 'smsOnlineGhApi',
		data: { baseUrl: simUrl, authModel: 'apiKey', apiKey: DEMO_API_KEY },
	};
	const imported = await importIfChanged(runtime, USER_FOLDER, [credential], workflows, { port: N8N_PORT, brokerPort: BROKER_PORT });
	say(imported ? `imported ${workflows.length} workflows and the credential` : 'workflows already imported');
	// A copy of the 10,000-contact workflows, for reading or importing by hand.
	const wfDir = path.join(PROJECT_ROOT, 'bench', 'workflows');
	fs.mkdirSync(wfDir, { recursive: true });
	for (const s of n8nScenarios) {
		const copy = workflow(s, 10_000, 'http://127.0.0.1:8095');
		fs.writeFileSync(path.join(wfDir, `${s.key}-10000.json`), JSON.stringify(copy, null, '\t') + '\n');
	}

	const clockOffsetUs = monotonicMinusEpochUs();
	const cells = new Map<string, Cell>();
	const cellOf = (s: Scenario, n: number) => {
		const key = `${s.key}@${n}`;
		let cell = cells.get(key);
		if (!cell) cells.set(key, (cell = { scenario: s, n, runs: [], profiles: [] }));
		return cell;
	};
	const report = (s: Scenario, n: number, run: number, m: Measure) => {
		const status = m.ok ? '' : `  FAILED: ${m.error}`;
		say(
			`${s.short.padEnd(17)} ${fmtN(n).padStart(7)} run ${run}/${runsFor(s, n)}: in node ${fmtMs(m.inNodeMs).padStart(7)} (CPU ${fmtMs(m.nodeCpuMs)}), whole ${fmtMs(m.wholeMs).padStart(7)}, ` +
				`${m.requests} req, ${fmtBytes(m.bytesSent)}, peak ${fmtMb(m.peakRss)}${m.runnerHwm ? ` (runner ${fmtMb(m.runnerHwm)})` : ''}, process ${fmtMs(m.processMs)}, load ${os.loadavg()[0].toFixed(1)}${status}`,
		);
	};

	for (const n of SIZES) {
		for (let run = 1; run <= RUNS; run++) {
			const bodies = new Map<ScenarioKey, RawBodies>();
			for (const s of n8nScenarios) {
				if (!enabled(s, n) || run > runsFor(s, n)) continue;
				const m = await runN8n(runtime, s, n, run, sim);
				const cell = cellOf(s, n);
				cell.runs.push(m);
				report(s, n, run, m);
				if (m.ok && (s.key === 'send' || s.key === 'personalised')) {
					bodies.set(s.key, saveBodies(sim, simUrl, path.join(scratch, `${s.key}-${n}.json`)));
				}
				if (m.profile && m.nodeStart !== undefined) {
					// For a closer look afterwards: the node's window on the profile's clock (µs).
					const window = { from: m.nodeStart * 1000 + clockOffsetUs, to: (m.nodeStart + m.inNodeMs) * 1000 + clockOffsetUs };
					fs.writeFileSync(path.join(path.dirname(m.profile), 'node-window.json'), JSON.stringify(window) + '\n');
					const summary = summariseProfile(m.profile, m.nodeStart, m.nodeStart + m.inNodeMs, clockOffsetUs);
					cell.profiles.push(summary);
					say(`  profile of the node's ${fmtMs(summary.windowMs)}: ${summary.total.slice(0, 7).map((b) => `${b.name} ${b.ms.toFixed(0)}`).join(', ')}`);
				}
			}
			for (const s of SCENARIOS.filter((x) => x.bodiesOf)) {
				if (!enabled(s, n)) continue;
				const source = bodies.get(s.bodiesOf!);
				if (!source) {
					if (run === 1) say(`${s.short}: no bodies (run ${s.bodiesOf} first)`);
					continue;
				}
				const m = await runRaw(runtime, n, source, sim, rawScript);
				cellOf(s, n).runs.push(m);
				report(s, n, run, m);
			}
		}
	}
	await sim.stop();

	const pure = await runPure();
	if (pure.ran) for (const t of pure.totals) say(`pure: ${t.name}: ${t.ms} ms`);
	else say(`pure: ${pure.note}`);

	writeResults(runtime, cells, pure);
	fs.rmSync(scratch, { recursive: true, force: true });
	say(`done: ${path.relative(PROJECT_ROOT, path.join(OUT_DIR, 'RESULTS.md'))} and ${path.relative(PROJECT_ROOT, path.join(OUT_DIR, 'chart.svg'))}`);
}

/* ------------------------------------------------------------------------------ results */

function writeResults(runtime: Runtime, cells: Map<string, Cell>, pure: PureResult): void {
	const summaries = new Map<string, Summary>();
	for (const [key, cell] of cells) summaries.set(key, summarise(cell));
	const get = (key: ScenarioKey, n: number) => summaries.get(`${key}@${n}`);
	const pkg = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
	const commit = git(['rev-parse', '--short', 'HEAD']);
	const dirty = git(['status', '--porcelain', '--', 'nodes', 'credentials']) ? ' + uncommitted changes under nodes/ or credentials/' : '';
	const cpu = os.cpus()[0]?.model ?? 'unknown';
	const lines: string[] = [];
	const w = (s = '') => lines.push(s);

	w('# Benchmark results');
	w();
	w(`Generated by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC.`);
	w();
	w(`- Machine: ${os.cpus().length} cores (${cpu}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB memory, ${os.type()} ${os.release()}; load average (1/5/15 min) ${loadAtStart.map((l) => l.toFixed(1)).join(' / ')} at the start, ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} at the end; the whole bench took ${((Date.now() - t0) / 60_000).toFixed(1)} min.`);
	w(`- n8n ${runtime.n8nVersion} on Node ${runtime.name === 'n8n-2' ? '24.21.0' : process.version} (\`n8n execute\`, expression engine: n8n's default \`vm\`); the bench itself and the simulator on Node ${process.version}.`);
	w(`- Package ${pkg.name} ${pkg.version} (commit ${commit || 'unknown'}${dirty}), built with \`npm run build\`, packed and installed into the bench's n8n user folder like n8n's installer does.`);
	w(`- ${RUNS} runs of each${SIZES.some((n) => n >= 100_000) && FLOOR_BIG_RUNS < RUNS ? ` (the floor at 100,000: ${FLOOR_BIG_RUNS}, about 4–6 minutes a run; \`BENCH_FLOOR_BIG_RUNS=3\` for more)` : ''}; figures are medians. Send and Send Personalised with Batch Size ${BATCH}${BATCH === 1000 ? ' (the default)' : ''}, JSON.`);
	w();
	w('"In node": the node\'s `executionTime` in the run data (raw client: its request loop). "CPU in node": CPU time (user + system, all threads) of the n8n main process over that same window, from /proc/<pid>/stat (10 ms steps; raw client: its whole process): on a busy machine it moves less than the wall time, which also counts waiting for a core. "Simulator": the simulator\'s own time answering, summed over the requests (it runs in the bench process, on the same 2 cores). "Whole run": the execution\'s `stoppedAt − startedAt` (trigger, Code node making the contacts in n8n\'s task runner, measured node; raw client: its process from spawn to exit). "Peak": highest RSS of the n8n main process during the execution (sampled every 20 ms; at the start of the execution it holds about the "base" figure); "HWM at exit" also covers `n8n execute` printing the whole run data as JSON after the execution. Requests and bytes (request line, headers and body) from the simulator\'s journal. Ratios against the floor (a) at the same size.');
	w();

	const header = ['Scenario', 'In node', 'min–max', '× floor', 'CPU in node', 'Whole run', '× floor', 'Simulator', 'Requests', 'Bytes sent', 'Peak RSS', '− floor', 'Base RSS', 'HWM at exit', 'Runner HWM', 'Output OK'];
	for (const n of SIZES) {
		const floor = get('floor', n);
		w(`## ${fmtN(n)} contacts`);
		w();
		const rows: string[][] = [];
		for (const s of SCENARIOS) {
			const x = get(s.key, n);
			if (!x) {
				if (s.key === 'http' && n > HTTP_MAX) rows.push([s.label, `not run above ${fmtN(HTTP_MAX)} contacts`, ...header.slice(2).map(() => '')]);
				continue;
			}
			if (x.runs === 0) {
				rows.push([s.label, `FAILED: ${x.errors[0]?.slice(0, 120) ?? ''}`, ...header.slice(2).map(() => '')]);
				continue;
			}
			const isRaw = !!s.bodiesOf;
			rows.push([
				s.label,
				fmtMs(x.inNodeMs),
				`${fmtMs(x.inNodeMin)}–${fmtMs(x.inNodeMax)}`,
				s.key === 'floor' ? '1' : fmtRatio(x.inNodeMs, floor?.inNodeMs ?? NaN),
				fmtMs(x.nodeCpuMs),
				fmtMs(x.wholeMs),
				s.key === 'floor' ? '1' : fmtRatio(x.wholeMs, floor?.wholeMs ?? NaN),
				x.requests ? fmtMs(x.simMs) : '',
				fmtN(x.requests),
				fmtBytes(x.bytesSent),
				fmtMb(x.peakRss),
				s.key === 'floor' || isRaw || !floor ? '' : `${x.peakRss >= floor.peakRss ? '+' : '−'}${Math.abs((x.peakRss - floor.peakRss) / MB).toFixed(0)} MB`,
				isRaw ? '' : fmtMb(x.startRss),
				fmtMb(x.hwmAtExit),
				isRaw ? '' : fmtMb(x.runnerHwm),
				`${fmtN(x.good)}/${fmtN(n)}${x.ok ? '' : ` (${x.errors.length} failed)`}`,
			]);
		}
		w(table(header, rows));
		w();
		const contacts = get('floor', n)?.contactsMs;
		if (contacts !== undefined && Number.isFinite(contacts)) w(`The Code node making the contacts took ${fmtMs(contacts)} (median, floor runs); n8n's boot and exit are outside "whole run" (process spawn to exit, floor: ${fmtMs(floor?.processMs ?? NaN)}).`);
		w();
	}

	// Targets.
	w('## Targets');
	w();
	const verdict = (ok: boolean | undefined) => (ok === undefined ? 'not measured' : ok ? '**met**' : '**missed**');
	const targetRows: string[][] = [];
	const send10k = get('send', 10_000);
	const perso10k = get('personalised', 10_000);
	const floor10k = get('floor', 10_000);
	targetRows.push(['Send, 10,000 contacts: time in node < 0.5 s', send10k?.runs ? fmtMs(send10k.inNodeMs) : '–', verdict(send10k?.runs ? send10k.inNodeMs < TARGETS.sendAt10kMs : undefined)]);
	const batchChecks = SIZES.flatMap((n) => [
		{ n, size: BATCH, label: '(b)', s: get('send', n) },
		{ n, size: BIG_BATCH, label: '(b′)', s: get('sendBig', n) },
	]).filter((x) => x.s?.runs);
	targetRows.push([
		`Send: one request per batch, ceil(N / Batch Size) requests ((b) Batch Size ${fmtN(BATCH)}${BATCH === 1000 ? ', the default' : ''}; (b′) ${fmtN(BIG_BATCH)})`,
		batchChecks.map(({ n, size, label, s }) => `${label} ${fmtN(n)}: ${fmtN(s!.requests)} (expected ${fmtN(Math.ceil(n / size))})`).join('; ') || '–',
		verdict(batchChecks.length ? batchChecks.every(({ n, size, s }) => s!.requests === Math.ceil(n / size)) : undefined),
	]);
	const memRows = SIZES.map((n) => ({ n, s: get('send', n), f: get('floor', n) })).filter((x) => x.s?.runs && x.f?.runs);
	targetRows.push([
		`Send: peak memory ≤ floor + ${TARGETS.memoryOverFloorMb} MB`,
		memRows.map(({ n, s, f }) => `${fmtN(n)}: ${fmtMb(s!.peakRss)} vs ${fmtMb(f!.peakRss)} (${s!.peakRss >= f!.peakRss ? '+' : '−'}${Math.abs((s!.peakRss - f!.peakRss) / MB).toFixed(0)} MB)`).join('; ') || '–',
		verdict(send10k?.runs && floor10k?.runs ? send10k.peakRss <= floor10k.peakRss + TARGETS.memoryOverFloorMb * MB : undefined) + ' at 10,000' +
			(memRows.length ? `; ${memRows.every(({ s, f }) => s!.peakRss <= f!.peakRss + TARGETS.memoryOverFloorMb * MB) ? 'met' : 'missed'} at every size` : ''),
	]);
	targetRows.push(['Send Personalised, 10,000 contacts: time in node < 1 s', perso10k?.runs ? fmtMs(perso10k.inNodeMs) : '–', verdict(perso10k?.runs ? perso10k.inNodeMs < TARGETS.personalisedAt10kMs : undefined)]);
	for (const key of ['send', 'personalised'] as const) {
		const s = get(key, 100_000);
		const f = get('floor', 100_000);
		const label = key === 'send' ? 'Send' : 'Send Personalised';
		targetRows.push([
			`${label}, 100,000 contacts: completes, peak memory ≤ ${TARGETS.memoryFactorAt100k}× floor`,
			s?.runs && f?.runs ? `${s.ok ? 'completed' : 'FAILED'}; ${fmtMb(s.peakRss)} vs floor ${fmtMb(f.peakRss)} (${(s.peakRss / f.peakRss).toFixed(2)}×); HWM at exit ${fmtMb(s.hwmAtExit)} vs ${fmtMb(f.hwmAtExit)}` : s && !s.runs ? `FAILED: ${s.errors[0] ?? ''}` : '–',
			verdict(s?.runs && f?.runs ? s.ok && s.peakRss <= TARGETS.memoryFactorAt100k * f.peakRss : s ? false : undefined),
		]);
	}
	if (pure.ran) {
		for (const t of pure.totals) {
			targetRows.push([
				`Pure work at 100,000, in process (bench/pure.ts), ${t.name.replace('node end to end: ', '')}: < 1 s`,
				`${fmtN(t.ms)} ms wall, ${fmtN(t.cpuMs)} ms CPU`,
				verdict(t.ms < TARGETS.pureAt100kMs),
			]);
		}
	} else {
		targetRows.push(['Pure work at 100,000, in process (bench/pure.ts): < 1 s', pure.note, 'not measured']);
	}
	w(table(['Target', 'Measured', 'Verdict'], targetRows));
	w();

	// Profiles.
	const profiled = [...cells.values()].filter((c) => c.profiles.length);
	if (profiled.length) {
		w('## CPU profiles (BENCH_PROFILE)');
		w();
		w('Where the n8n main thread spent the measured node\'s time (its run data window), from `--cpu-prof` profiles of the n8n process: self time by package and by function, `(idle)` being time waiting (for the simulator\'s answers, for the task runner), `(garbage collector)` GC. The profiler slows JavaScript down, so these windows are longer than unprofiled runs; the shares are what counts. First profiled run of each.');
		w();
		for (const cell of profiled) {
			const p = cell.profiles[0];
			w(`### ${cell.scenario.short}, ${fmtN(cell.n)}: node window ${fmtMs(p.windowMs)}, ${fmtMs(p.sampledMs)} sampled`);
			w();
			w(table(['Package', 'ms'], p.total.slice(0, 10).map((b) => [b.name, b.ms.toFixed(1)])));
			w();
			w(table(['Function (self time)', 'ms'], p.functions.slice(0, 15).map((f) => [`\`${f.name}\``, f.ms.toFixed(1)])));
			w();
		}
	}

	w('## Pure work in process (bench/pure.ts 100000)');
	w();
	if (pure.output) {
		w('```');
		w(pure.output);
		w('```');
	} else {
		w(pure.note);
	}
	w();
	w('![time in node](chart.svg)');
	w();
	fs.mkdirSync(OUT_DIR, { recursive: true });
	fs.writeFileSync(path.join(OUT_DIR, 'RESULTS.md'), lines.join('\n'));
	fs.writeFileSync(path.join(OUT_DIR, 'chart.svg'), chartSvg(summaries, SIZES, SCENARIOS, runtime.n8nVersion));
	// Echo the tables to the console.
	process.stdout.write('\n' + lines.filter((l) => !l.startsWith('![')).join('\n') + '\n');
}

main().catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
	process.exit(1);
});
