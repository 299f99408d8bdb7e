/**
 * The shapes of the simulator's answers as the tests read them: a JSON envelope (numbers and
 * booleans as JSON has them) and the same envelope parsed from XML (every value a string, the
 * destinations always a list of `item`s). A helper that parses an answer casts it to one of these.
 */

/** A handshake, status or validation. */
export interface Code {
	id: number;
	label: string;
}

/** One destination of a send, report, update or scheduled-destinations answer. */
export interface Destination {
	id: string;
	to: string;
	country?: string;
	status: Code;
	validation?: Code;
	messageCount?: number;
	message?: string;
	values?: string[];
	submitDateTime?: string;
	reportDateTime?: string;
}

/** The data of a send answer and of a delivery report. */
export interface SendData {
	batch: string;
	category: number;
	delivery: boolean;
	personalised?: boolean;
	text?: string;
	template?: string;
	type?: number;
	sender?: string;
	destinationsCount?: number;
	destinations: Destination[];
}

export interface BalanceData {
	balance: number;
}

/** One message of the scheduled-messages list. */
export interface ScheduledMessage {
	batch: string;
	category: number;
	text?: string;
	template?: string;
	type: number;
	sender: string;
	personalise?: boolean;
	destinationsCount?: number;
	schedule?: { dateTime: string; offset: string };
	callback?: { url: string; accept: string };
}

export interface ScheduledData {
	total?: number;
	messages: ScheduledMessage[];
}

export interface Envelope<D = SendData> {
	handshake: Code;
	data: D;
}

export interface XmlCode {
	id: string;
	label: string;
}

export interface XmlDestination {
	id: string;
	to: string;
	country?: string;
	status: XmlCode;
	validation?: XmlCode;
	messageCount?: string;
	message?: string;
	values?: { value: string[] };
	submitDateTime?: string;
	reportDateTime?: string;
}

export interface XmlSendData {
	batch: string;
	category: string;
	delivery: string;
	personalised?: string;
	text?: string;
	template?: string;
	type?: string;
	sender?: string;
	destinationsCount?: string;
	destinations: { item: XmlDestination[] };
}

export interface XmlScheduledMessage {
	batch: string;
	category: string;
	text?: string;
	template?: string;
	type: string;
	sender: string;
	personalise?: string;
	schedule: { dateTime: string; offset: string };
	callback?: { url: string; accept: string };
}

export interface XmlScheduledData {
	messages: { message: XmlScheduledMessage[] };
}

export interface XmlEnvelope<D = XmlSendData> {
	handshake: XmlCode;
	data: D;
}

export type ScheduledList = Envelope<ScheduledData>;
export type XmlScheduledList = XmlEnvelope<XmlScheduledData>;

/** An XML answer as readXml gives it. */
export interface XmlAnswer {
	response: XmlEnvelope;
}

/** What a control endpoint (/__sim/...) answers: its own members, or an error. */
export type ControlJson = { error?: string } & Record<string, unknown>;
