/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * A whole queue-mode installation on this machine, for the queue suite and the bench: Redis,
 * Postgres, n8n main, its workers and its webhook processors, each n8n process with its own user folder and this package
 * installed in it as n8n's community-package installer lays it out, every listener on 127.0.0.1.
 * Everything lives in one temporary folder, removed on stop; whatever part fails to start, the
 * parts already started are stopped.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
	ensureOwner,
	importAll,
	installPackage,
	login,
	type CredentialFile,
	type Runtime,
	type WorkflowFile,
} from '../n8n/runtime';
import { mainEnv, sharedEnv, webhookUrlOf, type StalledJobTimings } from './environment';
import { cleanLeftovers, forgetStack, guardStack, noteStack } from './leftovers';
import {
	startMain,
	startWebhookProcessor,
	startWorker,
	type MainProcess,
	type N8nProcess,
} from './n8n-process';
import { freePorts } from './ports';
import { startPostgres, type PostgresServer } from './postgres';
import { startRedis, type RedisServer } from './redis';
import { activateWorkflow } from './rest';

export interface StackOptions {
	runtime: Runtime;
	/** The packed package (npm pack), installed into every n8n process's user folder. */
	tarball: string;
	/** 'regular' starts main alone (no workers), on the same database, for comparison. */
	mode: 'queue' | 'regular';
	workers: number;
	/** Executions each worker runs at once (`n8n worker --concurrency`). */
	concurrency: number;
	/**
	 * `n8n webhook` processes in front (queue mode only; none by default): they serve the
	 * production webhooks, and main then serves none (environment.ts, mainEnv).
	 */
	webhookProcessors?: number;
	/**
	 * Main serves production webhooks even with webhook processors (n8n's default; the recipe turns
	 * it off): the bench pushes to main or to the processors on one installation.
	 */
	mainServesWebhooks?: boolean;
	credentials: CredentialFile[];
	/** Imported, then activated. */
	workflows: WorkflowFile[];
	stalled?: StalledJobTimings;
	/** Every process's output goes here on stop (one file each). */
	logDir?: string;
	echo?: boolean;
	log?: (message: string) => void;
}

export interface QueueStack {
	dir: string;
	redis: RedisServer;
	postgres: PostgresServer;
	/** Main as it runs now (a new process after restartMain). */
	readonly main: MainProcess;
	workers: N8nProcess[];
	/** The webhook processors, webhook-1, webhook-2, ... (none unless asked for). */
	webhookProcessors: MainProcess[];
	/** The owner's session cookie for n8n's REST API. */
	cookie: string;
	/**
	 * A webhook's production URL: on main, or, with webhook processors, on processor n modulo
	 * their number (a load balancer's round-robin: the n-th call goes to webhookUrl(path, n)).
	 */
	webhookUrl(webhookPath: string, n?: number): string;
	/**
	 * Starts a worker again (after a crash, as a supervisor would), with the same user folder and
	 * ports; it takes the same place in `workers`. A worker still running is stopped first.
	 */
	restartWorker(label: string): Promise<N8nProcess>;
	/** The same for a webhook processor: same user folder, same port, same place in `webhookProcessors`. */
	restartWebhookProcessor(label: string): Promise<MainProcess>;
	/** The same for main: same user folder, same port (so the same URL), same settings. */
	restartMain(): Promise<MainProcess>;
	stop(): Promise<void>;
}

type WorkerOptions = Parameters<typeof startWorker>[1];
type ProcessorOptions = Parameters<typeof startWebhookProcessor>[1];
type MainOptions = Parameters<typeof startMain>[0];

interface Parts {
	dir: string;
	redis?: RedisServer;
	postgres?: PostgresServer;
	main?: MainProcess;
	workers: N8nProcess[];
	processors: MainProcess[];
	/** How each worker was started, to start it again. */
	workerOptions: Map<string, WorkerOptions>;
	processorOptions: Map<string, ProcessorOptions>;
	mainOptions?: MainOptions;
	/** Processes replaced by a restart: their logs are kept too. */
	retired: N8nProcess[];
}

function writeLogs(parts: Parts, logDir: string | undefined): void {
	if (!logDir) return;
	fs.mkdirSync(logDir, { recursive: true });
	const all = [
		parts.redis?.child,
		parts.postgres?.child,
		parts.main?.child,
		...[...parts.workers, ...parts.processors].map((p) => p.child),
	];
	for (const child of all)
		if (child) fs.writeFileSync(path.join(logDir, `${child.label}.log`), child.output());
	parts.retired.forEach((old, i) =>
		fs.writeFileSync(
			path.join(logDir, `${old.label}.before-restart-${i + 1}.log`),
			old.child.output(),
		),
	);
}

/** Stops the process `label` of `list` (if still running) and starts it again in its place. */
async function restart<P extends N8nProcess>(
	parts: Parts,
	list: P[],
	label: string,
	start: () => Promise<P>,
): Promise<P> {
	const index = list.findIndex((p) => p.label === label);
	if (index < 0) throw new Error(`no process ${label}`);
	const old = list[index];
	await old.stop();
	parts.retired.push(old);
	const started = await start();
	list[index] = started;
	return started;
}

function restartWorker(parts: Parts, label: string): Promise<N8nProcess> {
	const options = parts.workerOptions.get(label);
	if (!options) throw new Error(`no worker ${label}`);
	return restart(parts, parts.workers, label, () => startWorker(label, options));
}

function restartWebhookProcessor(parts: Parts, label: string): Promise<MainProcess> {
	const options = parts.processorOptions.get(label);
	if (!options) throw new Error(`no webhook processor ${label}`);
	return restart(parts, parts.processors, label, () => startWebhookProcessor(label, options));
}

async function restartMain(parts: Parts): Promise<MainProcess> {
	const [old, options] = [parts.main, parts.mainOptions];
	if (!old || !options) throw new Error('no main to restart');
	await old.stop();
	parts.retired.push(old);
	parts.main = await startMain(options);
	return parts.main;
}

/** n8n first (its executions end cleanly), then the queue and the database; then the folder. */
async function stopParts(parts: Parts, logDir: string | undefined): Promise<void> {
	await Promise.all([
		parts.main?.stop(),
		...[...parts.workers, ...parts.processors].map((p) => p.stop()),
	]);
	await Promise.all([parts.redis?.stop(), parts.postgres?.stop()]);
	writeLogs(parts, logDir);
	fs.rmSync(parts.dir, { recursive: true, force: true });
	forgetStack(parts.dir);
}

async function userFolder(dir: string, label: string, tarball: string): Promise<string> {
	const folder = path.join(dir, label);
	fs.mkdirSync(folder, { recursive: true });
	await installPackage(folder, tarball);
	return folder;
}

/** The workers and webhook processors, each on its own folder and ports (two a process, in order). */
function startWorkersAndProcessors(
	options: StackOptions,
	parts: Parts,
	shared: Record<string, string>,
	layout: { labels: string[]; hooks: string[]; folders: string[]; ports: number[] },
): Array<Promise<unknown>> {
	const { runtime } = options;
	const { labels, hooks, folders, ports } = layout;
	const workers = labels.map((label, i) => {
		const workerOptions: WorkerOptions = {
			runtime,
			userFolder: folders[i + 1],
			shared,
			brokerPort: ports[2 * i],
			healthPort: ports[2 * i + 1],
			concurrency: options.concurrency,
			echo: options.echo,
		};
		parts.workerOptions.set(label, workerOptions);
		return startWorker(label, workerOptions).then((w) => parts.workers.push(w));
	});
	const processors = hooks.map((label, i) => {
		const at = 2 * (labels.length + i);
		const processorOptions: ProcessorOptions = {
			runtime,
			userFolder: folders[1 + labels.length + i],
			shared,
			port: ports[at],
			brokerPort: ports[at + 1],
			echo: options.echo,
		};
		parts.processorOptions.set(label, processorOptions);
		return startWebhookProcessor(label, processorOptions).then((p) => parts.processors.push(p));
	});
	return [...workers, ...processors];
}

async function startN8nProcesses(
	options: StackOptions,
	parts: Parts,
	shared: Record<string, string>,
): Promise<void> {
	const { runtime, tarball } = options;
	const log = options.log ?? (() => undefined);
	const queue = options.mode === 'queue';
	const labels = Array.from({ length: queue ? options.workers : 0 }, (_, i) => `worker-${i + 1}`);
	const hooks = Array.from(
		{ length: queue ? (options.webhookProcessors ?? 0) : 0 },
		(_, i) => `webhook-${i + 1}`,
	);
	const folders = await Promise.all(
		['main', ...labels, ...hooks].map((label) => userFolder(parts.dir, label, tarball)),
	);
	const [mainPort, mainBroker, ...rest] = await freePorts(2 + 2 * (labels.length + hooks.length));
	let t = Date.now();
	// The first n8n command on the empty database creates n8n's tables.
	await importAll(runtime, folders[0], options.credentials, options.workflows, {
		port: mainPort,
		brokerPort: mainBroker,
		extra: shared,
	});
	log(
		`database ready, ${options.workflows.length} workflow(s) imported in ${((Date.now() - t) / 1000).toFixed(1)} s`,
	);
	t = Date.now();
	parts.mainOptions = {
		runtime,
		userFolder: folders[0],
		shared,
		extra: mainEnv(options.mainServesWebhooks ? 0 : hooks.length),
		port: mainPort,
		brokerPort: mainBroker,
		echo: options.echo,
	};
	const main = startMain(parts.mainOptions).then((m) => (parts.main = m));
	const others = startWorkersAndProcessors(options, parts, shared, {
		labels,
		hooks,
		folders,
		ports: rest,
	});
	const started = await Promise.allSettled([main, ...others]);
	const failed = started.find((s) => s.status === 'rejected');
	if (failed) throw (failed as PromiseRejectedResult).reason;
	parts.workers.sort((a, b) => a.label.localeCompare(b.label));
	parts.processors.sort((a, b) => a.label.localeCompare(b.label));
	log(
		`n8n main, ${labels.length} worker(s) and ${hooks.length} webhook processor(s) up in ${((Date.now() - t) / 1000).toFixed(1)} s`,
	);
}

/** Starts the whole installation; on any failure stops what had started and throws. */
export async function startStack(options: StackOptions): Promise<QueueStack> {
	cleanLeftovers();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-'));
	// The Postgres server may run as another user, and needs to reach its folder inside this one.
	fs.chmodSync(dir, 0o755);
	const parts: Parts = {
		dir,
		workers: [],
		processors: [],
		workerOptions: new Map(),
		processorOptions: new Map(),
		retired: [],
	};
	noteStack(dir);
	guardStack(dir);
	try {
		const [redis, postgres] = await Promise.all([
			startRedis(dir, { echo: options.echo }).then((r) => (parts.redis = r)),
			startPostgres(dir, { echo: options.echo }).then((p) => (parts.postgres = p)),
		]);
		const shared = sharedEnv({
			redis,
			postgres,
			encryptionKey: randomBytes(24).toString('hex'),
			mode: options.mode,
			stalled: options.stalled,
		});
		await startN8nProcesses(options, parts, shared);
		const { url } = parts.main!;
		await ensureOwner(url);
		const cookie = await login(url);
		for (const workflow of options.workflows) await activateWorkflow(url, cookie, workflow.id);
		return {
			dir,
			redis,
			postgres,
			get main() {
				return parts.main!;
			},
			workers: parts.workers,
			webhookProcessors: parts.processors,
			cookie,
			webhookUrl: (webhookPath, n = 0) =>
				webhookUrlOf(
					url,
					parts.processors.map((p) => p.url),
					webhookPath,
					n,
				),
			restartWorker: (label) => restartWorker(parts, label),
			restartWebhookProcessor: (label) => restartWebhookProcessor(parts, label),
			restartMain: () => restartMain(parts),
			stop: () => stopParts(parts, options.logDir),
		};
	} catch (error) {
		await stopParts(parts, options.logDir);
		throw error;
	}
}
