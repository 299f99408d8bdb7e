/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** bench/RESULTS.md (and chart.svg beside it), also echoed to the console. */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { Runtime } from '../tools/n8n/runtime';
import { chartSvg } from './chart';
import { fmtBytes, fmtMb, fmtMbOver, fmtMs, fmtN, fmtRatio, table } from './format';
import { setupLines } from './meta';
import { queueSection, type QueueResult } from './queue';
import type { PureResult } from './run-pure';
import { type Scenario, SCENARIOS } from './scenarios';
import { HTTP_MAX, OUT_DIR, SIZES } from './settings';
import { type Cell, type Summary, summarise } from './stats';
import { type SummaryOf, targetRows } from './targets';

const DEFINITIONS =
	'"In node": the node\'s `executionTime` in the run data (raw client: its request loop). "CPU in node": CPU time (user + system, all threads) of the n8n main process over that same window, from /proc/<pid>/stat (10 ms steps; raw client: its whole process): on a busy machine it moves less than the wall time, which also counts waiting for a core. "Simulator": the simulator\'s own time answering, summed over the requests (it runs in the bench process, on the same 2 cores). "Whole run": the execution\'s `stoppedAt − startedAt` (trigger, Code node making the contacts in n8n\'s task runner, measured node; raw client: its process from spawn to exit). "Peak": highest RSS of the n8n main process during the execution (sampled every 20 ms; at the start of the execution it holds about the "base" figure); "HWM at exit" also covers `n8n execute` printing the whole run data as JSON after the execution. Requests and bytes (request line, headers and body) from the simulator\'s journal. Ratios against the floor (a) at the same size.';

const PROFILES_INTRO =
	"Where the n8n main thread spent the measured node's time (its run data window), from `--cpu-prof` profiles of the n8n process: self time by package and by function, `(idle)` being time waiting (for the simulator's answers, for the task runner), `(garbage collector)` GC. The profiler slows JavaScript down, so these windows are longer than unprofiled runs; the shares are what counts. First profiled run of each.";

const HEADER = [
	'Scenario',
	'In node',
	'min–max',
	'× floor',
	'CPU in node',
	'Whole run',
	'× floor',
	'Simulator',
	'Requests',
	'Bytes sent',
	'Peak RSS',
	'− floor',
	'Base RSS',
	'HWM at exit',
	'Runner HWM',
	'Output OK',
];

/** A row with its first two cells said and the rest empty. */
const noteRow = (label: string, note: string) => [label, note, ...HEADER.slice(2).map(() => '')];

function scenarioRow(s: Scenario, n: number, x: Summary, floor: Summary | undefined): string[] {
	const isRaw = !!s.bodiesOf;
	return [
		s.label,
		fmtMs(x.inNodeMs),
		`${fmtMs(x.inNodeMin)}–${fmtMs(x.inNodeMax)}`,
		s.key === 'floor' ? '1' : fmtRatio(x.inNodeMs, floor?.inNodeMs ?? NaN),
		fmtMs(x.nodeCpuMs),
		fmtMs(x.wholeMs),
		s.key === 'floor' ? '1' : fmtRatio(x.wholeMs, floor?.wholeMs ?? NaN),
		x.requests ? fmtMs(x.simMs) : '',
		fmtN(x.requests),
		fmtBytes(x.bytesSent),
		fmtMb(x.peakRss),
		s.key === 'floor' || isRaw || !floor ? '' : fmtMbOver(x.peakRss, floor.peakRss),
		isRaw ? '' : fmtMb(x.startRss),
		fmtMb(x.hwmAtExit),
		isRaw ? '' : fmtMb(x.runnerHwm),
		`${fmtN(x.good)}/${fmtN(n)}${x.ok ? '' : ` (${x.errors.length} failed)`}`,
	];
}

function sizeSection(n: number, get: SummaryOf): string[] {
	const floor = get('floor', n);
	const rows: string[][] = [];
	for (const s of SCENARIOS) {
		const x = get(s.key, n);
		if (!x) {
			if (s.key === 'http' && n > HTTP_MAX)
				rows.push(noteRow(s.label, `not run above ${fmtN(HTTP_MAX)} contacts`));
			continue;
		}
		if (x.runs === 0) rows.push(noteRow(s.label, `FAILED: ${x.errors[0]?.slice(0, 120) ?? ''}`));
		else rows.push(scenarioRow(s, n, x, floor));
	}
	const lines = [`## ${fmtN(n)} contacts`, '', table(HEADER, rows), ''];
	const contacts = floor?.contactsMs;
	if (contacts !== undefined && Number.isFinite(contacts))
		lines.push(
			`The Code node making the contacts took ${fmtMs(contacts)} (median, floor runs); n8n's boot and exit are outside "whole run" (process spawn to exit, floor: ${fmtMs(floor?.processMs ?? NaN)}).`,
		);
	lines.push('');
	return lines;
}

function profilesSection(cells: Map<string, Cell>): string[] {
	const profiled = [...cells.values()].filter((c) => c.profiles.length);
	if (!profiled.length) return [];
	const lines = ['## CPU profiles (BENCH_PROFILE)', '', PROFILES_INTRO, ''];
	for (const cell of profiled) {
		const p = cell.profiles[0];
		lines.push(
			`### ${cell.scenario.short}, ${fmtN(cell.n)}: node window ${fmtMs(p.windowMs)}, ${fmtMs(p.sampledMs)} sampled`,
			'',
		);
		lines.push(
			table(
				['Package', 'ms'],
				p.total.slice(0, 10).map((b) => [b.name, b.ms.toFixed(1)]),
			),
			'',
		);
		lines.push(
			table(
				['Function (self time)', 'ms'],
				p.functions.slice(0, 15).map((f) => [`\`${f.name}\``, f.ms.toFixed(1)]),
			),
			'',
		);
	}
	return lines;
}

function pureSection(pure: PureResult): string[] {
	const body = pure.output ? ['```', pure.output, '```'] : [pure.note];
	return [
		'## Pure work in process (bench/pure.ts 100000)',
		'',
		...body,
		'',
		'![time in node](chart.svg)',
		'',
	];
}

/** Headings of the sections a run of `npm run bench` writes (its One SMS section comes with BENCH_ONE). */
const GENERATED = /^## (?:[\d,]+ contacts|Targets|CPU profiles|Queue mode|Pure work in process)\b/;

/**
 * The sections of the RESULTS.md already there that this run does not write: those other benches
 * and separate runs added (each with its date), kept in their order after the run's own.
 */
function keptSections(file: string, oneSms: boolean): string[] {
	if (!fs.existsSync(file)) return [];
	const text = fs.readFileSync(file, 'utf8');
	const sections = text.split(/\n(?=## )/).slice(1);
	const kept = sections.filter(
		(section) =>
			!GENERATED.test(section) && !(oneSms && section.startsWith('## One SMS per execution')),
	);
	return kept.map((section) => section.trimEnd() + '\n');
}

export function writeResults(
	runtime: Runtime,
	cells: Map<string, Cell>,
	pure: PureResult,
	queue?: QueueResult,
	oneSms?: string,
): void {
	const summaries = new Map<string, Summary>();
	for (const [key, cell] of cells) summaries.set(key, summarise(cell));
	const get: SummaryOf = (key, n) => summaries.get(`${key}@${n}`);
	const lines = [
		'# Benchmark results',
		'',
		`Generated by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC.`,
		'',
		...setupLines(runtime),
		'',
		DEFINITIONS,
		'',
		...SIZES.flatMap((n) => sizeSection(n, get)),
		'## Targets',
		'',
		table(['Target', 'Measured', 'Verdict'], targetRows(get, pure)),
		'',
		...profilesSection(cells),
		...(queue ? queueSection(queue) : []),
		...pureSection(pure),
		...(oneSms ? [oneSms, ''] : []),
	];
	const file = path.join(OUT_DIR, 'RESULTS.md');
	const kept = keptSections(file, oneSms !== undefined);
	fs.mkdirSync(OUT_DIR, { recursive: true });
	fs.writeFileSync(file, [...lines, ...kept].join('\n'));
	fs.writeFileSync(
		path.join(OUT_DIR, 'chart.svg'),
		chartSvg(summaries, SIZES, SCENARIOS, runtime.n8nVersion),
	);
	// Echo the tables to the console.
	process.stdout.write('\n' + lines.filter((l) => !l.startsWith('![')).join('\n') + '\n');
}
