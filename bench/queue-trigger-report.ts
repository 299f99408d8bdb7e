/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The section of `npm run bench:trigger -- --queue` (bench/queue-trigger.ts) and its place in
 * RESULTS.md: kept after `npm run bench`'s own sections like the other separately run ones
 * (report.ts keeps them), replaced by the next run of the same command.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { PINS, PROJECT_ROOT, type Runtime } from '../tools/n8n/runtime';
import { table } from './format';
import {
	AT_A_TIME,
	DESTINATIONS,
	PUSHES,
	WORKER_CONCURRENCY,
	type TriggerQueueResult,
} from './queue-trigger';
import { OUT_DIR } from './settings';

export const HEADING = '## SMSOnlineGH Trigger in queue mode, run separately';
export const COMMAND = 'npm run bench:trigger -- --queue';

function commit(): string {
	try {
		// A read-only query: the commit the package was built from.
		return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
			cwd: PROJECT_ROOT,
			encoding: 'utf8',
		}).trim();
	} catch {
		return 'unknown';
	}
}

const utc = (d: Date) => `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)}`;
const mb = (bytes: number) => (bytes > 0 ? `${(bytes / 1024 / 1024).toFixed(0)}` : '–');

/** The table alone (the docs carry it too). */
export function triggerQueueTable(result: TriggerQueueResult): string {
	const rows = result.figures.map((f) => [
		f.setup.label,
		f.pushesPerSecond.toFixed(1),
		f.destinationsPerSecond.toFixed(0),
		`${f.seconds.toFixed(1)} s`,
		`${f.answered200} / ${PUSHES}, lost ${f.lost}${f.storedTwice ? `, ${f.storedTwice} stored twice` : ''}`,
		Object.entries(f.peakRss)
			.map(([label, bytes]) => `${label.replace(/^n8n-/, '')} ${mb(bytes)}`)
			.join(', '),
		`${f.load[0].toFixed(1)} → ${f.load[1].toFixed(1)}`,
	]);
	return table(
		[
			'Setup',
			'Pushes/s',
			'Destinations/s',
			'Storm',
			'Answered 200, lost',
			'Peak RSS, MB',
			'Load (1 min)',
		],
		rows,
	);
}

export function triggerQueueSection(runtime: Runtime, result: TriggerQueueResult): string {
	return [
		HEADING,
		'',
		`\`${COMMAND}\` (bench/queue-trigger.ts), ${utc(result.startedAt)}–${result.endedAt.toISOString().slice(11, 16)} UTC, n8n ${runtime.n8nVersion} on Node ${PINS.node24}, package at commit ${commit()}. ` +
			`Machine: ${result.cores} cores (${result.cpu}) shared with other jobs, 1-minute load average ${result.load[0].toFixed(1)} at the start and ${result.load[1].toFixed(1)} at the end: the figures are indicative.`,
		'',
		`The same storm in each setup: ${PUSHES} pushes of ${DESTINATIONS} destinations, ${AT_A_TIME} at a time, to the SMSOnlineGH Trigger → No Operation, Respond at its default (a push is answered once its execution is stored), after 20 warm-up pushes; ` +
			`with webhook processors the pushes go to them in turn. Postgres and Redis on the same machine; workers at concurrency ${WORKER_CONCURRENCY}. ` +
			'The queue setups are one installation whose workers and processors are stopped and started between setups (none stands by idle). ' +
			'Peak RSS: the highest resident memory of each n8n process (its task runner not counted) sampled every 250 ms during the storm.',
		'',
		triggerQueueTable(result),
		'',
	].join('\n');
}

/**
 * `text` (a RESULTS.md) with `section` in place of the one under the same heading, or at the end;
 * every other section as it was, in its place.
 */
export function placeSection(text: string, section: string): string {
	const parts = (text.trimEnd() + '\n').split(/\n(?=## )/);
	const heading = section.split('\n', 1)[0];
	const at = parts.findIndex((p) => p.split('\n', 1)[0] === heading);
	if (at >= 0) parts[at] = section;
	else parts.push(section);
	return parts.map((p) => p.trimEnd()).join('\n\n') + '\n';
}

/** Puts the section in RESULTS.md; returns the file's path. */
export function writeTriggerQueueSection(section: string): string {
	const file = path.join(OUT_DIR, 'RESULTS.md');
	const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n';
	fs.writeFileSync(file, placeSection(text, section));
	return file;
}
