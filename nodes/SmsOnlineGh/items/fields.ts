// Reading and checking one item's fields. Every error names the item and the field (and the value
// where it helps); with Continue On Fail the item becomes an error item and the others go on.
import type { IExecuteFunctions } from 'n8n-workflow';

import { findXmlForbiddenCharacter } from '../../shared/transport/codec';
import { codePoint, describeInvisible, invisibleCharacters } from '../helpers/invisible';
import type { RequestedType } from '../helpers/messageType';
import { REQUESTED_TYPES } from '../helpers/messageType';
import { describeValue, itemError } from './itemErrors';
import type { ItemParameters } from './parameters';
import { splitPhoneNumbers } from '../numbers/read';
import type { SendOptions } from './settings';

export function locatorValue(value: unknown): unknown {
	return typeof value === 'object' && value !== null && '__rl' in value
		? (value as { value?: unknown }).value
		: value;
}

// Said in the error message itself: an AI agent sees only that.
export const EMPTY_TEXT_FIX = 'type a text or map a field that holds one';

/** `is empty: ` and why, or undefined: a text of invisible characters only would be sent and billed. */
export function emptyText(value: string): string | undefined {
	const invisible = invisibleCharacters(value);
	if (invisible === undefined) return undefined;
	return invisible.length === 0
		? 'is empty: '
		: `is empty: it holds ${describeInvisible(value, invisible)}; `;
}

export function readText(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	name: string,
	field: string,
	itemIndex: number,
	emptyFix = EMPTY_TEXT_FIX,
): string {
	const value = locatorValue(parameters.get<unknown>(name, itemIndex, ''));
	// An expression naming a field the item lacks gives nothing.
	if (value === undefined || value === null) {
		throw itemError(ctx, itemIndex, field, `is empty: the expression gave nothing; ${emptyFix}`);
	}
	if (typeof value !== 'string') {
		throw itemError(
			ctx,
			itemIndex,
			field,
			`must be text, but the expression gave ${describeValue(value)}`,
		);
	}
	const empty = emptyText(value);
	if (empty !== undefined) throw itemError(ctx, itemIndex, field, `${empty}${emptyFix}`);
	return value;
}

// Sender names: at most 11 characters, numeric ones up to 18 (v5 API documentation; the vendor's SDK checks the same).
export function readSender(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	itemIndex: number,
): string {
	const sender = readText(
		ctx,
		parameters,
		'sender',
		'Sender',
		itemIndex,
		'pick a sender from the list, or type one registered on your SMSOnlineGH account',
	).trim();
	const limit = /^\d+$/.test(sender) ? 18 : 11;
	if (sender.length > limit) {
		throw itemError(
			ctx,
			itemIndex,
			'Sender',
			`"${sender}" is ${sender.length} characters long: use a sender registered on your SMSOnlineGH account, at most ${limit} characters`,
			'Use a sender name registered on your SMSOnlineGH account.',
		);
	}
	return sender;
}

export function readMessageType(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	itemIndex: number,
): RequestedType {
	const type = parameters.get<unknown>('messageType', itemIndex, 'auto');
	if (typeof type !== 'string' || !REQUESTED_TYPES.includes(type as RequestedType)) {
		throw itemError(
			ctx,
			itemIndex,
			'Message Type',
			`"${String(type)}" is not one of ${REQUESTED_TYPES.join(', ')}`,
		);
	}
	return type as RequestedType;
}

export function readPhoneNumbers(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	name: string,
	field: string,
	itemIndex: number,
): string[] {
	let pieces: string[];
	try {
		pieces = splitPhoneNumbers(parameters.get(name, itemIndex, ''));
	} catch (error) {
		throw itemError(ctx, itemIndex, field, `is not usable: ${(error as Error).message}`);
	}
	if (pieces.length === 0) {
		throw itemError(
			ctx,
			itemIndex,
			field,
			'is empty: map a phone number field, for example {{ $json.phone }}',
		);
	}
	return pieces;
}

// XML 1.0 cannot carry some control characters (a form feed, which the GSM extension table has).
export function checkXmlSafe(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	itemIndex: number,
	field: string,
	text: string,
): void {
	if (parameters.get<SendOptions>('options', itemIndex, {}).dataFormat !== 'xml') return;
	const forbidden = findXmlForbiddenCharacter(text);
	if (forbidden !== undefined) {
		throw itemError(
			ctx,
			itemIndex,
			field,
			`contains the control character ${codePoint(forbidden)}, which XML cannot carry: remove it, or set the Data Format option to JSON`,
			'Remove it, or set the Data Format option to JSON.',
		);
	}
}
