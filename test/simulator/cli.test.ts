import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

describe('npm run simulator (cli.ts)', () => {
	it('prints the base URL and demo credentials, serves, and stops cleanly on SIGTERM', async () => {
		const child = spawn(TSX, ['simulator/cli.ts', '--port', '0'], {
			cwd: ROOT,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
		const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
		try {
			const baseUrl = await waitFor(() => /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1], 20_000);
			for (const text of [
				'demo-api-key-0123456789abcdef',
				'demo@example.com',
				'Demo-Passw0rd',
				'SMSDemo, Alerts',
				'1000',
			]) {
				expect(output).toContain(text);
			}
			const res = await fetch(`${baseUrl}/v5/account/balance`, {
				method: 'POST',
				headers: { accept: 'application/json', authorization: 'key demo-api-key-0123456789abcdef' },
			});
			const answer = (await res.json()) as { data: { balance: number } };
			expect(answer.data.balance).toBe(1000);
			child.kill('SIGTERM');
			expect(await exited).toBe(0);
		} finally {
			child.kill('SIGKILL');
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
