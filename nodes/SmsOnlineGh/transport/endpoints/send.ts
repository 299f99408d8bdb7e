/**
 * POST /v5/message/sms/send: the message unit it takes and the send result it answers with
 * (SMSOnlineGH v5 API documentation, "Non-personalised" and "Personalised" SMS; schedule and
 * callback members from its "Scheduling" and "Delivery push" pages). The answer is read in every
 * form the service may send it: as the documentation's examples show it and as the vendor's SDK
 * (Zenoph.Notify) reads it, which has more members and names the category by its label.
 */
import { SEND_FIX } from '../failure';
import { XML_DECLARATION, xmlElement, xmlFlatElement } from '../codec';
import type { Decoded } from '../read';
import {
	decoded,
	isObject,
	optionalBoolean,
	optionalDateTime,
	optionalInteger,
	optionalText,
	toBoolean,
	toInteger,
	toList,
	toText,
	UnreadableResponseError,
} from '../read';
import type { DataReader } from '../service';
import type { WireDataFormat, WireStatus } from '../wire';

export const SEND_PATH = '/v5/message/sms/send';

/** A destination in object form: with the client's own message id, or values, or both. */
export interface WireDestinationRequest {
	number: string;
	/** A custom message id: 30-40 characters of `A-Za-z0-9-`, unique per account (vendor SDK). */
	id?: string;
	values?: Array<string | number>;
}

export interface WirePersonalisedDestination extends WireDestinationRequest {
	values: Array<string | number>;
}

/** Request body of the send operation. */
export interface WireMessageUnit {
	text: string;
	type: number;
	sender: string;
	destinations: Array<string | WireDestinationRequest>;
	schedule?: { dateTime: string; offset?: string };
	callback?: { url: string; accept: string };
}

/** The message categories of the service: 1 SMS, 2 voice, 3 USSD. */
export type WireCategory = 'sms' | 'voice' | 'ussd';

/**
 * One destination of a send answer. `id`, `to` and `status` are in the v5 API documentation's
 * example; the rest are what the vendor's SDK (Zenoph.Notify) reads from the same answer (and from
 * delivery reports, which share its shape), each optional.
 */
export interface WireDestinationResult {
	id: string;
	to: string;
	/** The label is shown, never interpreted (the SDK reads only the id). */
	status: WireStatus;
	country?: string;
	/** The text this destination receives. */
	message?: string;
	/** Message parts the service counts (and bills) for this destination. */
	messageCount?: number;
	/** `YYYY-MM-DD HH:MM:SS`. */
	submitDateTime?: string;
	reportDateTime?: string;
	validation?: WireStatus;
	values?: Array<string | number>;
}

export interface WireSendResult {
	batch: string;
	/**
	 * Read from the id (1, the documentation's example) or the label (`sms` in any case, what the
	 * SDK requires). Only SMS gets this far: the reader refuses an answer naming another category.
	 */
	category?: 'sms';
	delivery: boolean;
	destinations: WireDestinationResult[];
	/** Echoes of the request, as the SDK reads them. */
	text?: string;
	type?: number;
	sender?: string;
	personalised?: boolean;
	destinationsCount?: number;
}

/**
 * The request body. XML is written directly, as fast-xml-parser's builder writes the same
 * `<request>` (encodeXmlRequest, which the tests compare it with): a unit of 1000 personalised
 * destinations is 9000 elements, and the builder's generic walk over them costs more than the
 * rest of the node's work on them.
 */
export function encodeMessageUnit(unit: WireMessageUnit, format: WireDataFormat): string {
	if (format === 'json') return JSON.stringify(unit);
	const parts: string[] = [
		XML_DECLARATION,
		'<request>',
		xmlElement('text', unit.text),
		xmlElement('type', unit.type),
		xmlElement('sender', unit.sender),
		'<destinations>',
	];
	for (const d of unit.destinations) parts.push(typeof d === 'string' ? xmlElement('to', d) : xmlDestination(d));
	parts.push('</destinations>');
	if (unit.schedule) parts.push(xmlFlatElement('schedule', unit.schedule));
	if (unit.callback) parts.push(xmlFlatElement('callback', unit.callback));
	parts.push('</request>');
	return parts.join('');
}

function xmlDestination(d: WireDestinationRequest): string {
	let to = `<to>${xmlElement('number', d.number)}`;
	if (d.id !== undefined) to += xmlElement('id', d.id);
	if (d.values !== undefined) {
		to += '<values>';
		for (const value of d.values) to += xmlElement('value', value);
		to += '</values>';
	}
	return `${to}</to>`;
}

const CATEGORY_IDS: Readonly<Record<number, WireCategory>> = { 1: 'sms', 2: 'voice', 3: 'ussd' };

/**
 * The category named by an id (`1`, or `"1"` in XML) or a label (`sms`, `SMS`, …); undefined when
 * it is absent or names no category at all (a malformed optional member, left out).
 */
export function readCategory(value: unknown): WireCategory | undefined {
	const id = optionalInteger(value);
	if (id !== undefined) return CATEGORY_IDS[id];
	if (typeof value !== 'string') return undefined;
	const label = value.trim().toLowerCase();
	return label === 'sms' || label === 'voice' || label === 'ussd' ? label : undefined;
}

/** `values/value*` in XML, an array in JSON; left out unless every value is text or a number. */
function readValues(value: unknown): Array<string | number> | undefined {
	const list = decoded(() => toList(value, 'values is not a list', 'value'));
	if (!list.ok || list.value.length === 0) return undefined;
	const values = list.value;
	return values.every((v) => typeof v === 'string' || typeof v === 'number') ? (values as Array<string | number>) : undefined;
}

/** `validation/id` (and its label, shown only), or undefined when there is no integer id. */
function readValidation(value: unknown): WireStatus | undefined {
	if (!isObject(value)) return undefined;
	const id = optionalInteger(value.id);
	return id === undefined ? undefined : { id, label: optionalText(value.label) ?? '' };
}

/**
 * The members the SDK reads beyond id, to and status: each kept only when it reads. Most answers
 * have none of them, so each is tested before anything is built (read for every destination).
 */
function readDestinationExtras(value: Record<string, unknown>): Partial<WireDestinationResult> {
	const extras: Partial<WireDestinationResult> = {};
	if (value.country !== undefined) extras.country = optionalText(value.country);
	if (value.message !== undefined) extras.message = optionalText(value.message);
	if (value.messageCount !== undefined) {
		const messageCount = optionalInteger(value.messageCount);
		extras.messageCount = messageCount !== undefined && messageCount >= 0 ? messageCount : undefined;
	}
	if (value.submitDateTime !== undefined) extras.submitDateTime = optionalDateTime(value.submitDateTime);
	if (value.reportDateTime !== undefined) extras.reportDateTime = optionalDateTime(value.reportDateTime);
	if (value.validation !== undefined) extras.validation = readValidation(value.validation);
	if (value.values !== undefined) extras.values = readValues(value.values);
	for (const key of Object.keys(extras) as Array<keyof WireDestinationResult>) {
		if (extras[key] === undefined) delete extras[key];
	}
	return extras;
}

function withoutUndefined<T extends object>(value: T): T {
	return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function readDestination(value: unknown, index: number): WireDestinationResult {
	if (!isObject(value)) throw new UnreadableResponseError(`destination ${index + 1} is not an object`);
	const status = value.status;
	if (!isObject(status)) throw new UnreadableResponseError(`destination ${index + 1} has no status`);
	const extras = readDestinationExtras(value);
	// A report query's answer for an id the service could not check names no number.
	const unchecked =
		extras.validation !== undefined && extras.validation.id !== 2401 && (value.to === undefined || value.to === null);
	return {
		id: toText(value.id, `destination ${index + 1} id`),
		to: unchecked ? '' : toText(value.to, `destination ${index + 1} number`),
		status: {
			id: toInteger(status.id, `destination ${index + 1} status id`),
			label: typeof status.label === 'string' ? status.label : '',
		},
		...extras,
	};
}

/**
 * The send answer's data. `batch`, the destinations and each one's id, number and status are
 * required: without them no number can be told its fate. Members are found by name wherever they
 * stand in `data`, and members the node does not know are ignored.
 */
export function readSendResult(data: unknown): WireSendResult {
	if (!isObject(data)) throw new UnreadableResponseError('the send response has no data');
	const category = readCategory(data.category);
	// The node sends only SMS: an answer about a voice or USSD message is not about this request.
	if (category !== undefined && category !== 'sms') {
		throw new UnreadableResponseError(`the answer names the message category ${category}, not SMS`);
	}
	const destinations = toList(data.destinations, 'the send response has no destinations list');
	const echoes = withoutUndefined({
		text: optionalText(data.text),
		type: optionalInteger(data.type),
		sender: optionalText(data.sender),
		personalised: optionalBoolean(data.personalised),
		destinationsCount: optionalInteger(data.destinationsCount),
	});
	return {
		batch: toText(data.batch, 'batch'),
		...(category ? { category } : {}),
		delivery: toBoolean(data.delivery),
		destinations: destinations.map(readDestination),
		...echoes,
	};
}

export const sendResultReader: DataReader<WireSendResult> = {
	xmlLists: ['destinations.item', 'destinations.item.values.value'],
	read: readSendResult,
	// Handshake 0: the service took the request, but its per-number answer is unreadable.
	unreadable: (reason) => ({
		message: `The SMS service accepted the request but its answer could not be read: ${SEND_FIX}`,
		description: `The handshake was 0 (accepted), but ${reason}. The messages were probably sent: check the sent messages in your SMSOnlineGH account before sending again.`,
	}),
};

/** Reads the data of a send answer, JSON or XML shaped. */
export function decodeSendResult(data: unknown): Decoded<WireSendResult> {
	return decoded(() => readSendResult(data));
}
