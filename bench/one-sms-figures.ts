/** The figures of bench/one-sms.ts's cells: percentiles and medians, CPU per execution, the comparisons. */
import type { Cell, Variant } from './one-sms-setup';

/** The value at percentile `p` of values sorted ascending. */
export function percentile(sorted: number[], p: number): number {
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** CPU of the whole execution: in queue mode main's part (webhook call, queueing, answer) too. */
function executionCpu(c: Cell): number {
	return c.cpuRunning + (Number.isNaN(c.cpuMain) ? 0 : c.cpuMain);
}

/** The node's wall time over the whole execution's CPU: an upper bound of the node's CPU share. */
export function nodeShare(c: Cell): string {
	const cpu = executionCpu(c);
	return cpu > 0 && Number.isFinite(c.inNode) ? `${((100 * c.inNode) / cpu).toFixed(0)} %` : '–';
}

/** The mean of a figure over the rounds of one setup, latency and variant. */
function meanOf(
	cells: Cell[],
	setup: string,
	latencyMs: number,
	key: Variant['key'],
	figure: (c: Cell) => number,
): number {
	const values = cells
		.filter((c) => c.setup === setup && c.latencyMs === latencyMs && c.variant.key === key)
		.map(figure);
	return values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** Per setup and latency, over the rounds: the node against the HTTP Request node, and Client Reference against without. */
export function comparisonRows(cells: Cell[]): string[][] {
	const pairs = [...new Map(cells.map((c) => [`${c.setup}/${c.latencyMs}`, c])).values()];
	return pairs.map(({ setup, latencyMs }) => {
		const mean = (key: Variant['key'], figure: (c: Cell) => number) =>
			meanOf(cells, setup, latencyMs, key, figure);
		const rate = (key: Variant['key']) => mean(key, (c) => c.rate);
		const cpu = (key: Variant['key']) => mean(key, executionCpu);
		return [
			setup,
			`${latencyMs} ms`,
			`${rate('node').toFixed(1)} / ${rate('nodeRef').toFixed(1)} / ${rate('http').toFixed(1)}`,
			`${(rate('node') / rate('http')).toFixed(2)}×`,
			`${(rate('nodeRef') / rate('node')).toFixed(2)}×`,
			`${cpu('node').toFixed(1)} / ${cpu('nodeRef').toFixed(1)} / ${cpu('http').toFixed(1)}`,
		];
	});
}
