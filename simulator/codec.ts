/**
 * Request bodies in both formats the service speaks (answers are written by envelope.ts). All XML
 * goes through fast-xml-parser, set up so that every value stays a string (numbers, ids and phone numbers
 * keep their leading zeros) and so that children are always read as lists (one `<to>` or one
 * `<value>` is a list of one).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { DataFormat, DecodedDestination, DecodedUnit } from './types';
import { mediaFormat } from './wire';

// Kept here for the programs that import them from the codec (bench/, test/unit/).
export { encodeEnvelope } from './envelope';
export { CONTENT_TYPES, mediaFormat } from './wire';

type Destination = DecodedUnit['destinations'][number];

/* ------------------------------------------------------------------ decoding */

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
/**
 * `YYYY-MM-DD hh:mm` as the SMSOnlineGH v5 API documentation writes it, or with seconds
 * (`YYYY-MM-DD hh:mm:ss`) as the vendor's SDK (Zenoph.Notify) always sends it.
 */
const SCHEDULE_DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
/** The documentation's offsets up to ±12:00 and +13:00; the SDK's pattern also lets -13:00 through. */
const SCHEDULE_OFFSET = /^[+-]((0\d|1[0-2]):[0-5]\d|13:00)$/;
const XML_TYPE = /^\s*[0-3]\s*$/;

/**
 * Parses a send request body into a message unit, or undefined when the body is unparsable, has
 * the wrong root, or has a missing or ill-typed member (handshake 1402). Members the service does
 * not define are ignored.
 */
export function decodeUnit(format: DataFormat, body: string): DecodedUnit | undefined {
	const candidate = format === 'json' ? parseJson(body) : xmlCandidate(body);
	return candidate === undefined ? undefined : validateUnit(candidate);
}

function parseJson(body: string): unknown {
	try {
		return JSON.parse(body);
	} catch {
		return undefined;
	}
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): value is string {
	return typeof value === 'string' && value.length > 0;
}

function validateUnit(c: unknown): DecodedUnit | undefined {
	if (!isRecord(c)) return undefined;
	const { text, type, sender } = c;
	if (!nonEmptyString(text) || !nonEmptyString(sender)) return undefined;
	if (typeof type !== 'number' || !Number.isInteger(type) || type < 0 || type > 3) return undefined;
	const destinations = validateDestinations(c.destinations);
	if (!destinations) return undefined;
	const unit: DecodedUnit = { text, type, sender, destinations };
	return withOptionalMembers(unit, c) ? unit : undefined;
}

/**
 * All plain destinations (number strings, or objects carrying a custom `id` and no `values`), or
 * all personalised objects (with `values`); a mix is a bad request. An object with neither `id`
 * nor `values` is a personalised destination missing its values: a bad request too.
 */
function validateDestinations(value: unknown): Destination[] | undefined {
	if (!Array.isArray(value) || value.length === 0) return undefined;
	const personalised = isRecord(value[0]) && 'values' in value[0];
	for (const item of value) {
		if (personalised ? !isPersonalised(item) : !isPlain(item)) return undefined;
	}
	return value as Destination[];
}

/** The id's own rules (length, characters, uniqueness) are per-destination rejections (2131-2133). */
function isPlain(item: unknown): item is string | DecodedDestination {
	if (typeof item === 'string') return true;
	return isRecord(item) && typeof item.number === 'string' && typeof item.id === 'string' && !('values' in item);
}

/** Empty and null values are well-formed here: they are a per-destination rejection (2115). */
function isPersonalised(item: unknown): item is Required<Pick<DecodedDestination, 'number' | 'values'>> {
	if (!isRecord(item) || typeof item.number !== 'string' || !Array.isArray(item.values)) return false;
	if ('id' in item && typeof item.id !== 'string') return false;
	for (const v of item.values) {
		if (v !== null && typeof v !== 'string' && !(typeof v === 'number' && Number.isFinite(v))) {
			return false;
		}
	}
	return true;
}

/**
 * schedule and callback are optional, but when present they must be well-formed: a client that
 * sends a null or an ISO timestamp here would be misunderstood by the service.
 */
function withOptionalMembers(unit: DecodedUnit, c: Record<string, unknown>): boolean {
	if ('schedule' in c) {
		const schedule = validateSchedule(c.schedule);
		if (!schedule) return false;
		unit.schedule = schedule;
	}
	if ('callback' in c) {
		const callback = validateCallback(c.callback);
		if (!callback) return false;
		unit.callback = callback;
	}
	return true;
}

function validateSchedule(value: unknown): DecodedUnit['schedule'] {
	if (!isRecord(value)) return undefined;
	const { dateTime, offset } = value;
	if (typeof dateTime !== 'string' || !SCHEDULE_DATE_TIME.test(dateTime)) return undefined;
	if (offset === undefined) return { dateTime };
	if (typeof offset !== 'string' || !SCHEDULE_OFFSET.test(offset)) return undefined;
	return { dateTime, offset };
}

function validateCallback(value: unknown): DecodedUnit['callback'] {
	if (!isRecord(value)) return undefined;
	const { url, accept } = value;
	if (typeof url !== 'string' || !/^https?:\/\/\S+$/.test(url)) return undefined;
	if (typeof accept !== 'string' || mediaFormat(accept) === undefined) return undefined;
	return { url, accept };
}

/* --------------------------------------------------------------- XML → candidate */

/** One node of the ordered tree: `{name: children}` for an element, `{'#text': value}` for text. */
type OrderedNode = Record<string, unknown>;

interface XmlElement {
	name: string;
	content: OrderedNode[];
}

/**
 * Maps the parsed XML tree onto the JSON shape so both formats share one validation. Anything
 * that cannot be mapped becomes a value the validation rejects.
 */
function xmlCandidate(input: string): unknown {
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
	const request = childrenByName(roots[0].content);
	if (!request) return undefined;
	const candidate: Record<string, unknown> = {
		text: leafText(request.get('text')),
		type: xmlType(leafText(request.get('type'))),
		sender: leafText(request.get('sender')),
		destinations: xmlDestinations(request.get('destinations')),
	};
	if (request.has('schedule')) candidate.schedule = xmlRecord(request.get('schedule'), ['dateTime', 'offset']);
	if (request.has('callback')) candidate.callback = xmlRecord(request.get('callback'), ['url', 'accept']);
	return candidate;
}

/**
 * The child elements of an element, with the whitespace between them dropped; undefined for
 * mixed content (text beside child elements).
 */
function elementsOf(content: OrderedNode[]): XmlElement[] | undefined {
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
function forEachElement(content: OrderedNode[], visit: (name: string, content: OrderedNode[]) => boolean): boolean {
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
function elementName(node: OrderedNode): string {
	for (const key in node) return key;
	return '';
}

/**
 * Child elements by name, each the list of its occurrences. undefined for mixed content, or
 * when an element occurs twice: the service's members are single.
 */
function childrenByName(content: OrderedNode[]): Map<string, OrderedNode[]> | undefined {
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
function leafText(content: OrderedNode[] | undefined): string | undefined {
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

/** In XML the type is the string of an integer; surrounding whitespace is tolerated. */
function xmlType(text: string | undefined): unknown {
	return text !== undefined && XML_TYPE.test(text) ? Number(text) : text;
}

function xmlDestinations(content: OrderedNode[] | undefined): unknown {
	if (!content) return undefined;
	const out: unknown[] = [];
	const ok = forEachElement(content, (name, inner) => name === 'to' && out.push(xmlDestination(inner)) > 0);
	return ok ? out : undefined;
}

/**
 * `<to>number</to>` for a plain message; `<to><number/><values><value/>…</values></to>`
 * personalised; either object form may carry `<id>` (a custom message id) after `<number>`.
 */
function xmlDestination(content: OrderedNode[]): unknown {
	const text = leafText(content);
	// An empty <to/> is an (invalid) empty number, not a personalised destination.
	if (text !== undefined) return text;
	const children = childrenByName(content);
	if (!children) return undefined;
	const out: Record<string, unknown> = { number: leafText(children.get('number')) };
	if (children.has('id')) out.id = leafText(children.get('id'));
	if (children.has('values')) out.values = xmlValues(children.get('values'));
	return out;
}

/** `<values/>` (or only whitespace) is an empty list: the destination is then rejected 2115. */
function xmlValues(content: OrderedNode[] | undefined): unknown {
	if (!content) return undefined;
	const out: unknown[] = [];
	const ok = forEachElement(content, (name, inner) => name === 'value' && out.push(leafText(inner)) > 0);
	return ok ? out : undefined;
}

function xmlRecord(content: OrderedNode[] | undefined, names: readonly string[]): unknown {
	const children = content && childrenByName(content);
	if (!children) return undefined;
	const out: Record<string, unknown> = {};
	for (const name of names) {
		if (children.has(name)) out[name] = leafText(children.get(name));
	}
	return out;
}
