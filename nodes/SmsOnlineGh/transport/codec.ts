import { XMLBuilder, XMLParser } from 'fast-xml-parser';

import type { Decoded, Json } from './read';
import { decoded, isObject, toInteger, UnreadableResponseError } from './read';
import type { WireDataFormat, WireEnvelope } from './wire';

export const MEDIA_TYPES: Record<WireDataFormat, string> = {
	json: 'application/json',
	xml: 'application/xml',
};

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

const builder = new XMLBuilder({ ignoreAttributes: true, format: false, suppressEmptyNode: false });

/** A `<request>` document: each member an element, a list member repeated elements. */
export function encodeXmlRequest(request: Record<string, unknown>): string {
	return XML_DECLARATION + (builder.build({ request }) as string);
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
const xmlParsers = new Map<string, XMLParser>();

function xmlParser(lists: readonly string[]): XMLParser {
	const key = lists.join('\n');
	let parser = xmlParsers.get(key);
	if (!parser) {
		const paths = new Set(lists.map((list) => `response.data.${list}`));
		parser = new XMLParser({
			ignoreAttributes: true,
			parseTagValue: false,
			trimValues: true,
			ignoreDeclaration: true,
			ignorePiTags: true,
			isArray: (_name, jpath) => paths.has(jpath),
		});
		xmlParsers.set(key, parser);
	}
	return parser;
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

function parseXml(body: string, lists: readonly string[]): Json {
	const parsed = tryParse(() => xmlParser(lists).parse(body, true));
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
function parseBody(body: string, lists: readonly string[]): Json {
	const format = sniffFormat(body);
	if (format === 'json') return parseJson(body);
	if (format === 'xml') return parseXml(body, lists);
	throw new UnreadableResponseError(body.trim() === '' ? 'the body is empty' : 'the body is neither JSON nor XML');
}

function readEnvelope(body: string, lists: readonly string[]): WireEnvelope<unknown> {
	const root = parseBody(body, lists);
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
 */
export function decodeEnvelope(body: string, xmlLists: readonly string[] = []): Decoded<WireEnvelope<unknown>> {
	return decoded(() => readEnvelope(body, xmlLists));
}
