/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The measuring itself: every enabled scenario at every size, run after run, one line printed per
 * run, the runs collected per scenario and size.
 */
import * as os from 'node:os';
import * as path from 'node:path';

import type { Runtime } from '../tools/n8n/runtime';
import type { Simulator } from '../simulator';
import { say } from './clock';
import { fmtBytes, fmtMb, fmtMs, fmtN } from './format';
import type { Measure } from './measure';
import { runN8n } from './n8n-run';
import { monotonicMinusEpochUs, summariseRunProfile } from './profile';
import { type RawBodies, runRaw, saveBodies } from './raw-client';
import { enabled, runsFor, type Scenario, type ScenarioKey, SCENARIOS } from './scenarios';
import { RUNS, SIZES } from './settings';
import type { Cell } from './stats';

export interface Bench {
	runtime: Runtime;
	sim: Simulator;
	simUrl: string;
	/** A scratch folder for the bodies the raw client posts. */
	scratch: string;
	/** The raw client's script. */
	rawScript: string;
}

interface Sweep extends Bench {
	cells: Map<string, Cell>;
	clockOffsetUs: number;
}

function cellOf(sweep: Sweep, s: Scenario, n: number): Cell {
	const key = `${s.key}@${n}`;
	let cell = sweep.cells.get(key);
	if (!cell) sweep.cells.set(key, (cell = { scenario: s, n, runs: [], profiles: [] }));
	return cell;
}

function sayRun(s: Scenario, n: number, run: number, m: Measure): void {
	const status = m.ok ? '' : `  FAILED: ${m.error}`;
	say(
		`${s.short.padEnd(17)} ${fmtN(n).padStart(7)} run ${run}/${runsFor(s, n)}: in node ${fmtMs(m.inNodeMs).padStart(7)} (CPU ${fmtMs(m.nodeCpuMs)}), whole ${fmtMs(m.wholeMs).padStart(7)}, ` +
			`${m.requests} req, ${fmtBytes(m.bytesSent)}, peak ${fmtMb(m.peakRss)}${m.runnerHwm ? ` (runner ${fmtMb(m.runnerHwm)})` : ''}, process ${fmtMs(m.processMs)}, load ${os.loadavg()[0].toFixed(1)}${status}`,
	);
}

/** Runs the n8n scenarios once at size n; gives the bodies Send and Send Personalised posted. */
async function runN8nScenarios(
	sweep: Sweep,
	n: number,
	run: number,
): Promise<Map<ScenarioKey, RawBodies>> {
	const bodies = new Map<ScenarioKey, RawBodies>();
	for (const s of SCENARIOS.filter((x) => x.code)) {
		if (!enabled(s, n) || run > runsFor(s, n)) continue;
		const m = await runN8n(sweep.runtime, s, n, run, sweep.sim);
		const cell = cellOf(sweep, s, n);
		cell.runs.push(m);
		sayRun(s, n, run, m);
		if (m.ok && (s.key === 'send' || s.key === 'personalised')) {
			bodies.set(
				s.key,
				saveBodies(sweep.sim, sweep.simUrl, path.join(sweep.scratch, `${s.key}-${n}.json`)),
			);
		}
		if (m.profile && m.nodeStart !== undefined) {
			const summary = summariseRunProfile(m.profile, m.nodeStart, m.inNodeMs, sweep.clockOffsetUs);
			cell.profiles.push(summary);
			say(
				`  profile of the node's ${fmtMs(summary.windowMs)}: ${summary.total
					.slice(0, 7)
					.map((b) => `${b.name} ${b.ms.toFixed(0)}`)
					.join(', ')}`,
			);
		}
	}
	return bodies;
}

async function runRawScenarios(
	sweep: Sweep,
	n: number,
	run: number,
	bodies: Map<ScenarioKey, RawBodies>,
): Promise<void> {
	for (const s of SCENARIOS.filter((x) => x.bodiesOf)) {
		if (!enabled(s, n)) continue;
		const source = bodies.get(s.bodiesOf!);
		if (!source) {
			if (run === 1) say(`${s.short}: no bodies (run ${s.bodiesOf} first)`);
			continue;
		}
		const m = await runRaw(sweep.runtime, n, source, sweep.sim, sweep.rawScript);
		cellOf(sweep, s, n).runs.push(m);
		sayRun(s, n, run, m);
	}
}

/** Every run of every scenario, keyed `<scenario>@<size>`. */
export async function runAll(bench: Bench): Promise<Map<string, Cell>> {
	const sweep: Sweep = { ...bench, cells: new Map(), clockOffsetUs: monotonicMinusEpochUs() };
	for (const n of SIZES) {
		for (let run = 1; run <= RUNS; run++) {
			const bodies = await runN8nScenarios(sweep, n, run);
			await runRawScenarios(sweep, n, run, bodies);
		}
	}
	return sweep.cells;
}
