/** What the faults that answer (rather than reset or hang) put on the wire. */
import type { ServiceResponse } from './service';
import type { FaultSpec } from './types';
import { packBody, withCharset } from './wire';

/** An answer whose body is already bytes (a truncated body may end inside a UTF-8 sequence). */
export interface RawAnswer {
	status: number;
	headers: Record<string, string>;
	body: Buffer;
	handshake?: number;
}

const FAULT_STATUS: Readonly<Record<string, { status: number; text: string }>> = {
	http500: { status: 500, text: 'Internal Server Error' },
	http503: { status: 503, text: 'Service Unavailable' },
	http429: { status: 429, text: 'Too Many Requests' },
};

export function statusFault(fault: FaultSpec): RawAnswer {
	const { status, text } = FAULT_STATUS[fault.kind];
	const headers: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8' };
	if (fault.retryAfter !== undefined && fault.kind !== 'http500')
		headers['retry-after'] = String(fault.retryAfter);
	return { status, headers, body: Buffer.from(text) };
}

/**
 * truncated, malformed and charset change the real answer after the request was fully processed.
 * charset adds `; charset=utf-8` to an envelope's media type, as some deployments of the real
 * service may; the vendor's SDK (Zenoph.Notify) refuses such an answer.
 */
export function afterProcessingFault(
	fault: FaultSpec | undefined,
	response: ServiceResponse,
): ServiceResponse | RawAnswer {
	if (fault?.kind === 'truncated') {
		const bytes = Buffer.from(response.body, 'utf8');
		return { ...response, status: 200, body: bytes.subarray(0, Math.floor(bytes.length / 2)) };
	}
	if (fault?.kind === 'malformed')
		return { ...response, status: 200, body: Buffer.from(malform(response)) };
	if (fault?.kind === 'charset' && response.wire) {
		const type = response.headers['content-type'];
		return { ...response, headers: { ...response.headers, 'content-type': withCharset(type) } };
	}
	return response;
}

/**
 * A body that cannot parse in the format it claims: JSON gets a trailing comma before its last
 * brace, XML a misspelt closing root tag (packed again when the answer was gzbin). Both look like
 * what a broken proxy or a half-deployed server may emit. Non-envelope answers (404, 405) become
 * a stray HTML page.
 */
function malform(response: ServiceResponse): string {
	const wire = response.wire;
	if (!wire) return '<html><body>Bad Gateway</body>';
	const text = wire.text;
	const broken =
		wire.format === 'json'
			? `${text.slice(0, -1)},}`
			: `${text.slice(0, -'</response>'.length)}</respons>`;
	return packBody(broken, wire.gzbin);
}
