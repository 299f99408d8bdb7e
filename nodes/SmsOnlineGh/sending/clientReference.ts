/**
 * Client Reference: the user's own key for a message (an order number, an invoice id), from which
 * the node derives each destination's custom message id. The vendor's SDK (Zenoph.Notify, v5)
 * shows that a client may name a destination's message itself (`<to><number>…</number><id>…</id>`,
 * 30 to 40 characters of `A-Za-z0-9-`) and that the service refuses an id it already has with
 * status 2131. Derived from the reference, the number and the text that number receives, the id is
 * the same whenever the same message is sent to the same number again, so the service itself
 * refuses the repeat: re-running the same items cannot send them twice.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { customMessageId, customVoiceMessageId, MAX_REFERENCE_LENGTH } from '../../shared/referenceIds';
import { describeValue, itemError } from '../items/itemErrors';
import type { ItemParameters } from '../items/parameters';
import type { Recipient } from './message';

export const CLIENT_REFERENCE_OPTION = 'options.clientReference';


/**
 * The item's reference, or undefined when the option is not used. Once the option is set, every
 * item must give one: an item without a reference would go out without the protection the others
 * have, and nobody would notice.
 */
export function readClientReference(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	itemIndex: number,
	used: boolean,
): string | undefined {
	if (!used) return undefined;
	const raw = parameters.get<unknown>(CLIENT_REFERENCE_OPTION, itemIndex, '');
	// A field the item does not have gives nothing: an empty reference.
	const value = raw === undefined || raw === null ? '' : raw;
	if (typeof value !== 'string' && typeof value !== 'number') {
		throw itemError(ctx, itemIndex, 'Client Reference', `must be text, but the expression gave ${describeValue(value)}`);
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

/**
 * Whether the node's parameters set the option at all (an expression counts as set); with the
 * run's `parameters`, from the raw parameters they took once.
 */
export function clientReferenceUsed(ctx: IExecuteFunctions, parameters?: ItemParameters): boolean {
	const options = (parameters ? parameters.raw() : ctx.getNode().parameters).options;
	const raw = typeof options === 'object' && options !== null ? (options as Record<string, unknown>).clientReference : undefined;
	return raw !== undefined && raw !== null && raw !== '';
}

/**
 * Gives each recipient of an item the item's reference and its own message id, when the option is
 * set: from the text the number receives, or for a voice message (`voiceTemplate`) the template.
 */
export function stampReference(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	itemIndex: number,
	recipients: Recipient[],
	voiceTemplate?: string,
): void {
	const reference = readClientReference(ctx, parameters, itemIndex, clientReferenceUsed(ctx, parameters));
	if (reference === undefined) return;
	for (const recipient of recipients) {
		recipient.reference = reference;
		recipient.messageId =
			voiceTemplate === undefined
				? customMessageId(reference, recipient.key, recipient.text)
				: customVoiceMessageId(reference, recipient.key, voiceTemplate);
	}
}
