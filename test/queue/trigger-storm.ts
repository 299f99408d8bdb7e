/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The pieces of the trigger's queue-mode suite (trigger.e2e.test.ts): its workflows, the pushed
 * reports, a storm of pushes spread over the webhook processors as a load balancer would, and the
 * reckoning of what n8n stored against what it answered.
 */
import { createHash } from 'node:crypto';
import { type WorkflowFile } from '../../tools/n8n/runtime';
import { postEach, type CallResult, type QueueStack } from '../../tools/queue';
import { dest, jsonReport } from '../unit/trigger/reports';
import { type Item, type Unflatten } from './helpers';

export const TRIGGER_NAME = 'SMSOnlineGH Trigger';
export const TOKEN = 'queue-trigger-token-5d81e0c4a7';

/** A node id or webhook id (a UUID) from a workflow id and a place, stable across imports. */
function uuid(seed: string): string {
	const hex = createHash('sha256').update(seed).digest('hex');
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface TriggerFlow {
	id: string;
	/** Options → Respond; left out, as a node saved without it (When the Workflow Has Finished). */
	respond?: 'immediately';
}

/** The webhook path of a flow's trigger, token included: what webhookUrl(path, n) is given. */
export function pushPath(flow: TriggerFlow): string {
	return `${uuid(`${flow.id}/webhook`)}/delivery-report?token=${TOKEN}`;
}

/** SMSOnlineGH Trigger → No Operation: the cheapest workflow that stores every report's items. */
export function triggerWorkflow(flow: TriggerFlow): WorkflowFile {
	const options: Record<string, unknown> = { binaryData: true };
	if (flow.respond) options.respond = flow.respond;
	return {
		id: flow.id,
		name: `Queue mode: delivery reports (${flow.respond ?? 'default respond'})`,
		nodes: [
			{
				id: uuid(`${flow.id}/trigger`),
				name: TRIGGER_NAME,
				type: 'n8n-nodes-smsonlinegh.smsOnlineGhReportTrigger',
				typeVersion: 1,
				position: [0, 0],
				webhookId: uuid(`${flow.id}/webhook`),
				parameters: { token: TOKEN, options },
			},
			{
				id: uuid(`${flow.id}/noop`),
				name: 'Filed',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [220, 0],
				parameters: {},
			},
		],
		connections: { [TRIGGER_NAME]: { main: [[{ node: 'Filed', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
}

export interface Push {
	batch: string;
	messageIds: string[];
	body: unknown;
}

/** `count` reports of `destinations` each, every one its own batch and message ids (`tag` keeps runs apart). */
export function reports(tag: number, count: number, destinations: number): Push[] {
	return Array.from({ length: count }, (_, n) => {
		const prefix = `${tag.toString(16).padStart(4, '0')}${n.toString(16).padStart(4, '0')}`;
		const list = Array.from({ length: destinations }, (_, i) =>
			dest(
				`${prefix}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
				`23324${String(n * destinations + i).padStart(7, '0')}`,
				i % 7 === 0 ? 2112 : 2110,
			),
		);
		const batch = `${prefix}${'0'.repeat(24)}`;
		return {
			batch,
			messageIds: list.map((d) => String(d.id)),
			body: JSON.parse(jsonReport(list, { batch })),
		};
	});
}

export interface StormOptions {
	/** Pushes in flight at once. */
	concurrency: number;
	timeoutMs: number;
	/** Called once, when this many pushes have had an answer (any status). */
	after?: { answered: number; then: () => void };
	/** Processors (by index) the load balancer no longer sends to: it found them dead. */
	dead?: Set<number>;
	/** Told of each push's result as it comes. */
	onResult?: (result: CallResult) => void;
}

/**
 * Pushes every report, the i-th to processor i modulo their number (round-robin), skipping the
 * ones in `dead` as a load balancer's health check would once a processor is gone.
 */
export async function storm(
	stack: QueueStack,
	path: string,
	pushes: Push[],
	options: StormOptions,
): Promise<CallResult[]> {
	const count = Math.max(1, stack.webhookProcessors.length);
	const dead = options.dead ?? new Set<number>();
	const urlOf = (i: number) => {
		let n = i;
		while (dead.has(n % count) && n < i + count) n++;
		return stack.webhookUrl(path, n);
	};
	let answered = 0;
	let fired = false;
	const onResult = (result: CallResult) => {
		if (result.status !== 0) answered++;
		options.onResult?.(result);
		if (options.after && !fired && answered >= options.after.answered) {
			fired = true;
			options.after.then();
		}
	};
	return await postEach(
		urlOf,
		pushes.map((p) => p.body),
		options.concurrency,
		options.timeoutMs,
		onResult,
	);
}

export interface Stored {
	/** How many executions of the workflow ended in each status. */
	statuses: Record<string, number>;
	/** For each batch, the message ids of each successful execution that holds it. */
	batches: Map<string, string[][]>;
	/** Executions that did not succeed whose stored data still holds the report's items (to run them, a user's Retry). */
	failedHoldingItems: number;
}

/** Whether a stored execution's data still names a destination: in its run data or its stack of nodes to run. */
function holdsItems(run: ReturnType<Unflatten>): boolean {
	const trigger = run.resultData?.runData?.[TRIGGER_NAME]?.[0]?.data?.main?.[0] ?? [];
	const stack =
		(
			run as {
				executionData?: {
					nodeExecutionStack?: Array<{ data?: { main?: Array<Array<{ json: Item }>> } }>;
				};
			}
		).executionData?.nodeExecutionStack ?? [];
	return (
		trigger.length > 0 ||
		stack.some((entry) =>
			(entry.data?.main?.[0] ?? []).some((item) => item.json?.messageId !== undefined),
		)
	);
}

/** The trigger's items of every execution of `workflowId` after `afterId`, read from Postgres. */
export async function storedReports(
	stack: QueueStack,
	unflatten: Unflatten,
	workflowId: string,
	afterId: number,
): Promise<Stored> {
	const rows = await stack.postgres.query(
		`select e.id, e.status, d.data from execution_entity e join execution_data d on d."executionId" = e.id where e.id > ${Number(afterId)} and e."workflowId" = '${workflowId}' order by e.id`,
	);
	const statuses: Record<string, number> = {};
	const batches = new Map<string, string[][]>();
	let failedHoldingItems = 0;
	for (const [, status, ...data] of rows) {
		statuses[status] = (statuses[status] ?? 0) + 1;
		const run = unflatten(data.join('|'));
		if (status !== 'success') {
			if (holdsItems(run)) failedHoldingItems++;
			continue;
		}
		const items = (run.resultData?.runData?.[TRIGGER_NAME]?.[0]?.data?.main?.[0] ?? []).map(
			(i) => i.json,
		);
		const ids = new Map<string, string[]>();
		for (const item of items)
			ids.set(String(item.batch), [...(ids.get(String(item.batch)) ?? []), String(item.messageId)]);
		for (const [batch, list] of ids) batches.set(batch, [...(batches.get(batch) ?? []), list]);
	}
	return { statuses, batches, failedHoldingItems };
}

export interface Reckoning {
	answered2xx: number;
	/** Answered with a status other than 2xx, by status. */
	refused: Record<string, number>;
	/** No answer at all (a broken or refused connection, or the time limit). */
	unanswered: number;
	/** Answered 2xx and not in a successful execution with all its destinations. */
	lost: string[];
	/** Not answered 2xx (the service would push them again) yet already stored: the repeats to come. */
	storedAnyway: number;
	/** Stored by more than one successful execution. */
	storedTwice: number;
}

/** Holds every push's answer against what n8n stored: a push answered 2xx must be stored whole. */
export function reckon(pushes: Push[], results: CallResult[], stored: Stored): Reckoning {
	const whole = (push: Push) =>
		(stored.batches.get(push.batch) ?? []).some(
			(ids) => [...ids].sort().join() === [...push.messageIds].sort().join(),
		);
	const ok = (r: CallResult) => r.status >= 200 && r.status < 300;
	const refused: Record<string, number> = {};
	for (const r of results)
		if (r.status !== 0 && !ok(r)) refused[r.status] = (refused[r.status] ?? 0) + 1;
	return {
		answered2xx: results.filter(ok).length,
		refused,
		unanswered: results.filter((r) => r.status === 0).length,
		lost: pushes.filter((p, i) => ok(results[i]) && !whole(p)).map((p) => p.batch),
		storedAnyway: pushes.filter((p, i) => !ok(results[i]) && whole(p)).length,
		storedTwice: pushes.filter((p) => (stored.batches.get(p.batch) ?? []).length > 1).length,
	};
}
