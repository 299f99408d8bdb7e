/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * `npm run bench:one`: only the one-SMS-per-execution scenario of `npm run bench`
 * (bench/one-sms.ts), printed as a section for RESULTS.md; RESULTS.md is left as it is. Needs the
 * n8n 2.x runtime, redis-server and postgresql. Variables: those of bench/one-sms.ts, and
 * SKIP_BUILD=1 (pack the existing dist/).
 */
import { buildAndPack, ensureRuntime } from '../tools/n8n/runtime';
import { benchOneSms, oneSmsSection } from './one-sms';

async function main(): Promise<void> {
	const runtime = await ensureRuntime('n8n-2');
	const tarball = await buildAndPack({ skipBuild: process.env.SKIP_BUILD === '1' });
	process.stdout.write(`\n${oneSmsSection(await benchOneSms(runtime, tarball))}\n`);
}

main().catch((error: unknown) => {
	process.stderr.write(
		`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
	);
	process.exit(1);
});
