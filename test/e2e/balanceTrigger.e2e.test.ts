/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The SMSOnlineGH Balance Trigger inside a real n8n (`n8n start`, the workflow active, polling
 * every minute, n8n's shortest poll time): the simulator's balance control
 * (`PUT /__sim/balance/demo`) moves the balance between polls, the simulator's journal tells
 * when a poll has read it, and n8n's stored executions show when the alert fired. Over five polls
 * (the one n8n makes on activation, then four a minute apart) the alert fires once on falling
 * below the threshold, not while the balance stays below, and again after a top-up.
 * Ports 5770-5774, or from E2E_BALANCE_PORT_BASE on (five ports). About five minutes.
 */
import { createRequire } from 'node:module';
import * as path from 'node:path';

import { Simulator } from '../../simulator';
import { ensureOwner, ensureRuntime, importAll, installPackage, login, sleep, startN8n, type N8nServer, type Runtime } from '../../tools/n8n/runtime';
import { activateWorkflow } from '../../tools/queue/rest';
import { freshUserFolder, readSetup, simJournal, timing } from './helpers';

const PORT_BASE = Number(process.env.E2E_BALANCE_PORT_BASE ?? 5770);
const N8N_PORT = PORT_BASE; // its task runners' broker: PORT_BASE + 1
const CLI_PORT = PORT_BASE + 2; // the import commands (broker PORT_BASE + 3)
const SIM_PORT = PORT_BASE + 4;

const WORKFLOW_ID = 'E2eBalance000001';
const TRIGGER_NAME = 'Low Balance';
const CREDENTIAL = { id: 'E2eBalanceCred01', name: 'SMSOnlineGH (balance e2e)' };
const API_KEY = 'demo-api-key-0123456789abcdef';

const workflow = {
	id: WORKFLOW_ID,
	name: 'e2e low balance',
	nodes: [
		{
			id: '5e2e0000-0000-4000-8000-00000000d001',
			name: TRIGGER_NAME,
			type: 'n8n-nodes-smsonlinegh.smsOnlineGhBalanceTrigger',
			typeVersion: 1,
			position: [0, 0] as [number, number],
			parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, event: 'balanceBelow', threshold: 100 },
			credentials: { smsOnlineGhApi: CREDENTIAL },
		},
	],
	connections: {},
	settings: { executionOrder: 'v1' },
	pinData: {},
	active: false,
};

type Item = Record<string, unknown>;

describe('SMSOnlineGH Balance Trigger in n8n (n8n-2, n8n start, polling every minute)', () => {
	let runtime: Runtime;
	let server: N8nServer;
	let cookie = '';
	const sim = new Simulator();
	let simUrl = '';
	let unflatten: (text: string) => any;

	beforeAll(async () => {
		const t0 = Date.now();
		runtime = await ensureRuntime('n8n-2');
		unflatten = createRequire(__filename)(path.join(runtime.dir, 'node_modules', 'flatted', 'cjs', 'index.js')).parse;
		const userFolder = freshUserFolder('balance-trigger-n8n-2');
		await installPackage(userFolder, readSetup().tarball);
		simUrl = await sim.start(SIM_PORT);
		const credential = { ...CREDENTIAL, type: 'smsOnlineGhApi', data: { baseUrl: simUrl, authModel: 'apiKey', apiKey: API_KEY } };
		await importAll(runtime, userFolder, [credential], [workflow as never], { port: CLI_PORT });
		server = await startN8n(runtime, userFolder, { port: N8N_PORT });
		await ensureOwner(server.url);
		cookie = await login(server.url);
		timing('n8n-2 balance trigger suite ready', t0);
	}, 20 * 60 * 1000);

	afterAll(async () => {
		await server?.stop();
		await sim.stop();
	});

	async function rest<T>(url: string): Promise<T> {
		const response = await fetch(`${server.url}${url}`, { headers: { cookie, 'browser-id': 'balance-suite' } });
		if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
		return ((await response.json()) as { data: T }).data;
	}

	/** The trigger's item of every stored execution, oldest first. */
	async function alerts(): Promise<Item[]> {
		const filter = encodeURIComponent(JSON.stringify({ workflowId: WORKFLOW_ID }));
		const page = await rest<{ results: Array<{ id: string; status: string }> }>(`/rest/executions?filter=${filter}&limit=50`);
		const ids = page.results.map((e) => String(e.id)).sort((a, b) => Number(a) - Number(b));
		const items: Item[] = [];
		for (const id of ids) {
			const execution = await rest<{ data: string }>(`/rest/executions/${id}`);
			const run = unflatten(execution.data).resultData.runData[TRIGGER_NAME][0];
			items.push(...(run.data.main[0] as Array<{ json: Item }>).map((i) => i.json));
		}
		return items;
	}

	/** The balance as the simulator's control endpoint sets it, as a separate process would. */
	async function setBalance(balance: number): Promise<void> {
		const response = await fetch(`${simUrl}/__sim/balance/demo`, { method: 'PUT', body: JSON.stringify({ balance }) });
		expect(response.status).toBe(200);
	}

	const balanceReads = async () => (await simJournal(simUrl)).filter((e) => e.path === '/v5/account/balance').length;

	/** Waits for the next poll (a balance read), then for its execution, if any, to be stored. */
	async function nextPoll(): Promise<void> {
		const before = await balanceReads();
		const deadline = Date.now() + 150_000;
		while ((await balanceReads()) === before) {
			if (Date.now() > deadline) throw new Error('no poll within 150 s');
			await sleep(500);
		}
		await sleep(3000);
	}

	test('fires once on falling below the threshold, not again while below, again after a top-up; the item holds balance, model, threshold', async () => {
		await setBalance(1000);
		// n8n polls once on activation: the balance is above, nothing fires.
		await activateWorkflow(server.url, cookie, WORKFLOW_ID);
		for (let waited = 0; (await balanceReads()) === 0 && waited < 30; waited++) await sleep(1000);
		await sleep(3000);
		expect(await alerts()).toEqual([]);

		await setBalance(50);
		await nextPoll();
		const expected = (balance: number) => ({ event: 'balanceBelow', balance, model: 'quantity', currencyName: null, currencyCode: null, threshold: 100 });
		expect(await alerts()).toEqual([expected(50)]);

		// Still below: no second alert.
		await setBalance(40);
		await nextPoll();
		expect(await alerts()).toEqual([expected(50)]);

		// A top-up: nothing fires, and the alert is armed again.
		await setBalance(500);
		await nextPoll();
		expect(await alerts()).toEqual([expected(50)]);

		await setBalance(30);
		await nextPoll();
		expect(await alerts()).toEqual([expected(50), expected(30)]);
	}, 10 * 60 * 1000);
});
