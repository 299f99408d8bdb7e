/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** Shared helpers for the tests of the lifecycle endpoints (reports, scheduled messages, update). */
import { gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import type { Envelope, SendData, XmlEnvelope } from './answers';
import { JSON_HEADERS, SEND, raw, type RawAnswer } from './helpers';

export const GZBIN_XML = 'application/vnd.zenoph.zbm.gzbin+xml';
export const GZBIN_JSON = 'application/vnd.zenoph.zbm.gzbin+json';

export const REPORT = (batch: string): string => `/v5/report/message/delivery/${batch}`;
export const REPORT_IDS = (batch: string): string =>
	`/v5/report/message/delivery/destinations/${batch}`;
export const LIST = '/v5/message/scheduled/load';
export const LOAD = (batch: string): string => `/v5/message/scheduled/load/${batch}`;
export const DESTINATIONS = (batch: string): string =>
	`/v5/message/scheduled/destinations/load/${batch}`;
export const CANCEL = (batch: string): string => `/v5/message/scheduled/cancel/${batch}`;
export const DISPATCH = (batch: string): string => `/v5/message/scheduled/dispatch/${batch}`;
export const UPDATE = (batch: string): string => `/v5/message/scheduled/update/${batch}`;

/** A schedule far enough ahead never to pass during a test run. */
export const LATER = { dateTime: '2030-01-31 08:30' };

/** Headers for a format: Accept and Content-Type of that format, the demo key. */
export function headersFor(
	format: 'json' | 'xml',
	authorization = JSON_HEADERS.authorization,
): Record<string, string> {
	const type = `application/${format}`;
	return { accept: type, 'content-type': type, authorization };
}

/** A POST with exactly these headers and body (Content-Length set by Node; 0 without a body). */
export function call(
	baseUrl: string,
	path: string,
	body = '',
	headers: Record<string, string> = JSON_HEADERS,
): Promise<RawAnswer> {
	return raw(baseUrl, {
		path,
		headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
		body,
	});
}

/** Sends a JSON unit and returns the answer's data (throws unless handshake 0). */
export async function sendOk(
	baseUrl: string,
	unit: Record<string, unknown>,
	authorization?: string,
): Promise<SendData> {
	const headers = authorization ? { ...JSON_HEADERS, authorization } : JSON_HEADERS;
	const res = await call(baseUrl, SEND, JSON.stringify(unit), headers);
	const envelope = JSON.parse(res.body) as Envelope;
	if (envelope.handshake.id !== 0) throw new Error(`send refused: ${res.body}`);
	return envelope.data;
}

/** Reads XML answers with every value a string and the lifecycle lists always arrays. */
const xmlReader = new XMLParser({
	ignoreAttributes: true,
	parseTagValue: false,
	isArray: (name: string, jPath: string) =>
		jPath.endsWith('destinations.item') || jPath.endsWith('messages.message') || name === 'value',
});

export function unpack(body: string): string {
	return gunzipSync(Buffer.from(body, 'base64')).toString('utf8');
}

/**
 * The envelope of an answer in any of the four media types (gzbin unpacked), cast to the shape the
 * test expects: a JSON Envelope, or an XmlEnvelope (every value a string).
 */
export function envelopeOf<E extends Envelope<unknown> | XmlEnvelope<unknown> = Envelope>(
	res: RawAnswer,
): E {
	const type = String(res.headers['content-type']);
	const text = type.includes('gzbin') ? unpack(res.body) : res.body;
	return (
		type.includes('json')
			? JSON.parse(text)
			: (xmlReader.parse(text) as { response: unknown }).response
	) as E;
}

/** The handshake id of an answer in any media type. */
export function handshakeOf(res: RawAnswer): number {
	return Number(envelopeOf<Envelope<unknown> | XmlEnvelope<unknown>>(res).handshake.id);
}
