// A reported destination as an output item, shared with the trigger so a pushed report reads as one asked for.
import type { IDataObject } from 'n8n-workflow';

import { describeReportedStatus } from './meanings/statuses';
import { describeValidation } from './meanings/validations';
import { referenceOf } from './referenceIds';
import type { DestinationReceipt, WireDestinationResult } from './transport/endpoints/send';
import { withReceiptDetails } from './transport/endpoints/send';

// A report's destinations repeat one status label, country and times (a batch goes out at once): 100,000 items share them.
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

function pooled(text: string, pool: TextPool | undefined): string {
	return pool ? pool.of(text) : text;
}

// A voice message has no parts (docs/output.md): its items never carry partsBilled, whatever the service counts.
export function reportedDestination(
	batch: string,
	destination: DestinationReceipt,
	pool?: TextPool,
	category?: unknown,
): IDataObject {
	const meaning = describeReportedStatus(destination.status.id);
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
	const reference = referenceOf(destination.messageId);
	if (reference !== undefined) json.clientReference = reference;
	if (destination.country !== undefined) json.country = pooled(destination.country, pool);
	if (destination.submittedAt !== undefined)
		json.submittedAt = pooled(destination.submittedAt, pool);
	if (destination.reportedAt !== undefined) json.reportedAt = pooled(destination.reportedAt, pool);
	if (destination.partsBilled !== undefined && category !== 'voice')
		json.partsBilled = destination.partsBilled;
	return json;
}

// Its own object literal: V8 makes a send's in its old generation, and a report makes 100,000 (performance.md).
export function reportReceipt(d: WireDestinationResult): DestinationReceipt {
	return withReceiptDetails({ messageId: d.id, to: d.to, status: d.status }, d);
}

// Every field a sent SMS has: one literal, fields in the same order, not a store grown in steps (performance.md).
export function reportItem(
	batch: string,
	destination: DestinationReceipt,
	pool: TextPool,
	category: string,
): IDataObject {
	const { to, country, submittedAt, reportedAt, partsBilled, validation, messageId } = destination;
	const whole =
		to !== '' &&
		country !== undefined &&
		submittedAt !== undefined &&
		partsBilled !== undefined &&
		category !== 'voice' &&
		(validation === undefined || validation === 2401) &&
		referenceOf(messageId) === undefined;
	if (!whole) {
		const json = reportedDestination(batch, destination, pool, category);
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
