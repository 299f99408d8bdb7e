import {
	ZStream,
	Z_BUF_ERROR,
	Z_FINISH,
	Z_OK,
	Z_STREAM_END,
	zlibInflate,
	zlibInflateInit2,
	zlibInflateReset,
} from 'pako';

import { MAX_ANSWER_BYTES } from './answer-body';
import type { WireDataFormat } from './wire';

// The vendor's SDK (Zenoph.Notify) asks for compressed answers on reports and scheduled lists with
// `Accept: application/vnd.zenoph.zbm.gzbin+xml` (or `+json`): base64 of gzip (RFC 1952) of the body.
export function compressedMediaType(format: WireDataFormat): string {
	return `application/vnd.zenoph.zbm.gzbin+${format}`;
}

// A small body must not inflate without bound; the trigger passes its own limit (its Maximum Body Size).
export const MAX_INFLATED_BYTES = MAX_ANSWER_BYTES;

/** base64 of a gzip stream always begins with these characters (bytes 1f 8b 08). */
const GZIP_BASE64 = /^\s*H4sI/;

function contentTypeOf(headers: Record<string, unknown>): string {
	const value = headers['content-type'];
	return (
		Array.isArray(value) ? String(value[0]) : typeof value === 'string' ? value : ''
	).toLowerCase();
}

/** An XML or JSON body, which base64 never starts with. */
const PLAIN = /^[\s\ufeff]*[<{]/;

// Decoded by what the answer says it is (Content-Type), not what was asked for, as the SDK does; beyond
// the SDK, the body is believed over its header both ways. RangeError when it inflates past `maxBytes`.
export function inflateAnswer(
	body: string,
	headers: Record<string, unknown>,
	maxBytes = MAX_INFLATED_BYTES,
): string {
	if (PLAIN.test(body)) return body;
	if (!contentTypeOf(headers).includes('gzbin') && !GZIP_BASE64.test(body)) return body;
	return gunzip(base64Bytes(body.trim()), maxBytes);
}

const GZIP_ONLY = 15 + 16;

/** Deflate writes at most about 1032 bytes for each byte it reads: no stream inflates to more. */
const MAX_RATIO = 1032;

// Kept from one answer to the next: a fresh buffer per answer stays outside V8's heap until its next
// full collection, many answers later (performance.md). Larger answers get buffers of their own.
const KEPT_BYTES = 1 << 20;

let stream: ZStream | undefined;
let keptInput: Buffer | undefined;
let keptOutput: Buffer<ArrayBuffer> | undefined;

function base64Bytes(body: string): Buffer {
	const most = Math.ceil((body.length * 3) / 4);
	if (most > KEPT_BYTES) return Buffer.from(body, 'base64');
	if (!keptInput || keptInput.length < most)
		keptInput = Buffer.allocUnsafe(Math.min(KEPT_BYTES, roundUp(most)));
	return keptInput.subarray(0, keptInput.write(body, 'base64'));
}

function outputOf(size: number): Buffer<ArrayBuffer> {
	if (keptOutput && keptOutput.length >= size) return keptOutput;
	return Buffer.allocUnsafe(size <= KEPT_BYTES ? Math.min(KEPT_BYTES, roundUp(size)) : size);
}

function roundUp(size: number): number {
	return Math.ceil(size / 65536) * 65536;
}

function firstSize(bytes: Uint8Array, maxBytes: number): number {
	const n = bytes.length;
	const recorded =
		n >= 4
			? (bytes[n - 4] | (bytes[n - 3] << 8) | (bytes[n - 2] << 16) | (bytes[n - 1] << 24)) >>> 0
			: 0;
	return Math.min(maxBytes, Math.max(1024, Math.min(recorded + 1, n * MAX_RATIO)));
}

function inflateStream(): ZStream {
	if (!stream) {
		const created = new ZStream();
		if (zlibInflateInit2(created, GZIP_ONLY) !== Z_OK)
			throw new Error('the gzip inflater could not start');
		stream = created;
	} else zlibInflateReset(stream);
	return stream;
}

// pako's zlib port (bundled at build): n8n's rules for community nodes, and its scanner, refuse Node's zlib.
// Like zlib's gunzip it checks header, CRC-32 and length, reads every member and ignores trailing zero padding.
function gunzip(bytes: Uint8Array, maxBytes: number): string {
	const strm = inflateStream();
	let output = outputOf(firstSize(bytes, maxBytes));
	strm.input = bytes;
	strm.next_in = 0;
	strm.avail_in = bytes.length;
	strm.output = output;
	strm.next_out = 0;
	// A kept buffer may be larger than the limit: the stream is given no more than the limit of it.
	strm.avail_out = Math.min(output.length, maxBytes);
	try {
		output = inflateInto(strm, bytes, output, maxBytes);
	} finally {
		// The stream lets go of the answer's buffers, also when it throws.
		strm.input = EMPTY;
		strm.output = EMPTY;
	}
	const size = strm.next_out;
	if (output.length <= KEPT_BYTES && output !== keptOutput) keptOutput = output;
	return output.toString('utf8', 0, size);
}

function inflateInto(
	strm: ZStream,
	bytes: Uint8Array,
	first: Buffer<ArrayBuffer>,
	maxBytes: number,
): Buffer<ArrayBuffer> {
	let output = first;
	for (;;) {
		const status = zlibInflate(strm, Z_FINISH);
		if (status === Z_STREAM_END) {
			// Another member follows: zlib's gunzip reads it too.
			if (strm.avail_in > 0 && bytes[strm.next_in] !== 0) {
				zlibInflateReset(strm);
				continue;
			}
			return output;
		}
		if (status !== Z_BUF_ERROR || strm.avail_out > 0) {
			throw new Error(
				`the compressed body is not gzip: ${strm.msg || (status === Z_BUF_ERROR ? 'unexpected end of file' : `status ${status}`)}`,
			);
		}
		// An output of exactly the limit ends the stream (zlib reads the end of a block and the
		// trailer without room for output); one that stops for room has more to come.
		if (strm.next_out >= maxBytes)
			throw new RangeError(`the inflated body is larger than ${maxBytes} bytes`);
		const larger = Buffer.allocUnsafe(Math.min(roundUp(output.length * 2), maxBytes));
		output.copy(larger, 0, 0, strm.next_out);
		output = larger;
		strm.output = output;
		strm.avail_out = Math.min(output.length, maxBytes) - strm.next_out;
	}
}

const EMPTY = new Uint8Array(0);
