import type { IExecuteFunctions } from 'n8n-workflow';

import { MESSAGE_TYPE_IDS, type MessageTypeName } from '../../shared/meanings/messageTypeIds';
import type { WireMessageUnit } from '../../shared/transport/endpoints/send';
import { quoteNumber } from '../helpers/invisible';
import { toWireTemplate } from '../helpers/template';
import { numberError } from '../items/itemErrors';
import {
	DEFAULT_NUMBER_RULES,
	numberFormsAdvice,
	type NumberRules,
	readNumber,
} from '../numbers/read';

export interface Recipient {
	itemIndex: number;
	input: string;
	/** Digits only, as sent (a Ghanaian number in local form stays local). */
	number: string;
	/** International form, to recognise the number in the service's answer. */
	key: string;
	warning?: string;
	/** The country of a number sent abroad though written without + or 00 (Lenient): on its item when the service names none. */
	country?: string;
	values?: Array<string | number>;
	text: string;
	/** Code points and parts, as carriers count them. */
	characters: number;
	parts: number;
	/** Smart Encoding's marks (sending/smartText.ts): what it replaced and the parts saved, or why it did not. */
	replaced?: string;
	partsSaved?: number;
	notReplaced?: string;
	/** Characters its GSM type cannot carry, sent as given because the user said so (sending/gsmOnly.ts). */
	sentAsGiven?: string;
	/** Why the sender went out without the profile's check (sending/senderCheck.ts). */
	senderUnchecked?: string;
	reference?: string;
	messageId?: string;
}

/** An SMS unit or a voice unit (a stored template); the kind picks the path, body and reader (outgoing.ts). */
export type SendableMessage = OutgoingMessage | VoiceMessage;

interface MessageUnit {
	sender: string;
	recipients: Recipient[];
	/** v5 API documentation, "Scheduling": "YYYY-MM-DD hh:mm" and an optional UTC offset. */
	schedule?: { dateTime: string; offset?: string };
	callback?: { url: string; accept: string };
}

export interface OutgoingMessage extends MessageUnit {
	kind?: 'sms';
	text: string;
	type: MessageTypeName;
	personalised: boolean;
}

/** A voice unit has no text, so no characters or parts; its sender may be empty (the vendor SDK writes it only when set). */
export interface VoiceMessage extends MessageUnit {
	kind: 'voice';
	template: string;
}

export function toWireMessageUnit(
	message: OutgoingMessage,
	recipients = message.recipients,
): WireMessageUnit {
	const unit: WireMessageUnit = message.personalised
		? personalisedUnit(message, recipients)
		: {
				text: message.text,
				type: MESSAGE_TYPE_IDS[message.type],
				sender: message.sender,
				// The vendor SDK's `<to><number/><id/></to>` form.
				destinations: recipients.map((r) =>
					r.messageId === undefined ? r.number : { number: r.number, id: r.messageId },
				),
			};
	if (message.schedule) unit.schedule = { ...message.schedule };
	if (message.callback) unit.callback = { ...message.callback };
	return unit;
}

// Its template is rewritten so every reading of the service renders what the node did (see toWireTemplate).
function personalisedUnit(message: OutgoingMessage, recipients: Recipient[]): WireMessageUnit {
	const { text, valueIndexes } = toWireTemplate(message.text);
	return {
		text,
		type: MESSAGE_TYPE_IDS[message.type],
		sender: message.sender,
		destinations: recipients.map((r) => {
			const values = valueIndexes.map((i) => (r.values ?? [])[i]);
			return r.messageId === undefined
				? { number: r.number, values }
				: { number: r.number, id: r.messageId, values };
		}),
	};
}

/** Ghana's country code: local numbers (0…) are Ghanaian numbers to this service. */
export const DEFAULT_COUNTRY_CODE = '233';

export function toRecipient(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	input: string,
	content: Pick<Recipient, 'text' | 'characters' | 'parts'>,
	rules: NumberRules = DEFAULT_NUMBER_RULES,
): Recipient {
	const read = readNumber(input, rules);
	if (!read.ok && 'several' in read) throw numberError(ctx, itemIndex, field, input, read.several);
	if (!read.ok) {
		// A fix that already gives the number's forms is not repeated in the description.
		const advice = read.fix.includes('give it') ? undefined : numberFormsAdvice(rules.callingCode);
		throw numberError(
			ctx,
			itemIndex,
			field,
			input,
			`has an invalid phone number ${quoteNumber(input)}: it ${read.reason}; ${read.fix}`,
			advice,
		);
	}
	return {
		itemIndex,
		input,
		number: read.number,
		key: read.key,
		warning: read.warning,
		country: read.country,
		text: content.text,
		characters: content.characters,
		parts: content.parts,
	};
}
