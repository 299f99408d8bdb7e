/**
 * Scheduled messages (`/v5/message/scheduled/…`), as the vendor's SDK (Zenoph.Notify) calls them:
 * the list (`load`), one message (`load/{batch}`), its destinations (`destinations/load/{batch}`),
 * `cancel/{batch}` and `dispatch/{batch}`. The update is in update.ts.
 *
 * The handshakes carry the SDK's meanings: 1801 already processed (dispatched, or its time
 * passed), 1802 cancelled, 1803 not scheduled (it was sent at once), 1804 an unknown batch (or
 * another account's), 1806 a category other than SMS (1) or voice (2), 1807 a bad date filter,
 * 1808 a bad offset. The list holds one category: SMS when the filter names 1 or none (as the
 * Python SDK sends it), voice when it names 2 (as the PHP SDK does for voice).
 *
 * The answers' wrappers are the simulator's choice where the SDK does not show them: the list's
 * messages under `messages` (XML `<messages><message>…</message></messages>`, `<messages/>` when
 * there are none), the destinations under `destinations` (XML `<item>`s), and `{batch,
 * destinationsCount}` after a cancel or a dispatch (the SDK reads only the handshake there).
 */
import type { AccountState } from './accounts';
import { categoryValue, formatDateTime, itemWriter, type Shape } from './answers';
import { refused, type Answer, type Call } from './calls';
import { SCHEDULE_DATE_TIME, SCHEDULE_OFFSET } from './codec';
import { DS, HSHK } from './labels';
import { decodeListFilter, type ListFilter } from './requests';
import { DEFAULT_TIME_ZONE, formatOffset, instantOf, zoneOffsetMinutes } from './schedule';
import { goOut, type Category, type StoredBatch } from './store';

/** Why a batch cannot be loaded, cancelled, dispatched or updated; undefined while it waits. */
export function scheduledGate(batch: StoredBatch | undefined): number | undefined {
	if (!batch) return HSHK.SM_REFERENCE_ID;
	if (batch.state === 'sent') return HSHK.SM_NOT_SCHEDULED;
	if (batch.state === 'cancelled') return HSHK.SM_CANCELLED;
	if (batch.state === 'dispatched') return HSHK.SM_PROCESSED;
	return undefined;
}

function batchOf(call: Call): StoredBatch | undefined {
	return call.store.get(call.account.config.id, call.batch, call.now);
}

function timeZoneOf(account: AccountState): string {
	return account.config.timeZone ?? DEFAULT_TIME_ZONE;
}

/** The account's messages still waiting, by schedule time, optionally between two moments. */
export function scheduledList(call: Call): Answer {
	const decoded = decodeListFilter(call.format, call.body);
	if ('handshake' in decoded) return refused(decoded.handshake);
	const window = judgeFilter(decoded.ok, timeZoneOf(call.account));
	if ('handshake' in window) return refused(window.handshake);
	const waiting = call.store
		.all(call.now)
		.filter((b) => b.accountId === call.account.config.id && b.state === 'scheduled')
		.filter((b) => b.category === window.category)
		.filter((b) => window.from === undefined || (b.scheduledAt as number) >= window.from)
		.filter((b) => window.to === undefined || (b.scheduledAt as number) <= window.to);
	// Array.prototype.sort is stable: equal times keep send order.
	waiting.sort((a, b) => (a.scheduledAt as number) - (b.scheduledAt as number));
	return { handshake: HSHK.OK, data: messagesData(waiting, call.shape, timeZoneOf(call.account)) };
}

/** One waiting message, in the list's shape. */
export function scheduledOne(call: Call): Answer {
	const batch = batchOf(call);
	const gate = scheduledGate(batch);
	if (gate !== undefined || !batch) return refused(gate ?? HSHK.SM_REFERENCE_ID);
	return { handshake: HSHK.OK, data: messagesData([batch], call.shape, timeZoneOf(call.account)) };
}

/**
 * The destinations of a scheduled batch, with their values and current status: 2104 while it
 * waits, 2102 once cancelled, the submit status (then the final one) once it has gone out.
 */
export function scheduledDestinations(call: Call): Answer {
	const batch = batchOf(call);
	if (!batch) return refused(HSHK.SM_REFERENCE_ID);
	if (batch.state === 'sent') return refused(HSHK.SM_NOT_SCHEDULED);
	const write = itemWriter(batch, call.shape, true);
	return { handshake: HSHK.OK, data: { destinations: batch.destinations.map(write) } };
}

/** Waiting destinations (2104) become 2102 and their credit comes back. */
export function cancel(call: Call): Answer {
	const batch = batchOf(call);
	const gate = scheduledGate(batch);
	if (gate !== undefined || !batch) return refused(gate ?? HSHK.SM_REFERENCE_ID);
	let cancelled = 0;
	for (const d of batch.destinations) {
		if (d.status !== DS.SCHEDULED) continue;
		d.status = DS.CANCELLED;
		call.account.balance += d.messageCount;
		d.messageCount = 0;
		cancelled++;
	}
	batch.state = 'cancelled';
	return { handshake: HSHK.OK, data: { batch: batch.batch, destinationsCount: cancelled } };
}

/** Waiting destinations go out now (2105); their delivery time counts from now. */
export function dispatch(call: Call): Answer {
	const batch = batchOf(call);
	const gate = scheduledGate(batch);
	if (gate !== undefined || !batch) return refused(gate ?? HSHK.SM_REFERENCE_ID);
	const moved = goOut(batch, call.now);
	return { handshake: HSHK.OK, data: { batch: batch.batch, destinationsCount: moved } };
}

type Window = { category: Category; from?: number; to?: number } | { handshake: number };

/** The category a list asks for: 1 (or none) SMS, 2 voice, as the integer or its string. */
const LIST_CATEGORIES: ReadonlyMap<string, Category> = new Map([
	['1', 'sms'],
	['2', 'voice'],
]);

/**
 * Checked in this order: the category (1 or 2, as an integer or its string, else 1806), the offset
 * (the send's offset rules, else 1808), the dates (both or none, well-formed, real, from not after
 * to, else 1807). Dates without an offset are read in the account's time zone.
 */
function judgeFilter(filter: ListFilter, timeZone: string): Window {
	const category =
		filter.category === undefined ? 'sms' : LIST_CATEGORIES.get(String(filter.category).trim());
	if (category === undefined) return { handshake: HSHK.SM_CATEGORY };
	const dateTime = filter.dateTime;
	if (dateTime === undefined) return { category };
	const { from, to, offset } = dateTime;
	if (offset !== undefined && (typeof offset !== 'string' || !SCHEDULE_OFFSET.test(offset))) {
		return { handshake: HSHK.SM_TZ_OFFSET };
	}
	if (typeof from !== 'string' || typeof to !== 'string') return { handshake: HSHK.SM_DATETIME };
	if (!SCHEDULE_DATE_TIME.test(from) || !SCHEDULE_DATE_TIME.test(to))
		return { handshake: HSHK.SM_DATETIME };
	const start = instantOf(from, offset as string | undefined, timeZone);
	const end = instantOf(to, offset as string | undefined, timeZone);
	if (typeof start !== 'number') return { handshake: start.handshake };
	if (typeof end !== 'number') return { handshake: end.handshake };
	if (start > end) return { handshake: HSHK.SM_DATETIME };
	return { category, from: start, to: end };
}

/** `{messages: [...]}`; in XML `<messages><message>…</message>…</messages>`. */
function messagesData(
	batches: readonly StoredBatch[],
	shape: Shape,
	timeZone: string,
): Record<string, unknown> {
	const messages = batches.map((batch) => messageOf(batch, shape, timeZone));
	return { messages: shape.format === 'xml' ? { message: messages } : messages };
}

/**
 * A scheduled message as the SDK reads it: `personalise` (that name), `category` the label `sms`
 * in XML in the sdk dialect (1 otherwise), the schedule with seconds and with the offset it was
 * sent with (or the account's time zone's at that moment). A voice message: `category` voice (2),
 * `template` instead of `type` and `text`, no `sender` when it was sent without one.
 */
function messageOf(batch: StoredBatch, shape: Shape, timeZone: string): Record<string, unknown> {
	const at = batch.scheduledAt as number;
	const schedule = batch.schedule ?? { dateTime: formatDateTime(at) };
	const message: Record<string, unknown> = {
		batch: batch.batch,
		category: categoryValue(batch.category, shape),
	};
	if (batch.category === 'voice') {
		message.template = batch.template;
	} else {
		message.type = batch.type;
		message.text = batch.text;
	}
	message.personalise = batch.personalised;
	if (batch.category === 'sms' || batch.sender !== '') message.sender = batch.sender;
	message.schedule = {
		dateTime: schedule.dateTime.length === 16 ? `${schedule.dateTime}:00` : schedule.dateTime,
		offset: schedule.offset ?? formatOffset(zoneOffsetMinutes(timeZone, at)),
	};
	if (batch.callback) message.callback = { ...batch.callback };
	message.destinationsCount = batch.destinations.length;
	return message;
}
