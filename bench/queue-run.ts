/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * `npm run bench:queue`: only the queue-mode line of `npm run bench` (bench/queue.ts), printed;
 * RESULTS.md is left as it is. Needs the n8n 2.x runtime, redis-server and postgresql.
 * Variables: BENCH_QUEUE_RUNS (3), SKIP_BUILD=1 (pack the existing dist/).
 */
import { buildAndPack, ensureRuntime } from '../tools/n8n/runtime';
import { say } from './clock';
import { benchQueue, queueLine, queueSection } from './queue';

async function main(): Promise<void> {
	const runtime = await ensureRuntime('n8n-2');
	const tarball = await buildAndPack({ skipBuild: process.env.SKIP_BUILD === '1' });
	const result = await benchQueue(runtime, tarball);
	process.stdout.write(`\n${queueSection(result).join('\n')}\n`);
	say(queueLine(result));
}

main().catch((error: unknown) => {
	process.stderr.write(
		`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
	);
	process.exit(1);
});
