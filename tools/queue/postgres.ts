/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * A throwaway Postgres cluster (Debian's postgresql package) in a folder of its own, on a loopback
 * port, with one database for n8n. Postgres refuses to run as root, so when this process is root
 * the cluster belongs to the `postgres` user the package creates, and runs as that user.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { run } from '../n8n/runtime';
import { startChild, waitReady, type Child } from './child';
import { freePort, LOOPBACK } from './ports';

export interface PostgresServer {
	host: string;
	port: number;
	database: string;
	user: string;
	password: string;
	child: Child;
	/** Runs SQL in n8n's database with psql; rows of fields, as psql prints them unaligned. */
	query(sql: string): Promise<string[][]>;
	stop(): Promise<void>;
}

const DATABASE = 'n8n';
const USER = 'n8n';
const PASSWORD = 'n8n-queue-test';

/** The newest server under /usr/lib/postgresql (Debian's layout), or PG_BIN. */
export function postgresBinDir(): string {
	if (process.env.PG_BIN) return process.env.PG_BIN;
	const root = '/usr/lib/postgresql';
	const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
	const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
	if (!newest || !fs.existsSync(path.join(root, newest, 'bin', 'postgres'))) {
		throw new Error(
			'no Postgres server under /usr/lib/postgresql (apt-get install postgresql, or set PG_BIN)',
		);
	}
	return path.join(root, newest, 'bin');
}

/** uid and gid to run the server as: the `postgres` user when we are root, else ourselves. */
async function serverIdentity(): Promise<{ uid: number; gid: number } | undefined> {
	if (process.getuid?.() !== 0) return undefined;
	const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
	const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
	return { uid, gid };
}

async function initCluster(
	bin: string,
	dataDir: string,
	identity: { uid: number; gid: number } | undefined,
): Promise<void> {
	fs.mkdirSync(path.dirname(dataDir), { recursive: true });
	if (identity) fs.chownSync(path.dirname(dataDir), identity.uid, identity.gid);
	await run(
		path.join(bin, 'initdb'),
		['-D', dataDir, '-U', USER, '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'],
		{
			...identity,
			timeoutMs: 60_000,
		},
	);
}

/**
 * Starts the cluster: loopback only, its socket in its own folder, and durability off (fsync,
 * synchronous commit, full-page writes): the database is thrown away after the run.
 */
/** psql on the loopback as the suite's user; `query` fails on an error and returns the rows. */
function psqlClient(bin: string, port: number) {
	const psql = (sql: string, database = 'postgres') =>
		run(
			path.join(bin, 'psql'),
			[
				'-h',
				LOOPBACK,
				'-p',
				String(port),
				'-U',
				USER,
				'-d',
				database,
				'-v',
				'ON_ERROR_STOP=1',
				'-qAtc',
				sql,
			],
			{
				allowFail: true,
				timeoutMs: 30_000,
			},
		);
	const query = async (sql: string) => {
		const result = await psql(sql, DATABASE);
		if (result.code !== 0) throw new Error(`postgres: ${sql}: ${result.stderr}`);
		return result.stdout
			.split('\n')
			.filter(Boolean)
			.map((line) => line.split('|'));
	};
	return { psql, query };
}

export async function startPostgres(
	dir: string,
	options: { echo?: boolean; timeoutMs?: number } = {},
): Promise<PostgresServer> {
	const bin = postgresBinDir();
	const identity = await serverIdentity();
	const dataDir = path.join(dir, 'postgres', 'data');
	const socketDir = path.join(dir, 'postgres');
	await initCluster(bin, dataDir, identity);
	const port = await freePort();
	const settings = [
		'listen_addresses=127.0.0.1',
		`unix_socket_directories=${socketDir}`,
		'fsync=off',
		'synchronous_commit=off',
		'full_page_writes=off',
		'max_connections=100',
	];
	const child = startChild(
		'postgres',
		path.join(bin, 'postgres'),
		['-D', dataDir, '-p', String(port), ...settings.flatMap((s) => ['-c', s])],
		{
			...identity,
			cwd: socketDir,
			echo: options.echo,
		},
	);
	const { psql, query } = psqlClient(bin, port);
	await waitReady(
		child,
		async () => (await psql('select 1')).code === 0,
		options.timeoutMs ?? 60_000,
	);
	await psql(`alter user ${USER} password '${PASSWORD}'`);
	const created = await psql(`create database ${DATABASE} owner ${USER}`);
	if (created.code !== 0) throw new Error(`postgres: create database failed: ${created.stderr}`);
	// SIGINT is Postgres's fast shutdown: sessions end, nothing waits for clients.
	return {
		host: LOOPBACK,
		port,
		database: DATABASE,
		user: USER,
		password: PASSWORD,
		child,
		query,
		stop: () => child.stop('SIGINT', 15_000),
	};
}
