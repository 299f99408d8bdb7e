import { XMLBuilder, XMLParser } from 'fast-xml-parser';

import { readJsonCut } from './json-content';
import type { Decoded, Json } from './read';
import { decoded, isObject, toInteger, UnreadableResponseError } from './read';
import type { WireDataFormat, WireEnvelope } from './wire';
import type { ContentPaths } from './xml-content';
import { contentPaths, readPlainContent } from './xml-content';

export const MEDIA_TYPES: Record<WireDataFormat, string> = {
	json: 'application/json',
	xml: 'application/xml',
};

const builder = new XMLBuilder({ ignoreAttributes: true, format: false, suppressEmptyNode: false });

// No XML declaration: the vendor's SDK writes none, its bodies start with `<request>` (vendor-sdk-facts.md §1).
export function encodeXmlRequest(request: Record<string, unknown>): string {
	return builder.build({ request }) as string;
}

/** The characters the builder writes as entities. */
const XML_SPECIAL = /[&<>"']/;
const XML_SPECIAL_ALL = /[&<>"']/g;
const XML_ENTITIES: Readonly<Record<string, string>> = {
	'&': '&amp;',
	'<': '&lt;',
	'>': '&gt;',
	'"': '&quot;',
	"'": '&apos;',
};

export function xmlText(value: string | number | boolean): string {
	const text = String(value);
	return XML_SPECIAL.test(text) ? text.replace(XML_SPECIAL_ALL, (c) => XML_ENTITIES[c]) : text;
}

export function xmlElement(name: string, value: string | number | boolean): string {
	return `<${name}>${xmlText(value)}</${name}>`;
}

/** As the builder writes it: undefined members left out, null ones written `<name/>`. */
export function xmlFlatElement(name: string, members: object): string {
	let out = `<${name}>`;
	for (const [member, value] of Object.entries(members) as Array<[string, unknown]>) {
		if (value === undefined) continue;
		out += value === null ? `<${member}/>` : xmlElement(member, value as string | number | boolean);
	}
	return `${out}</${name}>`;
}

/** A character XML 1.0 cannot carry even as a character reference (XML 1.0 §2.2 Char). */
export function findXmlForbiddenCharacter(text: string): string | undefined {
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffe || c === 0xffff) {
			return text[i];
		}
	}
	return undefined;
}

/** Judged from the body: the service may answer in either format. */
export function sniffFormat(body: string): WireDataFormat | undefined {
	for (let i = 0; i < body.length; i++) {
		const c = body.charCodeAt(i);
		if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0xfeff) continue;
		if (c === 0x3c) return 'xml'; // <
		if (c === 0x7b) return 'json'; // {
		return undefined;
	}
	return undefined;
}

// Every value is read as a string: numbers, ids and batches must keep leading zeros and not become
// floats. Declared lists (below `data`) keep a single `<item>` a list.
interface XmlReader {
	parser: XMLParser;
	/** The element holding the first declared list, read by xml-content.ts when of the plain shape. */
	holder?: { name: string; paths: ContentPaths };
}

const xmlReaders = new Map<string, XmlReader>();

function xmlReader(lists: readonly string[]): XmlReader {
	const key = lists.join('\n');
	let reader = xmlReaders.get(key);
	if (!reader) {
		const paths = new Set(lists.map((list) => `response.data.${list}`));
		const parser = new XMLParser({
			ignoreAttributes: true,
			parseTagValue: false,
			trimValues: true,
			ignoreDeclaration: true,
			ignorePiTags: true,
			isArray: (_name, jpath) => paths.has(jpath),
		});
		const name = lists.find((list) => list.includes('.'))?.split('.')[0];
		const holderPaths = name === undefined ? undefined : contentPaths(lists).children.get(name);
		reader = { parser, holder: name && holderPaths ? { name, paths: holderPaths } : undefined };
		xmlReaders.set(key, reader);
	}
	return reader;
}

/** The library reads XML by recursion: a well-formed body nested thousands deep overflows the stack (5,000 on Node 24). */
const TOO_DEEP = Symbol('too deep');

function tryParse(parse: () => unknown): unknown {
	try {
		return parse();
	} catch (error) {
		return error instanceof RangeError && /call stack/i.test(error.message) ? TOO_DEEP : undefined;
	}
}

function parseJson(body: string): Json {
	const parsed = tryParse(() => JSON.parse(body));
	if (parsed === undefined)
		throw new UnreadableResponseError('the JSON body is malformed or cut short');
	if (!isObject(parsed)) throw new UnreadableResponseError('the JSON body is not an object');
	return parsed;
}

// The destinations cut out and read by xml-content.ts, the rest by the library; undefined (the
// library reads it all) unless the cut is certain. Conditions in docs/performance.md.
function readCut(body: string, reader: XmlReader): Json | undefined {
	const holder = reader.holder;
	if (!holder) return undefined;
	const open = `<${holder.name}>`;
	const close = `</${holder.name}>`;
	const from = body.indexOf(open);
	const to = body.lastIndexOf(close);
	if (from === -1 || to < from || body.indexOf(open, from + 1) !== -1 || body.indexOf(close) !== to)
		return undefined;
	const start = from + open.length;
	const rest = body.slice(0, start) + body.slice(to);
	if (rest.includes('<!')) return undefined;
	const content = readPlainContent(body.slice(start, to), holder.paths);
	if (content === undefined) return undefined;
	const parsed = tryParse(() => reader.parser.parse(rest, true));
	if (!isObject(parsed) || !isObject(parsed.response) || !isObject(parsed.response.data))
		return undefined;
	const data = parsed.response.data;
	if (data[holder.name] !== '') return undefined;
	data[holder.name] = content;
	return parsed;
}

// The service never declares a document type; one is refused unread, since the library expands
// entities (docs/delivery-guarantees.md, Bounded input). `<!--` and `<![` are allowed.
export function findDocumentType(body: string): number {
	for (let at = body.indexOf('<!'); at !== -1; at = body.indexOf('<!', at + 2)) {
		const next = body.charCodeAt(at + 2);
		if (next !== 0x2d /* - */ && next !== 0x5b /* [ */) return at;
	}
	return -1;
}

function parseXml(body: string, lists: readonly string[]): Json {
	if (findDocumentType(body) !== -1) {
		throw new UnreadableResponseError(
			'the XML body declares a document type (<!DOCTYPE …>), which the service never sends; it was refused unread so that no entity in it could expand',
		);
	}
	const reader = xmlReader(lists);
	const parsed = readCut(body, reader) ?? tryParse(() => reader.parser.parse(body, true));
	if (parsed === undefined)
		throw new UnreadableResponseError('the XML body is malformed or cut short');
	if (parsed === TOO_DEEP)
		throw new UnreadableResponseError(
			'the XML body nests its elements too deeply to be read (thousands of levels)',
		);
	if (!isObject(parsed) || !isObject(parsed.response)) {
		throw new UnreadableResponseError('the XML body has no <response> root');
	}
	const response = parsed.response;
	if (response.data === '') response.data = null;
	return response;
}

function parseBody(body: string, lists: readonly string[], jsonList: string | undefined): Json {
	const format = sniffFormat(body);
	if (format === 'json')
		return (jsonList === undefined ? undefined : readJsonCut(body, jsonList)) ?? parseJson(body);
	if (format === 'xml') return parseXml(body, lists);
	throw new UnreadableResponseError(
		body.trim() === '' ? 'the body is empty' : 'the body is neither JSON nor XML',
	);
}

function readEnvelope(
	body: string,
	lists: readonly string[],
	jsonList: string | undefined,
): WireEnvelope<unknown> {
	const root = parseBody(body, lists, jsonList);
	const handshake = root.handshake;
	if (!isObject(handshake)) throw new UnreadableResponseError('the response has no handshake');
	return {
		handshake: {
			id: toInteger(handshake.id, 'handshake.id'),
			label: typeof handshake.label === 'string' ? handshake.label : '',
		},
		data: root.data === undefined ? null : root.data,
	};
}

// SMSOnlineGH v5 API documentation, response envelope; `data` is left raw. `jsonList` names a member
// left unparsed in a JSON body (json-content.ts).
export function decodeEnvelope(
	body: string,
	xmlLists: readonly string[] = [],
	jsonList?: string,
): Decoded<WireEnvelope<unknown>> {
	return decoded(() => readEnvelope(body, xmlLists, jsonList));
}
