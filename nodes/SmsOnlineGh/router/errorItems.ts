// Error items of the send and update operations carry a verdict too, so an IF node on
// `{{ $json.verdict }}` routes them: `notSent` when nothing of the item went out.
import type { IDataObject } from 'n8n-workflow';

import { numberOfError } from '../items/itemErrors';
import type { Operation, Outcome } from '../items/operation';

type ErrorLike = Error & { description?: string | null };

export function errorJson(error: ErrorLike): IDataObject {
	const json: IDataObject = { error: error.message };
	if (error.description) json.description = error.description;
	return json;
}

function notSentReason(kind: 'send' | 'update', error: Error): string {
	return kind === 'send' ? `not sent (${error.message})` : `not changed (${error.message})`;
}

export function unreadItemJson(operation: Operation<unknown>, error: ErrorLike): IDataObject {
	if (!operation.verdicts) return errorJson(error);
	const input = numberOfError(error);
	const json: IDataObject = input === undefined ? {} : { input, to: null };
	json.verdict = 'notSent';
	json.reason = notSentReason(operation.verdicts, error);
	return Object.assign(json, errorJson(error));
}

// Without a verdict: `notSent`, one item per number of the input item when the operation names them.
export function failedItemsJson(
	operation: Operation<unknown>,
	outcome: Outcome,
	input: unknown,
): IDataObject[] {
	const error = outcome.error as ErrorLike;
	if (!operation.verdicts || typeof outcome.json.verdict === 'string')
		return [{ ...outcome.json, ...errorJson(error) }];
	const reason = notSentReason(operation.verdicts, error);
	const recipients =
		input !== undefined && operation.recipientsOf ? operation.recipientsOf(input) : [];
	if (recipients.length === 0)
		return [{ ...outcome.json, verdict: 'notSent', reason, ...errorJson(error) }];
	return recipients.map((r) => ({
		input: r.input,
		to: r.number,
		verdict: 'notSent',
		reason,
		...outcome.json,
		...errorJson(error),
	}));
}
