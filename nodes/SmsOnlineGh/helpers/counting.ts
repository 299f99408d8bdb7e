/** Counts in the node's words: `1,200`, `45.2`, `1 SMS part`, `3 numbers`. Pure: no n8n imports. */

export function formatted(n: number): string {
	return n.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

export function plural(n: number, word: string): string {
	return `${formatted(n)} ${word}${n === 1 ? '' : 's'}`;
}
