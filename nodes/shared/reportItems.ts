/**
 * What an output item says about a destination the service reported on (a delivery report, a
 * scheduled message's destinations, an update's answer): the same fields as the Send output, with
 * the verdict read as a report reads it (`pending` until a final status arrives). Shared by the SMS
 * node's operations and the trigger, so a pushed report reads as a report asked for.
 */
import type { IDataObject } from 'n8n-workflow';

import { describeReportedStatus } from './meanings/statuses';
import { describeValidation } from './meanings/validations';
import { referenceOf } from './referenceIds';
import type { DestinationReceipt, WireDestinationResult } from './transport/endpoints/send';
import { withReceiptDetails } from './transport/endpoints/send';

/**
 * One string for each distinct text of an answer: a report's destinations repeat the same status
 * label, country and times (a batch goes out at once), and every value the answer is read into is
 * a string of its own. Sharing them keeps 100,000 items from holding 100,000 copies of each.
 */
export class TextPool {
	private readonly texts = new Map<string, string>();

	of(text: string): string;
	of(text: string | undefined): string | undefined;
	of(text: string | undefined): string | undefined {
		if (text === undefined) return undefined;
		const known = this.texts.get(text);
		if (known !== undefined) return known;
		this.texts.set(text, text);
		return text;
	}
}

/** The pool's string for a text, or the text when there is no pool. */
function pooled(text: string, pool: TextPool | undefined): string {
	return pool ? pool.of(text) : text;
}

/**
 * The output item's fields for one destination; with a pool, its repeated texts (status label,
 * country, times) are the pool's strings. Fields are set one by one on the item, in their order:
 * no copy of the destination is made, as one would be for each of 100,000 in a report.
 */
export function reportedDestination(batch: string, destination: DestinationReceipt, pool?: TextPool): IDataObject {
	const meaning = describeReportedStatus(destination.status.id);
	// The number and its verdict first, as a send's items have them.
	const json: IDataObject = {};
	// A report query's answer for an id the service could not check names no number.
	if (destination.to !== '') json.to = destination.to;
	json.verdict = meaning.verdict;
	json.reason = meaning.reason;
	json.final = meaning.final;
	json.batch = batch;
	json.messageId = destination.messageId;
	json.status = { id: destination.status.id, label: pooled(destination.status.label, pool) };
	// A query by message id is checked id by id: an id the service could not use has no status worth reading.
	if (destination.validation !== undefined && destination.validation !== 2401) {
		const validation = describeValidation(destination.validation);
		json.verdict = 'unknown';
		json.reason = validation.reason;
		json.final = false;
		json.validation = { id: validation.id, label: validation.label };
	}
	// A message id derived from a readable Client Reference gives it back (referenceIds.ts).
	const reference = referenceOf(destination.messageId);
	if (reference !== undefined) json.clientReference = reference;
	if (destination.country !== undefined) json.country = pooled(destination.country, pool);
	if (destination.submittedAt !== undefined) json.submittedAt = pooled(destination.submittedAt, pool);
	if (destination.reportedAt !== undefined) json.reportedAt = pooled(destination.reportedAt, pool);
	if (destination.partsBilled !== undefined) json.partsBilled = destination.partsBilled;
	return json;
}

/**
 * A reported destination in the node's words, as fromWireDestination (transport/endpoints/send.ts)
 * gives a sent one, its status object reused: the one reader of reports asked for (Get Delivery
 * Report), pushed (the trigger) and listed (a scheduled message's destinations). Its own object
 * literal, since V8 would make these in its old generation as it does a send's (see
 * makeReportDestination, transport/endpoints/report.ts), and a report makes 100,000, each garbage
 * once its item is built.
 */
export function reportReceipt(d: WireDestinationResult): DestinationReceipt {
	return withReceiptDetails({ messageId: d.id, to: d.to, status: d.status }, d);
}

/**
 * A report's item: reportedDestination's fields and the category last. A destination with every
 * field a sent SMS has (number, country, submit time, parts, and the report time once there is
 * one; no validation to tell, no Client Reference) is made in one object, its fields in the same
 * order: an object given its fields one by one grows a separate store for them, in steps, and a
 * report makes 100,000.
 */
export function reportItem(batch: string, destination: DestinationReceipt, pool: TextPool, category: string): IDataObject {
	const { to, country, submittedAt, reportedAt, partsBilled, validation, messageId } = destination;
	const whole =
		to !== '' &&
		country !== undefined &&
		submittedAt !== undefined &&
		partsBilled !== undefined &&
		(validation === undefined || validation === 2401) &&
		referenceOf(messageId) === undefined;
	if (!whole) {
		const json = reportedDestination(batch, destination, pool);
		json.category = category;
		return json;
	}
	const { verdict, reason, final } = describeReportedStatus(destination.status.id);
	const status = { id: destination.status.id, label: pool.of(destination.status.label) };
	if (reportedAt === undefined) {
		return {
			to,
			verdict,
			reason,
			final,
			batch,
			messageId,
			status,
			country: pool.of(country),
			submittedAt: pool.of(submittedAt),
			partsBilled,
			category,
		};
	}
	return {
		to,
		verdict,
		reason,
		final,
		batch,
		messageId,
		status,
		country: pool.of(country),
		submittedAt: pool.of(submittedAt),
		reportedAt: pool.of(reportedAt),
		partsBilled,
		category,
	};
}
