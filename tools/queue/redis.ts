/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** A throwaway Redis (Debian's redis-server) on a loopback port, nothing written to disk. */
import { startChild, waitReady, type Child } from './child';
import { freePort, LOOPBACK, tcpExchange } from './ports';

export interface RedisServer {
	host: string;
	port: number;
	child: Child;
	stop(): Promise<void>;
}

export const REDIS_BIN = process.env.REDIS_SERVER ?? 'redis-server';

export async function startRedis(
	dir: string,
	options: { echo?: boolean; timeoutMs?: number } = {},
): Promise<RedisServer> {
	const port = await freePort();
	const child = startChild(
		'redis',
		REDIS_BIN,
		// No snapshots, no append-only file: the queue lives as long as the test run.
		[
			'--port',
			String(port),
			'--bind',
			LOOPBACK,
			'--save',
			'',
			'--appendonly',
			'no',
			'--dir',
			dir,
			'--daemonize',
			'no',
			'--protected-mode',
			'yes',
		],
		{ cwd: dir, echo: options.echo },
	);
	await waitReady(
		child,
		async () => (await tcpExchange(port, 'PING\r\n')).startsWith('+PONG'),
		options.timeoutMs ?? 20_000,
	);
	return { host: LOOPBACK, port, child, stop: () => child.stop('SIGTERM', 10_000) };
}
