// Delivery reports, all of a batch or its destinations named by message id, as the vendor's SDK (Zenoph.Notify, v5)
// writes and reads them: the send answer's shape with `delivery` true, and a `validation` per destination asked by id.
import { encodeXmlRequest } from '../codec';
import type { DataReader } from '../service';
import type { WireDataFormat } from '../wire';
import {
	type DestinationMaker,
	readSendResult,
	sendResultReader,
	type WireSendResult,
} from './send';

export const BATCH_ID = /^[0-9a-fA-F]{32}$/;

/** The service's UUIDs and a client's custom ids: 30 to 40 of `A-Za-z0-9-` (the vendor SDK's rule). */
export const MESSAGE_ID = /^[A-Za-z0-9-]{30,40}$/;

export function deliveryReportPath(batch: string): string {
	return `/v5/report/message/delivery/${encodeURIComponent(batch)}`;
}

export function destinationsReportPath(batch: string): string {
	return `/v5/report/message/delivery/destinations/${encodeURIComponent(batch)}`;
}

export function encodeReportQuery(messageIds: readonly string[], format: WireDataFormat): string {
	if (format === 'json') return JSON.stringify({ destinations: messageIds });
	return encodeXmlRequest({ destinations: { id: [...messageIds] } });
}

// Read as a send answer. Asking changes nothing, so an unreadable answer says only that.
export const deliveryReportReader: DataReader<WireSendResult> = {
	...sendResultReader,
	read: readSendResult,
	unreadable: (reason) => ({
		message: 'The SMS service sent a delivery report that could not be read: try again later',
		description: `HTTP 200 and handshake 0, but ${reason}. Asking for a report sends nothing: try again later.`,
	}),
};

// Made here, not by the send reader, so that V8 keeps these, garbage at once, in its young generation (see DestinationMaker).
export const makeReportDestination: DestinationMaker = (id, to, statusId, statusLabel) => ({
	id,
	to,
	status: { id: statusId, label: statusLabel },
});
