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
 * execution, the send, like the HTTP Request node. Prints a Markdown section for RESULTS.md.
 *
 * Variables: BENCH_ONE_CALLS (300 measured calls a cell), BENCH_ONE_AT_A_TIME (10),
 * BENCH_ONE_WARM_UP (20 calls a cell first), BENCH_ONE_LATENCIES (0,150),
 * BENCH_ONE_SETUPS (regular,queue). Needs the n8n 2.x
 * runtime, and redis-server and postgresql (queue mode, and regular mode on the same database).
 */
import { createHash } from 'node:crypto';
import * as os from 'node:os';

import { DEMO_ACCOUNT, Simulator } from '../simulator';
import { DEMO_API_KEY, type Runtime, type WorkflowFile } from '../tools/n8n/runtime';
import { postAll, queueCredential, startStack, untilServed } from '../tools/queue';
import { say } from './clock';
import { table } from './format';

const CALLS = Number(process.env.BENCH_ONE_CALLS ?? 300);
const AT_A_TIME = Number(process.env.BENCH_ONE_AT_A_TIME ?? 10);
const WARM_UP = Number(process.env.BENCH_ONE_WARM_UP ?? 20);
const LATENCIES = (process.env.BENCH_ONE_LATENCIES ?? '0,150').split(',').map(Number);
const SETUPS = (process.env.BENCH_ONE_SETUPS ?? 'regular,queue').split(',') as Array<'regular' | 'queue'>;
const PROFILE_PATH = '/v5/auth';
const SEND_PATH = '/v5/message/sms/send';
const MESSAGE = 'Your order has shipped.';
const CREDENTIAL = { id: 'QueueSmsCred0001', name: 'SMSOnlineGH (queue suite)' };

interface Variant {
	key: 'node' | 'nodeRef' | 'http';
	label: string;
	node: Record<string, unknown>;
}

const VARIANTS: Variant[] = [
	{ key: 'node', label: 'SMS node, Send, default options', node: smsNode({}) },
	{ key: 'nodeRef', label: 'SMS node, Send, Client Reference', node: smsNode({ clientReference: '={{ $json.body.orderId }}' }) },
	{ key: 'http', label: 'HTTP Request node, the same send', node: {} },
];

function smsNode(options: Record<string, unknown>): Record<string, unknown> {
	return {
		name: 'Measured',
		type: 'n8n-nodes-smsonlinegh.smsOnlineGh',
		typeVersion: 1,
		parameters: { resource: 'sms', operation: 'send', sender: 'SMSDemo', phoneNumbers: '={{ $json.body.phone }}', message: MESSAGE, messageType: 'gsm', options },
		credentials: { smsOnlineGhApi: CREDENTIAL },
	};
}

/** n8n's HTTP Request node as a user would set it up to call this API without the node. */
function httpNode(simUrl: string): Record<string, unknown> {
	return {
		name: 'Measured',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: 'POST',
			url: `${simUrl}${SEND_PATH}`,
			sendHeaders: true,
			headerParameters: { parameters: [{ name: 'Authorization', value: `key ${DEMO_API_KEY}` }, { name: 'Accept', value: 'application/json' }] },
			sendBody: true,
			specifyBody: 'json',
			jsonBody: `={"text": ${JSON.stringify(MESSAGE)}, "type": 0, "sender": "SMSDemo", "destinations": ["{{ $json.body.phone }}"]}`,
			options: {},
		},
	};
}

/** A node id (a UUID) from the workflow id and the node's place, stable from one import to the next. */
function uuid(workflowId: string, place: number): string {
	const hex = createHash('sha256').update(`${workflowId}/${place}`).digest('hex');
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function workflow(variant: Variant, simUrl: string): WorkflowFile {
	const id = `BenchOneSms${variant.key.padEnd(5, '0')}`;
	const measured = variant.key === 'http' ? httpNode(simUrl) : variant.node;
	return {
		id,
		name: `One SMS per execution: ${variant.label}`,
		nodes: [
			{
				id: uuid(id, 0),
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2.1,
				position: [0, 0],
				webhookId: uuid(id, 9),
				parameters: { httpMethod: 'POST', path: `bench-one-${variant.key}`, responseMode: 'lastNode', responseData: 'firstEntryJson', options: {} },
			},
			{ id: uuid(id, 1), position: [220, 0], ...measured } as unknown as WorkflowFile['nodes'][number],
		],
		connections: { Webhook: { main: [[{ node: 'Measured', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
}

interface Cell {
	setup: string;
	latencyMs: number;
	variant: Variant;
	rate: number;
	p50: number;
	p95: number;
	/** Journal of the measured calls: requests per path. */
	profiles: number;
	sends: number;
	warmUpProfiles: number;
}

function percentile(sorted: number[], p: number): number {
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

let next = 0;
/** One call's body: a number never used before in this run, and an order id of its own. */
function bodies(count: number): Array<{ phone: string; orderId: string }> {
	return Array.from({ length: count }, () => {
		const k = next++;
		return { phone: `02${String(k).padStart(8, '0')}`, orderId: `ORD-${k}` };
	});
}

async function measureCell(url: string, sim: Simulator, setup: string, latencyMs: number, variant: Variant): Promise<Cell> {
	sim.reset();
	if (latencyMs > 0) sim.addFault({ kind: 'latency', ms: latencyMs });
	const warm = await postAll(url, bodies(WARM_UP), AT_A_TIME, 120_000);
	if (warm.some((r) => r.status !== 200)) throw new Error(`bench one: warm-up call failed (${warm.find((r) => r.status !== 200)?.status})`);
	const warmUpProfiles = sim.journal.filter((e) => e.path === PROFILE_PATH).length;
	const before = sim.journal.length;
	const t0 = performance.now();
	const results = await postAll(url, bodies(CALLS), AT_A_TIME, 120_000);
	const seconds = (performance.now() - t0) / 1000;
	const bad = results.filter((r) => r.status !== 200 || (r.body as { verdict?: unknown; handshake?: { id?: number } })?.[variant.key === 'http' ? 'handshake' : 'verdict'] === undefined);
	if (bad.length > 0) throw new Error(`bench one: ${bad.length} calls failed (${JSON.stringify(bad[0].body).slice(0, 200)})`);
	const measured = sim.journal.slice(before);
	const ms = results.map((r) => r.ms).sort((a, b) => a - b);
	return {
		setup,
		latencyMs,
		variant,
		rate: CALLS / seconds,
		p50: percentile(ms, 50),
		p95: percentile(ms, 95),
		profiles: measured.filter((e) => e.path === PROFILE_PATH).length,
		sends: measured.filter((e) => e.path === SEND_PATH).length,
		warmUpProfiles,
	};
}

async function measureSetup(runtime: Runtime, tarball: string, sim: Simulator, simUrl: string, setup: 'regular' | 'queue'): Promise<Cell[]> {
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
	try {
		for (const variant of VARIANTS) {
			const served = await untilServed(stack.webhookUrl(`bench-one-${variant.key}`), bodies(1)[0], 60_000);
			if (served.status !== 200) throw new Error(`bench one: webhook ${variant.key} not served (${served.status})`);
		}
		for (const latencyMs of LATENCIES) {
			for (const variant of VARIANTS) {
				const cell = await measureCell(stack.webhookUrl(`bench-one-${variant.key}`), sim, label, latencyMs, variant);
				say(`bench one: ${label}, ${latencyMs} ms, ${variant.label}: ${cell.rate.toFixed(1)}/s, p50 ${cell.p50.toFixed(0)} ms, p95 ${cell.p95.toFixed(0)} ms; journal: ${cell.sends} sends, ${cell.profiles} profile reads for ${CALLS} executions (${cell.warmUpProfiles} in the warm-up)`);
				cells.push(cell);
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

export function oneSmsSection({ cells, load }: OneSmsResult): string {
	const rows = cells.map((c) => [
		c.setup,
		`${c.latencyMs} ms`,
		c.variant.label,
		c.rate.toFixed(1),
		c.p50.toFixed(0),
		c.p95.toFixed(0),
		((c.sends + c.profiles) / CALLS).toFixed(2),
		`${c.sends} + ${c.profiles}`,
		String(c.warmUpProfiles),
	]);
	return [
		'## One SMS per execution (bench/one-sms.ts, `npm run bench:one`)',
		'',
		`${CALLS} webhook calls of one number each, ${AT_A_TIME} at a time, after ${WARM_UP} warm-up calls per cell; Webhook → measured node, answering its output. n8n 2.40.7 on Postgres, queue mode with two workers at concurrency 10. Latency: the simulator's latency fault on every request. ${os.cpus().length} cores, load average ${load[0].toFixed(1)} at the start, ${load[1].toFixed(1)} at the end.`,
		'',
		table(['Setup', 'Latency', 'Node', 'Executions/s', 'p50 ms', 'p95 ms', 'Requests / execution', 'Journal: sends + profile reads', 'Profile reads in warm-up'], rows),
		'',
	].join('\n');
}

/** Every setup in turn, each on an installation of its own (about 1–2 minutes each to start). */
export async function benchOneSms(runtime: Runtime, tarball: string): Promise<OneSmsResult> {
	const sim = new Simulator({ accounts: [{ ...DEMO_ACCOUNT, senders: [...DEMO_ACCOUNT.senders], balance: 10_000_000 }] });
	const simUrl = await sim.start(0);
	const load: [number, number] = [os.loadavg()[0], 0];
	const cells: Cell[] = [];
	try {
		for (const setup of SETUPS) cells.push(...(await measureSetup(runtime, tarball, sim, simUrl, setup)));
	} finally {
		await sim.stop();
	}
	load[1] = os.loadavg()[0];
	return { cells, load };
}
