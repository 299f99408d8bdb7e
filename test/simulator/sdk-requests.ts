/**
 * Requests as the vendor's SDK (Zenoph.Notify, PHP 2.25.08 and Python 2.23.10) sends them, from the
 * published facts about it: the three headers (PHP sets Host by hand, Python's http.client adds
 * Accept-Encoding: identity), `Content-Type: application/xml` on every call, `Content-Length: 0`
 * on the bodiless ones, XML bodies with no declaration and no whitespace.
 */
import { DEMO_ACCOUNT } from '../../simulator';
import { raw, type RawAnswer } from './helpers';

export const KEY = DEMO_ACCOUNT.apiKey as string;
export const GZBIN_XML = 'application/vnd.zenoph.zbm.gzbin+xml';

/** PHP: Host set by hand, the three headers, nothing else. */
export function phpHeaders(
	authorization = `key ${KEY}`,
	accept = 'application/xml',
): Record<string, string> {
	return {
		host: 'api.example-reseller.com',
		'content-type': 'application/xml',
		accept,
		authorization,
	};
}

/** Python's http.client adds Accept-Encoding: identity. */
export function pyHeaders(
	authorization = `key ${KEY}`,
	accept = 'application/xml',
): Record<string, string> {
	return { ...phpHeaders(authorization, accept), 'accept-encoding': 'identity' };
}

/** One request with its exact Content-Length (0 without a body). */
export function replayOn(
	baseUrl: string,
	path: string,
	headers: Record<string, string>,
	body?: string,
): Promise<RawAnswer> {
	const withLength = { ...headers, 'content-length': String(Buffer.byteLength(body ?? '')) };
	return raw(baseUrl, { path, headers: withLength, body: body ?? '' });
}
