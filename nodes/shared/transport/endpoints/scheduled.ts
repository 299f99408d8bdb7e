/**
 * Scheduled messages (`POST /v5/message/scheduled/…`), as the vendor's SDK (Zenoph.Notify, v5)
 * writes and reads them: `load` (the list, filtered by category and a time range), `load/{batch}`
 * (one message), `destinations/load/{batch}`, `cancel/{batch}`, `dispatch/{batch}` (send now) and
 * `update/{batch}`. The SMSOnlineGH v5 API documentation lists cancel, dispatch and load without
 * their bodies. A listed message names its flag `personalise` (not the send answer's
 * `personalised`); the element that wraps the messages is not known, so the reader finds them
 * under `messages` or directly under `data`. A listed message in the node's words
 * (ScheduledMessage) is mapped here too.
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
	sendResultReader,
	type WireDestinationResult,
} from './send';

const ROOT = '/v5/message/scheduled';

export const SCHEDULED_LIST_PATH = `${ROOT}/load`;

export type ScheduledAction = 'load' | 'destinations/load' | 'cancel' | 'dispatch' | 'update';

export function scheduledPath(action: ScheduledAction, batch: string): string {
	return `${ROOT}/${action}/${encodeURIComponent(batch)}`;
}

/** The list's filter: SMS (category 1), and a time range given as a pair or not at all. */
export interface WireScheduledFilter {
	category: number;
	dateTime?: { from: string; to: string; offset?: string };
}

export function encodeScheduledFilter(filter: WireScheduledFilter, format: WireDataFormat): string {
	return format === 'json' ? JSON.stringify(filter) : encodeXmlRequest({ ...filter });
}

export interface WireScheduledMessage {
	batch: string;
	category?: 'sms' | 'voice' | 'ussd';
	type?: number;
	text?: string;
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
	return offset === undefined ? { dateTime: dateTime.trim() } : { dateTime: dateTime.trim(), offset: offset.trim() };
}

function readCallbackMember(value: unknown): WireScheduledMessage['callback'] {
	if (!isObject(value)) return undefined;
	const url = optionalText(value.url);
	return url === undefined ? undefined : { url, accept: optionalText(value.accept) ?? 'application/xml' };
}

function readScheduledMessage(value: unknown, index: number): WireScheduledMessage {
	if (!isObject(value)) throw new UnreadableResponseError(`scheduled message ${index + 1} is not an object`);
	const message: WireScheduledMessage = { batch: toText(value.batch, `scheduled message ${index + 1} batch`) };
	const members: Partial<WireScheduledMessage> = {
		category: readCategory(value.category),
		type: optionalInteger(value.type),
		text: optionalText(value.text),
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
	// Only SMS is asked for; a voice or USSD message is not one of them.
	return list.map(readScheduledMessage).filter((message) => message.category === undefined || message.category === 'sms');
}

export const scheduledMessagesReader: DataReader<WireScheduledMessage[]> = {
	xmlLists: ['messages.message', 'message'],
	read: readScheduledMessages,
	unreadable: (reason) => ({
		message: 'The SMS service sent a list of scheduled messages that could not be read: try again later',
		description: `HTTP 200 and handshake 0, but ${reason}. Reading the list changes nothing: try again later.`,
	}),
};

function readDestinationList(data: unknown): WireDestinationResult[] {
	if (!isObject(data)) throw new UnreadableResponseError('the answer has no data');
	return toList(data.destinations, 'the destinations are not a list').map((destination, index) => readDestination(destination, index));
}

export const scheduledDestinationsReader: DataReader<WireDestinationResult[]> = {
	xmlLists: ['destinations.item', 'destinations.item.values.value'],
	read: readDestinationList,
	unreadable: (reason) => ({
		message: 'The SMS service sent the destinations of a scheduled message that could not be read: try again later',
		description: `HTTP 200 and handshake 0, but ${reason}. Reading them changes nothing: try again later.`,
	}),
};

/** Cancel and dispatch: the handshake is the whole answer (the vendor's SDK reads nothing else). */
export const acknowledgementReader: DataReader<null> = {
	xmlLists: [],
	read: () => null,
	unreadable: (reason) => ({ message: 'The SMS service sent an answer that could not be read: try again later', description: reason }),
};

/** One destination to add: a number, with the client's own message id and values when it has them. */
export interface WireAddedDestination {
	number: string;
	id?: string;
	values?: Array<string | number>;
}

/** An update carries the message's full properties, then the destination changes. */
export interface WireScheduledUpdate {
	text: string;
	type: number;
	sender: string;
	personalise?: boolean;
	schedule?: { dateTime: string; offset?: string };
	callback?: { url: string; accept: string };
	destinations?: { add?: WireAddedDestination[]; delete?: string[] };
}

function xmlTo(destination: WireAddedDestination): unknown {
	if (destination.id === undefined && destination.values === undefined) return destination.number;
	const to: Record<string, unknown> = { number: destination.number };
	if (destination.id !== undefined) to.id = destination.id;
	if (destination.values !== undefined) to.values = { value: destination.values };
	return to;
}

export function encodeScheduledUpdate(update: WireScheduledUpdate, format: WireDataFormat): string {
	const { destinations, ...properties } = update;
	const changes: Record<string, unknown> = {};
	if (destinations?.add?.length) {
		changes.add =
			format === 'json'
				? destinations.add.map((d) => (d.id === undefined && d.values === undefined ? d.number : { ...d }))
				: { to: destinations.add.map(xmlTo) };
	}
	if (destinations?.delete?.length) {
		changes.delete =
			format === 'json' ? destinations.delete.map((id) => ({ id })) : { to: destinations.delete.map((id) => ({ id })) };
	}
	const request: Record<string, unknown> = { ...properties };
	if (Object.keys(changes).length > 0) request.destinations = changes;
	return format === 'json' ? JSON.stringify(request) : encodeXmlRequest(request);
}

/** The update's answer is a report of the batch's destinations after the change (2103: deleted). */
export const scheduledUpdateReader: DataReader<ReturnType<typeof sendResultReader.read>> = {
	...sendResultReader,
	unreadable: (reason) => ({
		message: 'The SMS service updated the scheduled message but its answer could not be read: check it with Get before changing it again',
		description: `The handshake was 0 (accepted), but ${reason}. Check the scheduled message with Get before changing it again.`,
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

/** Wire → node: a scheduled message. Only SMS is asked for, so its category is always `sms`. */
export function fromWireScheduledMessage(data: WireScheduledMessage): ScheduledMessage {
	const message: ScheduledMessage = {
		batch: data.batch,
		category: 'sms',
		messageType: data.type === undefined ? null : (MESSAGE_TYPE_NAMES.get(data.type) ?? null),
		text: data.text ?? null,
		personalised: data.personalised ?? false,
		sender: data.sender ?? null,
		scheduledAt: data.schedule?.dateTime ?? null,
		utcOffset: data.schedule?.offset ?? null,
	};
	if (data.callback) message.deliveryReportUrl = data.callback.url;
	if (data.destinationsCount !== undefined) message.destinationsCount = data.destinationsCount;
	return message;
}
