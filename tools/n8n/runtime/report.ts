/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** What the runtime manager prints: its log lines, and paths and durations as they appear there. */
import * as path from 'node:path';
import { PROJECT_ROOT } from './paths';

const quiet = process.env.N8N_RUNTIME_QUIET === '1';
export function log(message: string): void {
	if (!quiet) process.stdout.write(`[n8n-runtime] ${message}\n`);
}

/** A path as printed: relative inside the project, absolute elsewhere. */
export function shown(target: string): string {
	const relative = path.relative(PROJECT_ROOT, target);
	return relative.startsWith('..') ? target : relative;
}

export function elapsed(since: number): string {
	return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}
