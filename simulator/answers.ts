/**
 * The `data` of send answers, delivery reports (queried or pushed) and the scheduled update: one
 * shape, the send answer's, in each dialect and format.
 *
 * 'contract' (the SMSOnlineGH v5 API documentation): `batch`, `category` 1 for plain messages only
 * (an integer in XML too), `delivery`, `destinations` of `{id, to, status}`; nothing else.
 *
 * 'sdk' (what the vendor's SDK (Zenoph.Notify) reads): the same, plus `text`, `type`, `sender`,
 * `personalised`, `destinationsCount`, and per destination `country` (when known), `message`,
 * `messageCount` and `submitDateTime` / `reportDateTime` (`YYYY-MM-DD hh:mm:ss`, UTC; left out
 * when there is none, never empty). `category` is the label `sms` in XML, present for personalised
 * messages too (the SDK refuses a missing category or `1`); JSON keeps the contract's integer 1,
 * plain messages only. `destinations` comes last: the PHP SDK loses the element after it.
 *
 * A voice batch (voice.ts) answers the same shape with `category` voice (the label `voice` in XML
 * in the sdk dialect, 2 otherwise), and without `text`, `type` or a destination's `message`.
 */
import { statusRef, type StatusRef } from './labels';
import { isRejected, type Category, type Destination, type StoredBatch } from './store';
import type { DataFormat, Dialect } from './types';

/** `YYYY-MM-DD hh:mm:ss` in UTC. */
export function formatDateTime(ms: number): string {
	return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

export interface Shape {
	format: DataFormat;
	dialect: Dialect;
}

/**
 * The send-shaped `data` of a batch over the given destinations: the send answer and the update
 * answer (`delivery` false), the delivery report (`delivery` true).
 */
export function sendData(
	batch: StoredBatch,
	destinations: readonly Destination[],
	shape: Shape,
	delivery = false,
): Record<string, unknown> {
	const data = head(batch, shape, delivery, destinations.length);
	const item = itemWriter(batch, shape);
	const items = new Array<Record<string, unknown>>(destinations.length);
	for (let i = 0; i < destinations.length; i++) items[i] = item(destinations[i]);
	data.destinations = items;
	return data;
}

/** A pushed delivery report: the send answer's shape with `delivery` true, for one destination. */
export function reportData(
	batch: StoredBatch,
	destination: Destination,
	shape: Shape,
): Record<string, unknown> {
	return sendData(batch, [destination], shape, true);
}

/** The send-shaped `data` over items written already (the report by message id, the update). */
export function dataWith(
	batch: StoredBatch,
	items: Array<Record<string, unknown>>,
	shape: Shape,
	delivery: boolean,
): Record<string, unknown> {
	const data = head(batch, shape, delivery, items.length);
	data.destinations = items;
	return data;
}

/**
 * A category as written: the label (`sms`, `voice`) in XML in the sdk dialect, else the integer
 * (1 SMS, 2 voice), as the SDK's requests and the documentation's JSON write it.
 */
export function categoryValue(category: Category, shape: Shape): string | number {
	if (shape.dialect === 'sdk' && shape.format === 'xml') return category;
	return category === 'voice' ? 2 : 1;
}

/**
 * Everything before `destinations`, in the order the dialect writes it. A voice message has no
 * `text` or `type` (the Python SDK crashes on a type outside 0-3), and no `sender` when it was
 * sent without one.
 */
function head(
	batch: StoredBatch,
	shape: Shape,
	delivery: boolean,
	count: number,
): Record<string, unknown> {
	const data: Record<string, unknown> = { batch: batch.batch };
	const labelled = shape.dialect === 'sdk' && shape.format === 'xml';
	if (labelled || !batch.personalised) data.category = categoryValue(batch.category, shape);
	data.delivery = delivery;
	if (shape.dialect === 'contract') return data;
	if (batch.category === 'sms') {
		data.text = batch.text;
		data.type = batch.type;
	}
	if (batch.category === 'sms' || batch.sender !== '') data.sender = batch.sender;
	data.personalised = batch.personalised;
	data.destinationsCount = count;
	return data;
}

/**
 * Writes one destination: `{id, to, status}` in the contract dialect; in the sdk dialect also
 * `country`, `message`, `messageCount`, `submitDateTime` (every destination the service took,
 * none for one it refused) and `reportDateTime` (once final). With `values`, a personalised
 * destination's values too (the scheduled destinations).
 */
export function itemWriter(
	batch: StoredBatch,
	shape: Shape,
	values = false,
): (d: Destination) => Record<string, unknown> {
	const { dialect, format } = shape;
	const listValues = (d: Destination): unknown =>
		format === 'xml' ? { value: d.values as unknown[] } : d.values;
	if (dialect === 'contract') {
		return (d) => {
			const item: Record<string, unknown> = { id: d.id, to: d.to };
			if (values && d.values) item.values = listValues(d);
			item.status = statusRef(d.status, dialect);
			return item;
		};
	}
	const submitted = formatDateTime(batch.goneOutAt ?? batch.acceptedAt);
	return (d) => {
		const item: Record<string, unknown> = { id: d.id, to: d.to };
		if (d.country !== undefined) item.country = d.country;
		const message = batch.personalised
			? d.message
			: batch.category === 'voice'
				? undefined
				: batch.text;
		if (message !== undefined) item.message = message;
		item.messageCount = d.messageCount;
		if (values && d.values) item.values = listValues(d);
		item.status = statusRef(d.status, dialect);
		if (!isRejected(d.status)) item.submitDateTime = submitted;
		if (d.reportedAt !== undefined) item.reportDateTime = formatDateTime(d.reportedAt);
		return item;
	};
}

/** An item for an id the batch does not hold: the id and status 2101 (and, in reports, a validation). */
export function unknownItem(
	id: string,
	dialect: Dialect,
	validation?: StatusRef,
): Record<string, unknown> {
	const item: Record<string, unknown> = { id, status: statusRef(2101, dialect) };
	if (validation) item.validation = validation;
	return item;
}
