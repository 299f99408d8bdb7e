/**
 * A reader for the plainest XML element content, the shape of the long lists in the service's
 * answers (the destinations of a send answer: `<item><id>…</id><to>…</to><status>…</status></item>`
 * a thousand times): elements with bare names and no attributes, each holding either text or other
 * elements. On that content it gives exactly what fast-xml-parser gives with the codec's options
 * (texts trimmed and kept as strings, an empty element as `''`, a repeated element or a declared
 * list as an array), in one pass and without the library's per-character work, which on a send
 * answer of 1000 destinations is most of the cost of reading it.
 *
 * It reads nothing else: an attribute, a comment, CDATA, a processing instruction, an entity or
 * character reference, a carriage return, text beside elements, a self-closing or mismatched tag,
 * a name that is not a plain one. On any of these it answers undefined and the codec has the
 * library read (and judge) the whole body, so an answer outside this shape is read as before.
 */

/** Where a list is declared: an element below the content whose every occurrence is an array entry. */
export interface ContentPaths {
	readonly list: boolean;
	readonly children: Map<string, ContentPaths>;
}

/** A bare element name (a subset of XML's names), never one that would reach an object's prototype. */
const PLAIN_NAME = /^[A-Za-z_][\w.-]*$/;

/** Names of elements not found among the declared paths share this node: no lists below them. */
const UNDECLARED: ContentPaths = { list: false, children: new Map() };

/** The declared lists (dot paths relative to the content) as a tree of names. */
export function contentPaths(lists: readonly string[]): ContentPaths {
	const root: ContentPaths = { list: false, children: new Map() };
	for (const list of lists) {
		let node = root;
		const names = list.split('.');
		names.forEach((name, k) => {
			let child = node.children.get(name);
			if (!child) {
				child = { list: false, children: new Map() };
				node.children.set(name, child);
			}
			if (k === names.length - 1) (child as { list: boolean }).list = true;
			node = child;
		});
	}
	return root;
}

/** Thrown inside the reader when the content is not of the plain shape; never leaves readPlainContent. */
class NotPlain extends Error {}

/** Names already found plain: a name is tested once, not at every one of its thousand occurrences. */
const plainNames = new Set<string>();

function checkedName(name: string): string {
	if (plainNames.has(name)) return name;
	if (!PLAIN_NAME.test(name) || name === '__proto__') throw new NotPlain();
	if (plainNames.size < 1000) plainNames.add(name);
	return name;
}

/** Position just after `</name>` at `at`, which must be that closing tag. */
function afterClosingTag(text: string, at: number, name: string): number {
	const end = at + 2 + name.length;
	if (text.charCodeAt(at + 1) !== 0x2f || text.charCodeAt(end) !== 0x3e || !text.startsWith(name, at + 2)) {
		throw new NotPlain();
	}
	return end + 1;
}

/** Adds a member as the library does: a declared list is always an array, a repeated name becomes one. */
function addMember(target: Record<string, unknown>, name: string, value: unknown, list: boolean): void {
	const current = target[name];
	if (current === undefined) target[name] = list ? [value] : value;
	// Only lists and repeated names hold arrays: a single value is a text or an object.
	else if (Array.isArray(current)) current.push(value);
	else target[name] = [current, value];
}

/** Where the element read last by readElement ends: kept here rather than in an object per element. */
let elementEnd = 0;

/** Content from `from` up to the closing tag of the element `name`: its value (its end in `elementEnd`). */
function readElement(text: string, from: number, name: string, paths: ContentPaths): unknown {
	const lt = text.indexOf('<', from);
	if (lt === -1) throw new NotPlain();
	if (text.charCodeAt(lt + 1) === 0x2f) {
		// A leaf: its text, trimmed as the library trims it.
		elementEnd = afterClosingTag(text, lt, name);
		return text.slice(from, lt).trim();
	}
	const members: Record<string, unknown> = {};
	const end = readMembers(text, from, members, paths);
	elementEnd = afterClosingTag(text, end, name);
	return members;
}

/** Is text[from, to) XML white space only (space, tab, line feed; a carriage return never gets here)? */
function blank(text: string, from: number, to: number): boolean {
	for (let k = from; k < to; k++) {
		const code = text.charCodeAt(k);
		if (code !== 0x20 && code !== 0x0a && code !== 0x09) return false;
	}
	return true;
}

/**
 * Reads elements from `from` into `members` up to the next closing tag (or the end of the text),
 * and returns where that closing tag starts (or the text's length). Only whitespace may stand
 * between the elements: the library drops it.
 */
function readMembers(text: string, from: number, members: Record<string, unknown>, paths: ContentPaths): number {
	let at = from;
	for (;;) {
		const lt = text.indexOf('<', at);
		const stop = lt === -1 ? text.length : lt;
		if (stop > at && !blank(text, at, stop)) throw new NotPlain();
		if (lt === -1 || text.charCodeAt(lt + 1) === 0x2f) return stop;
		const gt = text.indexOf('>', lt);
		if (gt === -1) throw new NotPlain();
		const name = checkedName(text.slice(lt + 1, gt));
		const child = paths.children.get(name) ?? UNDECLARED;
		const value = readElement(text, gt + 1, name, child);
		addMember(members, name, value, child.list);
		at = elementEnd;
	}
}

/**
 * The value fast-xml-parser gives an element whose content is `content`, or undefined when the
 * content is not of the plain shape this reader knows (the caller then has the library read it).
 */
export function readPlainContent(content: string, paths: ContentPaths): unknown {
	if (content.includes('&') || content.includes('\r')) return undefined;
	try {
		const members: Record<string, unknown> = {};
		const end = readMembers(content, 0, members, paths);
		// A closing tag with no opening one in the content.
		if (end !== content.length) return undefined;
		return Object.keys(members).length === 0 ? '' : members;
	} catch {
		// Not plain, or nested deeper than the stack goes: the library reads it.
		return undefined;
	}
}
