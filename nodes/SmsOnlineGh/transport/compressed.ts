import { Inflate } from 'pako';

import type { WireDataFormat } from './wire';

/**
 * The service's compressed answers (the vendor's SDK, Zenoph.Notify): asked for with
 * `Accept: application/vnd.zenoph.zbm.gzbin+xml` (or `+json`), they come as base64 of gzip
 * (RFC 1952) of the XML or JSON body, with that media type. The SDK asks for them on delivery
 * reports and scheduled-message lists, which can hold thousands of destinations.
 */
export function compressedMediaType(format: WireDataFormat): string {
	return `application/vnd.zenoph.zbm.gzbin+${format}`;
}

/** Decoded answers larger than this are refused: a small body must not inflate without bound. */
const MAX_INFLATED_BYTES = 256 * 1024 * 1024;

/** base64 of a gzip stream always begins with these characters (bytes 1f 8b 08). */
const GZIP_BASE64 = /^\s*H4sI/;

function contentTypeOf(headers: Record<string, unknown>): string {
	const value = headers['content-type'];
	return (Array.isArray(value) ? String(value[0]) : typeof value === 'string' ? value : '').toLowerCase();
}

/** An XML or JSON body, which base64 never starts with. */
const PLAIN = /^[\s\ufeff]*[<{]/;

/**
 * The body as text to parse. Decoding follows what the answer says it is (its Content-Type), not
 * what was asked for, as the SDK does: a plain answer to a compressed Accept is fine. Beyond the
 * SDK, the body itself is believed over its header both ways: plain XML or JSON is read as it is,
 * and base64 of gzip is inflated. Throws when a compressed body is not base64 of gzip.
 */
export function inflateAnswer(body: string, headers: Record<string, unknown>): string {
	if (PLAIN.test(body)) return body;
	if (!contentTypeOf(headers).includes('gzbin') && !GZIP_BASE64.test(body)) return body;
	return gunzip(Buffer.from(body.trim(), 'base64')).toString('utf8');
}

/** gzip's window bits for zlib's inflate: 15, plus 16 to accept the gzip wrapper alone. */
const GZIP_ONLY = 15 + 16;

/**
 * Inflates gzip with pako (zlib's inflate in JavaScript, bundled into the node at build): n8n's
 * rules for community nodes, and its package scanner, refuse Node's own modules such as zlib.
 * Like zlib's gunzip, it checks the gzip header, CRC-32 and length, and reads every member.
 */
function gunzip(bytes: Uint8Array): Buffer {
	const inflator = new Inflate({ windowBits: GZIP_ONLY });
	const chunks: Uint8Array[] = [];
	let size = 0;
	inflator.onData = (chunk) => {
		size += chunk.length;
		if (size > MAX_INFLATED_BYTES) throw new RangeError(`the inflated answer is larger than ${MAX_INFLATED_BYTES} bytes`);
		chunks.push(chunk);
	};
	inflator.push(bytes, true);
	if (inflator.err !== 0) throw new Error(`the compressed body is not gzip: ${inflator.msg}`);
	return Buffer.concat(chunks);
}
