/**
 * What every n8n process of a queue-mode installation shares (main, each worker and each webhook
 * processor): the queue, the database and the encryption key; and what main alone sets. n8n's own
 * variable names; README "Scaling with queue mode".
 */
import { type PostgresServer } from './postgres';
import { type RedisServer } from './redis';

export interface StalledJobTimings {
	/** How long a worker's lock on a job lasts without renewal (n8n default 60,000 ms). */
	lockDurationMs: number;
	/** How often a worker renews its locks (default 10,000 ms). */
	lockRenewMs: number;
	/** How often workers look for jobs whose lock expired (default 30,000 ms). */
	stalledIntervalMs: number;
}

/**
 * Shorter than n8n's defaults, with which a killed worker's executions are marked failed 76–103 s
 * later (a lock of 60 s, checked every 30 s): here within about 15 s. Renewing every 2 s leaves a
 * busy worker five chances before its lock would expire.
 */
export const FAST_STALLED_DETECTION: StalledJobTimings = {
	lockDurationMs: 10_000,
	lockRenewMs: 2_000,
	stalledIntervalMs: 5_000,
};

export interface SharedSettings {
	redis: Pick<RedisServer, 'host' | 'port'>;
	postgres: Pick<PostgresServer, 'host' | 'port' | 'database' | 'user' | 'password'>;
	encryptionKey: string;
	/** 'queue' (main enqueues, workers run) or 'regular' (main runs everything; for comparison). */
	mode: 'queue' | 'regular';
	stalled?: StalledJobTimings;
}

/**
 * Finished jobs kept in Redis (n8n's default: none). The process that queued an execution learns
 * that it finished from Redis's completed/failed event, which it can miss when the job ends before
 * it starts listening (a fast workflow, a busy process); Bull then looks the job up every 5 s, which
 * only finds it if it is still there. With none kept the webhook call is never answered (seen in the
 * queue suite: an execution stored as a success, its call unanswered until the client gave up).
 */
export const KEEP_FINISHED_JOBS = {
	N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED: '1000',
	N8N_EXECUTIONS_QUEUE_KEEP_LAST_FAILED: '1000',
};

export function sharedEnv(settings: SharedSettings): Record<string, string> {
	const { redis, postgres, stalled } = settings;
	const env: Record<string, string> = {
		EXECUTIONS_MODE: settings.mode,
		N8N_ENCRYPTION_KEY: settings.encryptionKey,
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: postgres.host,
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: postgres.database,
		DB_POSTGRESDB_USER: postgres.user,
		DB_POSTGRESDB_PASSWORD: postgres.password,
		DB_POSTGRESDB_POOL_SIZE: '4',
		QUEUE_BULL_REDIS_HOST: redis.host,
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		// A worker's health server listens on every interface by default.
		N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		...KEEP_FINISHED_JOBS,
	};
	if (stalled) {
		env.QUEUE_WORKER_LOCK_DURATION = String(stalled.lockDurationMs);
		env.QUEUE_WORKER_LOCK_RENEW_TIME = String(stalled.lockRenewMs);
		env.QUEUE_WORKER_STALLED_INTERVAL = String(stalled.stalledIntervalMs);
	}
	return env;
}

/** A worker's own settings: its health check (how the stack knows it is up) on its own port. */
export function workerEnv(healthPort: number): Record<string, string> {
	return { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(healthPort) };
}

/**
 * Main's own settings. With webhook processors in front, n8n's scaling guide has main serve no
 * production webhook (N8N_DISABLE_PRODUCTION_MAIN_PROCESS): every push then goes through a
 * processor, and main keeps the editor, the REST API, activation and the polling triggers.
 */
export function mainEnv(webhookProcessors: number): Record<string, string> {
	return webhookProcessors > 0 ? { N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' } : {};
}

/**
 * The production URL of a webhook path as a load balancer spreads calls: the n-th call goes to
 * processor n modulo their number (round-robin), or to main when there are none.
 */
export function webhookUrlOf(
	mainUrl: string,
	processorUrls: string[],
	webhookPath: string,
	n = 0,
): string {
	if (!Number.isInteger(n) || n < 0) throw new Error(`call number ${n}: a whole number from 0`);
	const base = processorUrls.length === 0 ? mainUrl : processorUrls[n % processorUrls.length];
	return `${base}/webhook/${webhookPath}`;
}
