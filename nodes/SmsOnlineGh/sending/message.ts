/**
 * What the send operations send: each recipient read from an item, the message units they are
 * grouped into, and a unit's request body (node → wire).
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { MESSAGE_TYPE_IDS, type MessageTypeName } from '../../shared/meanings/messageTypeIds';
import type { WireMessageUnit } from '../../shared/transport/endpoints/send';
import type { NumberRules } from '../helpers/numberReading';
import { DEFAULT_NUMBER_RULES, numberFormsAdvice, readPhoneNumber } from '../helpers/numberReading';
import { toWireTemplate } from '../helpers/template';
import { numberError } from '../items/itemErrors';

/** One phone number taken from one input item. */
export interface Recipient {
	/** Index of the input item that supplied the number. */
	itemIndex: number;
	/** The number as the user gave it. */
	input: string;
	/** Digits only, as sent to the service (a Ghanaian number in local form stays local). */
	number: string;
	/** International form, used to recognise the number in the service's answer. */
	key: string;
	/** Number Check Lenient: why the number may reach no one (shown on its item). */
	warning?: string;
	/** Personalised messages: the values for the template's variables, in order. */
	values?: Array<string | number>;
	/** The text this number receives (rendered, for personalised messages). */
	text: string;
	/** Characters (code points) and message parts of that text, as carriers count them. */
	characters: number;
	parts: number;
	/** Parts Smart Encoding saved on this number's text (set only when it saved some). */
	partsSaved?: number;
	/** The item's Client Reference, and the custom message id derived from it for this number. */
	reference?: string;
	messageId?: string;
}

/**
 * What the send pipeline sends (grouping, dispatch, ledger, ceilings, sender check are the same for
 * both): an SMS unit, or a voice unit (a stored template). The kind chooses the request's path,
 * body and answer reader (sending/outgoing.ts).
 */
export type SendableMessage = OutgoingMessage | VoiceMessage;

interface MessageUnit {
	sender: string;
	recipients: Recipient[];
	/** Send later (v5 API documentation, "Scheduling"): "YYYY-MM-DD hh:mm" and an optional UTC offset. */
	schedule?: { dateTime: string; offset?: string };
	/** Where the service posts delivery reports, and in which format. */
	callback?: { url: string; accept: string };
}

/** One SMS unit: the same sender, text and type for all its recipients. Its kind may be left out. */
export interface OutgoingMessage extends MessageUnit {
	kind?: 'sms';
	text: string;
	type: MessageTypeName;
	personalised: boolean;
}

/**
 * One voice unit: a template stored on the account, played to every recipient. It has no text, so
 * its recipients' text is empty and they have no characters and no parts. Its sender may be empty
 * (the vendor's SDK writes it only when set).
 */
export interface VoiceMessage extends MessageUnit {
	kind: 'voice';
	template: string;
}

/** Node → wire: the request body for some recipients of a message. */
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

/**
 * A personalised unit goes out with its template rewritten so that every reading of the service
 * renders what the node rendered (see toWireTemplate): one variable per occurrence, and each
 * destination's values repeated to match.
 */
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

/** One number as a recipient, or an error naming the item, the field, the number, why and the fix. */
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
