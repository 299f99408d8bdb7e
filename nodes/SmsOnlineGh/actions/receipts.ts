/**
 * What an output item says about a destination the service reported on (a delivery report, a
 * scheduled message's destinations, an update's answer): the same fields as the Send output, with
 * the verdict read as a report reads it (`pending` until a final status arrives).
 */
import type { IDataObject } from 'n8n-workflow';

import { referenceOf } from '../helpers/clientReference';
import { describeReportedStatus } from '../helpers/statuses';
import { describeValidation } from '../helpers/validations';
import type { DestinationReceipt } from '../model';

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

/** The destination with its repeated texts taken from the pool. */
function pooled(destination: DestinationReceipt, pool: TextPool | undefined): DestinationReceipt {
	if (!pool) return destination;
	const shared: DestinationReceipt = { ...destination, status: { id: destination.status.id, label: pool.of(destination.status.label) } };
	if (destination.country !== undefined) shared.country = pool.of(destination.country);
	if (destination.submittedAt !== undefined) shared.submittedAt = pool.of(destination.submittedAt);
	if (destination.reportedAt !== undefined) shared.reportedAt = pool.of(destination.reportedAt);
	return shared;
}

export function reportedDestination(batch: string, received: DestinationReceipt, pool?: TextPool): IDataObject {
	const destination = pooled(received, pool);
	const meaning = describeReportedStatus(destination.status.id);
	const json: IDataObject = { batch, messageId: destination.messageId };
	// A report query's answer for an id the service could not check names no number.
	if (destination.to !== '') json.to = destination.to;
	Object.assign(json, {
		verdict: meaning.verdict,
		reason: meaning.reason,
		final: meaning.final,
		status: { id: destination.status.id, label: destination.status.label },
	});
	// A query by message id is checked id by id: an id the service could not use has no status worth reading.
	if (destination.validation !== undefined && destination.validation !== 2401) {
		const validation = describeValidation(destination.validation);
		json.verdict = 'unknown';
		json.reason = validation.reason;
		json.final = false;
		json.validation = { id: validation.id, label: validation.label };
	}
	// A message id derived from a readable Client Reference gives it back (helpers/clientReference.ts).
	const reference = referenceOf(destination.messageId);
	if (reference !== undefined) json.clientReference = reference;
	if (destination.country !== undefined) json.country = destination.country;
	if (destination.submittedAt !== undefined) json.submittedAt = destination.submittedAt;
	if (destination.reportedAt !== undefined) json.reportedAt = destination.reportedAt;
	if (destination.partsBilled !== undefined) json.partsBilled = destination.partsBilled;
	return json;
}
