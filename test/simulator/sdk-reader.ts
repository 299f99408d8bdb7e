/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * A strict reader of the simulator's answers, enforcing what the vendor's SDK (Zenoph.Notify, PHP
 * 2.25.08 and Python 2.23.10) requires of the real service before and while it reads an answer.
 * Written from the published facts about the SDK, not from its code. Every rule that fails throws,
 * naming the rule, so a test shows which part of the answer the SDK would have refused.
 */
import { gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import type { XmlSendData } from './answers';
import type { RawAnswer } from './helpers';

/** The SDK's media-type labels; an answer's Content-Type must equal one of them as a whole string. */
export const SDK_MEDIA_TYPES = [
	'application/xml',
	'application/json',
	'application/x-www-form-urlencoded',
	'multipart/form-data',
	'application/vnd.zenoph.zbm.gzbin+xml',
	'application/vnd.zenoph.zbm.gzbin+json',
	'application/vnd.zenoph.zbm.gzbin+urlencoded',
];

/** The SDK's RequestHandshake ids: Python turns the id into this enum and crashes on any other. */
export const SDK_HANDSHAKE_IDS: ReadonlySet<number> = new Set([
	0,
	1101,
	1102,
	1201,
	1202,
	1203,
	1204,
	1205,
	...range(1401, 1411),
	...range(1501, 1507),
	...range(1801, 1808),
]);

/** DestinationStatus ids both SDKs know (2140 is PHP only and crashes Python). */
export const SDK_STATUS_IDS: ReadonlySet<number> = new Set(range(2101, 2139));

function range(from: number, to: number): number[] {
	return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** Not anchored, DOTALL: the SDK's own envelope check. */
const ENVELOPE = /<response><handshake>(.+)<\/handshake>(<data>(.*)<\/data>)?<\/response>/s;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const INTEGER = /^-?\d+$/;
const BOOLEAN = /^(true|false)$/;

export interface SdkAnswer {
	/** The XML after any gzbin decoding. */
	xml: string;
	mediaType: string;
	handshakeId: number;
	/** The text between `<data>` and `</data>`; undefined when there is no data element. */
	dataXml?: string;
	/** The parsed `data` (every value a string, lists always arrays); undefined without data. */
	data?: XmlNode;
}

/** A parsed XML node: an element's text, a list (LISTS), or an element of named members. */
export type XmlNode = string | XmlNode[] | { [member: string]: XmlNode };

/** The node at `path` under `node`; undefined where a step is not an element or lacks the member. */
export function at(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
	let here = node;
	for (const name of path)
		here = typeof here === 'object' && !Array.isArray(here) ? here[name] : undefined;
	return here;
}

/** A list's entries; none when the node is not a list (an empty element, a missing one). */
export function entries(node: XmlNode | undefined): XmlNode[] {
	return Array.isArray(node) ? node : [];
}

const LISTS = [
	'destinations.item',
	'values.value',
	'routeFilters.filter',
	'sms.sender',
	'voice.sender',
	'countryCodes.code',
	'countries.country',
	'messageTypes.type',
	'timeZones.region',
	'region.city',
];

const parser = new XMLParser({
	ignoreAttributes: false,
	attributeNamePrefix: '@_',
	parseTagValue: false,
	trimValues: false,
	isArray: (name: string, jPath: string) =>
		LISTS.some((list) => jPath.endsWith(list)) ||
		// A scheduled message, under whatever wrapper (not a destination's `message` text).
		(name === 'message' && !jPath.includes('.item.')),
});

export function fail(rule: string): never {
	throw new Error(`SDK would refuse the answer: ${rule}`);
}

/** The SDK's checks on every answer, in its order: HTTP status, media type, decoding, envelope, handshake. */
export function readSdk(answer: RawAnswer): SdkAnswer {
	if (answer.status !== 200) fail(`HTTP ${answer.status} raises before the body is read`);
	const mediaType = answer.headers['content-type'];
	if (typeof mediaType !== 'string' || !SDK_MEDIA_TYPES.includes(mediaType)) {
		fail(`Content-Type ${String(mediaType)} is not one of the SDK's labels`);
	}
	if (!mediaType.endsWith('xml')) fail(`the SDK parses XML only, not ${mediaType}`);
	const xml = mediaType.includes('gzbin') ? unpack(answer.body) : answer.body;
	const envelope = ENVELOPE.exec(xml);
	if (!envelope) fail(`the envelope check does not match: ${xml.slice(0, 200)}`);
	if (xml.includes('<data/>')) fail('<data/> in the answer');
	const id = /<id>([^<]*)<\/id>/.exec(envelope[1])?.[1];
	if (id === undefined || !INTEGER.test(id)) fail(`handshake id ${String(id)} is not an integer`);
	const handshakeId = Number(id);
	if (!SDK_HANDSHAKE_IDS.has(handshakeId))
		fail(`handshake id ${handshakeId} is not in the SDK's enum`);
	const out: SdkAnswer = { xml, mediaType, handshakeId };
	if (envelope[2] === undefined) {
		if (handshakeId === 0) fail('a successful answer without data');
		return out;
	}
	out.dataXml = envelope[3];
	if (handshakeId === 0 && out.dataXml.trim() === '') fail('empty data on success');
	out.data = parser.parse(`<data>${out.dataXml}</data>`).data;
	return out;
}

/** base64, then gzip (RFC 1952). */
function unpack(body: string): string {
	if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body)) fail('a gzbin body that is not base64');
	const bytes = Buffer.from(body, 'base64');
	if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) fail('a gzbin body that is not gzip');
	return gunzipSync(bytes).toString('utf8');
}

export function integer(value: unknown, what: string): number {
	if (typeof value !== 'string' || !INTEGER.test(value))
		fail(`${what} ${String(value)} is not an integer`);
	return Number(value);
}

export function boolean(value: unknown, what: string): void {
	if (typeof value !== 'string' || !BOOLEAN.test(value))
		fail(`${what} ${String(value)} is not true/false`);
}

export function timestamp(value: unknown, what: string): void {
	if (value === undefined) return;
	if (typeof value !== 'string' || !DATE_TIME.test(value))
		fail(`${what} ${JSON.stringify(value)} is not YYYY-MM-DD HH:MM:SS`);
}

/** The send answer (and delivery report) reader: what both SDKs read under `data`. */
export function readSendResult(answer: SdkAnswer): XmlSendData {
	const data = answer.data;
	if (answer.handshakeId !== 0 || !data) fail('no send result to read');
	// A batch left with no destinations (all deleted by an update) ends in an empty element.
	if (!/(<\/destinations>|<destinations\/>)$/.test(answer.dataXml ?? ''))
		fail('destinations is not the last element of data');
	if (/<(submitDateTime|reportDateTime)(\/>|><\/)/.test(answer.xml)) fail('an empty timestamp');
	// Both SDKs raise on a missing category or on `1`; Python's getters need batch, category, delivery, destinations.
	const category = at(data, 'category');
	if (typeof category !== 'string' || !['sms', 'voice', 'ussd'].includes(category))
		fail(`category ${String(category)} is not a label`);
	const batch = at(data, 'batch');
	if (typeof batch !== 'string' || batch === '') fail('batch missing');
	const destinations = at(data, 'destinations');
	if (destinations === undefined) fail('destinations missing');
	for (const member of ['text', 'sender']) {
		const value = at(data, member);
		if (value !== undefined && typeof value !== 'string') fail(`${member} is not text`);
	}
	const typeNode = at(data, 'type');
	if (typeNode !== undefined) {
		const type = integer(typeNode, 'type');
		if (type < 0 || type > 3) fail(`type ${type} outside 0-3`);
	}
	const personalised = at(data, 'personalised');
	if (personalised !== undefined) boolean(personalised, 'personalised');
	boolean(at(data, 'delivery'), 'delivery');
	const items = entries(at(destinations, 'item'));
	const count = at(data, 'destinationsCount');
	if (count !== undefined && integer(count, 'destinationsCount') !== items.length) {
		fail('destinationsCount differs from the items');
	}
	for (const item of items) readDestination(item);
	// Every member the SDK reads is checked above: the tests read it as the XML send result.
	return data as unknown as XmlSendData;
}

/**
 * An item for an id the batch does not hold (a report by message id, an update) carries only the
 * id, status 2101 and its validation; every other item needs its number too.
 */
function readDestination(item: XmlNode): void {
	const status = integer(at(item, 'status', 'id'), 'status id');
	if (typeof at(item, 'id') !== 'string') fail('a destination without id');
	if (typeof at(item, 'to') !== 'string' && status !== 2101) fail('a destination without to');
	if (!SDK_STATUS_IDS.has(status)) fail(`status ${status} is not in both SDKs' enum`);
	const messageCount = at(item, 'messageCount');
	if (messageCount !== undefined) integer(messageCount, 'messageCount');
	if (at(item, 'validation') !== undefined) integer(at(item, 'validation', 'id'), 'validation id');
	timestamp(at(item, 'submitDateTime'), 'submitDateTime');
	timestamp(at(item, 'reportDateTime'), 'reportDateTime');
}

/** The balance reader: an integer unless the model is `currency`. */
export function readBalance(answer: SdkAnswer): SdkBalance {
	const data = answer.data;
	if (answer.handshakeId !== 0 || !data) fail('no balance to read');
	for (const member of ['balance', 'model', 'currencyName', 'currencyCode']) {
		if (at(data, member) === undefined) fail(`${member} missing`);
	}
	const balance = at(data, 'balance');
	if (at(data, 'model') === 'currency') {
		if (Number.isNaN(Number(balance))) fail('balance is not a number');
	} else {
		integer(balance, 'balance');
	}
	return data as unknown as SdkBalance;
}

/** The balance as the SDK reads it: every member text. */
export interface SdkBalance {
	balance: string;
	model: string;
	currencyName: string;
	currencyCode: string;
}

export { readProfile } from './sdk-profile-reader';
export {
	readReport,
	readScheduledDestinations,
	readScheduledMessages,
} from './sdk-lifecycle-reader';
