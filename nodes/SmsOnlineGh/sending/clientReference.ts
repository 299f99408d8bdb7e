// Client Reference: each destination's custom message id is derived from the reference, the number and its
// text, so the service refuses a repeat with 2131 (vendor SDK Zenoph.Notify v5: `<to><number/><id/></to>`,
// 30-40 characters of `A-Za-z0-9-`). See docs/delivery-guarantees.md.
import type { IExecuteFunctions } from 'n8n-workflow';

import {
	customMessageId,
	customVoiceMessageId,
	MAX_REFERENCE_LENGTH,
} from '../../shared/referenceIds';
import { describeValue, itemError } from '../items/itemErrors';
import type { ItemParameters } from '../items/parameters';
import type { Recipient } from './message';

export const CLIENT_REFERENCE_OPTION = 'options.clientReference';

// Once the option is set every item must give one: an item without would go out unprotected, unnoticed.
export function readClientReference(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	itemIndex: number,
	used: boolean,
): string | undefined {
	if (!used) return undefined;
	const raw = parameters.get<unknown>(CLIENT_REFERENCE_OPTION, itemIndex, '');
	const value = raw === undefined || raw === null ? '' : raw;
	if (typeof value !== 'string' && typeof value !== 'number') {
		throw itemError(
			ctx,
			itemIndex,
			'Client Reference',
			`must be text, but the expression gave ${describeValue(value)}`,
		);
	}
	const reference = String(value).trim();
	if (reference === '') {
		throw itemError(
			ctx,
			itemIndex,
			'Client Reference',
			'is empty',
			'Every item needs its own reference once the option is set, for example {{ $json.orderId }}.',
		);
	}
	if (reference.length > MAX_REFERENCE_LENGTH) {
		throw itemError(
			ctx,
			itemIndex,
			'Client Reference',
			`is ${reference.length.toLocaleString('en-US')} characters long: at most ${MAX_REFERENCE_LENGTH}. Map a shorter key, such as an order or invoice number`,
			'A reference names one message; one this long is most likely a whole text or object mapped by mistake, and every output item would carry it. Each number’s message id is derived from the reference (always 40 letters, digits and hyphens, as the service requires); a reference of up to 20 letters, digits and hyphens leads the id, so delivery reports give it back.',
		);
	}
	return reference;
}

/** Whether the parameters set the option at all (an expression counts as set). */
export function clientReferenceUsed(ctx: IExecuteFunctions, parameters?: ItemParameters): boolean {
	const options = (parameters ? parameters.raw() : ctx.getNode().parameters).options;
	const raw =
		typeof options === 'object' && options !== null
			? (options as Record<string, unknown>).clientReference
			: undefined;
	return raw !== undefined && raw !== null && raw !== '';
}

export function stampReference(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	itemIndex: number,
	recipients: Recipient[],
	voiceTemplate?: string,
): void {
	const reference = readClientReference(
		ctx,
		parameters,
		itemIndex,
		clientReferenceUsed(ctx, parameters),
	);
	if (reference === undefined) return;
	for (const recipient of recipients) {
		recipient.reference = reference;
		recipient.messageId =
			voiceTemplate === undefined
				? customMessageId(reference, recipient.key, recipient.text)
				: customVoiceMessageId(reference, recipient.key, voiceTemplate);
	}
}
