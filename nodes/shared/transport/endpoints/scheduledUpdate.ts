/**
 * The update of a scheduled message (`POST /v5/message/scheduled/update/{batch}`), as the vendor's
 * SDK (Zenoph.Notify, v5) writes it: the message's full properties (for voice the voice send's:
 * `template`, `sender` only when set, `schedule`, `callback`), then the destination changes. Its
 * answer is the batch's destinations after the change. The list and the other actions are in
 * scheduled.ts.
 */
import { encodeXmlRequest } from '../codec';
import type { DataReader } from '../service';
import type { WireDataFormat } from '../wire';
import type { WireScheduledMessage } from './scheduled';
import { fromWireSendResult, type SendReceipt, sendResultReader } from './send';
import { readVoiceSendResult } from './voice';

/** One destination to add: a number, with the client's own message id and values when it has them. */
export interface WireAddedDestination {
	number: string;
	id?: string;
	values?: Array<string | number>;
}

/** The destination changes of an update: numbers added, message ids deleted. */
export interface WireDestinationChanges {
	add?: WireAddedDestination[];
	delete?: string[];
}

/** An update carries the message's full properties, then the destination changes. */
export interface WireScheduledUpdate {
	text: string;
	type: number;
	sender: string;
	personalise?: boolean;
	schedule?: { dateTime: string; offset?: string };
	callback?: { url: string; accept: string };
	destinations?: WireDestinationChanges;
}

/** A voice message's update: the voice send's properties, then the destination changes. */
export interface WireScheduledVoiceUpdate {
	template: string;
	/** Left out when empty, as the voice send writes it. */
	sender?: string;
	schedule?: { dateTime: string; offset?: string };
	callback?: { url: string; accept: string };
	destinations?: WireDestinationChanges;
}

/** What every update carries after its kind's own properties. */
export type WireUpdateChanges = Pick<WireScheduledUpdate, 'schedule' | 'callback' | 'destinations'>;

/**
 * The service takes a message's full properties on update: the time (the new one, else as loaded)
 * and the callback as loaded, then the numbers added and the message ids removed.
 */
export function toWireUpdateChanges(
	loaded: WireScheduledMessage,
	change: {
		schedule?: { dateTime: string; offset?: string };
		add: readonly string[];
		remove: readonly string[];
	},
): WireUpdateChanges {
	const changes: WireUpdateChanges = {};
	const schedule = change.schedule ?? loaded.schedule;
	if (schedule) changes.schedule = { ...schedule };
	if (loaded.callback) changes.callback = { ...loaded.callback };
	if (change.add.length > 0 || change.remove.length > 0) {
		const destinations: WireDestinationChanges = {};
		if (change.add.length > 0) destinations.add = change.add.map((number) => ({ number }));
		if (change.remove.length > 0) destinations.delete = [...change.remove];
		changes.destinations = destinations;
	}
	return changes;
}

function xmlTo(destination: WireAddedDestination): unknown {
	if (destination.id === undefined && destination.values === undefined) return destination.number;
	const to: Record<string, unknown> = { number: destination.number };
	if (destination.id !== undefined) to.id = destination.id;
	if (destination.values !== undefined) to.values = { value: destination.values };
	return to;
}

/** The voice properties in the PHP SDK's order (template, sender, schedule, callback), whatever the object's. */
function voiceProperties(update: WireScheduledVoiceUpdate): Record<string, unknown> {
	const properties: Record<string, unknown> = { template: update.template };
	if (update.sender) properties.sender = update.sender;
	if (update.schedule) properties.schedule = update.schedule;
	if (update.callback) properties.callback = update.callback;
	return properties;
}

export function encodeScheduledUpdate(
	update: WireScheduledUpdate | WireScheduledVoiceUpdate,
	format: WireDataFormat,
): string {
	const { destinations } = update;
	const properties = 'template' in update ? voiceProperties(update) : withoutDestinations(update);
	const changes: Record<string, unknown> = {};
	if (destinations?.add?.length) {
		changes.add =
			format === 'json'
				? destinations.add.map((d) =>
						d.id === undefined && d.values === undefined ? d.number : { ...d },
					)
				: { to: destinations.add.map(xmlTo) };
	}
	if (destinations?.delete?.length) {
		changes.delete =
			format === 'json'
				? destinations.delete.map((id) => ({ id }))
				: { to: destinations.delete.map((id) => ({ id })) };
	}
	const request: Record<string, unknown> = { ...properties };
	if (Object.keys(changes).length > 0) request.destinations = changes;
	return format === 'json' ? JSON.stringify(request) : encodeXmlRequest(request);
}

function withoutDestinations(update: WireScheduledUpdate): Record<string, unknown> {
	const properties: Record<string, unknown> = { ...update };
	delete properties.destinations;
	return properties;
}

/** The update's answer is a report of the batch's destinations after the change (2103: deleted). */
export const scheduledUpdateReader: DataReader<ReturnType<typeof sendResultReader.read>> = {
	...sendResultReader,
	unreadable: (reason) => ({
		message:
			'The SMS service updated the scheduled message but its answer could not be read: check it with Get before changing it again',
		description: `The handshake was 0 (accepted), but ${reason}. Check the scheduled message with Get before changing it again.`,
	}),
};

/** A voice message's update answer: the same report, about voice (or naming no category). */
export const scheduledVoiceUpdateReader: typeof scheduledUpdateReader = {
	...scheduledUpdateReader,
	read: readVoiceSendResult,
};

function receiptReader(reader: typeof scheduledUpdateReader): DataReader<SendReceipt> {
	return { ...reader, read: (data) => fromWireSendResult(reader.read(data)) };
}

/** An update's answer for the node, SMS or voice: the batch's destinations after the change. */
export const updateReceiptReader = receiptReader(scheduledUpdateReader);
export const voiceUpdateReceiptReader = receiptReader(scheduledVoiceUpdateReader);
