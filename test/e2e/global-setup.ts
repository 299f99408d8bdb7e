/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Once per e2e run: installs the runtimes that are missing (cached in .n8n-runtime/), then builds
 * and packs the package. The tests read the result from .n8n-runtime/e2e/setup.json.
 *
 * A cold install of both runtimes runs them side by side: most of an n8n install is waiting on
 * the registry, and each sqlite3 compile uses one core, so together they take about as long as one.
 */
import { e2eRuntimes, writeSetup } from './helpers';
import { buildAndPack, elapsed, ensureRuntime } from '../../tools/n8n/runtime';

export default async function globalSetup(): Promise<void> {
	const t0 = Date.now();
	process.stdout.write('\n');
	const timings: Record<string, string> = {};
	await Promise.all(
		e2eRuntimes().map(async (name) => {
			const t = Date.now();
			await ensureRuntime(name);
			timings[`runtime ${name}`] = elapsed(t);
		}),
	);
	const t1 = Date.now();
	const tarball = await buildAndPack({ skipBuild: process.env.N8N_E2E_SKIP_BUILD === '1' });
	timings['build + pack'] = elapsed(t1);
	writeSetup({ tarball, startedAt: t0 });
	process.stdout.write(`[e2e] setup done in ${elapsed(t0)}: ${JSON.stringify(timings)}\n`);
}
