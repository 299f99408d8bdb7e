/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** The n8n server (`n8n start`): started, waited for, and stopped with its task runner. */
import { spawn, type ChildProcess } from 'node:child_process';
import { n8nEnv, type N8nEnvOptions } from './environment';
import { type Runtime } from './install';
import { isUp, restSettings, sleep } from './probe';

export interface N8nServer {
	url: string;
	process: ChildProcess;
	/** Everything the server printed, for diagnostics. */
	output(): string;
	stop(): Promise<void>;
}

/** `n8n start`; resolves once /healthz answers and the REST API is up. */
export async function startN8n(
	runtime: Runtime,
	userFolder: string,
	options: N8nEnvOptions & { echo?: boolean; timeoutMs?: number; stopGraceMs?: number } = {},
): Promise<N8nServer> {
	const port = options.port ?? 5678;
	const url = `http://localhost:${port}`;
	if (await isUp(`${url}/healthz`))
		throw new Error(`something already answers on ${url}; stop it first`);
	const child = spawn(runtime.nodeBin, [runtime.n8nBin, 'start'], {
		cwd: userFolder,
		env: n8nEnv(runtime, userFolder, { logLevel: 'info', ...options }),
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true, // own process group, so stop() also ends the task runner
	});
	let output = '';
	const onData = (chunk: Buffer) => {
		output += chunk.toString();
		if (output.length > 2_000_000) output = output.slice(-1_000_000);
		if (options.echo) process.stdout.write(chunk);
	};
	child.stdout!.on('data', onData);
	child.stderr!.on('data', onData);
	let exited = false;
	const exitPromise = new Promise<void>((resolve) =>
		child.on('exit', () => ((exited = true), resolve())),
	);

	const stop = async () => {
		if (exited) return;
		try {
			process.kill(-child.pid!, 'SIGTERM');
		} catch {
			/* already gone */
		}
		const killer = setTimeout(() => {
			try {
				process.kill(-child.pid!, 'SIGKILL');
			} catch {
				/* already gone */
			}
		}, options.stopGraceMs ?? 20_000);
		await exitPromise;
		clearTimeout(killer);
	};

	const deadline = Date.now() + (options.timeoutMs ?? 180_000);
	while (Date.now() < deadline) {
		if (exited)
			throw new Error(`n8n start exited early:\n${output.split('\n').slice(-40).join('\n')}`);
		if ((await isUp(`${url}/healthz`)) && (await restSettings(url)) !== undefined) {
			return { url, process: child, output: () => output, stop };
		}
		await sleep(500);
	}
	await stop();
	throw new Error(
		`n8n did not answer on ${url} in time:\n${output.split('\n').slice(-40).join('\n')}`,
	);
}
