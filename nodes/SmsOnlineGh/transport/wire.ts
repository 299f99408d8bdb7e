/**
 * The service's shapes shared by every endpoint, exactly as they travel (SMSOnlineGH v5 API
 * documentation, "Request basics" and the response envelope). Each endpoint's own request and
 * answer shapes are in its file under endpoints/. Nothing outside transport/ and the mapping
 * functions in model.ts should need these.
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
