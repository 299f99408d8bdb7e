/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * `npm run bench:trigger`: the SMSOnlineGH Trigger inside a real n8n (the 2.x of tools/n8n/runtime/pins.ts on Node 24, `n8n
 * start`, the workflow active), fed the way the service pushes reports:
 * - one report of 10,000 destinations: the time to n8n's answer, the trigger's own executionTime
 *   from the run data, and the items the execution holds;
 * - 200 reports of 50 destinations, 20 at a time: every push answered 200, every report an
 *   execution, every destination an item, none twice.
 * Prints its figures; never fails on a target. Ports 5745-5748. SKIP_BUILD=1 packs the existing dist/.
 * With `--queue` (`npm run bench:trigger -- --queue`) it measures instead the trigger's throughput
 * in regular mode and in four queue-mode setups (bench/queue-trigger.ts), and writes that section
 * into RESULTS.md.
 */
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';

import {
	buildAndPack,
	ensureOwner,
	ensureRuntime,
	importAll,
	installPackage,
	login,
	RUNTIME_ROOT,
	sleep,
	startN8n,
	type N8nServer,
} from '../tools/n8n/runtime';
import { activateWorkflow, listExecutions } from '../tools/queue/rest';
import { say } from './clock';
import { benchTriggerQueue } from './queue-trigger';
import { triggerQueueSection, writeTriggerQueueSection } from './queue-trigger-report';

const N8N_PORT = 5745; // broker 5746
const CLI_PORT = 5747; // broker 5748
const TOKEN = 'bench-trigger-token-0c1d2e3f';
const WEBHOOK_ID = '5e2e0000-0000-4000-8000-0000000be001';
const WORKFLOW_ID = 'BenchTrigger0001';
const TRIGGER = 'SMSOnlineGH Trigger';
const URL_PATH = `/webhook/${WEBHOOK_ID}/delivery-report?token=${TOKEN}`;

const workflow = {
	id: WORKFLOW_ID,
	name: 'bench delivery reports',
	nodes: [
		{
			id: '5e2e0000-0000-4000-8000-0000000bf001',
			name: TRIGGER,
			type: 'n8n-nodes-smsonlinegh.smsOnlineGhReportTrigger',
			typeVersion: 1,
			position: [0, 0],
			webhookId: WEBHOOK_ID,
			// The hidden binaryData setting as the editor saves it, so n8n leaves the body to the
			// trigger; Respond: Immediately, so the time to answer is the trigger's own, as the
			// figures of docs/performance.md were measured (the default waits for the execution to be saved).
			parameters: { token: TOKEN, options: { binaryData: true, respond: 'immediately' } },
		},
	],
	connections: {},
	settings: { executionOrder: 'v1' },
	pinData: {},
	active: false,
};

/** A report in the delivery-report shape, its message ids unique across reports. */
function report(reportIndex: number, size: number): string {
	const destinations = Array.from({ length: size }, (_, i) => ({
		to: `2332${String(i).padStart(8, '0')}`,
		id: `${reportIndex.toString(16).padStart(8, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
		country: 'GH',
		messageCount: 1,
		submitDateTime: '2026-11-23 10:00:00',
		reportDateTime: '2026-11-23 10:00:09',
		status:
			i % 10 === 0 ? { id: 2112, label: 'DS_UNDELIVERED' } : { id: 2110, label: 'DS_DELIVERED' },
	}));
	const data = {
		batch: reportIndex.toString(16).padStart(32, '0'),
		category: 'sms',
		delivery: true,
		destinations,
	};
	return JSON.stringify({ handshake: { id: 0, label: 'HSHK_OK' }, data });
}

/** What the reader needs of n8n's run data. */
interface RunData {
	resultData: {
		runData: Record<
			string,
			Array<{
				executionTime: number;
				data: { main: Array<Array<{ json: { messageId?: unknown } }>> };
			}>
		>;
	};
}

interface Stored {
	id: string;
	items: Array<{ messageId?: unknown }>;
	triggerMs: number;
}

class N8nReader {
	constructor(
		private readonly server: N8nServer,
		private readonly cookie: string,
		private readonly unflatten: (text: string) => RunData,
	) {}

	private async get<T>(url: string): Promise<T> {
		const response = await fetch(`${this.server.url}${url}`, {
			headers: { cookie: this.cookie, 'browser-id': 'bench' },
		});
		if (!response.ok) throw new Error(`${url}: ${response.status}`);
		return ((await response.json()) as { data: T }).data;
	}

	/** Every finished execution. */
	async finished(): Promise<string[]> {
		const all = await listExecutions((path) => this.get(path), WORKFLOW_ID);
		return all.filter((e) => e.status === 'success').map((e) => e.id);
	}

	/** Waits for `count` executions beyond `before` (bounded), and reads them. */
	async awaitNew(before: string[], count: number, timeoutMs: number): Promise<Stored[]> {
		const deadline = Date.now() + timeoutMs;
		let fresh: string[] = [];
		while (Date.now() < deadline) {
			fresh = (await this.finished()).filter((id) => !before.includes(id));
			if (fresh.length >= count) break;
			await sleep(500);
		}
		const stored: Stored[] = [];
		for (const id of fresh) {
			const execution = await this.get<{ data: string }>(`/rest/executions/${id}`);
			const run = this.unflatten(execution.data).resultData.runData[TRIGGER][0];
			stored.push({ id, items: run.data.main[0].map((i) => i.json), triggerMs: run.executionTime });
		}
		return stored;
	}
}

async function post(url: string, body: string): Promise<{ status: number; ms: number }> {
	const t0 = performance.now();
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body,
	});
	await response.arrayBuffer();
	return { status: response.status, ms: performance.now() - t0 };
}

function distinctIds(stored: Stored[]): number {
	return new Set(stored.flatMap((s) => s.items.map((i) => i.messageId))).size;
}

async function oneBigReport(server: N8nServer, reader: N8nReader): Promise<void> {
	const body = report(1, 10_000);
	const before = await reader.finished();
	const answer = await post(`${server.url}${URL_PATH}`, body);
	const [stored] = await reader.awaitNew(before, 1, 120_000);
	say(
		`one report of 10,000 destinations (${(body.length / 1e6).toFixed(1)} MB): HTTP ${answer.status} in ${answer.ms.toFixed(0)} ms; ` +
			`trigger executionTime ${stored?.triggerMs ?? '-'} ms; ${stored?.items.length ?? 0} items, ${stored ? distinctIds([stored]) : 0} distinct message ids`,
	);
}

async function manyReports(server: N8nServer, reader: N8nReader): Promise<void> {
	const before = await reader.finished();
	const bodies = Array.from({ length: 200 }, (_, k) => report(1000 + k, 50));
	const statuses: number[] = [];
	const t0 = performance.now();
	let next = 0;
	const lane = async () => {
		while (next < bodies.length)
			statuses.push((await post(`${server.url}${URL_PATH}`, bodies[next++])).status);
	};
	await Promise.all(Array.from({ length: 20 }, lane));
	const pushedMs = performance.now() - t0;
	const stored = await reader.awaitNew(before, 200, 300_000);
	const settledMs = performance.now() - t0;
	const ok = statuses.filter((s) => s === 200).length;
	const items = stored.reduce((n, s) => n + s.items.length, 0);
	say(
		`200 reports × 50 destinations, 20 at a time: ${ok}/200 answered 200 in ${(pushedMs / 1000).toFixed(1)} s; ` +
			`${stored.length} executions (all stored after ${(settledMs / 1000).toFixed(1)} s), ${items} items, ${distinctIds(stored)} distinct message ids (10,000 expected)`,
	);
}

async function main(): Promise<void> {
	const runtime = await ensureRuntime('n8n-2');
	const tarball = await buildAndPack({ skipBuild: process.env.SKIP_BUILD === '1' });
	if (process.argv.includes('--queue')) {
		const section = triggerQueueSection(runtime, await benchTriggerQueue(runtime, tarball));
		process.stdout.write(`\n${section}\n`);
		say(`written to ${writeTriggerQueueSection(section)}`);
		return;
	}
	// A fresh database each time, so that only this run's executions are read.
	const userFolder = path.join(RUNTIME_ROOT, 'bench-trigger-n8n-2');
	fs.rmSync(userFolder, { recursive: true, force: true });
	fs.mkdirSync(userFolder, { recursive: true });
	await installPackage(userFolder, tarball);
	await importAll(runtime, userFolder, [], [workflow as never], { port: CLI_PORT });
	const server = await startN8n(runtime, userFolder, { port: N8N_PORT });
	try {
		await ensureOwner(server.url);
		const cookie = await login(server.url);
		await activateWorkflow(server.url, cookie, WORKFLOW_ID);
		await sleep(2000); // n8n answers 404 for a moment after activation
		const unflatten = createRequire(__filename)(
			path.join(runtime.dir, 'node_modules', 'flatted', 'cjs', 'index.js'),
		).parse;
		const reader = new N8nReader(server, cookie, unflatten);
		await oneBigReport(server, reader);
		await manyReports(server, reader);
	} finally {
		await server.stop();
	}
}

main().catch((error: unknown) => {
	process.stderr.write(
		`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
	);
	process.exit(1);
});
