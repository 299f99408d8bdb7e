/**
 * Scheduled messages (`POST /v5/message/scheduled/…`: load, load/{batch}, destinations/load/{batch},
 * cancel, dispatch, update), as the vendor's SDK (Zenoph.Notify, v5) writes and reads them; the
 * SMSOnlineGH v5 API documentation lists cancel, dispatch and load without their bodies. A listed
 * message names its flag `personalise` (not the send answer's `personalised`), and the element
 * wrapping the messages is not known: the reader finds them under `messages` or under `data`.
 *
 * Voice (the vendor's SDK for voice): listed with category 2 (the PHP SDK's `<category>2</category>`);
 * a voice message names its stored `template` where an SMS has `text` and `type` (the template's
 * element name is the voice send's, the SDKs reading no more of it than sender and schedule). The
 * update, its body built from the loaded message, is in scheduledUpdate.ts.
 *
 * The node gets listed messages in its own words (listedMessagesReader).
 */
import { MESSAGE_TYPE_NAMES, type MessageTypeName } from '../../meanings/messageTypeIds';
import { encodeXmlRequest } from '../codec';
import {
	isObject,
	optionalBoolean,
	optionalInteger,
	optionalText,
	toList,
	toText,
	UnreadableResponseError,
} from '../read';
import type { DataReader } from '../service';
import type { WireDataFormat } from '../wire';
import {
	type MessageCategory,
	readCategory,
	readDestination,
	type WireCategory,
	type WireDestinationResult,
} from './send';

const ROOT = '/v5/message/scheduled';

export const SCHEDULED_LIST_PATH = `${ROOT}/load`;

export type ScheduledAction = 'load' | 'destinations/load' | 'cancel' | 'dispatch' | 'update';

export function scheduledPath(action: ScheduledAction, batch: string): string {
	return `${ROOT}/${action}/${encodeURIComponent(batch)}`;
}

/** The category ids the list is asked for by: SMS 1, voice 2 (requests send the id, answers the label). */
export const SCHEDULED_CATEGORY_IDS: Readonly<Record<MessageCategory, number>> = {
	sms: 1,
	voice: 2,
};

/** The list's filter: one category (1 SMS, 2 voice), and a time range given as a pair or not at all. */
export interface WireScheduledFilter {
	category: number;
	dateTime?: { from: string; to: string; offset?: string };
}

/** A time range of the list, both ends given (the service takes the pair or nothing). */
export interface ScheduledRange {
	from: string;
	to: string;
	offset?: string;
}

/** The list's filter for the node's category and range. */
export function toWireScheduledFilter(
	category: MessageCategory,
	range: ScheduledRange | undefined,
): WireScheduledFilter {
	const filter: WireScheduledFilter = { category: SCHEDULED_CATEGORY_IDS[category] };
	if (range) filter.dateTime = { ...range };
	return filter;
}

export function encodeScheduledFilter(filter: WireScheduledFilter, format: WireDataFormat): string {
	return format === 'json' ? JSON.stringify(filter) : encodeXmlRequest({ ...filter });
}

export interface WireScheduledMessage {
	batch: string;
	category?: WireCategory;
	type?: number;
	text?: string;
	/** A voice message's stored template, in place of `text` and `type`. */
	template?: string;
	personalised?: boolean;
	sender?: string;
	schedule?: { dateTime: string; offset?: string };
	callback?: { url: string; accept: string };
	destinationsCount?: number;
}

function readScheduleMember(value: unknown): WireScheduledMessage['schedule'] {
	if (!isObject(value)) return undefined;
	const dateTime = optionalText(value.dateTime);
	if (dateTime === undefined) return undefined;
	const offset = optionalText(value.offset);
	return offset === undefined
		? { dateTime: dateTime.trim() }
		: { dateTime: dateTime.trim(), offset: offset.trim() };
}

function readCallbackMember(value: unknown): WireScheduledMessage['callback'] {
	if (!isObject(value)) return undefined;
	const url = optionalText(value.url);
	return url === undefined
		? undefined
		: { url, accept: optionalText(value.accept) ?? 'application/xml' };
}

function readScheduledMessage(value: unknown, index: number): WireScheduledMessage {
	if (!isObject(value))
		throw new UnreadableResponseError(`scheduled message ${index + 1} is not an object`);
	const message: WireScheduledMessage = {
		batch: toText(value.batch, `scheduled message ${index + 1} batch`),
	};
	const members: Partial<WireScheduledMessage> = {
		category: readCategory(value.category),
		type: optionalInteger(value.type),
		text: optionalText(value.text),
		template: optionalText(value.template),
		personalised: optionalBoolean(value.personalise ?? value.personalised),
		sender: optionalText(value.sender),
		schedule: readScheduleMember(value.schedule),
		callback: readCallbackMember(value.callback),
		destinationsCount: optionalInteger(value.destinationsCount),
	};
	for (const [key, member] of Object.entries(members)) {
		if (member !== undefined) (message as unknown as Record<string, unknown>)[key] = member;
	}
	return message;
}

/** The messages of a list answer: under `messages` (a list, or `<messages><message>…`), or `message` entries directly under `data`. */
function readScheduledMessages(data: unknown): WireScheduledMessage[] {
	if (Array.isArray(data)) return readScheduledMessages({ messages: data });
	if (!isObject(data)) throw new UnreadableResponseError('the answer has no data');
	const holder = data.messages !== undefined ? data.messages : data;
	const list = toList(holder === '' ? [] : holder, 'the messages are not a list', 'message');
	// The node asks for SMS or voice; a USSD message (which neither SDK can read) is none of its.
	return list.map(readScheduledMessage).filter((message) => message.category !== 'ussd');
}

/**
 * The category of a listed message: the one it names, or, when it names none, voice for a message
 * with a template and no text (the voice shape), SMS otherwise (as before voice was read).
 */
export function scheduledCategory(message: WireScheduledMessage): MessageCategory {
	if (message.category === 'voice') return 'voice';
	if (
		message.category === undefined &&
		message.template !== undefined &&
		message.text === undefined
	)
		return 'voice';
	return 'sms';
}

export const scheduledMessagesReader: DataReader<WireScheduledMessage[]> = {
	xmlLists: ['messages.message', 'message'],
	read: readScheduledMessages,
	unreadable: (reason) => ({
		message:
			'The SMS service sent a list of scheduled messages that could not be read: try again later',
		description: `HTTP 200 and handshake 0, but ${reason}. Reading the list changes nothing: try again later.`,
	}),
};

function readDestinationList(data: unknown): WireDestinationResult[] {
	if (!isObject(data)) throw new UnreadableResponseError('the answer has no data');
	return toList(data.destinations, 'the destinations are not a list').map((destination, index) =>
		readDestination(destination, index),
	);
}

export const scheduledDestinationsReader: DataReader<WireDestinationResult[]> = {
	xmlLists: ['destinations.item', 'destinations.item.values.value'],
	read: readDestinationList,
	unreadable: (reason) => ({
		message:
			'The SMS service sent the destinations of a scheduled message that could not be read: try again later',
		description: `HTTP 200 and handshake 0, but ${reason}. Reading them changes nothing: try again later.`,
	}),
};

/** Cancel and dispatch: the handshake is the whole answer (the vendor's SDK reads nothing else). */
export const acknowledgementReader: DataReader<null> = {
	xmlLists: [],
	read: () => null,
	unreadable: (reason) => ({
		message: 'The SMS service sent an answer that could not be read: try again later',
		description: reason,
	}),
};

/** A message waiting for its time, as the service lists it. */
export interface ScheduledMessage {
	batch: string;
	category: MessageCategory;
	messageType: MessageTypeName | null;
	/** For a personalised message, the template as the node sent it (one variable per occurrence). */
	text: string | null;
	personalised: boolean;
	sender: string | null;
	/** `YYYY-MM-DD HH:MM:SS` in the offset beside it (the account's time zone when there is none). */
	scheduledAt: string | null;
	utcOffset: string | null;
	deliveryReportUrl?: string;
	destinationsCount?: number;
}

/** A voice message waiting for its time: its template where an SMS has its type and text. */
export interface ScheduledVoiceMessage {
	batch: string;
	category: 'voice';
	template: string | null;
	sender: string | null;
	scheduledAt: string | null;
	utcOffset: string | null;
	deliveryReportUrl?: string;
	destinationsCount?: number;
}

/** What both shapes say after their content: the report URL and the count, when the service gives them. */
function withDelivery<T extends ScheduledMessage | ScheduledVoiceMessage>(
	message: T,
	data: WireScheduledMessage,
): T {
	if (data.callback) message.deliveryReportUrl = data.callback.url;
	if (data.destinationsCount !== undefined) message.destinationsCount = data.destinationsCount;
	return message;
}

/** Wire → node: a scheduled SMS. */
export function fromWireScheduledMessage(data: WireScheduledMessage): ScheduledMessage {
	return withDelivery<ScheduledMessage>(
		{
			batch: data.batch,
			category: 'sms',
			messageType: data.type === undefined ? null : (MESSAGE_TYPE_NAMES.get(data.type) ?? null),
			text: data.text ?? null,
			personalised: data.personalised ?? false,
			sender: data.sender ?? null,
			scheduledAt: data.schedule?.dateTime ?? null,
			utcOffset: data.schedule?.offset ?? null,
		},
		data,
	);
}

/** Wire → node: a scheduled voice message (no personalised voice exists, so no such flag). */
export function fromWireScheduledVoiceMessage(data: WireScheduledMessage): ScheduledVoiceMessage {
	return withDelivery<ScheduledVoiceMessage>(
		{
			batch: data.batch,
			category: 'voice',
			template: data.template ?? null,
			sender: data.sender ?? null,
			scheduledAt: data.schedule?.dateTime ?? null,
			utcOffset: data.schedule?.offset ?? null,
		},
		data,
	);
}

/** Wire → node: a listed message in the shape of its category (scheduledCategory). */
export function fromWireListedMessage(
	data: WireScheduledMessage,
): ScheduledMessage | ScheduledVoiceMessage {
	return scheduledCategory(data) === 'voice'
		? fromWireScheduledVoiceMessage(data)
		: fromWireScheduledMessage(data);
}

/** A listed message in the shape of its category. */
export type ListedMessage = ScheduledMessage | ScheduledVoiceMessage;

/** The list, and `load/{batch}`, for the node: each message in its category's shape. */
export const listedMessagesReader: DataReader<ListedMessage[]> = {
	...scheduledMessagesReader,
	read: (data) => readScheduledMessages(data).map(fromWireListedMessage),
};
