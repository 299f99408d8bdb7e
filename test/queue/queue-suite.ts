/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The set-up of queue.e2e.test.ts: the queue stack (main, two workers), the simulator, the
 * workflow variants (CASES) and the helpers its tests send, count and kill with. Call
 * useQueueStack() at the top of the file: it starts them in beforeAll and stops them in afterAll.
 */
import { DEMO_ACCOUNT, Simulator } from '../../simulator';
import { ensureRuntime } from '../../tools/n8n/runtime';
import {
	FAST_STALLED_DETECTION,
	international,
	postAll,
	queueCredential,
	queueWorkflow,
	startStack,
	untilServed,
	workerExecutions,
	workload,
	type Call,
	type CallResult,
	type N8nProcess,
	type QueueStack,
} from '../../tools/queue';
import {
	ARTIFACTS,
	executionsAfter,
	itemsOf,
	note,
	readSetup,
	storedData,
	runDataParser,
	type Item,
	type Unflatten,
} from './helpers';

export interface QueueCase {
	/** The workflow's id and webhook path. */
	id: string;
	path: string;
	/** Whether the SMS node sets Client Reference (a reference per item: the number). */
	clientReference: boolean;
}

export const CASES: QueueCase[] = [
	{ id: 'QueueSmsPlain001', path: 'sms-plain', clientReference: false },
	{ id: 'QueueSmsClientRf1', path: 'sms-client-reference', clientReference: true },
];

export const SEND_PATH = '/v5/message/sms/send';
export const BATCH_SIZE = 10;
export const CONCURRENCY = 20;
export const WORKER_CONCURRENCY = 10;
export const BALANCE = 10_000_000;

export const sim = new Simulator({
	accounts: [{ ...DEMO_ACCOUNT, senders: [...DEMO_ACCOUNT.senders], balance: BALANCE }],
});
export let stack: QueueStack;
export let unflatten: Unflatten;
/** Each test takes numbers no other test used. */
let nextNumber = 0;

export function freshWorkload(calls: number, perCall: number): Call[] {
	const bodies = workload(calls, perCall, nextNumber);
	nextNumber += calls * perCall;
	return bodies;
}

export function resetSimulator(): void {
	sim.reset();
	sim.setBalance(DEMO_ACCOUNT.id, BALANCE);
}

/** Every number of `calls` once, in international form, counted `count` times. */
export function countsOf(calls: Call[], count = 1): Record<string, number> {
	return Object.fromEntries(calls.flatMap((c) => c.numbers).map((n) => [international(n), count]));
}

/** Every call answered 200 and reported each of its numbers once, in order: none lost silently. */
export function expectEveryNumberReported(calls: Call[], results: CallResult[]): Item[] {
	// A call that was not answered 200 is shown whole (its error, its answer): what failed is in the report.
	expect(results.map((r) => (r.status === 200 ? 200 : r))).toEqual(calls.map(() => 200));
	results.forEach((result, i) =>
		expect(itemsOf(result).map((item) => item.input)).toEqual(calls[i].numbers),
	);
	return results.flatMap(itemsOf);
}

/** Calls the webhook until n8n serves it, then a few at once so both workers have run it once. */
export async function warmUp(c: QueueCase): Promise<void> {
	const url = stack.webhookUrl(c.path);
	const first = await untilServed(url, { numbers: ['0209999999'] }, 60_000);
	if (first.status !== 200)
		throw new Error(`webhook ${c.path} not served: ${first.status} ${JSON.stringify(first.body)}`);
	await postAll(
		url,
		Array.from({ length: 6 }, (_, i) => ({ numbers: [`020999998${i}`] })),
		6,
		60_000,
	);
}

export function useQueueStack(): void {
	beforeAll(
		async () => {
			const t0 = Date.now();
			const simUrl = await sim.start(0);
			const runtime = await ensureRuntime('n8n-2');
			unflatten = runDataParser(runtime.dir);
			stack = await startStack({
				runtime,
				tarball: readSetup().tarball,
				mode: 'queue',
				workers: 2,
				concurrency: WORKER_CONCURRENCY,
				credentials: [queueCredential(simUrl)],
				workflows: CASES.map((c) =>
					queueWorkflow({
						id: c.id,
						path: c.path,
						batchSize: BATCH_SIZE,
						clientReference: c.clientReference ? '={{ $json.phone }}' : undefined,
					}),
				),
				stalled: FAST_STALLED_DETECTION,
				logDir: ARTIFACTS,
				log: (message) => note(message),
			});
			for (const c of CASES) await warmUp(c);
			note('stack started and warmed up', t0);
		},
		8 * 60 * 1000,
	);

	afterAll(
		async () => {
			const t0 = Date.now();
			await stack?.stop();
			await sim.stop();
			note('stack stopped', t0);
		},
		3 * 60 * 1000,
	);
}

beforeEach(() => resetSimulator());

/**
 * An execution the worker without the package took: failed, not successful, and the SMS node never
 * ran. n8n stores it with the node-type error; in one run of ten it stored the failed execution
 * with no run data and no error text at all (it failed before the workflow was built). Both are
 * accepted; that nothing was sent is checked against the simulator.
 */
export async function expectFailedBeforeTheSmsNode(id: string | number): Promise<void> {
	const [execution] = (await executionsAfter(stack, Number(id) - 1)).filter(
		(e) => e.id === Number(id),
	);
	expect(execution?.status).not.toBe('success');
	const data = await storedData(stack, id);
	if (data.includes('Unrecognized node type: n8n-nodes-smsonlinegh.smsOnlineGh')) return;
	const runData = data === '' ? {} : (unflatten(data).resultData?.runData ?? {});
	note(
		`execution ${id}: stored without the node-type error, its run data names ${JSON.stringify(Object.keys(runData))}`,
	);
	expect(Object.keys(runData)).not.toContain('SMS');
}

/**
 * Waits (bounded) until every call has had a request accepted, so each execution is half-way
 * through its five requests, and a worker runs at least `count` of them: the kill then falls in
 * the middle of sending.
 */
export async function workerWithExecutionsInFlight(
	calls: Call[],
	count: number,
	timeoutMs: number,
): Promise<N8nProcess> {
	const callOf = new Map(
		calls.flatMap((c, i) => c.numbers.map((n) => [international(n), i] as const)),
	);
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		// A destination is a number, or `{number, id}` when it carries a Client Reference's message id.
		const firstNumber = (e: (typeof sim.journal)[number]) => {
			const first = e.unit!.destinations[0];
			return typeof first === 'string' ? first : first.number;
		};
		const sending = new Set(
			sim.journal.filter((e) => e.submitted).map((e) => callOf.get(international(firstNumber(e)))),
		);
		const worker = stack.workers.find(
			(w) => workerExecutions(w.child.output()).inFlight.length >= count,
		);
		if (worker && sending.size === calls.length) return worker;
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	throw new Error(
		`no worker had ${count} executions in flight, each having sent, within ${timeoutMs / 1000} s`,
	);
}
