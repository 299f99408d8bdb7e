/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** The bench's progress lines, timed from its start, and the machine's load when it started. */
import * as os from 'node:os';

export const startedAt = Date.now();
export const loadAtStart = os.loadavg();

export function say(message: string): void {
	const s = ((Date.now() - startedAt) / 1000).toFixed(0).padStart(4);
	process.stdout.write(`[bench ${s} s] ${message}\n`);
}
