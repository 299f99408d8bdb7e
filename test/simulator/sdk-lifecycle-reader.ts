/* eslint-disable @typescript-eslint/no-explicit-any -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The strict readers of the lifecycle answers, after what the vendor's SDK (Zenoph.Notify) reads:
 * delivery reports (the send result with `delivery` true and, per destination, a status, its
 * parts and its submit and report times), the scheduled messages (`message` elements under `data`,
 * whatever wraps them, with `personalise`, a category label and the schedule with seconds) and a
 * scheduled message's destinations (`item`s with `to`, `id`, `values/value*`, `status/id`).
 * Written from the published facts about the SDK, not from its code.
 */
import { boolean, fail, integer, readSendResult, timestamp, type SdkAnswer } from './sdk-reader';

const FINAL = new Set([2110, 2111, 2112]);
const OFFSET = /^[+-]((0\d|1[0-2]):[0-5]\d|13:00)$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * A delivery report: the send result's rules, `delivery` true, and every destination the service
 * holds with its status, `messageCount`, a `submitDateTime` unless it was refused, and a
 * `reportDateTime` exactly when its status is final.
 */
export function readReport(answer: SdkAnswer): any {
	const data = readSendResult(answer);
	if (data.delivery !== 'true') fail('a report with delivery other than true');
	const items: any[] = data.destinations === '' ? [] : data.destinations.item;
	for (const item of items) {
		const status = integer(item.status.id, 'status id');
		if (status === 2101) continue;
		integer(item.messageCount, 'messageCount');
		if (status < 2113 && item.submitDateTime === undefined) fail(`status ${status} without submitDateTime`);
		if (FINAL.has(status) !== (item.reportDateTime !== undefined)) {
			fail(`status ${status} with${item.reportDateTime === undefined ? 'out' : ''} reportDateTime`);
		}
	}
	return data;
}

/** The scheduled messages: every `message` element under `data` (none is an empty list). */
export function readScheduledMessages(answer: SdkAnswer): any[] {
	const data = answer.data;
	if (answer.handshakeId !== 0 || data === undefined) fail('no scheduled messages to read');
	const wrapper = Object.values(data).find((value: any) => typeof value === 'object' && value?.message);
	const messages: any[] = (wrapper as any)?.message ?? data.message ?? [];
	for (const message of messages) readMessage(message);
	return messages;
}

function readMessage(message: any): void {
	if (typeof message.batch !== 'string' || message.batch === '') fail('a scheduled message without batch');
	if (!['sms', 'voice', 'ussd'].includes(message.category)) fail(`category ${String(message.category)} is not a label`);
	const type = integer(message.type, 'type');
	if (type < 0 || type > 3) fail(`type ${type} outside 0-3`);
	for (const member of ['text', 'sender']) {
		if (typeof message[member] !== 'string') fail(`${member} is not text`);
	}
	if (message.personalise === undefined) fail('personalise missing (the SDK reads that name)');
	boolean(message.personalise, 'personalise');
	const schedule = message.schedule;
	if (typeof schedule?.dateTime !== 'string' || !DATE_TIME.test(schedule.dateTime)) {
		fail(`schedule dateTime ${String(schedule?.dateTime)} is not YYYY-MM-DD HH:MM:SS`);
	}
	if (typeof schedule.offset !== 'string' || !OFFSET.test(schedule.offset)) fail(`offset ${String(schedule.offset)}`);
	if (message.callback !== undefined) {
		if (typeof message.callback.url !== 'string') fail('callback without url');
		if (!['application/xml', 'application/json'].includes(message.callback.accept))
			fail('callback accept is not a label');
	}
}

/** A scheduled message's destinations: `item`s with `to`, `id`, `status/id` and any `values/value`. */
export function readScheduledDestinations(answer: SdkAnswer): any[] {
	const data = answer.data;
	if (answer.handshakeId !== 0 || data === undefined) fail('no destinations to read');
	if (data.destinations === undefined) fail('destinations missing');
	const items: any[] = data.destinations === '' ? [] : data.destinations.item;
	for (const item of items) {
		if (typeof item.to !== 'string' || typeof item.id !== 'string') fail('a destination without to or id');
		integer(item.status?.id, 'status id');
		if (item.values !== undefined && !Array.isArray(item.values.value)) fail('values without value elements');
		timestamp(item.submitDateTime, 'submitDateTime');
	}
	return items;
}
