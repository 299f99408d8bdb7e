/**
 * The node's own types, and the one named mapping function each way between them and the wire
 * types of transport/wire.ts.
 */
import type { WireBalance, WireMessageUnit, WireSendResult } from './transport';

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
}

/** One message unit: the same sender, text and type for all its recipients. */
export interface OutgoingMessage {
	sender: string;
	text: string;
	type: MessageTypeName;
	personalised: boolean;
	recipients: Recipient[];
	/** Send later (v5 API documentation, "Scheduling"): "YYYY-MM-DD hh:mm" and an optional UTC offset. */
	schedule?: { dateTime: string; offset?: string };
	/** Where the service posts delivery reports, and in which format. */
	callback?: { url: string; accept: string };
}

export interface DestinationReceipt {
	messageId: string;
	to: string;
	status: { id: number; label: string };
}

export interface SendReceipt {
	batch: string;
	category?: number | string;
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
	const unit: WireMessageUnit = {
		text: message.text,
		type: MESSAGE_TYPE_IDS[message.type],
		sender: message.sender,
		destinations: message.personalised
			? recipients.map((r) => ({ number: r.number, values: r.values ?? [] }))
			: recipients.map((r) => r.number),
	};
	if (message.schedule) unit.schedule = { ...message.schedule };
	if (message.callback) unit.callback = { ...message.callback };
	return unit;
}

/** Wire → node: a send result. */
export function fromWireSendResult(data: WireSendResult): SendReceipt {
	const receipt: SendReceipt = {
		batch: data.batch,
		delivery: data.delivery,
		destinations: data.destinations.map((d) => ({
			messageId: d.id,
			to: d.to,
			status: { id: d.status.id, label: d.status.label },
		})),
	};
	if (data.category !== undefined) receipt.category = data.category;
	return receipt;
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
