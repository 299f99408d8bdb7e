/**
 * The node's own types, and the one named mapping function each way between them and the wire
 * types of transport/wire.ts.
 */
import { toWireTemplate } from './helpers/template';
import type {
	WireBalance,
	WireDestinationResult,
	WireMessageUnit,
	WireProfile,
	WireScheduledMessage,
	WireSendResult,
} from './transport';

export type MessageTypeName = 'gsm' | 'unicode' | 'flash' | 'flashUnicode';

/** Message type ids (SMSOnlineGH v5 API documentation, message types; the vendor's SDK agrees). */
export const MESSAGE_TYPE_IDS: Record<MessageTypeName, number> = {
	gsm: 0,
	unicode: 1,
	flash: 2,
	flashUnicode: 3,
};

/** One phone number taken from one input item. */
export interface Recipient {
	/** Index of the input item that supplied the number. */
	itemIndex: number;
	/** The number as the user gave it. */
	input: string;
	/** Digits only, as sent to the service (a local number stays local). */
	number: string;
	/** International form, used to recognise the number in the service's answer. */
	key: string;
	/** Personalised messages: the values for the template's variables, in order. */
	values?: Array<string | number>;
	/** The text this number receives (rendered, for personalised messages). */
	text: string;
	/** Characters (code points) and message parts of that text, as carriers count them. */
	characters: number;
	parts: number;
	/** The item's Client Reference, and the custom message id derived from it for this number. */
	reference?: string;
	messageId?: string;
}

/**
 * What the send pipeline sends (grouping, dispatch, ledger, ceilings, sender check are the same for
 * both): an SMS unit, or a voice unit (a stored template). The kind chooses the request's path,
 * body and answer reader (actions/sms/outgoing.ts).
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

export interface DestinationReceipt {
	messageId: string;
	to: string;
	status: { id: number; label: string };
	/** What the service says of this destination beyond its status, each only when it says it. */
	country?: string;
	/** Message parts the service bills for this destination (its `messageCount`). */
	partsBilled?: number;
	/** When the service submitted the message and when the delivery was reported, `YYYY-MM-DD HH:MM:SS`. */
	submittedAt?: string;
	reportedAt?: string;
	/** The destination's validation id (2401-2404, see helpers/validations.ts). */
	validation?: number;
}

/**
 * The category of the messages the node sends: SMS, or voice (Voice → Send). The service's answer
 * names it as an id (1, 2), a label in any case (`sms`, `voice`) or not at all; the node says
 * `sms` or `voice` every time, so a workflow can rely on one value whichever form the answer took.
 */
export type MessageCategory = 'sms' | 'voice';

export interface SendReceipt {
	batch: string;
	category: MessageCategory;
	delivery: boolean;
	destinations: DestinationReceipt[];
}

export interface Balance {
	balance: number;
	model: string;
	currencyName: string | null;
	currencyCode: string | null;
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

export function fromWireDestination(d: WireDestinationResult): DestinationReceipt {
	const receipt: DestinationReceipt = {
		messageId: d.id,
		to: d.to,
		status: { id: d.status.id, label: d.status.label },
	};
	if (d.country !== undefined) receipt.country = d.country;
	if (d.messageCount !== undefined) receipt.partsBilled = d.messageCount;
	if (d.submitDateTime !== undefined) receipt.submittedAt = d.submitDateTime;
	if (d.reportDateTime !== undefined) receipt.reportedAt = d.reportDateTime;
	if (d.validation !== undefined) receipt.validation = d.validation.id;
	return receipt;
}

/**
 * Wire → node: a send result. The request's echoes (text, type, sender, personalised, the count of
 * destinations) and each destination's text and values are not kept: the node knows what it sent,
 * and its own count of characters and parts is what it reports beside the service's `partsBilled`.
 */
export function fromWireSendResult(data: WireSendResult): SendReceipt {
	return {
		batch: data.batch,
		// The reader refused any category the request was not about; an answer without one is about
		// SMS (an SMS send, or a report that does not say).
		category: data.category === 'voice' ? 'voice' : 'sms',
		delivery: data.delivery,
		destinations: data.destinations.map(fromWireDestination),
	};
}

/** Wire → node: a balance. */
export function fromWireBalance(data: WireBalance): Balance {
	return {
		balance: data.balance,
		model: data.model,
		currencyName: data.currencyName,
		currencyCode: data.currencyCode,
	};
}

/** The account's profile, in the node's words. */
export interface AccountProfile {
	timeZone: string | null;
	defaultMessageType: MessageTypeName | null;
	defaultCountry: { name: string | null; code: string | null; dialCode: number | null } | null;
	/** Per destination country: whether a sender must be registered for it, and whether an all-digit one is allowed. */
	routes: Array<{ countryCode: string; country: string | null; dialCode: number | null; senderMustBeRegistered: boolean; numericSenderAllowed: boolean }>;
	senders: Array<{ name: string; caseSensitive: boolean; countryCodes: string[] }>;
	messageTypes: Array<{ id: number; name: string; singlePartLength: number | null; concatenatedPartLength: number | null }>;
}

export const MESSAGE_TYPE_NAMES = new Map<number, MessageTypeName>(
	Object.entries(MESSAGE_TYPE_IDS).map(([name, id]) => [id, name as MessageTypeName]),
);

/**
 * Wire → node: the profile. A route that does not say is read as the strict case (a registered
 * sender needed, a numeric one allowed only when it says so): the node checks senders against it.
 */
export function fromWireProfile(data: WireProfile): AccountProfile {
	const home = data.defDestination;
	return {
		timeZone: data.timeZone ?? null,
		defaultMessageType: data.messageType === undefined ? null : (MESSAGE_TYPE_NAMES.get(data.messageType) ?? null),
		defaultCountry: home ? { name: home.countryName ?? null, code: home.countryCode ?? null, dialCode: home.dialCode ?? null } : null,
		routes: data.routeFilters.map((r) => ({
			countryCode: r.countryCode,
			country: r.countryName ?? null,
			dialCode: r.dialCode ?? null,
			senderMustBeRegistered: r.registerSender ?? true,
			numericSenderAllowed: r.numericSenderAllowed ?? false,
		})),
		senders: data.senders.map((s) => ({ name: s.name, caseSensitive: s.caseSensitive, countryCodes: [...s.countryCodes] })),
		messageTypes: data.messageTypes.map((t) => ({
			id: t.id,
			name: t.label,
			singlePartLength: t.singleLen ?? null,
			concatenatedPartLength: t.concatLen ?? null,
		})),
	};
}

/** A message waiting for its time, as the service lists it. */
export interface ScheduledMessage {
	batch: string;
	category: MessageCategory;
	messageType: MessageTypeName | null;
	/** For a personalised message, the template as the node sent it (one variable per occurrence). */
	text: string | null;
	personalised: boolean;
	sender: string | null;
	/** `YYYY-MM-DD HH:MM:SS` in the offset beside it (the account's time zone when there is none). */
	scheduledAt: string | null;
	utcOffset: string | null;
	deliveryReportUrl?: string;
	destinationsCount?: number;
}

/** Wire → node: a scheduled message. Only SMS is asked for, so its category is always `sms`. */
export function fromWireScheduledMessage(data: WireScheduledMessage): ScheduledMessage {
	const message: ScheduledMessage = {
		batch: data.batch,
		category: 'sms',
		messageType: data.type === undefined ? null : (MESSAGE_TYPE_NAMES.get(data.type) ?? null),
		text: data.text ?? null,
		personalised: data.personalised ?? false,
		sender: data.sender ?? null,
		scheduledAt: data.schedule?.dateTime ?? null,
		utcOffset: data.schedule?.offset ?? null,
	};
	if (data.callback) message.deliveryReportUrl = data.callback.url;
	if (data.destinationsCount !== undefined) message.destinationsCount = data.destinationsCount;
	return message;
}
