/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** What the figures were taken on: the machine, n8n, the package and its commit, the settings. */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { PINS, PROJECT_ROOT, type Runtime } from '../tools/n8n/runtime';
import { loadAtStart, startedAt } from './clock';
import { BATCH, FLOOR_BIG_RUNS, RUNS, SIZES } from './settings';

function git(args: string[]): string {
	try {
		// Read-only queries (commit and whether the tree has changes).
		return execFileSync('git', args, { cwd: PROJECT_ROOT, encoding: 'utf8' }).trim();
	} catch {
		return '';
	}
}

/** The list at the top of RESULTS.md. */
export function setupLines(runtime: Runtime): string[] {
	const pkg = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
		name: string;
		version: string;
	};
	const commit = git(['rev-parse', '--short', 'HEAD']);
	const dirty = git(['status', '--porcelain', '--', 'nodes', 'credentials'])
		? ' + uncommitted changes under nodes/ or credentials/'
		: '';
	const cpu = os.cpus()[0]?.model ?? 'unknown';
	const loaded = Math.max(loadAtStart[0], os.loadavg()[0]) > os.cpus().length;
	const loadNote = loaded
		? ` **The machine was loaded** (load above its ${os.cpus().length} cores: other work ran beside the bench), so wall times include waiting for a core.`
		: '';
	return [
		`- Machine: ${os.cpus().length} cores (${cpu}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB memory, ${os.type()} ${os.release()}; load average (1/5/15 min) ${loadAtStart.map((l) => l.toFixed(1)).join(' / ')} at the start, ${os
			.loadavg()
			.map((l) => l.toFixed(1))
			.join(
				' / ',
			)} at the end; the whole bench took ${((Date.now() - startedAt) / 60_000).toFixed(1)} min.${loadNote}`,
		`- n8n ${runtime.n8nVersion} on Node ${runtime.name === 'n8n-2' ? PINS.node24 : process.version} (\`n8n execute\`, expression engine: n8n's default \`vm\`); the bench itself and the simulator on Node ${process.version}.`,
		`- Package ${pkg.name} ${pkg.version} (commit ${commit || 'unknown'}${dirty}), built with \`npm run build\`, packed and installed into the bench's n8n user folder like n8n's installer does.`,
		`- ${RUNS} runs of each${SIZES.some((n) => n >= 100_000) && FLOOR_BIG_RUNS < RUNS ? ` (the floor at 100,000: ${FLOOR_BIG_RUNS}, about 4–6 minutes a run; \`BENCH_FLOOR_BIG_RUNS=3\` for more)` : ''}; figures are medians. Send and Send Personalised with Batch Size ${BATCH}${BATCH === 1000 ? ' (the default)' : ''}, JSON.`,
	];
}
