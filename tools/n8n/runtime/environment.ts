/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** The environment every n8n process runs with. */
import * as path from 'node:path';
import { type Runtime } from './install';

export interface N8nEnvOptions {
	port?: number;
	/** Port of the task runners' broker; must differ between n8n processes running at once. */
	brokerPort?: number;
	logLevel?: 'error' | 'warn' | 'info' | 'debug';
	extra?: Record<string, string>;
}

/** A clean environment for n8n: nothing from npm, jest or tsx leaks in. */
export function n8nEnv(
	runtime: Runtime,
	userFolder: string,
	options: N8nEnvOptions = {},
): NodeJS.ProcessEnv {
	const keep = ['HOME', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR', 'USER', 'SHELL', 'TERM'];
	const env: NodeJS.ProcessEnv = {};
	for (const key of keep) if (process.env[key] !== undefined) env[key] = process.env[key];
	const port = options.port ?? 5678;
	Object.assign(env, {
		PATH: `${path.dirname(runtime.nodeBin)}${path.delimiter}${process.env.PATH ?? '/usr/bin:/bin'}`,
		NODE_ENV: 'production',
		N8N_USER_FOLDER: userFolder,
		N8N_PORT: String(port),
		N8N_HOST: 'localhost',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_EDITOR_BASE_URL: `http://localhost:${port}`,
		N8N_SECURE_COOKIE: 'false',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		N8N_RUNNERS_BROKER_PORT: String(options.brokerPort ?? port + 1),
		N8N_LOG_LEVEL: options.logLevel ?? 'warn',
		DB_SQLITE_POOL_SIZE: '2',
		...runtime.env,
		...options.extra,
	});
	return env;
}
