/** How figures are written, on the console, in RESULTS.md and on the chart. */

export const MB = 1024 * 1024;

export function fmtMs(ms: number): string {
	if (!Number.isFinite(ms)) return '–';
	if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
	if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
	return `${ms.toFixed(0)} ms`;
}

export function fmtMb(bytes: number): string {
	return Number.isFinite(bytes) && bytes > 0 ? `${(bytes / MB).toFixed(0)} MB` : '–';
}

export function fmtBytes(bytes: number): string {
	if (!Number.isFinite(bytes)) return '–';
	if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
	if (bytes >= 1024) return `${(bytes / 1024).toFixed(0)} kB`;
	return `${bytes} B`;
}

export function fmtRatio(value: number, floor: number): string {
	if (!Number.isFinite(value) || !Number.isFinite(floor) || floor <= 0) return '–';
	const r = value / floor;
	return r >= 10 ? `${r.toFixed(0)}×` : `${r.toFixed(2)}×`;
}

export function fmtN(n: number): string {
	return n.toLocaleString('en');
}

/** A memory difference against the floor, signed: "+12 MB", "−3 MB". */
export function fmtMbOver(value: number, floor: number): string {
	return `${value >= floor ? '+' : '−'}${Math.abs((value - floor) / MB).toFixed(0)} MB`;
}

export function table(header: string[], rows: string[][], align?: string[]): string {
	const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
	return [
		line(header),
		line((align ?? header.map(() => '---')).map((a) => a)),
		...rows.map(line),
	].join('\n');
}
