/**
 * The service's own shapes, exactly as they travel (spec sections 2.2 to 2.6). Nothing outside
 * transport/ and the mapping functions in model.ts should need these.
 */

export type WireDataFormat = 'json' | 'xml';

export interface WirePersonalisedDestination {
	number: string;
	values: Array<string | number>;
}

/** Request body of the send operation (spec 2.2; schedule and callback from service-facts.md). */
export interface WireMessageUnit {
	text: string;
	type: number;
	sender: string;
	destinations: string[] | WirePersonalisedDestination[];
	schedule?: { dateTime: string; offset?: string };
	callback?: { url: string; accept: string };
}

export interface WireHandshake {
	id: number;
	label: string;
}

export interface WireEnvelope<TData> {
	handshake: WireHandshake;
	data: TData | null;
}

export interface WireStatus {
	id: number;
	label: string;
}

export interface WireDestinationResult {
	id: string;
	to: string;
	status: WireStatus;
}

export interface WireSendResult {
	batch: string;
	/** Absent for personalised messages; in XML possibly the string `sms` (service-facts.md). */
	category?: number | string;
	delivery: boolean;
	destinations: WireDestinationResult[];
}

export interface WireBalance {
	balance: number;
	model: string;
	currencyName: string | null;
	currencyCode: string | null;
}
