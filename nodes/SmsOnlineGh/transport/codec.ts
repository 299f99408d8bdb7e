import { XMLBuilder, XMLParser } from 'fast-xml-parser';

import type {
	WireBalance,
	WireDataFormat,
	WireDestinationResult,
	WireEnvelope,
	WireMessageUnit,
	WireSendResult,
} from './wire';

export const MEDIA_TYPES: Record<WireDataFormat, string> = {
	json: 'application/json',
	xml: 'application/xml',
};

/** The response body could not be read as the service's envelope. Internal to the decoders. */
class UnreadableResponseError extends Error {
	constructor(reason: string) {
		super(reason);
		this.name = 'UnreadableResponseError';
	}
}

/** A decoded value, or why the body could not be read. */
export type Decoded<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * Runs a decoder and turns any failure into a reason: an unreadable answer is a fact to report
 * (it decides whether messages may have gone out), not an exception to propagate.
 */
function decoded<T>(decode: () => T): Decoded<T> {
	try {
		return { ok: true, value: decode() };
	} catch (error) {
		return { ok: false, reason: error instanceof UnreadableResponseError ? error.message : 'it could not be read' };
	}
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

const builder = new XMLBuilder({ ignoreAttributes: true, format: false, suppressEmptyNode: false });

// Every value is read as a string: phone numbers, message ids and batches must never lose a
// leading zero or turn into floats. Numbers that are numbers in the contract are converted
// explicitly below. One <item> is still a list.
const parser = new XMLParser({
	ignoreAttributes: true,
	parseTagValue: false,
	trimValues: true,
	ignoreDeclaration: true,
	ignorePiTags: true,
	isArray: (_name, jpath) => jpath === 'response.data.destinations.item',
});

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

export function encodeMessageUnit(unit: WireMessageUnit, format: WireDataFormat): string {
	if (format === 'json') return JSON.stringify(unit);
	const destinations =
		typeof unit.destinations[0] === 'string'
			? { to: unit.destinations }
			: {
					to: (unit.destinations as Exclude<WireMessageUnit['destinations'], string[]>).map((d) => ({
						number: d.number,
						values: { value: d.values },
					})),
				};
	const request: Record<string, unknown> = {
		text: unit.text,
		type: unit.type,
		sender: unit.sender,
		destinations,
	};
	if (unit.schedule) request.schedule = unit.schedule;
	if (unit.callback) request.callback = unit.callback;
	return XML_DECLARATION + (builder.build({ request }) as string);
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

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toInteger(value: unknown, what: string): number {
	const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof n !== 'number' || !Number.isInteger(n)) {
		throw new UnreadableResponseError(`${what} is not an integer`);
	}
	return n;
}

function toText(value: unknown, what: string): string {
	if (typeof value === 'string') return value;
	if (typeof value === 'number') return String(value);
	throw new UnreadableResponseError(`${what} is missing`);
}

function toBoolean(value: unknown): boolean {
	return value === true || value === 'true' || value === '1' || value === 1;
}

function toNullableText(value: unknown): string | null {
	if (value === null || value === undefined || value === '') return null;
	return String(value);
}

function parseJson(body: string): unknown {
	try {
		return JSON.parse(body);
	} catch {
		return undefined;
	}
}

function parseXml(body: string): unknown {
	try {
		return parser.parse(body, true);
	} catch {
		return undefined;
	}
}

/** Parses a body into a raw object tree, JSON or XML, whatever was asked for. */
function parseBody(body: string): Json {
	const format = sniffFormat(body);
	if (format === 'json') {
		const parsed = parseJson(body);
		if (parsed === undefined) throw new UnreadableResponseError('the JSON body is malformed or cut short');
		if (!isObject(parsed)) throw new UnreadableResponseError('the JSON body is not an object');
		return parsed;
	}
	if (format === 'xml') {
		const parsed = parseXml(body);
		if (parsed === undefined) throw new UnreadableResponseError('the XML body is malformed or cut short');
		if (!isObject(parsed) || !isObject(parsed.response)) {
			throw new UnreadableResponseError('the XML body has no <response> root');
		}
		const response = parsed.response;
		// <data/> and <data></data> both mean "no data"
		if (response.data === '') response.data = null;
		return response;
	}
	throw new UnreadableResponseError(
		body.trim() === '' ? 'the body is empty' : 'the body is neither JSON nor XML',
	);
}

/** Reads the envelope of any response (spec 2.4); `data` is left raw for the operation. */
function readEnvelope(body: string): WireEnvelope<unknown> {
	const root = parseBody(body);
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

function decodeDestination(value: unknown, index: number): WireDestinationResult {
	if (!isObject(value)) throw new UnreadableResponseError(`destination ${index + 1} is not an object`);
	const status = value.status;
	if (!isObject(status)) throw new UnreadableResponseError(`destination ${index + 1} has no status`);
	return {
		id: toText(value.id, `destination ${index + 1} id`),
		to: toText(value.to, `destination ${index + 1} number`),
		status: {
			id: toInteger(status.id, `destination ${index + 1} status id`),
			label: typeof status.label === 'string' ? status.label : '',
		},
	};
}

/** Reads the data of a send response (spec 2.5), JSON or XML shaped. */
function readSendResult(data: unknown): WireSendResult {
	if (!isObject(data)) throw new UnreadableResponseError('the send response has no data');
	let destinations = data.destinations;
	// XML: <destinations><item>…</item></destinations>
	if (isObject(destinations)) destinations = destinations.item ?? [];
	if (destinations === '' || destinations === undefined) destinations = [];
	if (!Array.isArray(destinations)) {
		throw new UnreadableResponseError('the send response has no destinations list');
	}
	const result: WireSendResult = {
		batch: toText(data.batch, 'batch'),
		delivery: toBoolean(data.delivery),
		destinations: destinations.map(decodeDestination),
	};
	if (data.category !== undefined && data.category !== null && data.category !== '') {
		const category = data.category;
		result.category =
			typeof category === 'string' && /^\d+$/.test(category) ? Number(category) : (category as number | string);
	}
	return result;
}

/** Reads the data of a balance response (spec 2.6). */
function readBalance(data: unknown): WireBalance {
	if (!isObject(data)) throw new UnreadableResponseError('the balance response has no data');
	const balance = typeof data.balance === 'string' ? Number(data.balance) : data.balance;
	if (typeof balance !== 'number' || Number.isNaN(balance)) {
		throw new UnreadableResponseError('balance is not a number');
	}
	return {
		balance,
		model: toText(data.model, 'model'),
		currencyName: toNullableText(data.currencyName),
		currencyCode: toNullableText(data.currencyCode),
	};
}

/** Reads the envelope of any response (spec 2.4); `data` is left raw for the operation. */
export function decodeEnvelope(body: string): Decoded<WireEnvelope<unknown>> {
	return decoded(() => readEnvelope(body));
}

/** Reads the data of a send response (spec 2.5), JSON or XML shaped. */
export function decodeSendResult(data: unknown): Decoded<WireSendResult> {
	return decoded(() => readSendResult(data));
}

/** Reads the data of a balance response (spec 2.6). */
export function decodeBalance(data: unknown): Decoded<WireBalance> {
	return decoded(() => readBalance(data));
}
