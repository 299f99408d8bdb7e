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

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

const builder = new XMLBuilder({ ignoreAttributes: true, format: false, suppressEmptyNode: false });

/** A `<request>` document: each member an element, a list member repeated elements. */
export function encodeXmlRequest(request: Record<string, unknown>): string {
	return XML_DECLARATION + (builder.build({ request }) as string);
}

/** The characters the builder writes as entities, in text as in attribute values. */
const XML_SPECIAL = /[&<>"']/;
const XML_SPECIAL_ALL = /[&<>"']/g;
const XML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** A value as element text, escaped as the builder escapes it; most values need nothing. */
export function xmlText(value: string | number | boolean): string {
	const text = String(value);
	return XML_SPECIAL.test(text) ? text.replace(XML_SPECIAL_ALL, (c) => XML_ENTITIES[c]) : text;
}

/** `<name>value</name>`, as the builder writes a member with a text, number or boolean value. */
export function xmlElement(name: string, value: string | number | boolean): string {
	return `<${name}>${xmlText(value)}</${name}>`;
}

/**
 * An element whose members are all texts or numbers, as the builder writes it: in their order, an
 * undefined member left out, a null one written `<name/>`.
 */
export function xmlFlatElement(name: string, members: object): string {
	let out = `<${name}>`;
	for (const [member, value] of Object.entries(members) as Array<[string, unknown]>) {
		if (value === undefined) continue;
		out += value === null ? `<${member}/>` : xmlElement(member, value as string | number | boolean);
	}
	return `${out}</${name}>`;
}

/**
 * First character that XML 1.0 cannot carry at all (not even as a character reference): the C0
 * controls other than tab, line feed and carriage return, and U+FFFE / U+FFFF.
 */
export function findXmlForbiddenCharacter(text: string): string | undefined {
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffe || c === 0xffff) {
			return text[i];
		}
	}
	return undefined;
}

/** Which format a body is in, judged from the body itself: the service may answer in either. */
export function sniffFormat(body: string): WireDataFormat | undefined {
	for (let i = 0; i < body.length; i++) {
		const c = body.charCodeAt(i);
		// whitespace and a byte-order mark
		if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0xfeff) continue;
		if (c === 0x3c) return 'xml'; // <
		if (c === 0x7b) return 'json'; // {
		return undefined;
	}
	return undefined;
}

/**
 * One XML reader per set of list elements. Every value is read as a string: phone numbers,
 * message ids and batches must never lose a leading zero or turn into floats; the endpoint's
 * reader converts what is a number. The list elements come from the endpoint's reader (paths below
 * `data`, such as `destinations.item`), so that one `<item>` is still a list.
 */
interface XmlReader {
	parser: XMLParser;
	/**
	 * The element below `data` that holds the first declared list (`destinations`), whose content
	 * is read by xml-content.ts when it is of the plain shape the service writes, and the lists
	 * declared below it.
	 */
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

/** The parsed body, or undefined when it is not well-formed. */
function tryParse(parse: () => unknown): unknown {
	try {
		return parse();
	} catch {
		return undefined;
	}
}

function parseJson(body: string): Json {
	const parsed = tryParse(() => JSON.parse(body));
	if (parsed === undefined) throw new UnreadableResponseError('the JSON body is malformed or cut short');
	if (!isObject(parsed)) throw new UnreadableResponseError('the JSON body is not an object');
	return parsed;
}

/**
 * The body read with the holder's content (the destinations) cut out and read on its own by
 * xml-content.ts; the library parses and validates what is left, a few hundred characters. Used
 * only when the cut is certainly the content of `data`'s holder element: its opening and closing
 * tags each stand once in the body, what is left has no comment, CDATA or document type, the
 * library finds the element there, empty, and the content is of the plain shape. Otherwise
 * undefined: the library reads and judges the whole body. Then the body is what is left with
 * well-formed element content put back inside one element, so the library's verdict on it is its
 * verdict on what is left, and its reading is the same.
 */
function readCut(body: string, reader: XmlReader): Json | undefined {
	const holder = reader.holder;
	if (!holder) return undefined;
	const open = `<${holder.name}>`;
	const close = `</${holder.name}>`;
	const from = body.indexOf(open);
	const to = body.lastIndexOf(close);
	if (from === -1 || to < from || body.indexOf(open, from + 1) !== -1 || body.indexOf(close) !== to) return undefined;
	const start = from + open.length;
	const rest = body.slice(0, start) + body.slice(to);
	if (rest.includes('<!')) return undefined;
	const content = readPlainContent(body.slice(start, to), holder.paths);
	if (content === undefined) return undefined;
	const parsed = tryParse(() => reader.parser.parse(rest, true));
	if (!isObject(parsed) || !isObject(parsed.response) || !isObject(parsed.response.data)) return undefined;
	const data = parsed.response.data;
	if (data[holder.name] !== '') return undefined;
	data[holder.name] = content;
	return parsed;
}

/**
 * Where the body declares a document type (`<!DOCTYPE`, and with it entities), or -1. The service
 * never sends one; a body that does is refused unread: the library expands internal entities, so
 * a 1 MB body with one entity used 120 times became 240 MB of text (and "billion laughs" nests them
 * to gigabytes). Comments and CDATA (`<!--`, `<![`) are the only other `<!` markup and are allowed.
 * One indexOf per `<!`: answers hold none or a few, so this costs nothing on a long list.
 */
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
	if (parsed === undefined) throw new UnreadableResponseError('the XML body is malformed or cut short');
	if (!isObject(parsed) || !isObject(parsed.response)) {
		throw new UnreadableResponseError('the XML body has no <response> root');
	}
	const response = parsed.response;
	// <data/> and <data></data> both mean "no data"
	if (response.data === '') response.data = null;
	return response;
}

/** Parses a body into a raw object tree, JSON or XML, whatever was asked for. */
function parseBody(body: string, lists: readonly string[], jsonList: string | undefined): Json {
	const format = sniffFormat(body);
	if (format === 'json') return (jsonList === undefined ? undefined : readJsonCut(body, jsonList)) ?? parseJson(body);
	if (format === 'xml') return parseXml(body, lists);
	throw new UnreadableResponseError(body.trim() === '' ? 'the body is empty' : 'the body is neither JSON nor XML');
}

function readEnvelope(body: string, lists: readonly string[], jsonList: string | undefined): WireEnvelope<unknown> {
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

/**
 * Reads the envelope of any answer (SMSOnlineGH v5 API documentation, response envelope); `data`
 * is left raw for the endpoint's reader. `xmlLists` are the elements below `data` that are lists.
 * `jsonList` names a list member of `data` that a JSON body leaves unparsed, as a JsonList whose
 * elements are parsed when the reader reaches them (json-content.ts).
 */
export function decodeEnvelope(body: string, xmlLists: readonly string[] = [], jsonList?: string): Decoded<WireEnvelope<unknown>> {
	return decoded(() => readEnvelope(body, xmlLists, jsonList));
}
