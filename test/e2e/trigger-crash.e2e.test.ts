/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Delivery reports that survive a crash: the SMSOnlineGH Trigger in a real n8n (`n8n start`, 2.x),
 * 60 pushed reports of 300 destinations, 10 at a time, straight to the production URL; once about
 * a third are answered n8n is killed (SIGKILL, then SIGTERM: n8n and its task runner, as a
 * container or service stop does), restarted on the same user folder, and its stored executions
 * are read. With Respond at its default (When the Workflow Has Finished) every push answered 2xx
 * has a stored successful execution holding all its destinations; every other push got a non-2xx
 * or a broken connection, so the service knows it was not taken. With Respond: Immediately the
 * reports lost under SIGKILL are counted and printed (docs/delivery-guarantees.md quotes them), not asserted.
 * Ports 5760-5764, or five from E2E_CRASH_PORT_BASE on.
 */
import { createRequire } from 'node:module';
import * as path from 'node:path';

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
import { activateWorkflow } from '../../tools/queue/rest';
import { freshUserFolder, readSetup, timing, type Unflatten } from './helpers';
import {
	crashWorkflow,
	ExecutionReader,
	isAnswered2xx,
	pushAll,
	reports,
	tally,
	TOKEN,
	type Outcome,
	type Push,
} from './trigger-crash-rig';

const PORT_BASE = Number(process.env.E2E_CRASH_PORT_BASE ?? 5760);
const N8N_PORT = PORT_BASE; // its task runners' broker: PORT_BASE + 1
const CLI_PORT = PORT_BASE + 2; // the import command (broker PORT_BASE + 3); PORT_BASE + 4 kept free

const PUSHES = 60;
const CONCURRENCY = 10;
/** About a third of the pushes answered, then n8n is stopped. */
const KILL_AFTER = 20;

const WORKFLOWS = {
	sigkill: { id: 'E2eCrash00000001', webhookId: '5e2e0000-0000-4000-8000-00000000c001' },
	sigterm: { id: 'E2eCrash00000002', webhookId: '5e2e0000-0000-4000-8000-00000000c002' },
	immediately: { id: 'E2eCrash00000003', webhookId: '5e2e0000-0000-4000-8000-00000000c003' },
} as const;

const urlOf = (webhookId: string, token = TOKEN) =>
	`http://127.0.0.1:${N8N_PORT}/webhook/${webhookId}/delivery-report?token=${token}`;

describe('SMSOnlineGH Trigger: reports answered 2xx survive n8n being killed (n8n-2, n8n start)', () => {
	let runtime: Runtime;
	let userFolder = '';
	let server: N8nServer;
	let unflatten: Unflatten;

	/** Waits until every webhook is registered: a wrong token gets 401 (404 before). */
	async function webhooksUp(): Promise<void> {
		for (const { webhookId } of Object.values(WORKFLOWS)) {
			for (let tries = 0; tries < 60; tries++) {
				const probe = await fetch(urlOf(webhookId, 'not-the-token'), {
					method: 'POST',
					body: '{}',
				}).catch(() => undefined);
				if (probe?.status === 401) break;
				await sleep(500);
			}
		}
	}

	/** Starts n8n on the suite's user folder (its workflows active from the database), signed in. */
	async function start(): Promise<ExecutionReader> {
		const t0 = Date.now();
		server = await startN8n(runtime, userFolder, { port: N8N_PORT });
		await ensureOwner(server.url);
		const cookie = await login(server.url);
		await webhooksUp();
		timing('crash suite: n8n (re)started', t0);
		return new ExecutionReader(server.url, cookie, unflatten);
	}

	/** Resolves once n8n has exited; after 90 s, kills it and its task runner. */
	async function exited(): Promise<void> {
		const child = server.process;
		if (child.exitCode !== null || child.signalCode !== null) return;
		const killer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 90_000);
		await new Promise((resolve) => child.once('exit', resolve));
		clearTimeout(killer);
	}

	beforeAll(
		async () => {
			const t0 = Date.now();
			runtime = await ensureRuntime('n8n-2');
			unflatten = createRequire(__filename)(
				path.join(runtime.dir, 'node_modules', 'flatted', 'cjs', 'index.js'),
			).parse;
			userFolder = freshUserFolder('trigger-crash-n8n-2');
			await installPackage(userFolder, readSetup().tarball);
			const workflows = [
				crashWorkflow(WORKFLOWS.sigkill.id, WORKFLOWS.sigkill.webhookId),
				crashWorkflow(WORKFLOWS.sigterm.id, WORKFLOWS.sigterm.webhookId),
				crashWorkflow(WORKFLOWS.immediately.id, WORKFLOWS.immediately.webhookId, 'immediately'),
			];
			await importAll(runtime, userFolder, [], workflows as never, { port: CLI_PORT });
			server = await startN8n(runtime, userFolder, { port: N8N_PORT });
			await ensureOwner(server.url);
			const cookie = await login(server.url);
			for (const { id } of Object.values(WORKFLOWS)) await activateWorkflow(server.url, cookie, id);
			await webhooksUp();
			timing('crash suite ready', t0);
		},
		10 * 60 * 1000,
	);

	afterAll(async () => {
		await server?.stop();
	});

	/**
	 * Pushes the reports to the running n8n, sends `signal` to n8n and its task runner once
	 * KILL_AFTER are answered, waits for n8n to exit, restarts it on the same database and reads
	 * what it stored. n8n is left running for the next test.
	 */
	async function crashRun(
		workflow: { id: string; webhookId: string },
		signal: NodeJS.Signals,
		tag: number,
	): Promise<{
		pushes: Push[];
		outcomes: Outcome[];
		stored: Map<string, string[]>;
		statuses: Record<string, number>;
	}> {
		const pushes = reports(tag, PUSHES);
		const child = server.process;
		let signalledAt = 0;
		let exitedAt = 0;
		child.once('exit', () => (exitedAt = Date.now()));
		const outcomes = await pushAll(
			urlOf(workflow.webhookId),
			pushes,
			CONCURRENCY,
			KILL_AFTER,
			() => {
				signalledAt = Date.now();
				process.kill(-child.pid!, signal);
			},
		);
		await exited();
		process.stdout.write(
			`[crash] ${signal}: n8n exited ${((exitedAt - signalledAt) / 1000).toFixed(1)} s after the signal\n`,
		);
		const reader = await start();
		const { statuses, batches } = await reader.storedBatches(workflow.id);
		return { pushes, outcomes, stored: batches, statuses };
	}

	/** Pushes answered 2xx whose report is not whole in one stored successful execution. */
	function lost(pushes: Push[], outcomes: Outcome[], stored: Map<string, string[]>): string[] {
		return outcomes
			.filter(isAnswered2xx)
			.map((o) => o.batch)
			.filter((batch) => {
				const ids = stored.get(batch);
				const expected = pushes.find((p) => p.batch === batch)!.messageIds;
				return ids === undefined || [...ids].sort().join() !== [...expected].sort().join();
			});
	}

	function report(
		label: string,
		outcomes: Outcome[],
		stored: Map<string, string[]>,
		statuses: Record<string, number>,
		lostCount: number,
	): void {
		const t = tally(outcomes);
		const brokenButStored = outcomes.filter((o) => !isAnswered2xx(o) && stored.has(o.batch)).length;
		process.stdout.write(
			`[crash] ${label}: ${outcomes.length} pushes: answered 2xx ${t.answered2xx}, non-2xx ${t.non2xx}, broken ${t.broken} ` +
				`(${JSON.stringify(t.statuses)}); stored successful ${stored.size} (executions ${JSON.stringify(statuses)}); ` +
				`2xx lost ${lostCount}; not 2xx but stored (a re-push would duplicate) ${brokenButStored}\n`,
		);
	}

	test.each([
		['SIGKILL', WORKFLOWS.sigkill, 1],
		['SIGTERM', WORKFLOWS.sigterm, 2],
	] as const)(
		'Respond at its default, %s part-way: every push answered 2xx is stored whole; every other one got a non-2xx or a broken connection',
		async (signal, workflow, tag) => {
			const { pushes, outcomes, stored, statuses } = await crashRun(workflow, signal, tag);
			const missing = lost(pushes, outcomes, stored);
			report(
				`When the Workflow Has Finished, ${signal}`,
				outcomes,
				stored,
				statuses,
				missing.length,
			);
			const t = tally(outcomes);
			expect(t.answered2xx).toBeGreaterThan(0);
			// SIGKILL came part-way: some pushes were not taken. (A graceful stop may take them all:
			// n8n 1.123 finished all 60 after SIGTERM, each stored.)
			if (signal === 'SIGKILL') expect(t.non2xx + t.broken).toBeGreaterThan(0);
			expect(missing).toEqual([]);
			for (const o of outcomes.filter(isAnswered2xx)) expect([o.status, o.body]).toEqual([200, '']);
			// Nothing stored twice, nothing stored that was never pushed.
			for (const [batch, ids] of stored) {
				expect(pushes.find((p) => p.batch === batch)?.messageIds.length).toBe(ids.length);
			}
		},
		8 * 60 * 1000,
	);

	test(
		'Respond: Immediately, SIGKILL part-way: the reports answered 2xx and lost are counted (printed, not asserted)',
		async () => {
			const { pushes, outcomes, stored, statuses } = await crashRun(
				WORKFLOWS.immediately,
				'SIGKILL',
				3,
			);
			report(
				'Immediately, SIGKILL',
				outcomes,
				stored,
				statuses,
				lost(pushes, outcomes, stored).length,
			);
			expect(tally(outcomes).answered2xx).toBeGreaterThan(0);
		},
		8 * 60 * 1000,
	);
});
