// One pass over the plainest XML (bare names, no attributes: the long lists of answers), giving what fast-xml-parser gives
// with the codec's options (performance.md); on anything else it answers undefined and the library reads the body.

export interface ContentPaths {
	readonly list: boolean;
	readonly children: Map<string, ContentPaths>;
}

/** A bare element name (a subset of XML's names), never one that would reach an object's prototype. */
const PLAIN_NAME = /^[A-Za-z_][\w.-]*$/;

const UNDECLARED: ContentPaths = { list: false, children: new Map() };

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

class NotPlain extends Error {}

/** Names already found plain: a name is tested once, not at every one of its thousand occurrences. */
const plainNames = new Set<string>();

function checkedName(name: string): string {
	if (plainNames.has(name)) return name;
	if (!PLAIN_NAME.test(name) || name === '__proto__') throw new NotPlain();
	if (plainNames.size < 1000) plainNames.add(name);
	return name;
}

function afterClosingTag(text: string, at: number, name: string): number {
	const end = at + 2 + name.length;
	if (
		text.charCodeAt(at + 1) !== 0x2f ||
		text.charCodeAt(end) !== 0x3e ||
		!text.startsWith(name, at + 2)
	) {
		throw new NotPlain();
	}
	return end + 1;
}

/** Adds a member as the library does: a declared list is always an array, a repeated name becomes one. */
function addMember(
	target: Record<string, unknown>,
	name: string,
	value: unknown,
	list: boolean,
): void {
	const current = target[name];
	if (current === undefined) target[name] = list ? [value] : value;
	else if (Array.isArray(current)) current.push(value);
	else target[name] = [current, value];
}

/** Where the element read last by readElement ends: kept here rather than in an object per element. */
let elementEnd = 0;

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

function blank(text: string, from: number, to: number): boolean {
	for (let k = from; k < to; k++) {
		const code = text.charCodeAt(k);
		if (code !== 0x20 && code !== 0x0a && code !== 0x09) return false;
	}
	return true;
}

// Up to the next closing tag, returning where it starts; only whitespace (which the library drops) between elements.
function readMembers(
	text: string,
	from: number,
	members: Record<string, unknown>,
	paths: ContentPaths,
): number {
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
