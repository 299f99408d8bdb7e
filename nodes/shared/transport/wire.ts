// The shapes every endpoint shares (SMSOnlineGH v5 API documentation, "Request basics" and the response envelope).

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
