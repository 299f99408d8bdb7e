// What a send's output item says of a repeat, for Get Delivery Report: the service answered 2131 for this message id under
// this batch, so the message went out in an earlier send, whatever the report of this batch says (docs/delivery-guarantees.md).
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { describeReportedStatus } from '../../shared/meanings/statuses';
import { referenceOf } from '../../shared/referenceIds';

const DUPLICATE_MESSAGE_ID = 2131;

/** Its label as the service gave it on sending; this one when the item has none (the vendor SDK's name). */
const DUPLICATE_LABEL = 'DS_REJECTED_MSGID_DUPLICATE';

export interface KnownRepeat {
	messageId: string;
	/** The report item that says it, final. */
	json: IDataObject;
}

function text(value: unknown): string | undefined {
	return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Only an item that is itself about this batch and this message: a Send (or report) item whose verdict is alreadySent
 * with status 2131, asked about its own message or about its whole batch.
 */
export function knownRepeat(
	item: INodeExecutionData | undefined,
	batch: string,
	messageIds: readonly string[],
): KnownRepeat | undefined {
	const json = item?.json;
	if (!json || json.verdict !== 'alreadySent') return undefined;
	const status = json.status as IDataObject | undefined;
	const messageId = text(json.messageId);
	if (
		messageId === undefined ||
		status?.id !== DUPLICATE_MESSAGE_ID ||
		text(json.batch)?.toLowerCase() !== batch
	)
		return undefined;
	if (messageIds.some((id) => id !== messageId)) return undefined;
	return {
		messageId,
		json: repeatReport(json, batch, messageId, text(status.label) ?? DUPLICATE_LABEL),
	};
}

// The fields and order of a reported destination's item (shared/reportItems.ts), from what the send answered.
function repeatReport(
	sent: IDataObject,
	batch: string,
	messageId: string,
	label: string,
): IDataObject {
	const { verdict, reason, final } = describeReportedStatus(DUPLICATE_MESSAGE_ID);
	const json: IDataObject = {};
	const to = text(sent.to);
	if (to !== undefined) json.to = to;
	Object.assign(json, {
		verdict,
		reason,
		final,
		batch,
		messageId,
		status: { id: DUPLICATE_MESSAGE_ID, label },
	});
	const reference = referenceOf(messageId) ?? text(sent.clientReference);
	if (reference !== undefined) json.clientReference = reference;
	json.category = sent.category === 'voice' ? 'voice' : 'sms';
	return json;
}
