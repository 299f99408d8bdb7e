/**
 * Personalised-message templates: `{$name}` variables filled per destination. Two readings (see
 * TemplateReading in types.ts):
 * - 'distinct', the contract's (the SMSOnlineGH v5 API documentation, personalised messages): a
 *   name is a letter or underscore, then letters, digits or underscores; the n-th value fills the
 *   n-th distinct variable in order of first appearance, so a repeated name takes one value.
 * - 'occurrence', the vendor's SDK (Zenoph.Notify): one value per occurrence, a repeated name
 *   included, and names as the SDK's PHP pattern reads them (a letter or underscore, then a
 *   letter, then letters, digits or underscores: at least two characters, so `{$a}` and `{$a1}`
 *   stay literal text).
 * Text that is not a variable under the reading stays as written; `${$x}` keeps its `$`.
 */
import type { TemplateReading } from './types';

const DISTINCT_VARIABLE = /\{\$([A-Za-z_][A-Za-z0-9_]*)\}/g;
/** The PHP SDK's `\{\$[a-zA-Z_][a-zA-Z]+([a-zA-Z0-9_]+)?\}`, written as the same language. */
const OCCURRENCE_VARIABLE = /\{\$([A-Za-z_][A-Za-z][A-Za-z0-9_]*)\}/g;

export interface CompiledTemplate {
	/** Distinct variable names in order of first appearance. */
	readonly names: readonly string[];
	/** How many values a destination must bring: the distinct names, or every occurrence. */
	readonly valueCount: number;
	/** Fills the template; values.length must equal valueCount. */
	render(values: ReadonlyArray<string | number>): string;
}

/**
 * Splits the template once into literal pieces and variable slots, so that rendering for each of
 * many destinations is a short join instead of a regex pass.
 */
export function compileTemplate(
	text: string,
	reading: TemplateReading = 'distinct',
): CompiledTemplate {
	const names: string[] = [];
	const literals: string[] = [];
	const slots: number[] = [];
	let last = 0;
	const pattern = reading === 'occurrence' ? OCCURRENCE_VARIABLE : DISTINCT_VARIABLE;
	for (const match of text.matchAll(pattern)) {
		const index = match.index ?? 0;
		literals.push(text.slice(last, index));
		const slot = slotOf(names, match[1]);
		slots.push(reading === 'occurrence' ? slots.length : slot);
		last = index + match[0].length;
	}
	literals.push(text.slice(last));
	const valueCount = reading === 'occurrence' ? slots.length : names.length;
	return { names, valueCount, render: (values) => fill(literals, slots, values) };
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
