/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
import { elapsed } from '../../tools/n8n/runtime';
import { readSetup } from './helpers';

export default async function globalTeardown(): Promise<void> {
	process.stdout.write(
		`\n[queue] whole run (setup included) took ${elapsed(readSetup().startedAt)}\n`,
	);
}
