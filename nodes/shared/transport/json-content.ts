/**
 * The long list of a JSON answer (the destinations of a delivery report: 1,000 objects, 300 kB)
 * read one element at a time. `JSON.parse` of the whole body builds every destination's objects
 * at once, and they stay alive while the answer is read into output items; on a report of 100,000
 * destinations V8 promotes them, and they stay in memory until its next full collection. Cut out
 * of the body, each element is parsed only when the reader reaches it, and its objects are
 * garbage as soon as its item is built.
 *
 * The cut is made only where it is certain: the list's key stands once in the body, the rest of
 * the body has no `\u` escape (a key written with one would not be found), the list's brackets,
 * braces and strings are balanced and its elements are separated by single commas, and the rest,
 * parsed by `JSON.parse`, has the list where the reader looks for it, empty. Otherwise the caller
 * parses the whole body as before. An element that is not well-formed JSON is found when it is
 * reached, and reported as a malformed body (MalformedBodyError), as `JSON.parse` would have.
 */
import { isObject, type Json, MalformedBodyError } from './read';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN = new Set([0x5b, 0x7b]); // [ {
const CLOSE = new Set([0x5d, 0x7d]); // ] }

function isSpace(c: number): boolean {
	return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

const NOT_JSON = Symbol('not JSON');

/** The value a JSON text holds, or NOT_JSON when it is not well-formed. */
function parsed(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return NOT_JSON;
	}
}

/** The elements of a JSON list, each parsed when it is asked for. */
export class JsonList {
	constructor(
		private readonly text: string,
		/** Start and end (exclusive) of each element in `text`, in turn. */
		private readonly bounds: number[],
	) {}

	get length(): number {
		return this.bounds.length / 2;
	}

	/** Element `index`, parsed now; MalformedBodyError when it is not well-formed JSON. */
	at(index: number): unknown {
		const element = parsed(this.text.slice(this.bounds[2 * index], this.bounds[2 * index + 1]));
		if (element === NOT_JSON) throw new MalformedBodyError('the JSON body is malformed or cut short');
		return element;
	}
}

/** Position just after the string that starts at `at` (its opening quote), or -1 if it never ends. */
function afterString(text: string, at: number): number {
	for (let i = at + 1; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (c === BACKSLASH) i++;
		else if (c === QUOTE) return i + 1;
	}
	return -1;
}

/**
 * The bounds of the elements of the list whose `[` is at `open`, and the position of its `]`; or
 * undefined when the list is not balanced, an element is empty, or two values stand side by side.
 */
function elementBounds(text: string, open: number): { bounds: number[]; close: number } | undefined {
	const bounds: number[] = [];
	let depth = 0;
	let start = -1;
	let end = -1;
	// The element begun is whole: only a comma or the list's end may follow.
	let whole = false;
	for (let i = open + 1; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (isSpace(c)) {
			if (depth === 0 && start !== -1) whole = true;
			continue;
		}
		if (depth === 0 && (c === COMMA || c === 0x5d)) {
			if (start === -1) {
				// `[]` is an empty list; `[,` and `,,` are not JSON.
				return c === 0x5d && bounds.length === 0 ? { bounds, close: i } : undefined;
			}
			bounds.push(start, end);
			start = -1;
			whole = false;
			if (c === 0x5d) return { bounds, close: i };
			continue;
		}
		if (depth === 0 && whole) return undefined;
		if (start === -1) start = i;
		if (c === QUOTE) {
			const next = afterString(text, i);
			if (next === -1) return undefined;
			i = next - 1;
			if (depth === 0) whole = true;
		} else if (OPEN.has(c)) depth++;
		else if (CLOSE.has(c)) {
			if (--depth < 0) return undefined;
			if (depth === 0) whole = true;
		}
		end = i + 1;
	}
	return undefined;
}

/**
 * The body parsed with the list `data.<name>` cut out, as a JsonList in its place; undefined when
 * the cut is not certain (the caller then parses the whole body).
 */
export function readJsonCut(body: string, name: string): Json | undefined {
	const key = `"${name}"`;
	const at = body.indexOf(key);
	if (at === -1 || body.indexOf(key, at + 1) !== -1) return undefined;
	let open = at + key.length;
	while (open < body.length && isSpace(body.charCodeAt(open))) open++;
	if (body.charCodeAt(open) !== 0x3a) return undefined; // :
	open++;
	while (open < body.length && isSpace(body.charCodeAt(open))) open++;
	if (body.charCodeAt(open) !== 0x5b) return undefined; // [
	const list = elementBounds(body, open);
	if (!list) return undefined;
	const rest = body.slice(0, open + 1) + body.slice(list.close);
	if (rest.includes('\\u')) return undefined;
	const root = parsed(rest);
	if (!isObject(root) || !isObject(root.data)) return undefined;
	const held = root.data[name];
	if (!Array.isArray(held) || held.length !== 0) return undefined;
	root.data[name] = new JsonList(body, list.bounds);
	return root;
}
