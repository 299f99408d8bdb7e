/**
 * The send request body in both formats the service speaks (answers are written by envelope.ts;
 * XML is read as an ordered tree by xmltree.ts).
 */
import type { DataFormat, DecodedDestination, DecodedUnit } from './types';
import { mediaFormat } from './wire';
import {
	childrenByName,
	forEachElement,
	leafText,
	requestChildren,
	type OrderedNode,
} from './xmltree';

// Kept here for the programs that import them from the codec (bench/, test/unit/).
export { encodeEnvelope } from './envelope';
export { CONTENT_TYPES, mediaFormat } from './wire';

type Destination = DecodedUnit['destinations'][number];

/* ------------------------------------------------------------------ decoding */

/**
 * `YYYY-MM-DD hh:mm` as the SMSOnlineGH v5 API documentation writes it, or with seconds
 * (`YYYY-MM-DD hh:mm:ss`) as the vendor's SDK (Zenoph.Notify) always sends it.
 */
export const SCHEDULE_DATE_TIME =
	/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
/** The documentation's offsets up to ±12:00 and +13:00; the SDK's pattern also lets -13:00 through. */
export const SCHEDULE_OFFSET = /^[+-]((0\d|1[0-2]):[0-5]\d|13:00)$/;
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

export function parseJson(body: string): unknown {
	try {
		return JSON.parse(body);
	} catch {
		return undefined;
	}
}

export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): value is string {
	return typeof value === 'string' && value.length > 0;
}

function validateUnit(c: unknown): DecodedUnit | undefined {
	if (!isRecord(c)) return undefined;
	const destinations = validateDestinations(c.destinations);
	if (!destinations) return undefined;
	const properties = validateProperties(c);
	return properties && { ...properties, destinations };
}

/** A message's properties without its destinations: what a scheduled update also sends. */
export type MessageProperties = Omit<DecodedUnit, 'destinations'>;

/** `text`, `type`, `sender` and the optional `schedule` and `callback`, or undefined (1402). */
export function validateProperties(c: Record<string, unknown>): MessageProperties | undefined {
	const { text, type, sender } = c;
	if (!nonEmptyString(text) || !nonEmptyString(sender)) return undefined;
	if (typeof type !== 'number' || !Number.isInteger(type) || type < 0 || type > 3) return undefined;
	const unit: MessageProperties = { text, type, sender };
	return withOptionalMembers(unit, c) ? unit : undefined;
}

/**
 * All plain destinations (number strings, or objects carrying a custom `id` and no `values`), or
 * all personalised objects (with `values`); a mix is a bad request. An object with neither `id`
 * nor `values` is a personalised destination missing its values: a bad request too.
 */
export function validateDestinations(value: unknown): Destination[] | undefined {
	if (!Array.isArray(value) || value.length === 0) return undefined;
	const personalised = isRecord(value[0]) && 'values' in value[0];
	for (const item of value) {
		if (personalised ? !isPersonalised(item) : !isPlain(item)) return undefined;
	}
	return value as Destination[];
}

/**
 * A plain destination: a number string, or `{number, id}` (a custom id, no values). The id's own
 * rules (length, characters, uniqueness) are per-destination rejections (2131-2133).
 */
export function isPlain(item: unknown): item is string | DecodedDestination {
	if (typeof item === 'string') return true;
	return (
		isRecord(item) &&
		typeof item.number === 'string' &&
		typeof item.id === 'string' &&
		!('values' in item)
	);
}

/** Empty and null values are well-formed here: they are a per-destination rejection (2115). */
function isPersonalised(
	item: unknown,
): item is Required<Pick<DecodedDestination, 'number' | 'values'>> {
	if (!isRecord(item) || typeof item.number !== 'string' || !Array.isArray(item.values))
		return false;
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
export function withOptionalMembers(
	unit: Pick<MessageProperties, 'schedule' | 'callback'>,
	c: Record<string, unknown>,
): boolean {
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

/**
 * Maps the parsed XML tree onto the JSON shape so both formats share one validation. Anything
 * that cannot be mapped becomes a value the validation rejects.
 */
function xmlCandidate(input: string): unknown {
	const request = requestChildren(input);
	if (!request) return undefined;
	return { ...xmlProperties(request), destinations: xmlDestinations(request.get('destinations')) };
}

/** The properties' candidate from `<request>`'s children (a send's, or a scheduled update's). */
export function xmlProperties(request: Map<string, OrderedNode[]>): Record<string, unknown> {
	const candidate: Record<string, unknown> = {
		text: leafText(request.get('text')),
		type: xmlType(leafText(request.get('type'))),
		sender: leafText(request.get('sender')),
	};
	if (request.has('schedule'))
		candidate.schedule = xmlRecord(request.get('schedule'), ['dateTime', 'offset']);
	if (request.has('callback'))
		candidate.callback = xmlRecord(request.get('callback'), ['url', 'accept']);
	return candidate;
}

/** In XML the type is the string of an integer; surrounding whitespace is tolerated. */
function xmlType(text: string | undefined): unknown {
	return text !== undefined && XML_TYPE.test(text) ? Number(text) : text;
}

export function xmlDestinations(content: OrderedNode[] | undefined): unknown {
	if (!content) return undefined;
	const out: unknown[] = [];
	const ok = forEachElement(
		content,
		(name, inner) => name === 'to' && out.push(xmlDestination(inner)) > 0,
	);
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
	const ok = forEachElement(
		content,
		(name, inner) => name === 'value' && out.push(leafText(inner)) > 0,
	);
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
