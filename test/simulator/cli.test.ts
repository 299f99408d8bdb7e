/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

interface Running {
	child: ChildProcess;
	output: () => string;
	exited: Promise<number | null>;
}

function startCli(args: string[], env: NodeJS.ProcessEnv = {}): Running {
	const child = spawn(TSX, ['simulator/cli.ts', '--port', '0', ...args], {
		cwd: ROOT,
		env: { ...process.env, SIM_DIALECT: '', SIM_TEMPLATES: '', SIM_DELIVER_AFTER_MS: '', ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
	return { child, output: () => output, exited };
}

/** SIGTERM and wait for the exit, so no process or pipe outlives the test; SIGKILL after 5 s. */
async function stop(running: Running): Promise<void> {
	if (running.child.exitCode !== null || running.child.signalCode !== null) return;
	running.child.kill('SIGTERM');
	const timer = setTimeout(() => running.child.kill('SIGKILL'), 5_000);
	await running.exited;
	clearTimeout(timer);
}

function baseUrlOf(running: Running): Promise<string> {
	return waitFor(
		() => /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(running.output())?.[1],
		20_000,
	);
}

describe('npm run simulator (cli.ts)', () => {
	it('--help prints its options and exits 0 without serving', async () => {
		const running = startCli(['--help']);
		expect(await running.exited).toBe(0);
		expect(running.output()).toContain('--deliver-after-ms N');
		expect(running.output()).toContain('--dialect sdk|contract');
		expect(running.output()).not.toContain('listening on');
	});

	it('prints the base URL and demo credentials, serves, and stops cleanly on SIGTERM', async () => {
		const running = startCli([]);
		try {
			const baseUrl = await baseUrlOf(running);
			for (const text of [
				'demo-api-key-0123456789abcdef',
				'demo@example.com',
				'Demo-Passw0rd',
				'SMSDemo, Alerts',
				'1000',
				'dialect:  sdk (templates: distinct, deliverAfterMs: 0)',
				'/v5/report/message/delivery/{batch}',
				'/v5/message/scheduled/',
				'/__sim/outcome',
			]) {
				expect(running.output()).toContain(text);
			}
			const res = await fetch(`${baseUrl}/v5/account/balance`, {
				method: 'POST',
				headers: { accept: 'application/json', authorization: 'key demo-api-key-0123456789abcdef' },
			});
			expect(res.headers.get('content-type')).toBe('application/json');
			const answer = (await res.json()) as { data: { balance: number } };
			expect(answer.data.balance).toBe(1000);
			running.child.kill('SIGTERM');
			expect(await running.exited).toBe(0);
		} finally {
			await stop(running);
		}
	});

	it.each([
		[
			'--dialect contract --templates occurrence --deliver-after-ms 1500',
			['--dialect', 'contract', '--templates', 'occurrence', '--deliver-after-ms', '1500'],
			{},
		],
		[
			'--dialect=contract --templates=occurrence --deliver-after-ms=1500',
			['--dialect=contract', '--templates=occurrence', '--deliver-after-ms=1500'],
			{},
		],
		[
			'SIM_DIALECT, SIM_TEMPLATES and SIM_DELIVER_AFTER_MS',
			[],
			{ SIM_DIALECT: 'contract', SIM_TEMPLATES: 'occurrence', SIM_DELIVER_AFTER_MS: '1500' },
		],
	])('takes the settings from %s', async (_label, args, env) => {
		const running = startCli(args, env);
		try {
			const baseUrl = await baseUrlOf(running);
			expect(running.output()).toContain(
				'dialect:  contract (templates: occurrence, deliverAfterMs: 1500)',
			);
			const settings = await fetch(`${baseUrl}/__sim/dialect`);
			expect(await settings.json()).toEqual({
				dialect: 'contract',
				templates: 'occurrence',
				deliverAfterMs: 1500,
				refusedBatches: 'listed',
			});
			const res = await fetch(`${baseUrl}/v5/account/balance`, {
				method: 'POST',
				headers: { accept: 'application/json', authorization: 'key demo-api-key-0123456789abcdef' },
			});
			expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
		} finally {
			await stop(running);
		}
	});

	it('refuses an unknown dialect and exits 1', async () => {
		const running = startCli(['--dialect', 'soap']);
		try {
			expect(await running.exited).toBe(1);
			expect(running.output()).toContain('dialect must be one of sdk, contract');
		} finally {
			await stop(running);
		}
	});

	it('refuses a delivery time that is not a whole number of milliseconds and exits 1', async () => {
		const running = startCli(['--deliver-after-ms', '1.5s']);
		try {
			expect(await running.exited).toBe(1);
			expect(running.output()).toContain(
				'deliverAfterMs must be a whole number of milliseconds, 0 or more',
			);
		} finally {
			await stop(running);
		}
	});
});

async function waitFor<T>(probe: () => T | undefined, timeoutMs: number): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error('timed out waiting for the simulator to start');
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}
