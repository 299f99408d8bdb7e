/**
 * Personalised-message templates: `{$name}` variables, filled per destination by position of
 * first appearance (the SMSOnlineGH v5 API documentation (dev.smsonlinegh.com/docs/v5/http),
 * personalised messages).
 */

const VARIABLE = /\{\$([A-Za-z_][A-Za-z0-9_]*)\}/g;

export interface CompiledTemplate {
	/** Distinct variable names in order of first appearance. */
	readonly names: readonly string[];
	/** Fills the template; values.length must equal names.length. */
	render(values: ReadonlyArray<string | number>): string;
}

/**
 * Splits the template once into literal pieces and variable slots, so that rendering for each of
 * many destinations is a short join instead of a regex pass.
 */
export function compileTemplate(text: string): CompiledTemplate {
	const names: string[] = [];
	const literals: string[] = [];
	const slots: number[] = [];
	let last = 0;
	for (const match of text.matchAll(VARIABLE)) {
		const index = match.index ?? 0;
		literals.push(text.slice(last, index));
		slots.push(slotOf(names, match[1]));
		last = index + match[0].length;
	}
	literals.push(text.slice(last));
	return { names, render: (values) => fill(literals, slots, values) };
}

function slotOf(names: string[], name: string): number {
	const existing = names.indexOf(name);
	if (existing >= 0) return existing;
	names.push(name);
	return names.length - 1;
}

/** A number value is written as its numeric literal, which is what String() gives. */
function fill(literals: string[], slots: number[], values: ReadonlyArray<string | number>): string {
	let out = literals[0];
	for (let i = 0; i < slots.length; i++) {
		out += String(values[slots[i]]) + literals[i + 1];
	}
	return out;
}
