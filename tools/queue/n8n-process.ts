/**
 * n8n's main process (`n8n start`), its workers (`n8n worker`) and its webhook processors
 * (`n8n webhook`), each with its own user folder.
 */
import { n8nEnv, type Runtime } from '../n8n/runtime';
import { isUp, restSettings } from '../n8n/runtime/probe';
import { startChild, waitReady, type Child } from './child';
import { workerEnv } from './environment';
import { LOOPBACK } from './ports';

export interface N8nProcess {
	label: string;
	child: Child;
	userFolder: string;
	stop(): Promise<void>;
}

export interface MainProcess extends N8nProcess {
	url: string;
}

export interface ProcessOptions {
	runtime: Runtime;
	userFolder: string;
	/** The variables every process of the installation shares (sharedEnv). */
	shared: Record<string, string>;
	/** Port of its task runners' broker: one per process. */
	brokerPort: number;
	echo?: boolean;
	timeoutMs?: number;
}

/** n8n asks its children to stop and waits for running executions up to its own timeout (30 s). */
const STOP_GRACE_MS = 40_000;

function spawnN8n(
	label: string,
	args: string[],
	options: ProcessOptions,
	port: number,
	extra: Record<string, string> = {},
): Child {
	const env = n8nEnv(options.runtime, options.userFolder, {
		port,
		brokerPort: options.brokerPort,
		logLevel: 'info',
		extra: { ...options.shared, ...extra },
	});
	return startChild(label, options.runtime.nodeBin, [options.runtime.n8nBin, ...args], {
		cwd: options.userFolder,
		env,
		echo: options.echo,
	});
}

/** `n8n start`: ready once /healthz answers and the REST API gives its settings. `extra`: main's own variables. */
export async function startMain(
	options: ProcessOptions & { port: number; extra?: Record<string, string> },
): Promise<MainProcess> {
	const url = `http://${LOOPBACK}:${options.port}`;
	const child = spawnN8n('n8n-main', ['start'], options, options.port, options.extra);
	await waitReady(
		child,
		async () => (await isUp(`${url}/healthz`)) && (await restSettings(url)) !== undefined,
		options.timeoutMs ?? 240_000,
	);
	return {
		label: child.label,
		child,
		userFolder: options.userFolder,
		url,
		stop: () => child.stop('SIGTERM', STOP_GRACE_MS),
	};
}

/**
 * `n8n worker --concurrency=N`: ready once its health check says it reaches the database and
 * Redis. `port` is only n8n's editor port setting, which a worker does not serve.
 */
export async function startWorker(
	label: string,
	options: ProcessOptions & { healthPort: number; concurrency: number },
): Promise<N8nProcess> {
	const child = spawnN8n(
		label,
		['worker', `--concurrency=${options.concurrency}`],
		options,
		options.healthPort,
		workerEnv(options.healthPort),
	);
	const readiness = `http://${LOOPBACK}:${options.healthPort}/healthz/readiness`;
	await waitReady(child, () => isUp(readiness), options.timeoutMs ?? 240_000);
	return {
		label,
		child,
		userFolder: options.userFolder,
		stop: () => child.stop('SIGTERM', STOP_GRACE_MS),
	};
}

/**
 * `n8n webhook`: serves the production webhooks on its own port and puts each execution on the
 * queue for a worker (n8n refuses to start one outside queue mode). Ready once its readiness
 * check answers: connected to the database, migrated, and its server started.
 */
export async function startWebhookProcessor(
	label: string,
	options: ProcessOptions & { port: number },
): Promise<MainProcess> {
	const url = `http://${LOOPBACK}:${options.port}`;
	const child = spawnN8n(label, ['webhook'], options, options.port);
	await waitReady(child, () => isUp(`${url}/healthz/readiness`), options.timeoutMs ?? 240_000);
	return {
		label,
		child,
		userFolder: options.userFolder,
		url,
		stop: () => child.stop('SIGTERM', STOP_GRACE_MS),
	};
}
