import { readSetup } from './helpers';
import { elapsed } from '../../tools/n8n/runtime';

export default async function globalTeardown(): Promise<void> {
	const { startedAt } = readSetup();
	process.stdout.write(`\n[e2e] whole run (setup included) took ${elapsed(startedAt)}\n`);
}
