/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The SMSOnlineGH Balance Trigger inside a real n8n, across restarts (`n8n start`, the workflow
 * active, polling every minute, n8n's shortest poll time), in each runtime (n8n-2 and n8n-1, side
 * by side, each with its own simulator). The simulator's balance control (`PUT /__sim/balance/demo`)
 * moves the balance, the simulator's journal tells when a poll has read it, n8n's stored executions
 * show what each poll started, and n8n is stopped and started again on the same user folder:
 *
 *   1,000 at activation: nothing; 50: the alert; restart with 40: nothing (still below);
 *   500: the re-arm, a run in which no node after the trigger runs; restart with 30: the alert.
 *
 * The last step is the one a re-arm kept only in n8n's memory would miss: n8n writes a poll's static
 * data when the poll returns something, and the restart's own poll would read the alert of 50.
 * Ports 5770-5774 (n8n-2) and 5775-5779 (n8n-1), or ten from E2E_BALANCE_PORT_BASE on. About four minutes.
 */
import { createRequire } from 'node:module';
import * as path from 'node:path';

import { Simulator } from '../../simulator';
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
	type RuntimeName,
} from '../../tools/n8n/runtime';
import {
	e2eRuntimes,
	freshUserFolder,
	readSetup,
	simJournal,
	timing,
	type Unflatten,
} from './helpers';

const PORT_BASE = Number(process.env.E2E_BALANCE_PORT_BASE ?? 5770);
/** Five ports a runtime: n8n, its task runners' broker, the import command and its broker, the simulator. */
const portsOf = (name: RuntimeName) => {
	const base = PORT_BASE + (name === 'n8n-2' ? 0 : 5);
	return { n8n: base, cli: base + 2, sim: base + 4 };
};

const WORKFLOW_ID = 'E2eBalance000001';
const TRIGGER_NAME = 'Low Balance';
const AFTER_NAME = 'After The Alert';
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
			parameters: {
				pollTimes: { item: [{ mode: 'everyMinute' }] },
				event: 'balanceBelow',
				threshold: 100,
			},
			credentials: { smsOnlineGhApi: CREDENTIAL },
		},
		// The node a user would put after the trigger: it runs for an alert, and not for a re-arm.
		{
			id: '5e2e0000-0000-4000-8000-00000000d002',
			name: AFTER_NAME,
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [220, 0] as [number, number],
			parameters: {},
		},
	],
	connections: { [TRIGGER_NAME]: { main: [[{ node: AFTER_NAME, type: 'main', index: 0 }]] } },
	settings: { executionOrder: 'v1' },
	pinData: {},
	active: false,
};

type Item = Record<string, unknown>;
/** A stored execution: its status, the trigger's items, the nodes that ran. */
interface Run {
	status: string;
	items: Item[];
	nodes: string[];
}

/** One runtime's n8n on its own user folder, its simulator, and what the test reads of them. */
class BalanceRig {
	server!: N8nServer;
	private cookie = '';
	private simUrl = '';
	private readonly sim = new Simulator();
	private readonly ports: ReturnType<typeof portsOf>;
	private unflatten!: Unflatten;
	private runtime!: Runtime;
	private userFolder = '';

	constructor(readonly name: RuntimeName) {
		this.ports = portsOf(name);
	}

	async setUp(): Promise<void> {
		const t0 = Date.now();
		this.runtime = await ensureRuntime(this.name);
		this.unflatten = createRequire(__filename)(
			path.join(this.runtime.dir, 'node_modules', 'flatted', 'cjs', 'index.js'),
		).parse;
		this.userFolder = freshUserFolder(`balance-trigger-${this.name}`);
		await installPackage(this.userFolder, readSetup().tarball);
		this.simUrl = await this.sim.start(this.ports.sim);
		const credential = {
			...CREDENTIAL,
			type: 'smsOnlineGhApi',
			data: { baseUrl: this.simUrl, authModel: 'apiKey', apiKey: API_KEY },
		};
		await importAll(this.runtime, this.userFolder, [credential], [workflow as never], {
			port: this.ports.cli,
		});
		await this.start();
		timing(`${this.name} balance trigger rig ready`, t0);
	}

	async start(): Promise<void> {
		this.server = await startN8n(this.runtime, this.userFolder, { port: this.ports.n8n });
		await ensureOwner(this.server.url);
		this.cookie = await login(this.server.url);
	}

	/** Stops n8n (SIGTERM, as a service stop does) and starts it again on the same user folder; waits for the poll of its activation. */
	async restart(): Promise<void> {
		const t0 = Date.now();
		const before = await this.balanceReads();
		await this.server.stop();
		await this.start();
		await this.pollAfter(before);
		timing(`${this.name} restarted and polled`, t0);
	}

	async tearDown(): Promise<void> {
		await this.server?.stop();
		await this.sim.stop();
	}

	private async rest<T>(
		url: string,
		method = 'GET',
		body?: unknown,
	): Promise<{ status: number; data?: T; text: string }> {
		const response = await fetch(`${this.server.url}${url}`, {
			method,
			headers: {
				cookie: this.cookie,
				'browser-id': 'balance-suite',
				'content-type': 'application/json',
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		return {
			status: response.status,
			text,
			data: response.ok ? (JSON.parse(text) as { data: T }).data : undefined,
		};
	}

	/** Activates the workflow (n8n polls once on activation) and waits for that poll. */
	async activate(): Promise<void> {
		const current = await this.rest<{ versionId: string }>(`/rest/workflows/${WORKFLOW_ID}`);
		const versionId = current.data?.versionId;
		let answer = await this.rest(`/rest/workflows/${WORKFLOW_ID}/activate`, 'POST', { versionId });
		// n8n 1.x without the activate endpoint: the workflow's `active` flag.
		if (answer.status === 404)
			answer = await this.rest(`/rest/workflows/${WORKFLOW_ID}`, 'PATCH', {
				active: true,
				versionId,
			});
		if (answer.status !== 200)
			throw new Error(`${this.name}: activating: ${answer.status} ${answer.text.slice(0, 300)}`);
		await this.pollAfter(0);
	}

	/** Every stored execution of the workflow, oldest first. */
	async runs(): Promise<Run[]> {
		const filter = encodeURIComponent(JSON.stringify({ workflowId: WORKFLOW_ID }));
		const page = await this.rest<{ results: Array<{ id: string }> }>(
			`/rest/executions?filter=${filter}&limit=50`,
		);
		if (!page.data)
			throw new Error(`${this.name}: executions: ${page.status} ${page.text.slice(0, 300)}`);
		const ids = page.data.results.map((e) => String(e.id)).sort((a, b) => Number(a) - Number(b));
		const runs: Run[] = [];
		for (const id of ids) {
			const execution = await this.rest<{ data: string; status: string }>(`/rest/executions/${id}`);
			const runData = this.unflatten(execution.data!.data).resultData.runData;
			const items = (runData[TRIGGER_NAME]?.[0]?.data?.main?.[0] ?? []) as Array<{ json: Item }>;
			runs.push({
				status: execution.data!.status,
				items: items.map((i) => i.json),
				nodes: Object.keys(runData).sort(),
			});
		}
		return runs;
	}

	/** The balance as the simulator's control endpoint sets it, as a separate process would. */
	async setBalance(balance: number): Promise<void> {
		const response = await fetch(`${this.simUrl}/__sim/balance/demo`, {
			method: 'PUT',
			body: JSON.stringify({ balance }),
		});
		if (response.status !== 200)
			throw new Error(`${this.name}: setting the balance: ${response.status}`);
	}

	private async balanceReads(): Promise<number> {
		return (await simJournal(this.simUrl)).filter((e) => e.path === '/v5/account/balance').length;
	}

	/** Waits for a balance read after the first `before`, then for its execution, if any, to be stored. */
	private async pollAfter(before: number): Promise<void> {
		const deadline = Date.now() + 150_000;
		while ((await this.balanceReads()) <= before) {
			if (Date.now() > deadline) throw new Error(`${this.name}: no poll within 150 s`);
			await sleep(500);
		}
		await sleep(3000);
	}

	/** Waits for the next poll of the schedule (a minute at most). */
	async nextPoll(): Promise<void> {
		await this.pollAfter(await this.balanceReads());
	}
}

const alert = (balance: number): Run => ({
	status: 'success',
	items: [
		{
			event: 'balanceBelow',
			balance,
			model: 'quantity',
			currencyName: null,
			currencyCode: null,
			threshold: 100,
		},
	],
	nodes: [AFTER_NAME, TRIGGER_NAME],
});
/** The re-arm after a top-up: a run without items, so that n8n writes it; the node after the trigger does not run. */
const rearm: Run = { status: 'success', items: [], nodes: [TRIGGER_NAME] };

describe('SMSOnlineGH Balance Trigger in n8n, across restarts (n8n start, polling every minute)', () => {
	const rigs = e2eRuntimes().map((name) => new BalanceRig(name));

	afterAll(async () => {
		await Promise.all(rigs.map(async (rig) => await rig.tearDown()));
	});

	// The runtimes side by side: most of the test is waiting for n8n's minute.
	test.concurrent.each(rigs.map((rig) => [rig.name, rig] as const))(
		'%s: one alert per fall below the threshold: fall, restart while below, top-up, restart after a fall',
		async (_name, rig) => {
			const t0 = Date.now();
			await rig.setUp();
			await rig.setBalance(1000);
			await rig.activate();
			expect(await rig.runs()).toEqual([]);

			await rig.setBalance(50);
			await rig.nextPoll();
			expect(await rig.runs()).toEqual([alert(50)]);

			// A restart while the balance stays below: its poll reads the alert n8n kept, and gives none.
			await rig.setBalance(40);
			await rig.restart();
			expect(await rig.runs()).toEqual([alert(50)]);

			// A top-up: no alert; the re-arm is a run without items.
			await rig.setBalance(500);
			await rig.nextPoll();
			expect(await rig.runs()).toEqual([alert(50), rearm]);

			// The balance falls while n8n is down: the poll of the restart alerts, once.
			await rig.setBalance(30);
			await rig.restart();
			expect(await rig.runs()).toEqual([alert(50), rearm, alert(30)]);
			timing(`${rig.name} balance trigger across restarts`, t0);
		},
		15 * 60 * 1000,
	);
});
