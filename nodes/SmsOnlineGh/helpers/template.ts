// Template variables as the SMSOnlineGH v5 API documentation defines them (dev.smsonlinegh.com/docs/v5/http,
// personalised messages); "letter" read as ASCII only, so `{$café}` stays literal. Pure.

/** Safe to share although global: matchAll works on a copy, and replace starts and ends at lastIndex 0. */
const VARIABLE = /\{\$([A-Za-z_][A-Za-z0-9_]*)\}/g;

export function extractVariables(template: string): string[] {
	return [...compile(template).names];
}

export function templateVariables(template: string): readonly string[] {
	return compile(template).names;
}

/** Cut at its variables (`pieces[0]`, value of `slots[0]`, `pieces[1]`, …): rendering joins strings. */
interface CompiledTemplate {
	template: string;
	names: string[];
	pieces: string[];
	slots: number[];
}

// Every item of a run has the same template, and both reading and rendering ask: cut it once.
let lastCompiled: CompiledTemplate | undefined;

function compile(template: string): CompiledTemplate {
	if (lastCompiled?.template === template) return lastCompiled;
	const names: string[] = [];
	const pieces: string[] = [];
	const slots: number[] = [];
	let from = 0;
	for (const match of template.matchAll(VARIABLE)) {
		pieces.push(template.slice(from, match.index));
		let slot = names.indexOf(match[1]);
		if (slot < 0) slot = names.push(match[1]) - 1;
		slots.push(slot);
		from = match.index + match[0].length;
	}
	pieces.push(template.slice(from));
	lastCompiled = { template, names, pieces, slots };
	return lastCompiled;
}

export class TemplateValuesError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'TemplateValuesError';
	}
}

/** A single pass: a value that looks like `{$x}` is not expanded again, and `$&` in a value is literal. */
export function renderTemplate(template: string, values: ReadonlyArray<string | number>): string {
	const { names, pieces, slots } = compile(template);
	if (values.length !== names.length) {
		const variables =
			names.length === 0
				? 'no variables'
				: `${names.length} variable${names.length === 1 ? '' : 's'} (${names.join(', ')})`;
		throw new TemplateValuesError(
			`The template has ${variables} but ${values.length} value${values.length === 1 ? ' was' : 's were'} given`,
		);
	}
	for (let index = 0; index < values.length; index++) {
		const value: unknown = values[index];
		if (typeof value !== 'string' && typeof value !== 'number') {
			throw new TemplateValuesError(
				`Value ${index + 1} (for {$${names[index]}}) must be text or a number, but is ${value === null ? 'null' : typeof value}`,
			);
		}
	}
	let text = pieces[0];
	for (let k = 0; k < slots.length; k++) text += String(values[slots[k]]) + pieces[k + 1];
	return text;
}

// One letter-only variable per occurrence: the API documentation and the vendor SDKs (Zenoph.Notify)
// read those alike, and differ on repeats and short names (docs/operations.md).

export interface WireTemplate {
	text: string;
	valueIndexes: number[];
}

function letters(n: number): string {
	let name = '';
	for (let k = n + 1; k > 0; k = Math.floor((k - 1) / 26)) {
		name = String.fromCharCode(97 + ((k - 1) % 26)) + name;
	}
	return name;
}

export function toWireTemplate(template: string): WireTemplate {
	if (lastWire?.template === template) return lastWire.wire;
	const { names } = compile(template);
	const valueIndexes: number[] = [];
	const text = template.replace(VARIABLE, (_whole, name: string) => {
		valueIndexes.push(names.indexOf(name));
		return `{$v${letters(valueIndexes.length - 1)}}`;
	});
	const wire = { text, valueIndexes };
	lastWire = { template, wire };
	return wire;
}

// Every request of a run carries the same template: rewrite it once.
let lastWire: { template: string; wire: WireTemplate } | undefined;
