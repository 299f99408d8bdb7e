/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * `npm run n8n:install [-- n8n-2|n8n-1|all]`: installs the pinned n8n runtime(s) into .n8n-runtime/
 * without starting anything (the first `npm start` or `npm run test:e2e` does the same on demand).
 */
import { elapsed, ensureRuntime, log, type RuntimeName } from './runtime';

async function main(): Promise<void> {
	const arg = process.argv[2] ?? 'n8n-2';
	const names: RuntimeName[] =
		arg === 'all' ? ['n8n-2', 'n8n-1'] : arg === 'n8n-1' || arg === '1' ? ['n8n-1'] : ['n8n-2'];
	for (const name of names) {
		const t0 = Date.now();
		const runtime = await ensureRuntime(name);
		log(`${name}: n8n ${runtime.n8nVersion}, node ${runtime.nodeBin} (${elapsed(t0)})`);
	}
}

main().catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
	process.exit(1);
});
