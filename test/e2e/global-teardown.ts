/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
import { readSetup } from './helpers';
import { elapsed } from '../../tools/n8n/runtime';

export default async function globalTeardown(): Promise<void> {
	const { startedAt } = readSetup();
	process.stdout.write(`\n[e2e] whole run (setup included) took ${elapsed(startedAt)}\n`);
}
