/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** What the runtime manager prints: its log lines, and paths and durations as they appear there. */
import * as path from 'node:path';
import { formatDuration } from '../duration';
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

/** The time since `since`, said as every line of the tools says a duration (duration.js). */
export function elapsed(since: number): string {
	return formatDuration(Date.now() - since);
}

/**
 * While a long step runs: a line every 10 s saying what runs, how far it is (when `howFar` can
 * tell) and for how long. Returns the function that stops the lines.
 */
export function ticker(what: string, howFar?: () => string): () => void {
	const t0 = Date.now();
	const timer = setInterval(() => {
		const far = howFar?.();
		log(`${what}${far ? `: ${far}` : ''} (${elapsed(t0)})`);
	}, 10_000);
	timer.unref();
	return () => clearInterval(timer);
}
