/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Long-running child processes of the queue stack (Redis, Postgres, n8n main and workers): each
 * in its own process group, so stopping one also stops what it started (n8n's task runner,
 * Postgres's backends); output kept for diagnostics; every one registered, so an exit or a signal
 * of this process never leaves one behind. (Under jest, the test file sees a copy of `process`
 * whose signal handlers never fire: there the stack's guardian, leftovers.ts, does that job.)
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

export interface Child {
	label: string;
	pid: number;
	process: ChildProcess;
	/** Everything it printed (the last megabyte or two). */
	output(): string;
	exited(): boolean;
	/** Resolves once the process has exited. */
	exit: Promise<void>;
	/** `signal` to the group, then SIGKILL after `graceMs`; resolves once it has exited. */
	stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
	/** SIGKILL to the whole group at once, as `kill -9` would, without waiting. */
	kill9(): void;
}

const running = new Map<number, string>();
let hooked = false;

/** Kills every registered group now (synchronous: safe in an exit handler). */
export function killAllNow(): void {
	for (const pid of running.keys()) signalGroup(pid, 'SIGKILL');
	running.clear();
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
	try {
		process.kill(-pid, signal);
	} catch {
		/* already gone */
	}
}

/**
 * On exit or a terminating signal, nothing started here outlives this process. A signal handler
 * replaces the default action, so it ends the process itself, with the usual 128 + signal code.
 */
function hookExit(): void {
	if (hooked) return;
	hooked = true;
	process.on('exit', killAllNow);
	const codes: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
	for (const [signal, code] of Object.entries(codes)) {
		process.once(signal as NodeJS.Signals, () => {
			killAllNow();
			process.exit(code);
		});
	}
}

/** Starts `command` in a process group of its own; `echo` copies its output to ours. */
export function startChild(
	label: string,
	command: string,
	args: string[],
	options: SpawnOptions & { echo?: boolean } = {},
): Child {
	hookExit();
	const { echo, ...spawnOptions } = options;
	const child = spawn(command, args, {
		...spawnOptions,
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
	if (child.pid === undefined) throw new Error(`${label}: could not start ${command}`);
	const pid = child.pid;
	running.set(pid, label);
	let output = '';
	let done = false;
	const onData = (chunk: Buffer) => {
		output += chunk.toString();
		if (output.length > 2_000_000) output = output.slice(-1_000_000);
		if (echo) process.stdout.write(`[${label}] ${chunk.toString()}`);
	};
	child.stdout!.on('data', onData);
	child.stderr!.on('data', onData);
	const exit = new Promise<void>((resolve) => {
		child.on('error', (error) => {
			output += `\n${label}: ${error.message}\n`;
		});
		child.on('close', () => {
			done = true;
			running.delete(pid);
			resolve();
		});
	});
	const stop = async (signal: NodeJS.Signals = 'SIGTERM', graceMs = 20_000) => {
		if (done) return;
		signalGroup(pid, signal);
		const killer = setTimeout(() => signalGroup(pid, 'SIGKILL'), graceMs);
		await exit;
		clearTimeout(killer);
		// Whatever the leader left in its group (a task runner) goes with it.
		signalGroup(pid, 'SIGKILL');
	};
	return {
		label,
		pid,
		process: child,
		output: () => output,
		exited: () => done,
		exit,
		stop,
		kill9: () => signalGroup(pid, 'SIGKILL'),
	};
}

/** Polls `ready` until it holds, the child exits, or the time is up (then stops it and throws). */
export async function waitReady(
	child: Child,
	ready: () => Promise<boolean>,
	timeoutMs: number,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (child.exited())
			throw new Error(`${child.label} exited while starting:\n${tail(child.output())}`);
		if (await ready()) return;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	await child.stop('SIGKILL', 0);
	throw new Error(
		`${child.label} was not ready after ${Math.round(timeoutMs / 1000)} s:\n${tail(child.output())}`,
	);
}

export function tail(text: string, lines = 40): string {
	return text.trim().split('\n').slice(-lines).join('\n');
}
