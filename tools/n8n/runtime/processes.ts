/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** Running a command to its end, and the environment npm runs with. */
import { spawn, type SpawnOptions } from 'node:child_process';

export interface RunResult {
	code: number;
	stdout: string;
	stderr: string;
}

/** Runs a command to its end; rejects on a non-zero exit unless `allowFail`. `onLine` sees each line of its output. */
export function run(
	command: string,
	args: string[],
	options: SpawnOptions & {
		allowFail?: boolean;
		echo?: boolean;
		timeoutMs?: number;
		onLine?: (line: string) => void;
	} = {},
): Promise<RunResult> {
	const { allowFail, echo, timeoutMs, onLine, ...spawnOptions } = options;
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] });
		let stdout = '';
		let stderr = '';
		const partial = { stdout: '', stderr: '' };
		// A chunk may end inside a line: its start is kept until the rest comes.
		const lines = (stream: 'stdout' | 'stderr', chunk: string) => {
			if (!onLine) return;
			const parts = (partial[stream] + chunk).split('\n');
			partial[stream] = parts.pop()!;
			for (const line of parts) onLine(line);
		};
		child.stdout!.on('data', (chunk: Buffer) => {
			stdout += chunk.toString();
			lines('stdout', chunk.toString());
			if (echo) process.stdout.write(chunk);
		});
		child.stderr!.on('data', (chunk: Buffer) => {
			stderr += chunk.toString();
			lines('stderr', chunk.toString());
			if (echo) process.stderr.write(chunk);
		});
		const timer = timeoutMs
			? setTimeout(() => {
					child.kill('SIGKILL');
				}, timeoutMs)
			: undefined;
		child.on('error', reject);
		child.on('close', (code, signal) => {
			if (timer) clearTimeout(timer);
			const result = { code: code ?? (signal ? 128 : 1), stdout, stderr };
			if (result.code !== 0 && !allowFail) {
				const tail = (stderr || stdout).trim().split('\n').slice(-30).join('\n');
				reject(
					new Error(
						`${command} ${args.join(' ')} exited with ${result.code}${signal ? ` (${signal})` : ''}\n${tail}`,
					),
				);
			} else {
				resolve(result);
			}
		});
	});
}

/** Environment for npm: the project's .npmrc settings apply only inside the project, so repeat them. */
export function npmEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	return {
		...process.env,
		npm_config_ignore_scripts: 'true',
		npm_config_audit: 'false',
		npm_config_fund: 'false',
		npm_config_update_notifier: 'false',
		...extra,
	};
}
