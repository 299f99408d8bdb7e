/** Recipients with Client References, and what their outputs say, for the dispatch-references tests. */
import type { Recipient } from '../../../nodes/SmsOnlineGh/sending/message';
import { customMessageId } from '../../../nodes/shared/referenceIds';
import { ABOUT_THE_NUMBER, LOCAL, OTHER } from './dispatchFixtures';

export const PENDING = { id: 2105, label: 'DS_PENDING_ENROUTE' };
export const DUPLICATE = { id: 2131, label: 'DS_REJECTED_MSGID_DUPLICATE' };

export function referenced(r: Recipient, reference: string): Recipient {
	return { ...r, reference, messageId: customMessageId(reference, r.key, r.text) };
}

export const A = referenced(LOCAL, 'ORD-1');
export const C = referenced(OTHER, 'ORD-3');
export const ID_A = customMessageId('ORD-1', '233241234567', 'Hello');
export const ID_C = customMessageId('ORD-3', '233201234567', 'Hello');

/** A referenced number's output: accepted unless told otherwise. */
export function accepted(
	r: Recipient,
	to: string,
	batch: string,
	status = PENDING,
	verdict = 'accepted',
	reason = 'pending en route',
) {
	return {
		items: r.itemIndex,
		json: {
			input: r.input,
			to,
			verdict,
			reason,
			status,
			messageId: r.messageId,
			batch,
			category: 'sms',
			delivery: false,
			...ABOUT_THE_NUMBER,
			clientReference: r.reference,
		},
	};
}
