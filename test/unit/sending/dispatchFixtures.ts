/** Messages, recipients and settings for the dispatch tests, written out by hand. */
import type { Outcome } from '../../../nodes/SmsOnlineGh/items/operation';
import type { DispatchSettings } from '../../../nodes/SmsOnlineGh/items/settings';
import type { OutgoingMessage, Recipient } from '../../../nodes/SmsOnlineGh/sending/message';
import type { DestinationReceipt } from '../../../nodes/shared/transport/endpoints/send';

/** A recipient as the send operation reads it: `number` is what goes out, `key` its international form. */
export function recipient(
	itemIndex: number,
	input: string,
	number: string,
	key: string,
): Recipient {
	return { itemIndex, input, number, key, text: 'Hello', characters: 5, parts: 1 };
}

export const LOCAL = recipient(0, '0241234567', '0241234567', '233241234567');
export const PLUS = recipient(1, '+233 55 123 4567', '233551234567', '233551234567');
export const OTHER = recipient(2, '0201234567', '0201234567', '233201234567');

export function message(
	recipients: Recipient[],
	extra: Partial<OutgoingMessage> = {},
): OutgoingMessage {
	return {
		sender: 'SMSDemo',
		text: 'Hello',
		type: 'gsm',
		personalised: false,
		recipients,
		...extra,
	};
}

export function destination(
	to: string,
	messageId = `m-${to}`,
	status = { id: 2105, label: 'DS_PENDING_ENROUTE' },
): DestinationReceipt {
	return { messageId, to, status };
}

export function settings(extra: Partial<DispatchSettings> = {}): DispatchSettings {
	return {
		transport: { format: 'json', timeoutMs: 5000, retry: { maxAttempts: 1, maxWaitMs: 0 } },
		batchSize: 1000,
		dryRun: false,
		includeText: false,
		...extra,
	};
}

/** What every output item says about its number (includeText off, plain message). */
export const ABOUT_THE_NUMBER = { messageType: 'gsm', characters: 5, parts: 1 };

let executions = 0;
/** A fresh execution id per test: the send ledger lives for the whole process. */
export function newExecutionId(): string {
	executions++;
	return `dispatch-test-${executions}`;
}

/** A number's output after its request was accepted (status pending en route). */
export function accepted(r: Recipient, to: string, messageId: string, batch: string): Outcome {
	return {
		items: r.itemIndex,
		json: {
			input: r.input,
			to,
			verdict: 'accepted',
			reason: 'pending en route',
			status: { id: 2105, label: 'DS_PENDING_ENROUTE' },
			messageId,
			batch,
			category: 'sms',
			delivery: false,
			...ABOUT_THE_NUMBER,
		},
	};
}
