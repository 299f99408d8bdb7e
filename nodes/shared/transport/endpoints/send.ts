// POST /v5/message/sms/send (SMSOnlineGH v5 API documentation, "Non-personalised", "Personalised",
// "Scheduling", "Delivery push"); the answer read as the docs show it and as Zenoph.Notify reads it.
import { xmlElement, xmlFlatElement } from '../codec';
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

export interface WireDestinationRequest {
	number: string;
	/** A custom message id: 30-40 characters of `A-Za-z0-9-`, unique per account (vendor SDK). */
	id?: string;
	values?: Array<string | number>;
}

export interface WirePersonalisedDestination extends WireDestinationRequest {
	values: Array<string | number>;
}

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

/** The SDKs cannot report USSD, so the node neither sends nor reads it. */
export type MessageCategory = 'sms' | 'voice';

/** `id`, `to`, `status` from the v5 documentation's example; the rest as Zenoph.Notify reads them. */
export interface WireDestinationResult {
	id: string;
	to: string;
	/** The label is shown, never interpreted (the SDK reads only the id). */
	status: WireStatus;
	country?: string;
	message?: string;
	/** Message parts the service counts (and bills) for this destination. */
	messageCount?: number;
	submitDateTime?: string;
	reportDateTime?: string;
	validation?: WireStatus;
	values?: Array<string | number>;
}

export interface WireSendResult {
	batch: string;
	/** An id (documentation's example) or a label in any case (what the SDK requires). */
	category?: MessageCategory;
	delivery: boolean;
	destinations: WireDestinationResult[];
	text?: string;
	type?: number;
	sender?: string;
	personalised?: boolean;
	destinationsCount?: number;
}

/** XML written by hand, byte for byte as encodeXmlRequest's builder would: see docs/performance.md. */
export function encodeMessageUnit(unit: WireMessageUnit, format: WireDataFormat): string {
	if (format === 'json') return JSON.stringify(unit);
	const parts: string[] = [
		'<request>',
		xmlElement('text', unit.text),
		xmlElement('type', unit.type),
		xmlElement('sender', unit.sender),
		'<destinations>',
	];
	for (const d of unit.destinations)
		parts.push(typeof d === 'string' ? xmlElement('to', d) : xmlDestination(d));
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

/** Undefined when absent or malformed: the member is optional. */
export function readCategory(value: unknown): WireCategory | undefined {
	const id = optionalInteger(value);
	if (id !== undefined) return CATEGORY_IDS[id];
	if (typeof value !== 'string') return undefined;
	const label = value.trim().toLowerCase();
	return label === 'sms' || label === 'voice' || label === 'ussd' ? label : undefined;
}

const SMS_ONLY: readonly MessageCategory[] = ['sms'];

export const REPORTED_CATEGORIES: readonly MessageCategory[] = ['sms', 'voice'];

function categoryName(category: MessageCategory): string {
	return category === 'sms' ? 'SMS' : category;
}

function readValues(value: unknown): Array<string | number> | undefined {
	const list = decoded(() => toList(value, 'values is not a list', 'value'));
	if (!list.ok || list.value.length === 0) return undefined;
	const values = list.value;
	return values.every((v) => typeof v === 'string' || typeof v === 'number')
		? (values as Array<string | number>)
		: undefined;
}

function readValidation(value: unknown): WireStatus | undefined {
	if (!isObject(value)) return undefined;
	const id = optionalInteger(value.id);
	return id === undefined ? undefined : { id, label: optionalText(value.label) ?? '' };
}

function put<K extends keyof WireDestinationResult>(
	target: WireDestinationResult,
	member: K,
	value: WireDestinationResult[K],
): void {
	if (value !== undefined) target[member] = value;
}

/** Most answers have few of these, so each is tested before it is read. */
function addDestinationExtras(
	target: WireDestinationResult,
	value: Record<string, unknown>,
	validation: WireStatus | undefined,
): void {
	if (value.country !== undefined) put(target, 'country', optionalText(value.country));
	if (value.message !== undefined) put(target, 'message', optionalText(value.message));
	if (value.messageCount !== undefined) {
		const messageCount = optionalInteger(value.messageCount);
		put(
			target,
			'messageCount',
			messageCount !== undefined && messageCount >= 0 ? messageCount : undefined,
		);
	}
	if (value.submitDateTime !== undefined)
		put(target, 'submitDateTime', optionalDateTime(value.submitDateTime));
	if (value.reportDateTime !== undefined)
		put(target, 'reportDateTime', optionalDateTime(value.reportDateTime));
	put(target, 'validation', validation);
	if (value.values !== undefined) put(target, 'values', readValues(value.values));
}

function withoutUndefined<T extends object>(value: T): T {
	return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The report reader has its own maker, as V8 pretenures per allocation site (docs/performance.md). */
export type DestinationMaker = (
	id: string,
	to: string,
	statusId: number,
	statusLabel: string,
) => WireDestinationResult;

const makeSendDestination: DestinationMaker = (id, to, statusId, statusLabel) => ({
	id,
	to,
	status: { id: statusId, label: statusLabel },
});

export function readDestination(
	value: unknown,
	index: number,
	make: DestinationMaker = makeSendDestination,
): WireDestinationResult {
	if (!isObject(value))
		throw new UnreadableResponseError(`destination ${index + 1} is not an object`);
	const status = value.status;
	if (!isObject(status))
		throw new UnreadableResponseError(`destination ${index + 1} has no status`);
	const validation = value.validation === undefined ? undefined : readValidation(value.validation);
	// A report query's answer for an id the service could not check names no number.
	const unchecked =
		validation !== undefined &&
		validation.id !== 2401 &&
		(value.to === undefined || value.to === null);
	const destination = make(
		toText(value.id, `destination ${index + 1} id`),
		unchecked ? '' : toText(value.to, `destination ${index + 1} number`),
		toInteger(status.id, `destination ${index + 1} status id`),
		typeof status.label === 'string' ? status.label : '',
	);
	addDestinationExtras(destination, value, validation);
	return destination;
}

export type SendAnswer<D> = Omit<WireSendResult, 'destinations'> & { destinations: D[] };

export interface DestinationReading {
	/** Drop each destination from the decoded list once read, so it can be collected young. */
	release?: boolean;
	make?: DestinationMaker;
	categories?: readonly MessageCategory[];
}

/** Batch and each destination's id, number and status are required: without them no number can be told its fate. */
export function readSendAnswer<D>(
	data: unknown,
	each: (
		destination: WireDestinationResult,
		batch: string,
		category: MessageCategory | undefined,
	) => D,
	{ release = false, make = makeSendDestination, categories = SMS_ONLY }: DestinationReading = {},
): SendAnswer<D> {
	if (!isObject(data)) throw new UnreadableResponseError('the send response has no data');
	const category = readCategory(data.category);
	// An answer about another category is not about this request.
	if (category !== undefined && !(categories as readonly WireCategory[]).includes(category)) {
		throw new UnreadableResponseError(
			`the answer names the message category ${category}, not ${categories.map(categoryName).join(' or ')}`,
		);
	}
	// A JSON report's list comes unparsed (jsonList); each destination is parsed when reached.
	const list =
		data.destinations instanceof JsonList
			? data.destinations
			: toList(data.destinations, 'the send response has no destinations list');
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
		if (list instanceof JsonList)
			destinations.push(each(readDestination(list.at(i), i, make), batch, answered));
		else {
			destinations.push(each(readDestination(list[i], i, make), batch, answered));
			if (release) list[i] = undefined;
		}
	}
	return { batch, ...(answered ? { category: answered } : {}), delivery, destinations, ...echoes };
}

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

export function decodeSendResult(data: unknown): Decoded<WireSendResult> {
	return decoded(() => readSendResult(data));
}

export interface DestinationReceipt {
	messageId: string;
	to: string;
	status: { id: number; label: string };
	country?: string;
	/** Message parts the service bills for this destination (its `messageCount`). */
	partsBilled?: number;
	/** `YYYY-MM-DD HH:MM:SS`. */
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
	return withReceiptDetails(
		{ messageId: d.id, to: d.to, status: { id: d.status.id, label: d.status.label } },
		d,
	);
}

/** The caller makes the receipt: each caller's literal is its own allocation site for V8's pretenuring. */
export function withReceiptDetails(
	receipt: DestinationReceipt,
	d: WireDestinationResult,
): DestinationReceipt {
	if (d.country !== undefined) receipt.country = d.country;
	if (d.messageCount !== undefined) receipt.partsBilled = d.messageCount;
	if (d.submitDateTime !== undefined) receipt.submittedAt = d.submitDateTime;
	if (d.reportDateTime !== undefined) receipt.reportedAt = d.reportDateTime;
	if (d.validation !== undefined) receipt.validation = d.validation.id;
	return receipt;
}

/** The request's echoes are dropped: the node knows what it sent and counts parts itself. */
export function fromWireSendResult(data: WireSendResult): SendReceipt {
	return {
		batch: data.batch,
		// An answer that names no category is about SMS.
		category: data.category === 'voice' ? 'voice' : 'sms',
		delivery: data.delivery,
		destinations: data.destinations.map(fromWireDestination),
	};
}
