/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** bench/pure.ts at 100,000, run as a child process at the end of `npm run bench`: its totals. */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { PROJECT_ROOT } from '../tools/n8n/runtime';
import { say } from './clock';
import { lastLines, spawnWatched } from './spawn';

export interface PureResult {
	ran: boolean;
	/** It ran and failed: `npm run bench` then exits non-zero. */
	failed?: boolean;
	note: string;
	output?: string;
	totals: Array<{ name: string; ms: number; cpuMs: number }>;
}

export async function runPure(): Promise<PureResult> {
	const file = path.join(PROJECT_ROOT, 'bench', 'pure.ts');
	if (process.env.BENCH_PURE === '0')
		return { ran: false, note: 'skipped (BENCH_PURE=0)', totals: [] };
	if (!fs.existsSync(file))
		return {
			ran: false,
			note: 'bench/pure.ts does not exist (yet): no in-process figure',
			totals: [],
		};
	const tsx = path.join(PROJECT_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
	say(
		"running bench/pure.ts 100000 (the node's pure work in process, Node " + process.version + ')',
	);
	// pure.ts reads BENCH_ONLY and BENCH_PROFILE too, with other meanings: not passed on.
	const env = { ...process.env };
	delete env.BENCH_ONLY;
	delete env.BENCH_PROFILE;
	const result = await spawnWatched(process.execPath, [tsx, file, '100000'], {
		cwd: PROJECT_ROOT,
		env,
		timeoutMs: 15 * 60_000,
	});
	const totals: PureResult['totals'] = [];
	for (const m of result.stdout.matchAll(
		/^(node end to end: [^:]+): (\d+) ms wall \((\d+) ms CPU\)/gm,
	)) {
		totals.push({ name: m[1], ms: Number(m[2]), cpuMs: Number(m[3]) });
	}
	if (result.code !== 0 || totals.length === 0) {
		return {
			ran: false,
			failed: true,
			note: `bench/pure.ts failed (exit ${result.code}): ${lastLines(result.stderr || result.stdout, 6)}`,
			output: result.stdout,
			totals,
		};
	}
	return {
		ran: true,
		note: `ran in ${((result.exitedAt - result.spawnedAt) / 1000).toFixed(0)} s`,
		output: result.stdout.trim(),
		totals,
	};
}
