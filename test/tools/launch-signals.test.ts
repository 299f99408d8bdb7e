/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * `npm start` and `npm run demo` stop everything they started when npm itself gets SIGINT or
 * SIGTERM (as from a service manager or a closing terminal), not only on Ctrl-C. The real
 * launcher (tools/n8n/launch.js) and the real npm script lines run; the TypeScript script behind
 * them is a stand-in that starts what start.ts starts: a server in its own process, a process in
 * a group of its own that it stops on a signal (as n8n with its task runner), and a plain child
 * (as an npm install or `n8n execute`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

const STAND_IN = `
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
const idle = ['-e', 'setInterval(() => {}, 1000)'];
const server = spawn(process.execPath, ['-e', "require('node:http').createServer().listen(0); setInterval(() => {}, 1000)"], { stdio: 'ignore' });
const ownGroup = spawn(process.execPath, idle, { detached: true, stdio: 'ignore' });
const plain = spawn(process.execPath, idle, { stdio: 'ignore' });
http.createServer().listen(0);
const stop = () => {
	process.kill(-ownGroup.pid!, 'SIGTERM');
	server.kill('SIGTERM');
	process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
fs.writeFileSync(process.env.READY_FILE!, JSON.stringify([server.pid, ownGroup.pid, plain.pid]));
`;

/** A copy of the project holding the launcher (and the one file it requires), the npm scripts and the stand-in. */
function makeProject(): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'launch-signals-'));
	const scripts = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts;
	fs.writeFileSync(
		path.join(dir, 'package.json'),
		JSON.stringify({
			name: 'launch-signals',
			version: '1.0.0',
			private: true,
			scripts: { start: scripts.start, demo: scripts.demo },
		}),
	);
	fs.mkdirSync(path.join(dir, 'tools', 'n8n'), { recursive: true });
	for (const file of ['launch.js', 'duration.js'])
		fs.copyFileSync(path.join(ROOT, 'tools', 'n8n', file), path.join(dir, 'tools', 'n8n', file));
	fs.writeFileSync(path.join(dir, 'tools', 'n8n', 'start.ts'), STAND_IN);
	fs.writeFileSync(path.join(dir, 'tools', 'n8n', 'demo.ts'), STAND_IN);
	fs.mkdirSync(path.join(dir, 'node_modules', '.bin'), { recursive: true });
	fs.symlinkSync(
		path.join(ROOT, 'node_modules', '.bin', 'tsx'),
		path.join(dir, 'node_modules', '.bin', 'tsx'),
	);
	return dir;
}

/** Linux's process table: pid -> [parent pid, state]. */
function processTable(): Map<number, { ppid: number; state: string }> {
	const table = new Map<number, { ppid: number; state: string }>();
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
			const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
			table.set(Number(entry), { state: fields[0], ppid: Number(fields[1]) });
		} catch {
			/* gone meanwhile */
		}
	}
	return table;
}

function descendants(pid: number): number[] {
	const table = processTable();
	const found: number[] = [];
	const queue = [pid];
	while (queue.length) {
		const parent = queue.shift()!;
		for (const [child, { ppid }] of table) {
			if (ppid === parent && !found.includes(child)) {
				found.push(child);
				queue.push(child);
			}
		}
	}
	return found;
}

const running = (pids: number[]) => {
	const table = processTable();
	return pids.filter((pid) => table.has(pid) && table.get(pid)!.state !== 'Z');
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(what: string, probe: () => T | undefined, ms: number): Promise<T> {
	const until = Date.now() + ms;
	for (;;) {
		const value = probe();
		if (value !== undefined) return value;
		if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
		await sleep(100);
	}
}

describe.each(['start', 'demo'])('npm %s', (script) => {
	let project: string;
	let npm: ChildProcess | undefined;
	let started: number[] = [];
	beforeAll(() => {
		project = makeProject();
	});
	afterEach(() => {
		for (const pid of running(started)) process.kill(pid, 'SIGKILL');
		npm?.kill('SIGKILL');
	});
	afterAll(() => fs.rmSync(project, { recursive: true, force: true }));

	it.each(['SIGINT', 'SIGTERM'] as const)(
		'%s to npm stops the launcher and all it started',
		async (signal) => {
			const ready = path.join(project, `ready-${script}-${signal}`);
			npm = spawn('npm', ['run', script], {
				cwd: project,
				stdio: 'ignore',
				env: { ...process.env, READY_FILE: ready },
			});
			const standIn: number[] = await waitFor(
				'the stand-in',
				() => (fs.existsSync(ready) ? JSON.parse(fs.readFileSync(ready, 'utf8')) : undefined),
				20_000,
			);
			started = descendants(npm.pid!);
			expect(started).toEqual(expect.arrayContaining(standIn));
			expect(started.length).toBeGreaterThanOrEqual(standIn.length + 2); // the launcher and tsx too
			const npmExit = new Promise((resolve) => npm!.on('exit', resolve));

			process.kill(npm.pid!, signal);

			// The launcher kills what is left of its group 9 s after the signal.
			await npmExit;
			const left = await waitFor(
				'every process to end',
				() => (running(started).length === 0 ? [] : undefined),
				10_000,
			).catch(() => running(started));
			expect(left).toEqual([]);
		},
	);
});
