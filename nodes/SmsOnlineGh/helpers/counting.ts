/**
 * Counts in the node's words: `1,200`, `45.2`, `1 SMS part`, `3 numbers`. No n8n imports here: this
 * module is pure.
 */

/** A count or an amount with thousands separators, at most two decimals. */
export function formatted(n: number): string {
	return n.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** `3 numbers`, `1 SMS part`, `1,200 SMS parts`. */
export function plural(n: number, word: string): string {
	return `${formatted(n)} ${word}${n === 1 ? '' : 's'}`;
}
