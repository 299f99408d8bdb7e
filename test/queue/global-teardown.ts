import { elapsed } from '../../tools/n8n/runtime';
import { readSetup } from './helpers';

export default async function globalTeardown(): Promise<void> {
	process.stdout.write(`\n[queue] whole run (setup included) took ${elapsed(readSetup().startedAt)}\n`);
}
