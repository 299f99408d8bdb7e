/**
 * Template variables of personalised messages.
 *
 * SMSOnlineGH v5 API documentation, personalised messages (dev.smsonlinegh.com/docs/v5/http):
 * - a variable is written `{$name}`: opening brace, dollar sign, name, closing brace;
 * - a name begins with a letter or an underscore and continues with letters, digits or
 *   underscores ("letter" read as an ASCII letter A-Z/a-z: the conservative reading; any other
 *   text, such as `{$café}`, stays literal);
 * - the n-th value fills the n-th distinct variable, in order of first appearance;
 * - text outside variables stays as written, so `${$balance}` renders as `$` + the value;
 * - a number value is written as its numeric literal.
 *
 * No n8n imports here: this module is pure.
 */

/**
 * One variable occurrence; the capture group is the name. Safe to share although global: matchAll
 * works on a copy and replace starts from, and ends at, lastIndex 0.
 */
const VARIABLE = /\{\$([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Distinct variable names of the template, in order of first appearance. */
export function extractVariables(template: string): string[] {
	return [...compile(template).names];
}

/** The same names, not copied: read once per item of a run, they are shared. */
export function templateVariables(template: string): readonly string[] {
	return compile(template).names;
}

/**
 * A template cut at its variables: `pieces[0]`, the value of variable `slots[0]`, `pieces[1]`, …
 * Rendering a template of a run's 100,000 items is then joining strings, not running a pattern.
 */
interface CompiledTemplate {
	template: string;
	/** Distinct variable names, in order of first appearance. */
	names: string[];
	/** The text around the occurrences: one more piece than occurrences. */
	pieces: string[];
	/** For each occurrence, the index of its name in `names`. */
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

/** Thrown by {@link renderTemplate} when the values do not fit the template. */
export class TemplateValuesError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'TemplateValuesError';
	}
}

/**
 * Renders one personalised message: the n-th value replaces every occurrence of the n-th distinct
 * variable. A number value is written as String(n). Substitution is a single pass: a value that
 * itself looks like `{$x}` is not expanded again, and `$&`-style patterns in values are literal.
 *
 * Throws {@link TemplateValuesError} when values.length differs from the number of distinct
 * variables, or when a value is neither a string nor a number.
 */
export function renderTemplate(template: string, values: ReadonlyArray<string | number>): string {
	const { names, pieces, slots } = compile(template);
	if (values.length !== names.length) {
		const variables =
			names.length === 0 ? 'no variables' : `${names.length} variable${names.length === 1 ? '' : 's'} (${names.join(', ')})`;
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

/**
 * A template as it goes to the service, and which of the user's values each of its variables takes.
 *
 * Readings differ: the documentation fills the n-th distinct variable with the n-th value; the
 * vendor's SDKs (Zenoph.Notify) expect one value per occurrence and know only names of two or
 * more characters (PHP: a letter or underscore, then letters; Python: no underscore after the
 * first). So `Hi {$name}, {$name} owes {$a}` could render differently on the service than in the
 * node's dry run. In the template sent, every occurrence is a variable of its own with a generated
 * letter-only name (`{$va}`, `{$vb}`, …, `{$vz}`, `{$vaa}`, …): one name once each is read the same
 * way by all of them. Every variable of the other readings is one of ours, so none is left behind.
 */
export interface WireTemplate {
	text: string;
	/** For each variable of `text`, in order: the index of the user's value it takes. */
	valueIndexes: number[];
}

/** `a`…`z`, `aa`…: a name of letters only for the n-th occurrence (0-based). */
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
