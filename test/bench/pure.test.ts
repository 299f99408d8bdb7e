/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * bench/pure.ts, the in-process part of `npm run bench`, run whole at a small size: every stage
 * must get through (a stage that throws makes the bench exit non-zero, and its figures go missing).
 */
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.join(__dirname, '..', '..');

describe('bench/pure.ts', () => {
	it('runs every stage to the end on 500 numbers', async () => {
		const tsx = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
		const { stdout } = await run(
			process.execPath,
			[tsx, path.join(ROOT, 'bench', 'pure.ts'), '500'],
			{
				cwd: ROOT,
				env: { ...process.env, BENCH_RUNS: '1' },
				timeout: 240_000,
			},
		);
		for (const label of ['Send, JSON', 'Send, XML', 'Send Personalised, JSON', 'Voice Send, XML']) {
			expect(stdout).toContain(`node end to end: ${label}:`);
		}
	}, 300_000);
});
