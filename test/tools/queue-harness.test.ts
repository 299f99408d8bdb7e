/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The parts of the queue harness (tools/queue) the queue suite's verdicts rest on, without Redis,
 * Postgres or n8n: reading a worker's log, the workload, stopping a process group, and cleaning up
 * after a run that was killed outright.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { international, postAll, workerExecutions, workload } from '../../tools/queue';
import * as http from 'node:http';
import { startChild } from '../../tools/queue/child';
import { cleanLeftovers, forgetStack, noteStack, processesIn } from '../../tools/queue/leftovers';

function alive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

async function until(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!predicate()) {
		if (Date.now() > deadline) throw new Error('timed out');
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

describe('workerExecutions', () => {
	test('reads the executions a worker started and finished from its log lines', () => {
		const log = [
			'Worker started execution 12 (job 7)',
			'Worker started execution 13 (job 8)',
			'some other line about execution 14',
			'Worker finished execution 12 (job 7)',
			'Worker started execution 15 (job 9)',
		].join('\n');
		expect(workerExecutions(log)).toEqual({
			started: ['12', '13', '15'],
			finished: ['12'],
			inFlight: ['13', '15'],
		});
	});
});

describe('workload', () => {
	test('every number different, local Ghana form, counted from the first', () => {
		const calls = workload(3, 4, 100);
		const numbers = calls.flatMap((c) => c.numbers);
		expect(calls.map((c) => c.numbers.length)).toEqual([4, 4, 4]);
		expect(new Set(numbers).size).toBe(12);
		expect(numbers[0]).toBe('0200000100');
		expect(numbers[11]).toBe('0200000111');
		for (const n of numbers) expect(n).toMatch(/^0[0-9]{9}$/);
		expect(international('0241234567')).toBe('233241234567');
	});
});

describe('startChild', () => {
	test('stop ends the whole process group, what the child started too', async () => {
		const child = startChild('group', 'sh', ['-c', 'sleep 60 & echo $!; wait']);
		await until(() => /^\d+$/m.test(child.output()));
		const grandchild = Number(child.output().trim());
		expect(alive(grandchild)).toBe(true);
		await child.stop('SIGTERM', 2000);
		await until(() => !alive(grandchild));
		expect(child.exited()).toBe(true);
	});

	test('kill9 ends the group at once', async () => {
		const child = startChild('hard', 'sh', ['-c', 'trap "" TERM; sleep 60 & echo $!; wait']);
		await until(() => /^\d+$/m.test(child.output()));
		const grandchild = Number(child.output().trim());
		child.kill9();
		await child.exit;
		await until(() => !alive(grandchild));
	});
});

describe('cleanLeftovers', () => {
	const notes = path.join(os.tmpdir(), 'n8n-queue-stacks');

	/** A note as a stack writes it, owned by a process that has exited since. */
	function orphanNote(dir: string): string {
		const owner = spawnSync('sh', ['-c', 'echo $$']).stdout.toString().trim();
		fs.mkdirSync(notes, { recursive: true });
		const note = path.join(notes, `${owner}-${path.basename(dir)}.json`);
		fs.writeFileSync(note, JSON.stringify({ owner: Number(owner), dir }));
		return note;
	}

	test('ends every process working in the folder of a stack whose owner is gone, and removes the folder', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-test-'));
		fs.mkdirSync(path.join(dir, 'worker-1'));
		const inside = startChild('inside', 'sleep', ['60'], { cwd: path.join(dir, 'worker-1') });
		const outside = startChild('outside', 'sleep', ['60'], { cwd: os.tmpdir() });
		const note = orphanNote(dir);
		expect(processesIn(dir)).toEqual([inside.pid]);
		expect(cleanLeftovers()).toContain(dir);
		await inside.exit;
		expect(fs.existsSync(dir)).toBe(false);
		expect(fs.existsSync(note)).toBe(false);
		expect(alive(outside.pid)).toBe(true);
		await outside.stop('SIGKILL', 0);
	});

	test('leaves the stack of a living owner alone', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-test-'));
		const inside = startChild('inside', 'sleep', ['60'], { cwd: dir });
		noteStack(dir);
		expect(cleanLeftovers()).not.toContain(dir);
		expect(alive(inside.pid)).toBe(true);
		forgetStack(dir);
		await inside.stop('SIGKILL', 0);
		fs.rmSync(dir, { recursive: true, force: true });
	});
});

describe('postAll', () => {
	it('makes each call on a connection of its own, and says why a call got no answer', async () => {
		const sockets = new Set<unknown>();
		const server = http.createServer((request, response) => {
			sockets.add(request.socket);
			let body = '';
			request.on('data', (chunk: Buffer) => (body += chunk.toString()));
			request.on('end', () => {
				const { numbers } = JSON.parse(body) as { numbers: string[] };
				// The third call is dropped without an answer, as a process killed mid-call would.
				if (numbers[0] === 'drop') {
					request.socket.destroy();
					return;
				}
				response
					.writeHead(200, { 'content-type': 'application/json' })
					.end(JSON.stringify({ got: numbers.length }));
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const { port } = server.address() as { port: number };
		try {
			const results = await postAll(
				`http://127.0.0.1:${port}/`,
				[{ numbers: ['a'] }, { numbers: ['b', 'c'] }, { numbers: ['drop'] }, { numbers: ['d'] }],
				2,
				10_000,
			);
			expect(results.map(({ index, status, body }) => ({ index, status, body }))).toEqual([
				{ index: 0, status: 200, body: { got: 1 } },
				{ index: 1, status: 200, body: { got: 2 } },
				{ index: 2, status: 0, body: undefined },
				{ index: 3, status: 200, body: { got: 1 } },
			]);
			expect(results[2].error).toBe('socket hang up');
			expect(sockets.size).toBe(4);
		} finally {
			server.close();
		}
	});
});
