/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** bench/pure.ts's table: the stages' medians, the derived stage, and the totals against the target. */
import { availableParallelism, loadavg } from 'node:os';

export interface Row {
	stage: string;
	/** Median wall time. */
	ms: number;
	/** Median CPU time of the process (all its threads, so GC helpers count too). */
	cpuMs: number;
	note?: string;
}

/**
 * Building outcomes and output items has no entry point of its own: it is what is left of the
 * JSON Send run once reading, grouping, encoding, decoding and pairing are taken out.
 */
export function deriveOutcomes(rows: Row[]): void {
	const parts = [
		'read Send items (params, split, normalise, checks)',
		'group Send items into messages',
		'encode JSON, plain',
		'decode JSON answers',
		'pair answers with recipients',
	];
	const whole = rows.find((row) => row.stage === 'node end to end: Send, JSON');
	if (whole && parts.every((name) => rows.some((row) => row.stage === name))) {
		const minus = (key: 'ms' | 'cpuMs') =>
			parts.reduce(
				(left, name) => left - (rows.find((row) => row.stage === name)?.[key] ?? 0),
				whole[key],
			);
		rows.push({
			stage: 'outcomes + output items (derived)',
			ms: minus('ms'),
			cpuMs: minus('cpuMs'),
			note: 'Send JSON end to end minus its stages above',
		});
	}
}

export function printTable(rows: Row[], n: number, runs: number, targetMs: number): void {
	const width = Math.max(...rows.map((row) => row.stage.length));
	const line = (stageName: string, wall: string, cpu: string, note = '') =>
		process.stdout.write(
			`${stageName.padEnd(width)}  ${wall.padStart(9)}  ${cpu.padStart(9)}${note ? `  ${note}` : ''}\n`,
		);
	process.stdout.write(
		`\nPure work at ${n.toLocaleString('en')} destinations: median of ${runs} runs, Node ${process.version}, load ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores\n\n`,
	);
	line('stage', 'wall ms', 'CPU ms');
	line('-'.repeat(width), '-'.repeat(9), '-'.repeat(9));
	for (const row of rows) line(row.stage, row.ms.toFixed(1), row.cpuMs.toFixed(1), row.note);
	process.stdout.write('\n');
	for (const total of rows.filter((row) => row.stage.startsWith('node end to end'))) {
		const verdict = total.ms <= targetMs ? 'within' : 'OVER';
		process.stdout.write(
			`${total.stage}: ${total.ms.toFixed(0)} ms wall (${total.cpuMs.toFixed(0)} ms CPU), ${verdict} the ${targetMs} ms target\n`,
		);
	}
	// The same pipeline with a voice body: how far voice is from SMS, in the same process and load.
	for (const format of ['JSON', 'XML']) {
		const [voice, sms] = ['Voice Send', 'Send'].map((label) =>
			rows.find((row) => row.stage === `node end to end: ${label}, ${format}`),
		);
		if (voice && sms)
			process.stdout.write(
				`Voice Send / Send, ${format}: ${(voice.ms / sms.ms).toFixed(2)}× wall, ${(voice.cpuMs / sms.cpuMs).toFixed(2)}× CPU\n`,
			);
	}
}
