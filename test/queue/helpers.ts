/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** The queue suite's pieces: its setup file, workloads of numbers, and reading what came back. */
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { elapsed, RUNTIME_ROOT } from '../../tools/n8n/runtime';
import { international, type CallResult, type QueueStack } from '../../tools/queue';

const QUEUE_ROOT = path.join(RUNTIME_ROOT, 'queue');
const SETUP_FILE = path.join(QUEUE_ROOT, 'setup.json');
export const ARTIFACTS = path.resolve(__dirname, '..', '..', 'test-artifacts', 'queue');

export interface SetupInfo {
	tarball: string;
	startedAt: number;
}

export function writeSetup(info: SetupInfo): void {
	fs.mkdirSync(QUEUE_ROOT, { recursive: true });
	fs.writeFileSync(SETUP_FILE, JSON.stringify(info, null, 2));
}

export function readSetup(): SetupInfo {
	return JSON.parse(fs.readFileSync(SETUP_FILE, 'utf8')) as SetupInfo;
}

/** Prints a timing or figure line straight to the terminal. */
export function note(message: string, since?: number): void {
	process.stdout.write(`[queue] ${message}${since === undefined ? '' : `: ${elapsed(since)}`}\n`);
}

export type Item = Record<string, unknown>;

/** The items a call's answer holds (the SMS node's output), or none when it was not a list. */
export function itemsOf(result: CallResult): Item[] {
	return Array.isArray(result.body) ? (result.body as Item[]) : [];
}

/** How many of each value of `key` the items hold: { accepted: 48, maybeSent: 2 }. */
export function tally(items: Item[], key = 'verdict'): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const item of items) counts[String(item[key])] = (counts[String(item[key])] ?? 0) + 1;
	return counts;
}

/** How many numbers the service counted once, twice, ...: { "1": 3000 }. */
export function histogram(counts: Record<string, number>): Record<string, number> {
	return tally(
		Object.values(counts).map((count) => ({ count })),
		'count',
	);
}

/** Numbers (international form) for which `predicate` holds on their output item. */
export function numbersWhere(items: Item[], predicate: (item: Item) => boolean): string[] {
	return items
		.filter(predicate)
		.map((item) => international(String(item.input)))
		.sort();
}

/** The executions n8n stored after execution `afterId`, with status and mode, oldest first. */
export async function executionsAfter(
	stack: QueueStack,
	afterId: number,
): Promise<Array<{ id: number; status: string; mode: string }>> {
	const rows = await stack.postgres.query(
		`select id, status, mode from execution_entity where id > ${afterId} order by id`,
	);
	return rows.map(([id, status, mode]) => ({ id: Number(id), status, mode }));
}

export async function lastExecutionId(stack: QueueStack): Promise<number> {
	const rows = await stack.postgres.query('select coalesce(max(id), 0) from execution_entity');
	return Number(rows[0][0]);
}

/** What n8n stored of an execution's run data (its own serialised form, read as text). */
export async function storedData(stack: QueueStack, executionId: string | number): Promise<string> {
	const rows = await stack.postgres.query(
		`select data from execution_data where "executionId" = ${Number(executionId)}`,
	);
	return rows[0]?.join('|') ?? '';
}

/** Waits (bounded) until no execution after `afterId` is new or running; the ids of those still so. */
export async function stillOpen(
	stack: QueueStack,
	afterId: number,
	timeoutMs: number,
): Promise<number[]> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const open = (await executionsAfter(stack, afterId)).filter(
			(e) => e.status === 'new' || e.status === 'running',
		);
		if (open.length === 0 || Date.now() >= deadline) return open.map((e) => e.id);
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

/** Waits until no execution after `afterId` is new or running any more (bounded). */
export async function settled(
	stack: QueueStack,
	afterId: number,
	timeoutMs: number,
): Promise<void> {
	const open = await stillOpen(stack, afterId, timeoutMs);
	if (open.length > 0)
		throw new Error(
			`executions after ${afterId} still running after ${timeoutMs / 1000} s: ${open.join(', ')}`,
		);
}

/** n8n's parser of its stored run data (flatted), from the runtime the suite runs. */
export type Unflatten = (text: string) => {
	resultData?: {
		runData?: Record<string, Array<{ data?: { main?: Array<Array<{ json: Item }>> } }>>;
	};
};

export function runDataParser(runtimeDir: string): Unflatten {
	return createRequire(__filename)(
		path.join(runtimeDir, 'node_modules', 'flatted', 'cjs', 'index.js'),
	).parse as Unflatten;
}

/**
 * The answers, with a call n8n left unanswered (status 0 at the time limit) given what its
 * execution stored as the SMS node's output, which is what the webhook answers with. n8n 2.40.7 in
 * queue mode now and then never answers a call whose execution finished on a worker: seen once in
 * four runs of this suite (every execution of the test stored as a success, one call hung for the
 * whole time limit). The node's work is judged by its output either way; each such call is noted,
 * and one whose execution stored no such output stays unanswered (the test then fails).
 */
export async function withStoredAnswers(
	stack: QueueStack,
	unflatten: Unflatten,
	afterId: number,
	calls: Array<{ numbers: string[] }>,
	results: CallResult[],
): Promise<CallResult[]> {
	const unanswered = results.filter((r) => r.status === 0);
	if (unanswered.length === 0) return results;
	await settled(stack, afterId, 60_000);
	const rows = await stack.postgres.query(
		`select e.id, d.data from execution_entity e join execution_data d on d."executionId" = e.id where e.id > ${Number(afterId)} and e.status = 'success' order by e.id`,
	);
	const byFirstInput = new Map<string, { id: string; items: Item[] }>();
	for (const [id, ...data] of rows) {
		const items = (
			unflatten(data.join('|')).resultData?.runData?.SMS?.[0]?.data?.main?.[0] ?? []
		).map((i) => i.json);
		if (items.length > 0) byFirstInput.set(String(items[0].input), { id, items });
	}
	return results.map((result) => {
		if (result.status !== 0) return result;
		const stored = byFirstInput.get(calls[result.index].numbers[0]);
		note(
			`call ${result.index} unanswered by n8n (${result.error}); ${stored ? `its execution ${stored.id} stored ${stored.items.length} items` : 'no stored execution holds its numbers'}`,
		);
		return stored ? { ...result, status: 200, body: stored.items } : result;
	});
}
