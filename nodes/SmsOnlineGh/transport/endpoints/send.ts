/**
 * POST /v5/message/sms/send: the message unit it takes and the send result it answers with
 * (SMSOnlineGH v5 API documentation, "Non-personalised" and "Personalised" SMS; schedule and
 * callback members from its "Scheduling" and "Delivery push" pages).
 */
import { encodeXmlRequest } from '../codec';
import type { Decoded } from '../read';
import { decoded, isObject, toBoolean, toInteger, toList, toText, UnreadableResponseError } from '../read';
import type { DataReader } from '../service';
import type { WireDataFormat, WireStatus } from '../wire';

export const SEND_PATH = '/v5/message/sms/send';

export interface WirePersonalisedDestination {
	number: string;
	values: Array<string | number>;
}

/** Request body of the send operation. */
export interface WireMessageUnit {
	text: string;
	type: number;
	sender: string;
	destinations: string[] | WirePersonalisedDestination[];
	schedule?: { dateTime: string; offset?: string };
	callback?: { url: string; accept: string };
}

export interface WireDestinationResult {
	id: string;
	to: string;
	status: WireStatus;
}

export interface WireSendResult {
	batch: string;
	/** Absent for personalised messages; in XML possibly the label `sms` (the vendor's SDK). */
	category?: number | string;
	delivery: boolean;
	destinations: WireDestinationResult[];
}

export function encodeMessageUnit(unit: WireMessageUnit, format: WireDataFormat): string {
	if (format === 'json') return JSON.stringify(unit);
	const destinations =
		typeof unit.destinations[0] === 'string'
			? { to: unit.destinations }
			: {
					to: (unit.destinations as WirePersonalisedDestination[]).map((d) => ({
						number: d.number,
						values: { value: d.values },
					})),
				};
	const request: Record<string, unknown> = {
		text: unit.text,
		type: unit.type,
		sender: unit.sender,
		destinations,
	};
	if (unit.schedule) request.schedule = unit.schedule;
	if (unit.callback) request.callback = unit.callback;
	return encodeXmlRequest(request);
}

function readDestination(value: unknown, index: number): WireDestinationResult {
	if (!isObject(value)) throw new UnreadableResponseError(`destination ${index + 1} is not an object`);
	const status = value.status;
	if (!isObject(status)) throw new UnreadableResponseError(`destination ${index + 1} has no status`);
	return {
		id: toText(value.id, `destination ${index + 1} id`),
		to: toText(value.to, `destination ${index + 1} number`),
		status: {
			id: toInteger(status.id, `destination ${index + 1} status id`),
			label: typeof status.label === 'string' ? status.label : '',
		},
	};
}

function readSendResult(data: unknown): WireSendResult {
	if (!isObject(data)) throw new UnreadableResponseError('the send response has no data');
	const destinations = toList(data.destinations, 'the send response has no destinations list');
	const result: WireSendResult = {
		batch: toText(data.batch, 'batch'),
		delivery: toBoolean(data.delivery),
		destinations: destinations.map(readDestination),
	};
	if (data.category !== undefined && data.category !== null && data.category !== '') {
		const category = data.category;
		result.category =
			typeof category === 'string' && /^\d+$/.test(category) ? Number(category) : (category as number | string);
	}
	return result;
}

export const sendResultReader: DataReader<WireSendResult> = {
	xmlLists: ['destinations.item'],
	read: readSendResult,
	// Handshake 0: the service took the request, but its per-number answer is unreadable.
	unreadable: (reason) => ({
		message: 'The SMS service accepted the request but its answer could not be read',
		description: `The handshake was 0 (accepted), but ${reason}. The messages were probably sent: check the sent messages in your SMSOnlineGH account before sending again.`,
	}),
};

/** Reads the data of a send answer, JSON or XML shaped. */
export function decodeSendResult(data: unknown): Decoded<WireSendResult> {
	return decoded(() => readSendResult(data));
}
