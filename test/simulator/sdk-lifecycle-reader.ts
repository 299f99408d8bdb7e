/**
 * The strict readers of the lifecycle answers, after what the vendor's SDK (Zenoph.Notify) reads:
 * delivery reports (the send result with `delivery` true and, per destination, a status, its
 * parts and its submit and report times), the scheduled messages (`message` elements under `data`,
 * whatever wraps them, with `personalise`, a category label and the schedule with seconds) and a
 * scheduled message's destinations (`item`s with `to`, `id`, `values/value*`, `status/id`).
 * Written from the published facts about the SDK, not from its code.
 */
import type { XmlDestination, XmlScheduledMessage, XmlSendData } from './answers';
import {
	at,
	boolean,
	fail,
	integer,
	readSendResult,
	timestamp,
	type SdkAnswer,
	type XmlNode,
} from './sdk-reader';

const FINAL = new Set([2110, 2111, 2112]);
const OFFSET = /^[+-]((0\d|1[0-2]):[0-5]\d|13:00)$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * A delivery report: the send result's rules, `delivery` true, and every destination the service
 * holds with its status, `messageCount`, a `submitDateTime` unless it was refused, and a
 * `reportDateTime` exactly when its status is final.
 */
export function readReport(answer: SdkAnswer): XmlSendData {
	const data = readSendResult(answer);
	if (data.delivery !== 'true') fail('a report with delivery other than true');
	// A batch left with no destinations ends in an empty element, parsed as ''.
	const items = (data.destinations as unknown) === '' ? [] : data.destinations.item;
	for (const item of items) {
		const status = integer(item.status.id, 'status id');
		if (status === 2101) continue;
		integer(item.messageCount, 'messageCount');
		if (status < 2113 && item.submitDateTime === undefined)
			fail(`status ${status} without submitDateTime`);
		if (FINAL.has(status) !== (item.reportDateTime !== undefined)) {
			fail(`status ${status} with${item.reportDateTime === undefined ? 'out' : ''} reportDateTime`);
		}
	}
	return data;
}

/** The scheduled messages: every `message` element under `data` (none is an empty list). */
export function readScheduledMessages(answer: SdkAnswer): XmlScheduledMessage[] {
	const data = answer.data;
	if (answer.handshakeId !== 0 || data === undefined) fail('no scheduled messages to read');
	const members = typeof data === 'object' ? Object.values(data) : [];
	const wrapper = members.find((value) => typeof value === 'object' && at(value, 'message'));
	const messages = at(wrapper, 'message') ?? at(data, 'message') ?? [];
	if (!Array.isArray(messages)) fail('message is not a list');
	for (const message of messages) readMessage(message);
	// Every member the SDK reads is checked by readMessage.
	return messages as unknown as XmlScheduledMessage[];
}

function readMessage(message: XmlNode): void {
	const batch = at(message, 'batch');
	if (typeof batch !== 'string' || batch === '') fail('a scheduled message without batch');
	const category = at(message, 'category');
	if (typeof category !== 'string' || !['sms', 'voice', 'ussd'].includes(category))
		fail(`category ${String(category)} is not a label`);
	const type = integer(at(message, 'type'), 'type');
	if (type < 0 || type > 3) fail(`type ${type} outside 0-3`);
	for (const member of ['text', 'sender']) {
		if (typeof at(message, member) !== 'string') fail(`${member} is not text`);
	}
	const personalise = at(message, 'personalise');
	if (personalise === undefined) fail('personalise missing (the SDK reads that name)');
	boolean(personalise, 'personalise');
	const dateTime = at(message, 'schedule', 'dateTime');
	if (typeof dateTime !== 'string' || !DATE_TIME.test(dateTime)) {
		fail(`schedule dateTime ${String(dateTime)} is not YYYY-MM-DD HH:MM:SS`);
	}
	const offset = at(message, 'schedule', 'offset');
	if (typeof offset !== 'string' || !OFFSET.test(offset)) fail(`offset ${String(offset)}`);
	if (at(message, 'callback') !== undefined) {
		if (typeof at(message, 'callback', 'url') !== 'string') fail('callback without url');
		const accept = at(message, 'callback', 'accept');
		if (typeof accept !== 'string' || !['application/xml', 'application/json'].includes(accept))
			fail('callback accept is not a label');
	}
}

/** A scheduled message's destinations: `item`s with `to`, `id`, `status/id` and any `values/value`. */
export function readScheduledDestinations(answer: SdkAnswer): XmlDestination[] {
	const data = answer.data;
	if (answer.handshakeId !== 0 || data === undefined) fail('no destinations to read');
	const destinations = at(data, 'destinations');
	if (destinations === undefined) fail('destinations missing');
	const items = destinations === '' ? [] : at(destinations, 'item');
	if (!Array.isArray(items)) fail('destinations without items');
	for (const item of items) {
		if (typeof at(item, 'to') !== 'string' || typeof at(item, 'id') !== 'string')
			fail('a destination without to or id');
		integer(at(item, 'status', 'id'), 'status id');
		if (at(item, 'values') !== undefined && !Array.isArray(at(item, 'values', 'value')))
			fail('values without value elements');
		timestamp(at(item, 'submitDateTime'), 'submitDateTime');
	}
	// Every member the SDK reads is checked above.
	return items as unknown as XmlDestination[];
}
