/** The queue suite's pieces: its setup file, workloads of numbers, and reading what came back. */
import * as fs from 'node:fs';
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

export type Item = Record<string, any>;

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
	return tally(Object.values(counts).map((count) => ({ count })), 'count');
}

/** Numbers (international form) for which `predicate` holds on their output item. */
export function numbersWhere(items: Item[], predicate: (item: Item) => boolean): string[] {
	return items.filter(predicate).map((item) => international(String(item.input))).sort();
}

/** The executions n8n stored after execution `afterId`, with status and mode, oldest first. */
export async function executionsAfter(stack: QueueStack, afterId: number): Promise<Array<{ id: number; status: string; mode: string }>> {
	const rows = await stack.postgres.query(`select id, status, mode from execution_entity where id > ${afterId} order by id`);
	return rows.map(([id, status, mode]) => ({ id: Number(id), status, mode }));
}

export async function lastExecutionId(stack: QueueStack): Promise<number> {
	const rows = await stack.postgres.query('select coalesce(max(id), 0) from execution_entity');
	return Number(rows[0][0]);
}

/** What n8n stored of an execution's run data (its own serialised form, read as text). */
export async function storedData(stack: QueueStack, executionId: string | number): Promise<string> {
	const rows = await stack.postgres.query(`select data from execution_data where "executionId" = ${Number(executionId)}`);
	return rows[0]?.join('|') ?? '';
}

/** Waits until no execution after `afterId` is new or running any more (bounded). */
export async function settled(stack: QueueStack, afterId: number, timeoutMs: number): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const open = (await executionsAfter(stack, afterId)).filter((e) => e.status === 'new' || e.status === 'running');
		if (open.length === 0) return;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	throw new Error(`executions after ${afterId} still running after ${timeoutMs / 1000} s`);
}
