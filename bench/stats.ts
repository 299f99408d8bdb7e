/** The runs of one scenario at one size (a cell), and their medians. */
import type { Measure } from './measure';
import type { ProfileSummary } from './profile';
import type { Scenario } from './scenarios';

function median(values: number[]): number {
	const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
	if (v.length === 0) return NaN;
	const mid = Math.floor(v.length / 2);
	return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

export interface Cell {
	scenario: Scenario;
	n: number;
	runs: Measure[];
	profiles: ProfileSummary[];
}

export interface Summary {
	ok: boolean;
	errors: string[];
	runs: number;
	inNodeMs: number;
	inNodeMin: number;
	inNodeMax: number;
	wholeMs: number;
	processMs: number;
	contactsMs: number;
	requests: number;
	bytesSent: number;
	bodyBytes: number;
	peakRss: number;
	startRss: number;
	hwmAtExit: number;
	runnerHwm: number;
	simMs: number;
	nodeCpuMs: number;
	items: number;
	good: number;
}

export function summarise(cell: Cell): Summary {
	const ok = cell.runs.filter((r) => r.ok);
	const pick = (f: (m: Measure) => number) => median(ok.map(f));
	return {
		ok: ok.length > 0 && ok.length === cell.runs.length,
		errors: cell.runs.filter((r) => !r.ok).map((r) => r.error ?? 'failed'),
		runs: ok.length,
		inNodeMs: pick((m) => m.inNodeMs),
		inNodeMin: Math.min(...ok.map((m) => m.inNodeMs)),
		inNodeMax: Math.max(...ok.map((m) => m.inNodeMs)),
		wholeMs: pick((m) => m.wholeMs),
		processMs: pick((m) => m.processMs),
		contactsMs: pick((m) => m.contactsMs ?? NaN),
		requests: pick((m) => m.requests),
		bytesSent: pick((m) => m.bytesSent),
		bodyBytes: pick((m) => m.bodyBytes),
		peakRss: pick((m) => m.peakRss),
		startRss: pick((m) => m.startRss),
		hwmAtExit: pick((m) => m.hwmAtExit),
		runnerHwm: pick((m) => m.runnerHwm),
		simMs: pick((m) => m.simMs),
		nodeCpuMs: pick((m) => m.nodeCpuMs),
		items: pick((m) => m.items),
		good: pick((m) => m.good),
	};
}
