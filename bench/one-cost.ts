/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * What one cell of `npm run bench:one` cost n8n: the CPU time of the n8n processes over the
 * measured window (from /proc), and the measured node's own time in each stored execution (its
 * `executionTime` in the run data n8n saved in Postgres), so that the section can set the node's
 * time against the whole execution's CPU.
 */
import * as path from 'node:path';
import { createRequire } from 'node:module';

import { type Runtime } from '../tools/n8n/runtime';
import { type QueueStack } from '../tools/queue';
import { treeCpuWithReapedMs } from './proc';

/** CPU time (ms) so far of the n8n processes, each with its children (the task runner). */
export interface N8nCpu {
	/** The processes that run the executions: main in regular mode, the workers in queue mode. */
	running: number;
	/** Main in queue mode (it takes the webhook call, queues the job, answers); 0 in regular mode. */
	main: number;
}

export function n8nCpu(stack: QueueStack): N8nCpu {
	const main = treeCpuWithReapedMs(stack.main.child.pid);
	if (stack.workers.length === 0) return { running: main, main: 0 };
	return {
		running: stack.workers.reduce((sum, w) => sum + treeCpuWithReapedMs(w.child.pid), 0),
		main,
	};
}

export function cpuSince(before: N8nCpu, after: N8nCpu): N8nCpu {
	return { running: after.running - before.running, main: after.main - before.main };
}

/** What the reader needs of n8n's run data. */
interface RunData {
	resultData?: { runData?: Record<string, Array<{ executionTime?: number }>> };
}

type Unflatten = (text: string) => RunData;

/** flatted, n8n's own serialisation of run data, from n8n's install (as the e2e tests load it). */
export function runDataReader(runtime: Runtime): Unflatten {
	return createRequire(__filename)(
		path.join(runtime.dir, 'node_modules', 'flatted', 'cjs', 'index.js'),
	).parse as Unflatten;
}

export async function lastExecutionId(stack: QueueStack): Promise<number> {
	const rows = await stack.postgres.query('select coalesce(max(id), 0) from execution_entity');
	return Number(rows[0][0]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Stored {
	workflowId: string;
	/** Executions after this one (its id). */
	afterId: number;
	count: number;
}

function storedWhere({ workflowId, afterId }: Stored): string {
	return `e.id > ${Number(afterId)} and e."workflowId" = '${workflowId.replace(/'/g, "''")}' and e.status = 'success'`;
}

/**
 * Waits (bounded) until `count` executions of `workflowId` after execution `afterId` are stored
 * as succeeded with their run data: n8n may answer the webhook call before it has saved them.
 */
export async function untilStored(
	stack: QueueStack,
	stored: Stored,
	timeoutMs = 60_000,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	let found = 0;
	while (Date.now() < deadline) {
		const rows = await stack.postgres.query(
			`select count(*) from execution_entity e join execution_data d on d."executionId" = e.id where ${storedWhere(stored)}`,
		);
		found = Number(rows[0][0]);
		if (found >= stored.count) return;
		await sleep(200);
	}
	throw new Error(
		`bench one: ${found} of ${stored.count} executions of ${stored.workflowId} stored after ${timeoutMs / 1000} s`,
	);
}

/** `node`'s executionTime (ms) in each of those stored executions, oldest first. */
export async function storedNodeTimes(
	stack: QueueStack,
	unflatten: Unflatten,
	stored: Stored,
	node: string,
): Promise<number[]> {
	// psql prints a row a line, its fields joined by '|'; the run data is JSON text (one line), and may hold '|'.
	const rows = await stack.postgres.query(
		`select e.id, d.data from execution_entity e join execution_data d on d."executionId" = e.id where ${storedWhere(stored)} order by e.id`,
	);
	if (rows.length !== stored.count)
		throw new Error(
			`bench one: ${rows.length} executions of ${stored.workflowId} stored, ${stored.count} expected`,
		);
	return rows.map(([id, ...data]) => {
		const time = unflatten(data.join('|')).resultData?.runData?.[node]?.[0]?.executionTime;
		if (typeof time !== 'number')
			throw new Error(
				`bench one: execution ${id} of ${stored.workflowId} has no executionTime for node ${node}`,
			);
		return time;
	});
}
