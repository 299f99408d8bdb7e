/**
 * The request bodies of the lifecycle endpoints, in XML as the vendor's SDK (Zenoph.Notify)
 * writes them and in the JSON of the same shape:
 *
 * - report by message id: `<request><destinations><id>…</id>…</destinations></request>`,
 *   `{"destinations": ["…", …]}`;
 * - scheduled list: `<request><category>1</category>[<dateTime><from/><to/>[<offset/>]</dateTime>]</request>`,
 *   `{"category": 1, "dateTime": {"from", "to", "offset"?}}`; an empty body, or the Python SDK's
 *   `<request><batch /></request>`, asks for all;
 * - scheduled update: the message's properties (as a send's), then optionally
 *   `<destinations><add><to/>…</add><update><to/>…</update><delete><to/>…</delete></destinations>`,
 *   `{"destinations": {"add": […], "update": […], "delete": […]}}`.
 */
import {
	isRecord,
	parseJson,
	validateDestinations,
	validateProperties,
	xmlDestinations,
	xmlProperties,
	type MessageProperties,
} from './codec';
import { HSHK } from './labels';
import type { DataFormat, DecodedUnit } from './types';
import {
	childrenByName,
	forEachElement,
	leafText,
	requestChildren,
	type OrderedNode,
} from './xmltree';

/** A decoded body, or the handshake that refuses it. */
export type Decoded<T> = { ok: T } | { handshake: number };

/** The candidate (JSON's shape) of a body, or undefined when it does not parse (1402). */
function candidateOf(
	format: DataFormat,
	body: string,
	fromXml: (request: Map<string, OrderedNode[]>) => unknown,
): Record<string, unknown> | undefined {
	if (format === 'json') {
		const parsed = parseJson(body);
		return isRecord(parsed) ? parsed : undefined;
	}
	const request = requestChildren(body);
	const candidate = request && fromXml(request);
	return isRecord(candidate) ? candidate : undefined;
}

/* ------------------------------------------------------------ report by message id */

/** The message ids asked for: 1401 without a body, 1402 unparsable, 1502 no ids or not strings. */
export function decodeDestinationIds(
	format: DataFormat | undefined,
	body: string,
): Decoded<string[]> {
	if (format === undefined || body.trim() === '') return { handshake: HSHK.DATA };
	const candidate = candidateOf(format, body, (request) => ({
		destinations: xmlIds(request.get('destinations')),
	}));
	if (!candidate) return { handshake: HSHK.BAD_REQUEST };
	const ids = candidate.destinations;
	if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string')) {
		return { handshake: HSHK.MR_DESTINATIONS };
	}
	return { ok: ids as string[] };
}

function xmlIds(content: OrderedNode[] | undefined): unknown {
	if (!content) return undefined;
	const out: unknown[] = [];
	const ok = forEachElement(
		content,
		(name, inner) => name === 'id' && out.push(leafText(inner)) > 0,
	);
	return ok ? out : undefined;
}

/* ------------------------------------------------------------------ scheduled list */

export interface ListFilter {
	category?: unknown;
	dateTime?: { from?: unknown; to?: unknown; offset?: unknown };
}

/** The filter of a scheduled list: everything when the body is empty; 1402 when it does not parse. */
export function decodeListFilter(
	format: DataFormat | undefined,
	body: string,
): Decoded<ListFilter> {
	if (format === undefined || body.trim() === '') return { ok: {} };
	const candidate = candidateOf(format, body, xmlFilter);
	if (!candidate) return { handshake: HSHK.BAD_REQUEST };
	const filter: ListFilter = {};
	if (candidate.category !== undefined) filter.category = candidate.category;
	const dateTime = candidate.dateTime;
	if (dateTime !== undefined) filter.dateTime = isRecord(dateTime) ? dateTime : {};
	return { ok: filter };
}

/** `batch` (the Python SDK's empty element) is ignored; `<dateTime/>` is a filter without dates. */
function xmlFilter(request: Map<string, OrderedNode[]>): unknown {
	const out: Record<string, unknown> = {};
	if (request.has('category')) out.category = leafText(request.get('category'));
	if (request.has('dateTime')) {
		const children = childrenByName(request.get('dateTime') ?? []);
		const dateTime: Record<string, unknown> = {};
		for (const name of ['from', 'to', 'offset']) {
			if (children?.has(name)) dateTime[name] = leafText(children.get(name));
		}
		out.dateTime = dateTime;
	}
	return out;
}

/* ---------------------------------------------------------------- scheduled update */

/** An existing destination to change: its id, the new number, new values when personalised. */
export interface DestinationChange {
	id: string;
	number: string;
	values?: Array<string | number | null>;
}

/** An update's message properties: a send's; a voice batch's also carry the template (text '', type 0). */
export interface UpdateProperties extends MessageProperties {
	template?: string;
}

/** How an update's properties are read: an SMS batch's (the default) or a voice batch's (voice-codec.ts). */
export interface PropertiesReader {
	/** The property members of `<request>` in JSON's shape. */
	fromXml(request: Map<string, OrderedNode[]>): Record<string, unknown>;
	/** The properties, or undefined for a bad request (1402). */
	validate(candidate: Record<string, unknown>): UpdateProperties | undefined;
}

const SMS_PROPERTIES: PropertiesReader = { fromXml: xmlProperties, validate: validateProperties };

export interface UpdateRequest {
	properties: UpdateProperties;
	add: DecodedUnit['destinations'];
	update: DestinationChange[];
	delete: string[];
}

/** A scheduled update: 1401 without a body, 1402 when it does not parse or a member is ill-formed. */
export function decodeUpdate(
	format: DataFormat | undefined,
	body: string,
	reader: PropertiesReader = SMS_PROPERTIES,
): Decoded<UpdateRequest> {
	if (format === undefined || body.trim() === '') return { handshake: HSHK.DATA };
	const candidate = candidateOf(format, body, (request) => ({
		...reader.fromXml(request),
		...(request.has('destinations')
			? { destinations: xmlChanges(request.get('destinations')) }
			: {}),
	}));
	const properties = candidate && reader.validate(candidate);
	if (!candidate || !properties) return { handshake: HSHK.BAD_REQUEST };
	const changes = 'destinations' in candidate ? candidate.destinations : {};
	if (!isRecord(changes)) return { handshake: HSHK.BAD_REQUEST };
	const add =
		changes.add === undefined || isEmptyList(changes.add) ? [] : validateDestinations(changes.add);
	const update = listOf(changes.update, changeOf);
	const remove = listOf(changes.delete, deletedId);
	if (!add || !update || !remove) return { handshake: HSHK.BAD_REQUEST };
	return { ok: { properties, add, update, delete: remove } };
}

function isEmptyList(value: unknown): boolean {
	return Array.isArray(value) && value.length === 0;
}

/** Every entry read by `read`; undefined when the member is not a list or an entry is ill-formed. */
function listOf<T>(value: unknown, read: (item: unknown) => T | undefined): T[] | undefined {
	if (value === undefined) return [];
	if (!Array.isArray(value)) return undefined;
	const out: T[] = [];
	for (const item of value) {
		const entry = read(item);
		if (entry === undefined) return undefined;
		out.push(entry);
	}
	return out;
}

function changeOf(item: unknown): DestinationChange | undefined {
	if (!isRecord(item) || typeof item.number !== 'string' || typeof item.id !== 'string')
		return undefined;
	const change: DestinationChange = { id: item.id, number: item.number };
	if (item.values !== undefined) {
		if (!Array.isArray(item.values) || !item.values.every(isValue)) return undefined;
		change.values = item.values as DestinationChange['values'];
	}
	return change;
}

function isValue(v: unknown): boolean {
	return v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
}

/** A deleted destination: its id as a string, or `{id}` (XML `<to><id>…</id></to>` or `<to>…</to>`). */
function deletedId(item: unknown): string | undefined {
	if (typeof item === 'string') return item;
	return isRecord(item) && typeof item.id === 'string' ? item.id : undefined;
}

/** `<add>`, `<update>` and `<delete>`, each a list of `<to>` read as a send's destinations are. */
function xmlChanges(content: OrderedNode[] | undefined): unknown {
	const children = content && childrenByName(content);
	if (!children) return undefined;
	const out: Record<string, unknown> = {};
	for (const [name, inner] of children) {
		if (name !== 'add' && name !== 'update' && name !== 'delete') return undefined;
		out[name] = xmlDestinations(inner);
	}
	return out;
}
