/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Where the n8n main thread spent the measured node's time, from the `--cpu-prof` profiles that
 * BENCH_PROFILE asks for.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

interface CpuProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
	nodes: CpuProfileNode[];
	startTime: number;
	samples: number[];
	timeDeltas: number[];
}

/** Where a frame's code lives, for grouping self time. */
function bucket(url: string, fn: string): string {
	if (!url) return fn.startsWith('(') ? fn : `(native) ${fn || 'anonymous'}`;
	const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//g;
	let last: string | undefined;
	for (let hit = m.exec(url); hit; hit = m.exec(url)) last = hit[1];
	if (last) return last;
	if (url.startsWith('node:')) return 'node internals';
	return 'other';
}

export interface ProfileSummary {
	/** Length of the measured node's window (its executionTime). */
	windowMs: number;
	/** Sampled time in that window, every thread state included ((idle), (garbage collector)…). */
	sampledMs: number;
	total: Array<{ name: string; ms: number }>;
	functions: Array<{ name: string; ms: number }>;
}

/**
 * CLOCK_MONOTONIC (which V8's profiles use for timestamps, in µs) minus the wall clock, read in this
 * process: the same system-wide clocks as the n8n process's, so a run data's startTime (epoch ms)
 * maps onto the profile's timeline.
 */
export function monotonicMinusEpochUs(): number {
	return Number(process.hrtime.bigint() / 1000n) - Date.now() * 1000;
}

/**
 * Where the n8n main thread spent the measured node's window [fromMs, toMs] (epoch ms): self time
 * by package and by function, from a --cpu-prof profile. Async continuations (dispatch after an
 * await, axios, the HTTP parser), GC and idle waiting for the simulator all count, which a
 * "frames under execute()" filter would miss.
 */
export function summariseProfile(
	file: string,
	fromMs: number,
	toMs: number,
	offsetUs: number,
): ProfileSummary {
	const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
	const byId = new Map(profile.nodes.map((n) => [n.id, n]));
	const from = fromMs * 1000 + offsetUs;
	const to = toMs * 1000 + offsetUs;
	const byBucket = new Map<string, number>();
	const byFunction = new Map<string, number>();
	let sampledUs = 0;
	let t = profile.startTime;
	for (let i = 0; i < profile.samples.length; i++) {
		t += profile.timeDeltas[i] ?? 0;
		if (t < from) continue;
		if (t > to) break;
		// A sample stands for the time until the next one.
		const dt = Math.min(profile.timeDeltas[i + 1] ?? 0, 50_000);
		sampledUs += dt;
		const { functionName, url, lineNumber } = byId.get(profile.samples[i])!.callFrame;
		const b = bucket(url, functionName);
		byBucket.set(b, (byBucket.get(b) ?? 0) + dt);
		const where = url
			? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\//, '')}:${lineNumber + 1}`
			: '';
		const key = `${functionName || '(anonymous)'} ${where}`.trim();
		byFunction.set(key, (byFunction.get(key) ?? 0) + dt);
	}
	const sorted = (m: Map<string, number>) =>
		[...m.entries()].sort((a, b) => b[1] - a[1]).map(([name, us]) => ({ name, ms: us / 1000 }));
	return {
		windowMs: toMs - fromMs,
		sampledMs: sampledUs / 1000,
		total: sorted(byBucket),
		functions: sorted(byFunction).slice(0, 30),
	};
}

/** Summarises the node's window of one run's profile, and writes that window beside the profile. */
export function summariseRunProfile(
	file: string,
	nodeStart: number,
	inNodeMs: number,
	offsetUs: number,
): ProfileSummary {
	// For a closer look afterwards: the node's window on the profile's clock (µs).
	const window = {
		from: nodeStart * 1000 + offsetUs,
		to: (nodeStart + inNodeMs) * 1000 + offsetUs,
	};
	fs.writeFileSync(
		path.join(path.dirname(file), 'node-window.json'),
		JSON.stringify(window) + '\n',
	);
	return summariseProfile(file, nodeStart, nodeStart + inNodeMs, offsetUs);
}
