/** The Targets table of RESULTS.md: each target, what was measured against it, met or missed. */
import { fmtMb, fmtMbOver, fmtMs, fmtN, MB } from './format';
import type { PureResult } from './run-pure';
import type { ScenarioKey } from './scenarios';
import { BASE_SIZE, BATCH, BIG_BATCH, SIZES, TARGETS } from './settings';
import type { Summary } from './stats';

export type SummaryOf = (key: ScenarioKey, n: number) => Summary | undefined;

const verdict = (ok: boolean | undefined) =>
	ok === undefined ? 'not measured' : ok ? '**met**' : '**missed**';

function batchRow(get: SummaryOf): string[] {
	const batchChecks = SIZES.flatMap((n) => [
		{ n, size: BATCH, label: '(b)', s: get('send', n) },
		{ n, size: BIG_BATCH, label: '(b′)', s: get('sendBig', n) },
	]).filter((x) => x.s?.runs);
	// Plus the one profile request of the sender check (on by default), whatever the size.
	const expected = (n: number, size: number) => Math.ceil(n / size) + 1;
	return [
		`Send: one request per batch, ceil(N / Batch Size) requests and the sender check's one profile request ((b) Batch Size ${fmtN(BATCH)}${BATCH === 1000 ? ', the default' : ''}; (b′) ${fmtN(BIG_BATCH)})`,
		batchChecks
			.map(
				({ n, size, label, s }) =>
					`${label} ${fmtN(n)}: ${fmtN(s!.requests)} (expected ${fmtN(expected(n, size))})`,
			)
			.join('; ') || '–',
		verdict(
			batchChecks.length
				? batchChecks.every(({ n, size, s }) => s!.requests === expected(n, size))
				: undefined,
		),
	];
}

function memoryRow(get: SummaryOf): string[] {
	const send10k = get('send', 10_000);
	const floor10k = get('floor', 10_000);
	const memRows = SIZES.map((n) => ({ n, s: get('send', n), f: get('floor', n) })).filter(
		(x) => x.s?.runs && x.f?.runs,
	);
	return [
		`Send: peak memory ≤ floor + ${TARGETS.memoryOverFloorMb} MB`,
		memRows
			.map(
				({ n, s, f }) =>
					`${fmtN(n)}: ${fmtMb(s!.peakRss)} vs ${fmtMb(f!.peakRss)} (${fmtMbOver(s!.peakRss, f!.peakRss)})`,
			)
			.join('; ') || '–',
		verdict(
			send10k?.runs && floor10k?.runs
				? send10k.peakRss <= floor10k.peakRss + TARGETS.memoryOverFloorMb * MB
				: undefined,
		) +
			' at 10,000' +
			(memRows.length
				? `; ${memRows.every(({ s, f }) => s!.peakRss <= f!.peakRss + TARGETS.memoryOverFloorMb * MB) ? 'met' : 'missed'} at every size`
				: ''),
	];
}

function at100kRow(get: SummaryOf, key: 'send' | 'personalised'): string[] {
	const s = get(key, 100_000);
	const f = get('floor', 100_000);
	const label = key === 'send' ? 'Send' : 'Send Personalised';
	// Its requests: one per batch and the sender check's one profile request.
	const requests = s?.runs
		? `; ${fmtN(s.requests)} requests (expected ${fmtN(Math.ceil(100_000 / BATCH) + 1)}), ${fmtMs(s.inNodeMs)} in node`
		: '';
	return [
		`${label}, 100,000 contacts: completes, peak memory ≤ ${TARGETS.memoryFactorAt100k}× floor`,
		s?.runs && f?.runs
			? `${s.ok ? 'completed' : 'FAILED'}; ${fmtMb(s.peakRss)} vs floor ${fmtMb(f.peakRss)} (${(s.peakRss / f.peakRss).toFixed(2)}×); HWM at exit ${fmtMb(s.hwmAtExit)} vs ${fmtMb(f.hwmAtExit)}${requests}`
			: s && !s.runs
				? `FAILED: ${s.errors[0] ?? ''}`
				: '–',
		verdict(
			s?.runs && f?.runs
				? s.ok && s.peakRss <= TARGETS.memoryFactorAt100k * f.peakRss
				: s
					? false
					: undefined,
		),
	];
}

function pureRows(pure: PureResult): string[][] {
	if (!pure.ran)
		return [['Pure work at 100,000, in process (bench/pure.ts): < 1 s', pure.note, 'not measured']];
	return pure.totals.map((t) => [
		`Pure work at 100,000, in process (bench/pure.ts), ${t.name.replace('node end to end: ', '')}: < 1 s`,
		`${fmtN(t.ms)} ms wall, ${fmtN(t.cpuMs)} ms CPU`,
		verdict(t.ms < TARGETS.pureAt100kMs),
	]);
}

/** Get Delivery Report after Send: its time at 10,000, and the run's peak memory against Send's alone. */
function reportRows(get: SummaryOf): string[][] {
	const r10k = get('report', 10_000);
	const r100k = get('report', 100_000);
	const s100k = get('send', 100_000);
	return [
		[
			`Get Delivery Report, 10,000 destinations in ${fmtN(Math.ceil(10_000 / BATCH))} batches: time in node < ${TARGETS.reportAt10kMs / 1000} s`,
			r10k?.runs
				? `${fmtMs(r10k.inNodeMs)}; ${fmtN(r10k.good)}/${fmtN(10_000)} items with a verdict`
				: '–',
			verdict(r10k?.runs ? r10k.ok && r10k.inNodeMs < TARGETS.reportAt10kMs : undefined),
		],
		[
			`Send → Get Delivery Report, 100,000: peak memory ≤ Send alone + ${TARGETS.reportOverSendMb} MB`,
			r100k?.runs && s100k?.runs
				? `${fmtMb(r100k.peakRss)} vs Send ${fmtMb(s100k.peakRss)} (${fmtMbOver(r100k.peakRss, s100k.peakRss)}); ${fmtMs(r100k.inNodeMs)} in node; ` +
					// Send's batches and profile request, then one report query per batch.
					`${fmtN(r100k.requests)} requests in the run (expected ${fmtN(2 * Math.ceil(100_000 / BATCH) + 1)})`
				: '–',
			verdict(
				r100k?.runs && s100k?.runs
					? r100k.ok && r100k.peakRss <= s100k.peakRss + TARGETS.reportOverSendMb * MB
					: undefined,
			),
		],
	];
}

/** Voice → Send at 10,000 against Send (b) in the same bench run: the same pipeline, another body. */
function voiceRow(get: SummaryOf): string[] {
	const voice = get('voice', 10_000);
	const send = get('send', 10_000);
	const factor = TARGETS.voiceOverSendFactor;
	const both = voice?.runs && send?.runs ? { voice, send } : undefined;
	return [
		`Voice → Send, 10,000 contacts: time in node ≤ ${factor}× Send's (same run)`,
		both
			? `${fmtMs(both.voice.inNodeMs)} vs Send ${fmtMs(both.send.inNodeMs)} (${(both.voice.inNodeMs / both.send.inNodeMs).toFixed(2)}×); ` +
				`${fmtN(both.voice.requests)} requests (expected ${fmtN(Math.ceil(10_000 / BATCH) + 1)}); ${fmtN(both.voice.good)}/${fmtN(10_000)} accepted`
			: voice && !voice.runs
				? `FAILED: ${voice.errors[0] ?? ''}`
				: '–',
		// Without Send in the run there is nothing to compare with: not measured, unless voice failed.
		verdict(
			both
				? both.voice.ok && both.voice.inNodeMs <= factor * both.send.inNodeMs
				: voice && !voice.runs
					? false
					: undefined,
		),
	];
}

/** A ratio of two summaries' times in node, both measured: "a vs b (r×)", or why not. */
function ratioText(a: Summary | undefined, b: Summary | undefined, bName: string): string {
	if (!a?.runs || !b?.runs)
		return a && !a.runs
			? `FAILED: ${a.errors[0] ?? ''}`
			: b && !b.runs
				? `${bName} FAILED: ${b.errors[0] ?? ''}`
				: '–';
	return `${fmtMs(a.inNodeMs)} vs ${bName} ${fmtMs(b.inNodeMs)} (${(a.inNodeMs / b.inNodeMs).toFixed(2)}×)`;
}

/**
 * Send at 10,000 against the limits: the raw client posting the same bodies (e), n8n's HTTP
 * Request node (d), and Send's floor in n8n: the floor node reading Send's parameters the way
 * Send does (h′) plus the HTTP exchanges alone (the raw client).
 */
function limitRows(get: SummaryOf): string[][] {
	const send = get('send', 10_000);
	const raw = get('rawSend', 10_000);
	const http = get('http', 10_000);
	const read = get('readNode', 10_000);
	const posted = get('readPost', 10_000);
	const both = (a?: Summary, b?: Summary) => !!(a?.runs && b?.runs);
	const floorMs = read?.runs && raw?.runs ? read.inNodeMs + raw.inNodeMs : NaN;
	return [
		[
			`Send, 10,000 contacts: time in node ≤ ${TARGETS.sendOverRawFactor}× the raw client's on the same bodies (e)`,
			ratioText(send, raw, 'raw client'),
			verdict(
				both(send, raw) ? send!.inNodeMs <= TARGETS.sendOverRawFactor * raw!.inNodeMs : undefined,
			),
		],
		[
			`Send, 10,000 contacts: HTTP Request (d) takes ≥ ${TARGETS.httpOverSendFactor}× Send's time in node`,
			ratioText(http, send, 'Send'),
			verdict(
				both(http, send)
					? http!.inNodeMs >= TARGETS.httpOverSendFactor * send!.inNodeMs
					: undefined,
			),
		],
		[
			`Send, 10,000 contacts: time in node ≤ ${TARGETS.sendOverFloorFactor}× its floor in n8n: reading its parameters as it does (h′) + the raw client (e)`,
			send?.runs && Number.isFinite(floorMs)
				? `${fmtMs(send.inNodeMs)} vs ${fmtMs(read!.inNodeMs)} + ${fmtMs(raw!.inNodeMs)} = ${fmtMs(floorMs)} (${(send.inNodeMs / floorMs).toFixed(2)}×)`
				: '–',
			verdict(
				send?.runs && Number.isFinite(floorMs)
					? send.inNodeMs <= TARGETS.sendOverFloorFactor * floorMs
					: undefined,
			),
		],
		[
			`Send, 10,000 contacts: time in node ≤ ${TARGETS.sendOverFloorFactor}× its floor in n8n with its requests: reading as it does and posting its batches through n8n's HTTP helper (h″)`,
			ratioText(send, posted, '(h″)'),
			verdict(
				both(send, posted)
					? send!.inNodeMs <= TARGETS.sendOverFloorFactor * posted!.inNodeMs
					: undefined,
			),
		],
	];
}

const GROWTH_LABELS: Array<[ScenarioKey, string]> = [
	['send', 'Send'],
	['personalised', 'Send Personalised'],
	['voice', 'Voice → Send'],
	['report', 'Get Delivery Report (after Send)'],
];

/** Linear growth: time in node at each size above 10,000 (100,000 when none was asked for) against the time at 10,000. */
function growthRows(get: SummaryOf): string[][] {
	const sizes = SIZES.filter((n) => n > BASE_SIZE);
	return (sizes.length ? sizes : [100_000]).flatMap((n) =>
		GROWTH_LABELS.map(([key, label]) => {
			const factor = (TARGETS.linearGrowthSlack * n) / BASE_SIZE;
			const [big, base] = [get(key, n), get(key, BASE_SIZE)];
			const both = big?.runs && base?.runs ? { big, base } : undefined;
			return [
				`${label}, ${fmtN(n)} contacts: time in node ≤ ${Number(factor.toFixed(2))}× its time at ${fmtN(BASE_SIZE)} (linear growth)`,
				both
					? `${fmtMs(both.big.inNodeMs)} vs ${fmtMs(both.base.inNodeMs)} (${(both.big.inNodeMs / both.base.inNodeMs).toFixed(2)}×)`
					: big && !big.runs
						? `FAILED: ${big.errors[0] ?? ''}`
						: '–',
				verdict(
					both
						? both.big.ok && both.big.inNodeMs <= factor * both.base.inNodeMs
						: big && !big.runs
							? false
							: undefined,
				),
			];
		}),
	);
}

export function targetRows(get: SummaryOf, pure: PureResult): string[][] {
	const send10k = get('send', 10_000);
	const perso10k = get('personalised', 10_000);
	return [
		[
			'Send, 10,000 contacts: time in node < 0.5 s',
			send10k?.runs ? fmtMs(send10k.inNodeMs) : '–',
			verdict(send10k?.runs ? send10k.inNodeMs < TARGETS.sendAt10kMs : undefined),
		],
		...limitRows(get),
		voiceRow(get),
		batchRow(get),
		memoryRow(get),
		[
			'Send Personalised, 10,000 contacts: time in node < 1 s',
			perso10k?.runs ? fmtMs(perso10k.inNodeMs) : '–',
			verdict(perso10k?.runs ? perso10k.inNodeMs < TARGETS.personalisedAt10kMs : undefined),
		],
		at100kRow(get, 'send'),
		at100kRow(get, 'personalised'),
		...reportRows(get),
		...growthRows(get),
		...pureRows(pure),
	];
}
