/** bench/chart.svg: time in the node per scenario and size, bars on a log scale. */
import { fmtMs, fmtN } from './format';
import type { Scenario } from './scenarios';
import { BATCH, HTTP_MAX, RUNS, TARGETS } from './settings';
import type { Summary } from './stats';

const width = 900;
const height = 500;
const left = 70;
const right = 20;
const top = 50;
const bottom = 150;
const plotW = width - left - right;
const plotH = height - top - bottom;

interface Plot {
	cells: Map<string, Summary>;
	sizes: number[];
	scenarios: Scenario[];
	minExp: number;
	maxExp: number;
	groupW: number;
	barW: number;
	/** Where a time goes on the log scale. */
	y(ms: number): number;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function plot(cells: Map<string, Summary>, sizes: number[], scenarios: Scenario[]): Plot {
	const values: number[] = [];
	for (const n of sizes)
		for (const s of scenarios) {
			const v = cells.get(`${s.key}@${n}`)?.inNodeMs;
			if (v !== undefined && Number.isFinite(v) && v > 0) values.push(v);
		}
	const minExp = Math.floor(Math.log10(Math.max(1, Math.min(...values, 1000) * 0.8)));
	const maxExp = Math.ceil(Math.log10(Math.max(...values, 1000) * 1.05));
	const groupW = plotW / sizes.length;
	return {
		cells,
		sizes,
		scenarios,
		minExp,
		maxExp,
		groupW,
		barW: Math.min(34, (groupW - 30) / scenarios.length),
		y: (ms: number) => top + plotH - ((Math.log10(ms) - minExp) / (maxExp - minExp)) * plotH,
	};
}

function titleAndGrid(p: Plot, n8nVersion: string): string[] {
	const parts: string[] = [];
	parts.push(
		`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="12">`,
	);
	parts.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
	parts.push(
		`<text x="${width / 2}" y="22" text-anchor="middle" font-size="15" font-weight="bold">Time in the node (median of ${RUNS} runs, log scale), n8n ${n8nVersion}, against the simulator</text>`,
	);
	for (let e = p.minExp; e <= p.maxExp; e++) {
		const yy = p.y(10 ** e);
		const label = e >= 3 ? `${10 ** (e - 3)} s` : `${10 ** e} ms`;
		parts.push(
			`<line x1="${left}" y1="${yy.toFixed(1)}" x2="${width - right}" y2="${yy.toFixed(1)}" stroke="#e0e0e0"/>`,
		);
		parts.push(
			`<text x="${left - 6}" y="${(yy + 4).toFixed(1)}" text-anchor="end" fill="#555">${label}</text>`,
		);
	}
	return parts;
}

/** Targets at 10,000: a dashed mark across the bar they are about (Send 0.5 s, Send Personalised 1 s). */
function targetMarks(p: Plot): string[] {
	const parts: string[] = [];
	const g10k = p.sizes.indexOf(10_000);
	if (g10k < 0) return parts;
	for (const [key, ms] of [
		['send', TARGETS.sendAt10kMs],
		['personalised', TARGETS.personalisedAt10kMs],
	] as const) {
		const k = p.scenarios.findIndex((s) => s.key === key);
		if (k < 0) continue;
		const x = left + g10k * p.groupW + (p.groupW - p.barW * p.scenarios.length) / 2 + k * p.barW;
		const yy = p.y(ms);
		parts.push(
			`<line x1="${(x - 3).toFixed(1)}" y1="${yy.toFixed(1)}" x2="${(x + p.barW + 3).toFixed(1)}" y2="${yy.toFixed(1)}" stroke="#000" stroke-width="2" stroke-dasharray="4,3"/>`,
		);
	}
	return parts;
}

/** One bar and its value, or a word saying why there is none. */
function bar(p: Plot, s: Scenario, n: number, x: number): string[] {
	const { barW } = p;
	const summary = p.cells.get(`${s.key}@${n}`);
	const v = summary?.inNodeMs;
	if (v === undefined || !Number.isFinite(v) || v <= 0) {
		const why =
			s.key === 'http' && n > HTTP_MAX
				? 'not run'
				: s.key === 'sendBig' && n <= BATCH
					? 'same as (b)'
					: summary && !summary.ok
						? 'failed'
						: 'n/a';
		const ty = top + plotH - 6;
		return [
			`<text x="${(x + barW / 2 + 3).toFixed(1)}" y="${ty}" text-anchor="start" transform="rotate(-90 ${(x + barW / 2 + 3).toFixed(1)} ${ty})" fill="#999" font-size="10">${why}</text>`,
		];
	}
	const yy = p.y(v);
	const parts = [
		`<rect x="${(x + 1).toFixed(1)}" y="${yy.toFixed(1)}" width="${(barW - 2).toFixed(1)}" height="${(top + plotH - yy).toFixed(1)}" fill="${s.color}"><title>${esc(`${s.short}, ${fmtN(n)}: ${fmtMs(v)}`)}</title></rect>`,
	];
	// Keep the value clear of the dashed target mark drawn across this bar.
	const target =
		n === 10_000
			? s.key === 'send'
				? TARGETS.sendAt10kMs
				: s.key === 'personalised'
					? TARGETS.personalisedAt10kMs
					: undefined
			: undefined;
	let labelY = yy - 4;
	if (target !== undefined && Math.abs(labelY - p.y(target)) < 11)
		labelY = Math.min(yy, p.y(target)) - 6;
	parts.push(
		`<text x="${(x + barW / 2).toFixed(1)}" y="${labelY.toFixed(1)}" text-anchor="middle" font-size="9" fill="#222">${esc(fmtMs(v).replace(' ', '\u00a0'))}</text>`,
	);
	return parts;
}

function bars(p: Plot): string[] {
	const parts: string[] = [];
	p.sizes.forEach((n, g) => {
		const gx = left + g * p.groupW + (p.groupW - p.barW * p.scenarios.length) / 2;
		p.scenarios.forEach((s, k) => parts.push(...bar(p, s, n, gx + k * p.barW)));
		parts.push(
			`<text x="${(left + g * p.groupW + p.groupW / 2).toFixed(1)}" y="${top + plotH + 18}" text-anchor="middle" font-size="13" font-weight="bold">${fmtN(n)} contacts</text>`,
		);
	});
	parts.push(
		`<line x1="${left}" y1="${top + plotH}" x2="${width - right}" y2="${top + plotH}" stroke="#333"/>`,
	);
	return parts;
}

function legend(scenarios: Scenario[]): string[] {
	const parts: string[] = [];
	const legendY = height - bottom + 45;
	const perRow = 3;
	scenarios.forEach((s, k) => {
		const lx = left + (k % perRow) * 270;
		const ly = legendY + Math.floor(k / perRow) * 20;
		parts.push(`<rect x="${lx}" y="${ly - 10}" width="12" height="12" fill="${s.color}"/>`);
		parts.push(`<text x="${lx + 18}" y="${ly}">${esc(s.label)}</text>`);
	});
	const noteY = legendY + Math.ceil(scenarios.length / perRow) * 20 + 4;
	parts.push(
		`<line x1="${left}" y1="${noteY - 4}" x2="${left + 14}" y2="${noteY - 4}" stroke="#000" stroke-width="2" stroke-dasharray="4,3"/>`,
	);
	parts.push(
		`<text x="${left + 18}" y="${noteY}" fill="#333">targets at 10,000 contacts: Send 0.5 s, Send Personalised 1 s (time in node)</text>`,
	);
	return parts;
}

export function chartSvg(
	cells: Map<string, Summary>,
	sizes: number[],
	scenarios: Scenario[],
	n8nVersion: string,
): string {
	const p = plot(cells, sizes, scenarios);
	const parts = [
		...titleAndGrid(p, n8nVersion),
		...targetMarks(p),
		...bars(p),
		...legend(scenarios),
		'</svg>',
	];
	return parts.join('\n') + '\n';
}
