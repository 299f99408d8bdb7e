/**
 * POST /v5/message/sms/send: the message unit it takes and the send result it answers with
 * (SMSOnlineGH v5 API documentation, "Non-personalised" and "Personalised" SMS; schedule and
 * callback members from its "Scheduling" and "Delivery push" pages). The answer is read in every
 * form the service may send it: as the documentation's examples show it and as the vendor's SDK
 * (Zenoph.Notify) reads it, which has more members and names the category by its label. The
 * answer in the node's words (SendReceipt, one DestinationReceipt per number) is mapped here too:
 * delivery reports, pushed or asked for, have the same shape.
 */
import { XML_DECLARATION, xmlElement, xmlFlatElement } from '../codec';
import { SEND_FIX } from '../failure';
import { JsonList } from '../json-content';
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
 * The categories the node sends, and so reads answers about (the SDKs cannot report USSD). An
 * answer names one as an id, a label in any case or not at all; the node always says `sms` or `voice`.
 */
export type MessageCategory = 'sms' | 'voice';

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
	 * Read from the id (1, the documentation's example; 2 for voice) or the label (`sms`, `voice`
	 * in any case, what the SDK requires). Only the categories the reader expects get this far
	 * (DestinationReading's `categories`): it refuses an answer naming another one.
	 */
	category?: MessageCategory;
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

const SMS_ONLY: readonly MessageCategory[] = ['sms'];

/**
 * The categories a delivery report may be about, asked for (Get Delivery Report) or pushed (the
 * trigger): those the node sends, SMS and voice (the SDKs cannot report USSD).
 */
export const REPORTED_CATEGORIES: readonly MessageCategory[] = ['sms', 'voice'];

function categoryName(category: MessageCategory): string {
	return category === 'sms' ? 'SMS' : category;
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

/** Sets `member` to `value` unless it is undefined. */
function put<K extends keyof WireDestinationResult>(target: WireDestinationResult, member: K, value: WireDestinationResult[K]): void {
	if (value !== undefined) target[member] = value;
}

/**
 * The members the SDK reads beyond id, to and status, added to `target` when they read. Most
 * answers have few of them, so each is tested before anything is read (for every destination).
 */
function addDestinationExtras(target: WireDestinationResult, value: Record<string, unknown>, validation: WireStatus | undefined): void {
	if (value.country !== undefined) put(target, 'country', optionalText(value.country));
	if (value.message !== undefined) put(target, 'message', optionalText(value.message));
	if (value.messageCount !== undefined) {
		const messageCount = optionalInteger(value.messageCount);
		put(target, 'messageCount', messageCount !== undefined && messageCount >= 0 ? messageCount : undefined);
	}
	if (value.submitDateTime !== undefined) put(target, 'submitDateTime', optionalDateTime(value.submitDateTime));
	if (value.reportDateTime !== undefined) put(target, 'reportDateTime', optionalDateTime(value.reportDateTime));
	put(target, 'validation', validation);
	if (value.values !== undefined) put(target, 'values', readValues(value.values));
}

function withoutUndefined<T extends object>(value: T): T {
	return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Makes the object of one read destination. The report reader has its own (endpoints/report.ts):
 * V8 decides for each place in the code that makes objects whether to make them straight in its
 * old generation, and decides so for a send's destinations, held while its items are built; a
 * report's, garbage as soon as its item is built, would then fill the old generation until V8's
 * next full collection.
 */
export type DestinationMaker = (id: string, to: string, statusId: number, statusLabel: string) => WireDestinationResult;

const makeSendDestination: DestinationMaker = (id, to, statusId, statusLabel) => ({ id, to, status: { id: statusId, label: statusLabel } });

export function readDestination(value: unknown, index: number, make: DestinationMaker = makeSendDestination): WireDestinationResult {
	if (!isObject(value)) throw new UnreadableResponseError(`destination ${index + 1} is not an object`);
	const status = value.status;
	if (!isObject(status)) throw new UnreadableResponseError(`destination ${index + 1} has no status`);
	const validation = value.validation === undefined ? undefined : readValidation(value.validation);
	// A report query's answer for an id the service could not check names no number.
	const unchecked = validation !== undefined && validation.id !== 2401 && (value.to === undefined || value.to === null);
	// One object, the extras added to it: a report reads 100,000 of them, and each object less is
	// memory V8 must collect.
	const destination = make(
		toText(value.id, `destination ${index + 1} id`),
		unchecked ? '' : toText(value.to, `destination ${index + 1} number`),
		toInteger(status.id, `destination ${index + 1} status id`),
		typeof status.label === 'string' ? status.label : '',
	);
	addDestinationExtras(destination, value, validation);
	return destination;
}

/** A send answer whose destinations were read into something else as they were reached. */
export type SendAnswer<D> = Omit<WireSendResult, 'destinations'> & { destinations: D[] };

/** How readSendAnswer reads the destinations. */
export interface DestinationReading {
	/** Let go of each destination of the answer's list once read (the list is the decoded body's, read once). */
	release?: boolean;
	make?: DestinationMaker;
	/** The categories the answer may name (default SMS only: the SMS send's answer is about SMS). */
	categories?: readonly MessageCategory[];
}

/**
 * The send answer's data, each destination handed to `each` as soon as it is read. `batch`, the
 * destinations and each one's id, number and status are required: without them no number can be
 * told its fate. Members are found by name wherever they stand in `data`, and members the node
 * does not know are ignored.
 *
 * A delivery report builds its output items as it reads, each destination let go of at once (with
 * `release`, in the answer's list too): a whole list of 1,000 destinations held while the items
 * are built outlives V8's young-generation collections and then takes memory until a full
 * collection, many answers later.
 */
export function readSendAnswer<D>(
	data: unknown,
	each: (destination: WireDestinationResult, batch: string, category: MessageCategory | undefined) => D,
	{ release = false, make = makeSendDestination, categories = SMS_ONLY }: DestinationReading = {},
): SendAnswer<D> {
	if (!isObject(data)) throw new UnreadableResponseError('the send response has no data');
	const category = readCategory(data.category);
	// An answer naming a category the request was not about (a voice answer to an SMS send, USSD
	// anywhere) is not about this request.
	if (category !== undefined && !(categories as readonly WireCategory[]).includes(category)) {
		throw new UnreadableResponseError(`the answer names the message category ${category}, not ${categories.map(categoryName).join(' or ')}`);
	}
	// A JSON report's list is left unparsed by the codec (deliveryReportReader's jsonList): each
	// destination is parsed as it is reached.
	const list = data.destinations instanceof JsonList ? data.destinations : toList(data.destinations, 'the send response has no destinations list');
	const echoes = withoutUndefined({
		text: optionalText(data.text),
		type: optionalInteger(data.type),
		sender: optionalText(data.sender),
		personalised: optionalBoolean(data.personalised),
		destinationsCount: optionalInteger(data.destinationsCount),
	});
	const batch = toText(data.batch, 'batch');
	const delivery = toBoolean(data.delivery);
	const answered = category as MessageCategory | undefined;
	const destinations: D[] = [];
	for (let i = 0; i < list.length; i++) {
		if (list instanceof JsonList) destinations.push(each(readDestination(list.at(i), i, make), batch, answered));
		else {
			destinations.push(each(readDestination(list[i], i, make), batch, answered));
			if (release) list[i] = undefined;
		}
	}
	return { batch, ...(answered ? { category: answered } : {}), delivery, destinations, ...echoes };
}

/** The send answer's data, its destinations as read. */
export function readSendResult(data: unknown): WireSendResult {
	return readSendAnswer(data, (destination) => destination);
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

export interface DestinationReceipt {
	messageId: string;
	to: string;
	status: { id: number; label: string };
	/** What the service says of this destination beyond its status, each only when it says it. */
	country?: string;
	/** Message parts the service bills for this destination (its `messageCount`). */
	partsBilled?: number;
	/** When the service submitted the message and when the delivery was reported, `YYYY-MM-DD HH:MM:SS`. */
	submittedAt?: string;
	reportedAt?: string;
	/** The destination's validation id (2401-2404, see meanings/validations.ts). */
	validation?: number;
}

export interface SendReceipt {
	batch: string;
	category: MessageCategory;
	delivery: boolean;
	destinations: DestinationReceipt[];
}

export function fromWireDestination(d: WireDestinationResult): DestinationReceipt {
	return withReceiptDetails({ messageId: d.id, to: d.to, status: { id: d.status.id, label: d.status.label } }, d);
}

/**
 * What the service says of a destination beyond its number and status, set on a receipt its
 * caller made: each caller's object literal is an allocation site of its own, which V8 pretenures
 * on its own (a send's receipts live with the run, a report's die at once: reportItems.ts).
 */
export function withReceiptDetails(receipt: DestinationReceipt, d: WireDestinationResult): DestinationReceipt {
	if (d.country !== undefined) receipt.country = d.country;
	if (d.messageCount !== undefined) receipt.partsBilled = d.messageCount;
	if (d.submitDateTime !== undefined) receipt.submittedAt = d.submitDateTime;
	if (d.reportDateTime !== undefined) receipt.reportedAt = d.reportDateTime;
	if (d.validation !== undefined) receipt.validation = d.validation.id;
	return receipt;
}

/**
 * Wire → node: a send result. The request's echoes (text, type, sender, personalised, the count of
 * destinations) and each destination's text and values are not kept: the node knows what it sent,
 * and its own count of characters and parts is what it reports beside the service's `partsBilled`.
 */
export function fromWireSendResult(data: WireSendResult): SendReceipt {
	return {
		batch: data.batch,
		// The reader refused any category the request was not about; an answer without one is about
		// SMS (an SMS send, or a report that does not say).
		category: data.category === 'voice' ? 'voice' : 'sms',
		delivery: data.delivery,
		destinations: data.destinations.map(fromWireDestination),
	};
}
