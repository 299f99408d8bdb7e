/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** Running a child process to its end while /proc sampling watches it. */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';

import { type MemoryRecord, watchMemory } from './proc';

export interface Spawned {
	code: number;
	stdout: string;
	stderr: string;
	spawnedAt: number;
	exitedAt: number;
	memory: MemoryRecord;
}

/**
 * Runs a process to its end while watching its memory. Its standard output goes to a file when
 * `stdoutFile` is given: n8n exits with process.exit() right after printing the run data, and a
 * large print into a pipe gets cut short then (seen at 10,000 items); a file receives all of it.
 */
export function spawnWatched(
	command: string,
	args: string[],
	options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; stdoutFile?: string },
): Promise<Spawned> {
	return new Promise((resolve, reject) => {
		const spawnedAt = Date.now();
		const fd = options.stdoutFile ? fs.openSync(options.stdoutFile, 'w') : undefined;
		const child = spawn(command, args, {
			cwd: options.cwd,
			env: options.env,
			stdio: ['ignore', fd ?? 'pipe', 'pipe'],
		});
		if (fd !== undefined) fs.closeSync(fd);
		const watch = watchMemory(child.pid!);
		const out: Buffer[] = [];
		let stderr = '';
		child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
		child.stderr!.on('data', (chunk: Buffer) => {
			stderr += chunk.toString();
			if (stderr.length > 200_000) stderr = stderr.slice(-100_000);
		});
		const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
		child.on('error', (error) => {
			clearTimeout(timer);
			watch.stop();
			reject(error);
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			const exitedAt = Date.now();
			const memory = watch.stop();
			let stdout = Buffer.concat(out).toString('utf8');
			if (options.stdoutFile) {
				stdout = fs.readFileSync(options.stdoutFile, 'utf8');
				fs.rmSync(options.stdoutFile, { force: true });
			}
			resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr, spawnedAt, exitedAt, memory });
		});
	});
}

export function lastLines(text: string, count: number): string {
	return text.trim().split('\n').slice(-count).join('\n');
}
