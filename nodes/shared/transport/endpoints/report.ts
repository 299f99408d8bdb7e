/**
 * Delivery reports: `POST /v5/report/message/delivery/{batch}` (every destination of a batch, no
 * body) and `POST /v5/report/message/delivery/destinations/{batch}` (the destinations named by
 * their message ids). Paths, body and answer as the vendor's SDK (Zenoph.Notify, v5) writes and
 * reads them: the answer is the send answer's shape with `delivery` true, and a `validation` per
 * destination asked about by id.
 */
import { encodeXmlRequest } from '../codec';
import type { DataReader } from '../service';
import type { WireDataFormat } from '../wire';
import { type DestinationMaker, readSendResult, sendResultReader, type WireSendResult } from './send';

/** A batch id as the service gives it: 32 hexadecimal characters. */
export const BATCH_ID = /^[0-9a-fA-F]{32}$/;

/**
 * A message id the service could have given or taken: its own UUIDs and the custom ids a client
 * may set (30 to 40 characters of `A-Za-z0-9-`, the vendor SDK's rule); a UUID is of that form.
 */
export const MESSAGE_ID = /^[A-Za-z0-9-]{30,40}$/;

export function deliveryReportPath(batch: string): string {
	return `/v5/report/message/delivery/${encodeURIComponent(batch)}`;
}

export function destinationsReportPath(batch: string): string {
	return `/v5/report/message/delivery/destinations/${encodeURIComponent(batch)}`;
}

/** `<request><destinations><id>…</id>…</destinations></request>`, or `{"destinations": […]}`. */
export function encodeReportQuery(messageIds: readonly string[], format: WireDataFormat): string {
	if (format === 'json') return JSON.stringify({ destinations: messageIds });
	return encodeXmlRequest({ destinations: { id: [...messageIds] } });
}

/**
 * A report is read as a send answer. Asking for it changes nothing at the service, so an answer
 * that cannot be read says only that: no message was sent by asking.
 */
export const deliveryReportReader: DataReader<WireSendResult> = {
	...sendResultReader,
	read: readSendResult,
	unreadable: (reason) => ({
		message: 'The SMS service sent a delivery report that could not be read: try again later',
		description: `HTTP 200 and handshake 0, but ${reason}. Asking for a report sends nothing: try again later.`,
	}),
};

/**
 * Makes each destination a report reads as it builds its items (readSendAnswer): the send
 * reader's object, made here so that V8 keeps these, garbage at once, in its young generation
 * (DestinationMaker in endpoints/send.ts).
 */
export const makeReportDestination: DestinationMaker = (id, to, statusId, statusLabel) => ({
	id,
	to,
	status: { id: statusId, label: statusLabel },
});
