/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The pieces of the trigger's crash suite (trigger-crash.e2e.test.ts): the workflows, the pushed
 * reports, a pool that pushes them and stops n8n part-way, and the reader of what n8n stored.
 */
import { randomUUID } from 'node:crypto';

import { listExecutions } from '../../tools/queue/rest';
import { dest, jsonReport } from '../unit/trigger/reports';
import type { Unflatten } from './helpers';

export const TRIGGER_NAME = 'SMSOnlineGH Trigger';
export const TOKEN = 'e2e-crash-token-41c9b07e5a';

/** Destinations per pushed report: a few hundred, as a bulk send's report brings. */
export const DESTINATIONS = 300;

/**
 * The trigger (its Options as the editor saves them, Respond only when given) → a Code node that
 * does a little work per destination, as a workflow that files the reports would. A Code node
 * runs in n8n's task runner, the process that dies first when n8n is stopped.
 */
export function crashWorkflow(
	id: string,
	webhookId: string,
	respond?: 'immediately' | 'whenFinished',
): Record<string, unknown> {
	const options: Record<string, unknown> = { binaryData: true };
	if (respond !== undefined) options.respond = respond;
	return {
		id,
		name: `e2e crash ${id}`,
		nodes: [
			{
				id: randomUUID(),
				name: TRIGGER_NAME,
				type: 'n8n-nodes-smsonlinegh.smsOnlineGhTrigger',
				typeVersion: 1,
				position: [0, 0],
				webhookId,
				parameters: { token: TOKEN, options },
			},
			{
				id: randomUUID(),
				name: 'File Reports',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [220, 0],
				parameters: {
					jsCode:
						'return $input.all().map(({ json }) => ({ json: { messageId: json.messageId, batch: json.batch, verdict: json.verdict, final: json.final, network: String(json.to).slice(0, 5) } }));',
				},
			},
		],
		connections: { [TRIGGER_NAME]: { main: [[{ node: 'File Reports', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
}

export interface Push {
	batch: string;
	messageIds: string[];
	body: string;
}

/** `count` reports, each its own batch and message ids (`tag` keeps suites' ids apart). */
export function reports(tag: number, count: number): Push[] {
	return Array.from({ length: count }, (_, n) => {
		const prefix = `${tag.toString(16).padStart(4, '0')}${n.toString(16).padStart(4, '0')}`;
		const batch = `${prefix}${'0'.repeat(24)}`;
		const destinations = Array.from({ length: DESTINATIONS }, (_, i) =>
			dest(
				`${prefix}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
				`23324${String(i).padStart(7, '0')}`,
				i % 7 === 0 ? 2112 : 2110,
			),
		);
		return {
			batch,
			messageIds: destinations.map((d) => String(d.id)),
			body: jsonReport(destinations, { batch }),
		};
	});
}

/** What one push got: an HTTP status and body, or a broken connection. */
export type Outcome =
	| { batch: string; status: number; body: string }
	| { batch: string; broken: string };

export function isAnswered2xx(
	outcome: Outcome,
): outcome is { batch: string; status: number; body: string } {
	return 'status' in outcome && outcome.status >= 200 && outcome.status < 300;
}

/**
 * Pushes every report to `url`, `concurrency` at a time; once `killAfter` have been answered (any
 * status), calls `kill` (once) and keeps pushing the rest, as the service would.
 */
export async function pushAll(
	url: string,
	pushes: Push[],
	concurrency: number,
	killAfter: number,
	kill: () => void,
): Promise<Outcome[]> {
	const outcomes: Outcome[] = new Array(pushes.length);
	let next = 0;
	let answered = 0;
	let killed = false;
	const worker = async () => {
		for (let i = next++; i < pushes.length; i = next++) {
			const { batch, body } = pushes[i];
			try {
				const response = await fetch(url, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body,
					signal: AbortSignal.timeout(120_000),
				});
				outcomes[i] = { batch, status: response.status, body: await response.text() };
			} catch (error) {
				const cause = (error as { cause?: { code?: string; message?: string } }).cause;
				outcomes[i] = { batch, broken: cause?.code ?? cause?.message ?? (error as Error).message };
			}
			if ('status' in outcomes[i] && ++answered >= killAfter && !killed) {
				killed = true;
				kill();
			}
		}
	};
	await Promise.all(Array.from({ length: concurrency }, worker));
	return outcomes;
}

/** The figures a run prints: answered 2xx, other statuses, broken connections. */
export function tally(outcomes: Outcome[]): {
	answered2xx: number;
	non2xx: number;
	broken: number;
	statuses: Record<string, number>;
} {
	const statuses: Record<string, number> = {};
	for (const o of outcomes) {
		const key = 'status' in o ? String(o.status) : `broken (${o.broken})`;
		statuses[key] = (statuses[key] ?? 0) + 1;
	}
	const answered2xx = outcomes.filter(isAnswered2xx).length;
	const broken = outcomes.filter((o) => 'broken' in o).length;
	return { answered2xx, non2xx: outcomes.length - answered2xx - broken, broken, statuses };
}

/** n8n's stored executions of one workflow, read through its REST API after the restart. */
export class ExecutionReader {
	constructor(
		private readonly baseUrl: string,
		private readonly cookie: string,
		private readonly unflatten: Unflatten,
	) {}

	private async get<T>(path: string): Promise<T> {
		const response = await fetch(`${this.baseUrl}${path}`, {
			headers: { cookie: this.cookie, 'browser-id': 'crash-suite' },
		});
		if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
		return ((await response.json()) as { data: T }).data;
	}

	/** Every execution of the workflow with its status. */
	list(workflowId: string): Promise<Array<{ id: string; status: string }>> {
		return listExecutions((path) => this.get(path), workflowId);
	}

	/** For each successful execution, its trigger's items grouped by batch: batch → message ids. */
	async storedBatches(
		workflowId: string,
	): Promise<{ statuses: Record<string, number>; batches: Map<string, string[]> }> {
		const statuses: Record<string, number> = {};
		const batches = new Map<string, string[]>();
		for (const execution of await this.list(workflowId)) {
			statuses[execution.status] = (statuses[execution.status] ?? 0) + 1;
			if (execution.status !== 'success') continue;
			const { data } = await this.get<{ data: string }>(`/rest/executions/${execution.id}`);
			const run = this.unflatten(data).resultData.runData[TRIGGER_NAME]?.[0];
			for (const { json } of (run?.data?.main?.[0] ?? []) as Array<{
				json: { batch?: string; messageId?: string };
			}>) {
				const batch = String(json.batch);
				batches.set(batch, [...(batches.get(batch) ?? []), String(json.messageId)]);
			}
		}
		return { statuses, batches };
	}
}
