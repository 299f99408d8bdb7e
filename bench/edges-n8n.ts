/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The edges inside a real n8n (2.x on Node 24, `n8n start`), for bench/edges.ts: the memory of
 * the n8n process while the node reads a 1 GiB gzip answer or a 300 MiB plain one (Get Balance
 * behind a Webhook node, against the simulator's gzipBomb and huge faults), compared with the
 * same workflow on a plain answer; 100 pushes at once to the trigger, each a gzip body inflating
 * past Maximum Body Size, then each an unreadable body of almost 4 MB; a push whose destination
 * holds a member 5,000 deep, timed to its answer. Ports 5749-5753.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';

import { DEMO_ACCOUNT, Simulator } from '../simulator';
import type { FaultSpec } from '../simulator';
import {
	demoCredential,
	DEMO_CREDENTIAL_ID,
	DEMO_CREDENTIAL_NAME,
} from '../tools/n8n/runtime/demo-data';
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
import { activateWorkflow } from '../tools/queue/rest';
import { say } from './clock';
import { watchMemory, windowPeak, type MemoryRecord } from './proc';

const N8N_PORT = 5749; // broker 5750
const CLI_PORT = 5751; // broker 5752
const SIM_PORT = 5753;
const TOKEN = 'bench-edges-token-5a6b7c8d';
const MB = 1024 * 1024;

export interface N8nFigure {
	name: string;
	what: string;
	ms: number;
	/** Peak RSS of the n8n process during the case, over its RSS just before. */
	peakMb: number;
	outcome: string;
}

const BALANCE_HOOK = '5e2e0000-0000-4000-8000-0000000ed001';
const TRIGGER_HOOK = '5e2e0000-0000-4000-8000-0000000ed002';

function workflows(): object[] {
	const balance = {
		id: 'BenchEdges000001',
		name: 'bench edges: balance',
		nodes: [
			{
				id: '5e2e0000-0000-4000-8000-0000000ef001',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: BALANCE_HOOK,
				parameters: {
					httpMethod: 'POST',
					path: 'bench-balance',
					responseMode: 'lastNode',
					responseData: 'allEntries',
				},
			},
			{
				id: '5e2e0000-0000-4000-8000-0000000ef002',
				name: 'Balance',
				type: 'n8n-nodes-smsonlinegh.smsOnlineGh',
				typeVersion: 1,
				position: [220, 0],
				parameters: { resource: 'account', operation: 'getBalance' },
				credentials: { smsOnlineGhApi: { id: DEMO_CREDENTIAL_ID, name: DEMO_CREDENTIAL_NAME } },
				onError: 'continueRegularOutput',
			},
		],
		connections: { Webhook: { main: [[{ node: 'Balance', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
	const trigger = {
		id: 'BenchEdges000002',
		name: 'bench edges: trigger',
		nodes: [
			{
				id: '5e2e0000-0000-4000-8000-0000000ef003',
				name: 'SMSOnlineGH Trigger',
				type: 'n8n-nodes-smsonlinegh.smsOnlineGhReportTrigger',
				typeVersion: 1,
				position: [0, 0],
				webhookId: TRIGGER_HOOK,
				parameters: { token: TOKEN, options: { binaryData: true } },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
	return [balance, trigger];
}

/** Runs `body` while watching the n8n process; its peak RSS over the RSS just before. */
async function measured(
	server: N8nServer,
	body: () => Promise<string>,
): Promise<{ ms: number; peakMb: number; outcome: string }> {
	const watch = watchMemory(server.process.pid ?? 0, 10);
	await sleep(200);
	const from = Date.now();
	const t0 = performance.now();
	const outcome = await body();
	const ms = performance.now() - t0;
	const to = Date.now();
	await sleep(100);
	const record: MemoryRecord = watch.stop();
	const { peak, atStart } = windowPeak(record, from, to);
	// proc.ts reads VmRSS in bytes.
	return { ms, peakMb: (peak - atStart) / MB, outcome };
}

async function balance(server: N8nServer, sim: Simulator, fault?: FaultSpec): Promise<string> {
	sim.clearFaults();
	if (fault) sim.addFault(fault);
	const response = await fetch(`${server.url}/webhook/bench-balance`, { method: 'POST' });
	const text = await response.text();
	const item = (JSON.parse(text) as Array<Record<string, unknown>>)[0] ?? {};
	return `HTTP ${response.status}; ${item.error !== undefined ? `error: ${String(item.error).slice(0, 150)}` : `balance ${String(item.balance)}`}`;
}

async function pushes(
	server: N8nServer,
	bodies: Buffer[],
	headers: Record<string, string>,
): Promise<string> {
	const url = `${server.url}/webhook/${TRIGGER_HOOK}/delivery-report?token=${TOKEN}`;
	const statuses = await Promise.all(
		bodies.map(async (body) => {
			const response = await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...headers },
				body,
			});
			await response.arrayBuffer();
			return response.status;
		}),
	);
	const counts = new Map<number, number>();
	for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
	return [...counts].map(([status, n]) => `${n} × HTTP ${status}`).join(', ');
}

function deepReport(): string {
	const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
	const destination = (id: string, to: string) => ({
		id,
		to,
		status: { id: 2110, label: 'DS_DELIVERED' },
	});
	const body = JSON.stringify({
		handshake: { id: 0, label: 'HSHK_OK' },
		data: {
			batch: 'b'.repeat(32),
			category: 'sms',
			delivery: true,
			destinations: [
				destination('a-1', '233241234567'),
				destination('a-2', '@DEEP@'),
				destination('a-3', '233201234567'),
			],
		},
	});
	return body.replace('"@DEEP@"', deep);
}

type Case = {
	name: string;
	what: string;
	run: (server: N8nServer, sim: Simulator) => Promise<string>;
};

const CASES: Case[] = [
	{
		name: 'n8n: Get Balance, plain answer',
		what: 'the same workflow on an ordinary answer: the baseline',
		run: (s, sim) => balance(s, sim),
	},
	{
		name: 'n8n: Get Balance, 1 GiB gzip answer',
		what: 'Content-Encoding gzip, about 1 MB on the wire (simulator fault gzipBomb)',
		run: (s, sim) => balance(s, sim, { kind: 'gzipBomb' }),
	},
	{
		name: 'n8n: Get Balance, 300 MiB plain answer',
		what: 'simulator fault huge',
		run: (s, sim) => balance(s, sim, { kind: 'huge' }),
	},
	{
		name: 'n8n: 100 gzip pushes at once',
		what: 'each 16 kB of gzip inflating to 16 MB, with the token (Maximum Body Size 4 MB)',
		run: (s) =>
			pushes(s, Array(100).fill(gzipSync(Buffer.alloc(16 * MB, 0x20))), {
				'content-encoding': 'gzip',
			}),
	},
	{
		name: 'n8n: 100 unreadable pushes of 4 MB at once',
		what: 'each just under Maximum Body Size, JSON cut short: a warning item with an excerpt, the body as binary data',
		run: (s) =>
			pushes(
				s,
				Array(100).fill(Buffer.from(`{"handshake":{"id":0},"data":"${'x'.repeat(4 * MB - 100)}`)),
				{},
			),
	},
	{
		name: 'n8n: a destination 5,000 deep',
		what: 'one pushed report of three destinations, the second holding a member nested 5,000 deep',
		run: (s) => pushes(s, [Buffer.from(deepReport())], {}),
	},
];

export async function n8nEdges(): Promise<N8nFigure[]> {
	const runtime = await ensureRuntime('n8n-2');
	const tarball = await buildAndPack({ skipBuild: process.env.SKIP_BUILD === '1' });
	const userFolder = path.join(RUNTIME_ROOT, 'bench-edges-n8n-2');
	fs.rmSync(userFolder, { recursive: true, force: true });
	fs.mkdirSync(userFolder, { recursive: true });
	const sim = new Simulator({
		accounts: [{ ...DEMO_ACCOUNT, senders: [...DEMO_ACCOUNT.senders] }],
	});
	const simUrl = await sim.start(SIM_PORT);
	await installPackage(userFolder, tarball);
	await importAll(runtime, userFolder, [demoCredential(simUrl)], workflows() as never, {
		port: CLI_PORT,
	});
	const server = await startN8n(runtime, userFolder, { port: N8N_PORT });
	const figures: N8nFigure[] = [];
	try {
		await ensureOwner(server.url);
		const cookie = await login(server.url);
		await activateWorkflow(server.url, cookie, 'BenchEdges000001');
		await activateWorkflow(server.url, cookie, 'BenchEdges000002');
		await sleep(2000); // n8n answers 404 for a moment after activation
		await balance(server, sim); // warm up: the node's code loaded, the credential read
		for (const one of CASES) {
			const figure = {
				name: one.name,
				what: one.what,
				...(await measured(server, () => one.run(server, sim))),
			};
			say(
				`${figure.name}: ${figure.ms.toFixed(0)} ms, peak RSS +${figure.peakMb.toFixed(1)} MB: ${figure.outcome}`,
			);
			figures.push(figure);
			await sleep(3000); // executions saved, memory settled
		}
	} finally {
		await server.stop();
		await sim.stop();
	}
	return figures;
}
