// What the send operations send: recipients read from items, the units they are grouped into, a unit's request body.
import type { IExecuteFunctions } from 'n8n-workflow';

import { MESSAGE_TYPE_IDS, type MessageTypeName } from '../../shared/meanings/messageTypeIds';
import type { WireMessageUnit } from '../../shared/transport/endpoints/send';
import type { NumberRules } from '../helpers/numberReading';
import { DEFAULT_NUMBER_RULES, numberFormsAdvice, readPhoneNumber } from '../helpers/numberReading';
import { toWireTemplate } from '../helpers/template';
import { numberError } from '../items/itemErrors';

export interface Recipient {
	itemIndex: number;
	input: string;
	/** Digits only, as sent to the service (a Ghanaian number in local form stays local). */
	number: string;
	/** International form, used to recognise the number in the service's answer. */
	key: string;
	/** Number Check Lenient: why the number may reach no one (shown on its item). */
	warning?: string;
	values?: Array<string | number>;
	text: string;
	/** As carriers count them: code points, and message parts. */
	characters: number;
	parts: number;
	/** Set only when Smart Encoding saved parts. */
	partsSaved?: number;
	/** The item's Client Reference, and the message id derived from it for this number. */
	reference?: string;
	messageId?: string;
}

/** An SMS or a voice unit; the kind chooses the request's path, body and answer reader (outgoing.ts). */
export type SendableMessage = OutgoingMessage | VoiceMessage;

interface MessageUnit {
	sender: string;
	recipients: Recipient[];
	/** Send later (v5 API documentation, "Scheduling"): "YYYY-MM-DD hh:mm" and an optional UTC offset. */
	schedule?: { dateTime: string; offset?: string };
	callback?: { url: string; accept: string };
}

/** One SMS unit: the same sender, text and type for all its recipients. Its kind may be left out. */
export interface OutgoingMessage extends MessageUnit {
	kind?: 'sms';
	text: string;
	type: MessageTypeName;
	personalised: boolean;
}

/** A template stored on the account: no text, so no characters or parts; an empty sender is left out, as the vendor's SDK does. */
export interface VoiceMessage extends MessageUnit {
	kind: 'voice';
	template: string;
}

export function toWireMessageUnit(message: OutgoingMessage, recipients = message.recipients): WireMessageUnit {
	const unit: WireMessageUnit = message.personalised
		? personalisedUnit(message, recipients)
		: {
				text: message.text,
				type: MESSAGE_TYPE_IDS[message.type],
				sender: message.sender,
				// A destination with its own message id takes the object form (the vendor SDK's `<to><number/><id/></to>`).
				destinations: recipients.map((r) => (r.messageId === undefined ? r.number : { number: r.number, id: r.messageId })),
			};
	if (message.schedule) unit.schedule = { ...message.schedule };
	if (message.callback) unit.callback = { ...message.callback };
	return unit;
}

// The template goes out rewritten to one variable per occurrence, each destination's values repeated
// to match, so every reading of the service renders what the node rendered (toWireTemplate).
function personalisedUnit(message: OutgoingMessage, recipients: Recipient[]): WireMessageUnit {
	const { text, valueIndexes } = toWireTemplate(message.text);
	return {
		text,
		type: MESSAGE_TYPE_IDS[message.type],
		sender: message.sender,
		destinations: recipients.map((r) => {
			const values = valueIndexes.map((i) => (r.values ?? [])[i]);
			return r.messageId === undefined ? { number: r.number, values } : { number: r.number, id: r.messageId, values };
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
	const read = readPhoneNumber(input, rules);
	if (!read.ok) {
		throw numberError(
			ctx,
			itemIndex,
			field,
			input,
			`has an invalid phone number ${JSON.stringify(input)}: it ${read.reason}; ${read.fix}`,
			numberFormsAdvice(rules.callingCode),
		);
	}
	// Written out rather than spread: every recipient then has one shape, and no copy is made.
	return {
		itemIndex,
		input,
		number: read.number,
		key: read.key,
		warning: read.warning,
		text: content.text,
		characters: content.characters,
		parts: content.parts,
	};
}
