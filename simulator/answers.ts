/**
 * The `data` of send answers and delivery reports, in each dialect and format.
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
 */
import type { SendDestination } from './send';
import type { DataFormat, DecodedUnit, Dialect } from './types';
import type { StatusRef } from './labels';

/** `YYYY-MM-DD hh:mm:ss` in UTC. */
export function formatDateTime(ms: number): string {
	return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** What an answer or report says about its message as a whole. */
export interface MessageFacts {
	batch: string;
	unit: DecodedUnit;
	personalised: boolean;
	/** When the send was accepted (for submitDateTime). */
	submittedAt: number;
}

export interface Shape {
	format: DataFormat;
	dialect: Dialect;
}

/** The send answer's `data`. */
export function sendData(
	facts: MessageFacts,
	destinations: readonly SendDestination[],
	shape: Shape,
): Record<string, unknown> {
	const data = head(facts, shape, false, destinations.length);
	if (shape.dialect === 'contract') {
		data.destinations = destinations.map((d) => ({ id: d.id, to: d.to, status: d.status }));
		return data;
	}
	const submitted = formatDateTime(facts.submittedAt);
	data.destinations = destinations.map((d) => sdkDestination(d, d.status, d.accepted ? submitted : undefined));
	return data;
}

/**
 * A delivery report's `data` for one destination: the send answer's shape with `delivery` true
 * and the destination's final status (and, in the 'sdk' dialect, its `reportDateTime`).
 */
export function reportData(
	facts: MessageFacts,
	destination: SendDestination,
	status: StatusRef,
	reportedAt: number,
	shape: Shape,
): Record<string, unknown> {
	const data = head(facts, shape, true, 1);
	if (shape.dialect === 'contract') {
		data.destinations = [{ id: destination.id, to: destination.to, status }];
		return data;
	}
	const item = sdkDestination(destination, status, formatDateTime(facts.submittedAt));
	item.reportDateTime = formatDateTime(reportedAt);
	data.destinations = [item];
	return data;
}

/** Everything before `destinations`, in the order the dialect writes it. */
function head(facts: MessageFacts, shape: Shape, delivery: boolean, count: number): Record<string, unknown> {
	const data: Record<string, unknown> = { batch: facts.batch };
	if (shape.dialect === 'sdk' && shape.format === 'xml') data.category = 'sms';
	else if (!facts.personalised) data.category = 1;
	data.delivery = delivery;
	if (shape.dialect === 'contract') return data;
	data.text = facts.unit.text;
	data.type = facts.unit.type;
	data.sender = facts.unit.sender;
	data.personalised = facts.personalised;
	data.destinationsCount = count;
	return data;
}

function sdkDestination(d: SendDestination, status: StatusRef, submitted: string | undefined): Record<string, unknown> {
	const item: Record<string, unknown> = { id: d.id, to: d.to };
	if (d.country !== undefined) item.country = d.country;
	if (d.message !== undefined) item.message = d.message;
	item.messageCount = d.messageCount;
	item.status = status;
	if (submitted !== undefined) item.submitDateTime = submitted;
	return item;
}
