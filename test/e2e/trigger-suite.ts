/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The set-up of trigger.e2e.test.ts: n8n 2.x started (`n8n start`) with the package and the
 * trigger's workflows active, the simulator, and the helpers its tests read executions, send,
 * deliver and push with. Call inside a describe block: starts them in beforeAll, stops them in
 * afterAll.
 */
import { createRequire } from 'node:module';
import * as path from 'node:path';

import { DEMO_ACCOUNT, Simulator } from '../../simulator';
import {
	ensureOwner,
	ensureRuntime,
	importAll,
	installPackage,
	login,
	sleep,
	startN8n,
	type N8nServer,
	type Runtime,
} from '../../tools/n8n/runtime';
import { activateWorkflow, listExecutions } from '../../tools/queue/rest';
import { freshUserFolder, readSetup, timing, type Unflatten } from './helpers';
import {
	CLI_PORT,
	FAILING_WORKFLOW_ID,
	failingWorkflow,
	FAILURES_WORKFLOW_ID,
	failuresWorkflow,
	N8N_PORT,
	OUTCOMES,
	PARSED_WORKFLOW_ID,
	parsedWorkflow,
	PRODUCTION_URL,
	SIM_PORT,
	TOKEN,
	TRIGGER_NAME,
	workflow,
	WORKFLOW_ID,
} from './trigger-workflows';

export type Item = Record<string, unknown>;

export function useTriggerSuite() {
	let runtime: Runtime;
	let server: N8nServer;
	let cookie = '';
	const sim = new Simulator();
	let simUrl = '';
	// flatted, n8n's own serialisation of run data, from n8n's install.
	let unflatten: Unflatten;

	beforeAll(
		async () => {
			const t0 = Date.now();
			runtime = await ensureRuntime('n8n-2');
			unflatten = createRequire(__filename)(
				path.join(runtime.dir, 'node_modules', 'flatted', 'cjs', 'index.js'),
			).parse;
			const userFolder = freshUserFolder('trigger-n8n-2');
			await installPackage(userFolder, readSetup().tarball);
			simUrl = await sim.start(SIM_PORT);
			await importAll(
				runtime,
				userFolder,
				[],
				[
					workflow as never,
					failuresWorkflow as never,
					parsedWorkflow as never,
					failingWorkflow as never,
				],
				{ port: CLI_PORT },
			);
			server = await startN8n(runtime, userFolder, { port: N8N_PORT });
			await ensureOwner(server.url);
			cookie = await login(server.url);
			await activateWorkflow(server.url, cookie, WORKFLOW_ID);
			await activateWorkflow(server.url, cookie, FAILURES_WORKFLOW_ID);
			await activateWorkflow(server.url, cookie, PARSED_WORKFLOW_ID);
			await activateWorkflow(server.url, cookie, FAILING_WORKFLOW_ID);
			timing('n8n-2 trigger suite ready', t0);
		},
		20 * 60 * 1000,
	);

	afterAll(async () => {
		await server?.stop();
		await sim.stop();
	});

	async function rest<T>(url: string): Promise<T> {
		const response = await fetch(`${server.url}${url}`, {
			headers: { cookie, 'browser-id': 'trigger-suite' },
		});
		if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
		return ((await response.json()) as { data: T }).data;
	}

	async function executionIds(workflowId = WORKFLOW_ID, status = 'success'): Promise<string[]> {
		const all = await listExecutions(rest, workflowId);
		return all.filter((e) => e.status === status).map((e) => e.id);
	}

	/** The trigger's items of every execution after `before`, once `count` executions have finished. */
	async function itemsAfter(
		before: string[],
		count: number,
		workflowId = WORKFLOW_ID,
	): Promise<Item[]> {
		return (await runItemsAfter(before, count, workflowId)).map((i) => i.json);
	}

	/** The same, each item with its binary data (what n8n stored of it). */
	async function runItemsAfter(
		before: string[],
		count: number,
		workflowId = WORKFLOW_ID,
	): Promise<Array<{ json: Item; binary?: Record<string, Item> }>> {
		const deadline = Date.now() + 60_000;
		let fresh: string[] = [];
		while (Date.now() < deadline) {
			fresh = (await executionIds(workflowId)).filter((id) => !before.includes(id));
			if (fresh.length >= count) break;
			await sleep(300);
		}
		expect(fresh).toHaveLength(count);
		const items: Array<{ json: Item; binary?: Record<string, Item> }> = [];
		for (const id of fresh) {
			const execution = await rest<{ data: string }>(`/rest/executions/${id}`);
			const run = unflatten(execution.data).resultData.runData[TRIGGER_NAME]![0];
			items.push(...(run.data.main[0] as Array<{ json: Item; binary?: Record<string, Item> }>));
		}
		return items;
	}

	/** A send straight to the simulator's API, its callback the given URL: an SMS, or a voice message. */
	async function sendWithCallback(
		url: string,
		accept: string,
		voice = false,
	): Promise<{ batch: string; ids: Record<string, string> }> {
		const content = voice
			? { template: 'appointment_reminder', sender: 'DemoVoice' }
			: { text: 'Your order has shipped.', type: 0, sender: 'SMSDemo' };
		const response = await fetch(`${simUrl}/v5/message/${voice ? 'voice' : 'sms'}/send`, {
			method: 'POST',
			headers: {
				accept: 'application/json',
				'content-type': 'application/json',
				authorization: `key ${DEMO_ACCOUNT.apiKey}`,
			},
			body: JSON.stringify({
				...content,
				callback: { url, accept },
				destinations: Object.keys(OUTCOMES),
			}),
		});
		const data = (
			(await response.json()) as {
				data: { batch: string; destinations: Array<{ id: string; to: string }> };
			}
		).data;
		return {
			batch: data.batch,
			ids: Object.fromEntries(data.destinations.map((d) => [d.to, d.id])),
		};
	}

	async function deliver(batch: string): Promise<number> {
		const response = await fetch(`${simUrl}/__sim/deliver`, {
			method: 'POST',
			body: JSON.stringify({ batch }),
		});
		return ((await response.json()) as { posted: number }).posted;
	}

	/** A push straight to the trigger's production URL. */
	async function pushRaw(
		body: string | Buffer,
		contentType: string,
		token = TOKEN,
		headers: Record<string, string> = {},
	): Promise<{ status: number; text: string }> {
		const response = await fetch(`${PRODUCTION_URL}?token=${token}`, {
			method: 'POST',
			headers: { 'content-type': contentType, ...headers },
			body,
		});
		return { status: response.status, text: await response.text() };
	}

	return {
		sim,
		/** The running n8n (set once beforeAll has run). */
		server: (): N8nServer => server,
		executionIds,
		itemsAfter,
		runItemsAfter,
		sendWithCallback,
		deliver,
		pushRaw,
	};
}
