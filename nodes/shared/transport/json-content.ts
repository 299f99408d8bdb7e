// A JSON answer's long list parsed one element at a time (performance.md), cut only where certain (key once, no `\u`,
// balanced, the rest parses with the list empty); a malformed element is a MalformedBodyError when reached.
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

function parsed(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return NOT_JSON;
	}
}

export class JsonList {
	constructor(
		private readonly text: string,
		private readonly bounds: number[],
	) {}

	get length(): number {
		return this.bounds.length / 2;
	}

	at(index: number): unknown {
		const element = parsed(this.text.slice(this.bounds[2 * index], this.bounds[2 * index + 1]));
		if (element === NOT_JSON)
			throw new MalformedBodyError('the JSON body is malformed or cut short');
		return element;
	}
}

function afterString(text: string, at: number): number {
	for (let i = at + 1; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (c === BACKSLASH) i++;
		else if (c === QUOTE) return i + 1;
	}
	return -1;
}

/** Undefined when the list is not balanced, an element is empty, or two values stand side by side. */
function elementBounds(
	text: string,
	open: number,
): { bounds: number[]; close: number } | undefined {
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
