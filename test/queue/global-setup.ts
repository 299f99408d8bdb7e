/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Once per queue-suite run: the n8n 2.x runtime (installed the first time), the package built and
 * packed, and what a killed earlier run may have left running. The tests read the tarball's path
 * from .n8n-runtime/queue/setup.json.
 */
import { execFileSync } from 'node:child_process';
import { buildAndPack, elapsed, ensureRuntime } from '../../tools/n8n/runtime';
import { postgresBinDir } from '../../tools/queue/postgres';
import { REDIS_BIN } from '../../tools/queue/redis';
import { cleanLeftovers } from '../../tools/queue/leftovers';
import { writeSetup } from './helpers';

function checkServers(): void {
	try {
		execFileSync(REDIS_BIN, ['--version'], { stdio: 'ignore' });
	} catch {
		throw new Error(`${REDIS_BIN} not found: apt-get install redis-server (or set REDIS_SERVER)`);
	}
	postgresBinDir(); // throws with what to install
}

export default async function globalSetup(): Promise<void> {
	const t0 = Date.now();
	process.stdout.write('\n');
	checkServers();
	for (const dir of cleanLeftovers())
		process.stdout.write(`[queue] removed what an interrupted run left in ${dir}\n`);
	await ensureRuntime('n8n-2');
	const tarball = await buildAndPack({ skipBuild: process.env.N8N_E2E_SKIP_BUILD === '1' });
	writeSetup({ tarball, startedAt: t0 });
	process.stdout.write(`[queue] setup done in ${elapsed(t0)}\n`);
}
