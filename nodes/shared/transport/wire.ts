/**
 * The service's shapes shared by every endpoint, exactly as they travel (SMSOnlineGH v5 API
 * documentation, "Request basics" and the response envelope). Each endpoint's own request and
 * answer shapes, and the mapping of its answer to the node's types, are in its file under
 * endpoints/.
 */

export type WireDataFormat = 'json' | 'xml';

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
