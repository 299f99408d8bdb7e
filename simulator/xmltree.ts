/**
 * Reading XML request bodies as an ordered tree. fast-xml-parser is set up so that every value
 * stays a string (numbers, ids and phone numbers keep their leading zeros), and the helpers read
 * children as lists (one `<to>` or one `<value>` is a list of one). codec.ts (send) and
 * requests.ts (the lifecycle endpoints) map the tree onto the JSON shape of each body.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * preserveOrder keeps the document as written: every element is `{name: [children]}` and text is
 * `{'#text': value}`. That makes a repeated element, or text beside elements, visible rather than
 * silently merged, and it skips the library's second pass over the tree (it matters at 100,000
 * destinations).
 */
const xmlParser = new XMLParser({
	preserveOrder: true,
	ignoreAttributes: true,
	ignoreDeclaration: true,
	ignorePiTags: true,
	parseTagValue: false,
	// Untrimmed, so message text keeps its spaces; whitespace between elements is dropped below.
	trimValues: false,
	processEntities: true,
	htmlEntities: false,
});

const TEXT_NODE = '#text';
const WHITESPACE = /^\s*$/;

/** One node of the ordered tree: `{name: children}` for an element, `{'#text': value}` for text. */
export type OrderedNode = Record<string, unknown>;

export interface XmlElement {
	name: string;
	content: OrderedNode[];
}

/**
 * The children of the `<request>` root by name, or undefined when the body is not well-formed
 * XML, has another root, or repeats a member.
 */
export function requestChildren(input: string): Map<string, OrderedNode[]> | undefined {
	// XML allows a byte order mark before the declaration; the validator does not.
	const body = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
	if (XMLValidator.validate(body) !== true) return undefined;
	let tree: unknown;
	try {
		tree = xmlParser.parse(body);
	} catch {
		return undefined;
	}
	const roots = Array.isArray(tree) ? elementsOf(tree as OrderedNode[]) : undefined;
	if (!roots || roots.length !== 1 || roots[0].name !== 'request') return undefined;
	return childrenByName(roots[0].content);
}

/**
 * The child elements of an element, with the whitespace between them dropped; undefined for
 * mixed content (text beside child elements).
 */
export function elementsOf(content: OrderedNode[]): XmlElement[] | undefined {
	const out: XmlElement[] = [];
	const ok = forEachElement(content, (name, inner) => {
		out.push({ name, content: inner });
		return true;
	});
	return ok ? out : undefined;
}

/**
 * Calls visit for each child element in order, skipping whitespace between them; false when
 * there is other text (mixed content) or visit returns false. Builds no intermediate list, as it
 * runs for every destination.
 */
export function forEachElement(content: OrderedNode[], visit: (name: string, content: OrderedNode[]) => boolean): boolean {
	for (let i = 0; i < content.length; i++) {
		const node = content[i];
		const text = node[TEXT_NODE];
		if (text !== undefined) {
			if (typeof text !== 'string' || !WHITESPACE.test(text)) return false;
			continue;
		}
		const name = elementName(node);
		if (!visit(name, node[name] as OrderedNode[])) return false;
	}
	return true;
}

/** The one key of an ordered element node, found without building a key list. */
export function elementName(node: OrderedNode): string {
	for (const key in node) return key;
	return '';
}

/**
 * Child elements by name, each the list of its occurrences. undefined for mixed content, or
 * when an element occurs twice: the service's members are single.
 */
export function childrenByName(content: OrderedNode[]): Map<string, OrderedNode[]> | undefined {
	const elements = elementsOf(content);
	if (!elements) return undefined;
	const out = new Map<string, OrderedNode[]>();
	for (const { name, content: inner } of elements) {
		if (out.has(name)) return undefined;
		out.set(name, inner);
	}
	return out;
}

/** Text of a leaf element (`''` when empty); undefined when it has child elements or is absent. */
export function leafText(content: OrderedNode[] | undefined): string | undefined {
	if (!content) return undefined;
	// The common case, one text node, without building a new string.
	if (content.length === 1) {
		const only = content[0][TEXT_NODE];
		return typeof only === 'string' ? only : undefined;
	}
	let text = '';
	for (const node of content) {
		const value = node[TEXT_NODE];
		if (typeof value !== 'string') return undefined;
		text += value;
	}
	return text;
}
