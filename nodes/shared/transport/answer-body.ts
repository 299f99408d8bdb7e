/**
 * The service's answer body, read with one limit on every byte, enforced while it arrives.
 *
 * The request asks n8n's HTTP client for the body as a stream (`encoding: 'stream'`); the client
 * inflates an HTTP Content-Encoding (gzip, deflate, and brotli should a server send it unasked)
 * chunk by chunk as the bytes come, and hands the inflated chunks on. They are counted here, and
 * the stream is destroyed as soon as they pass the limit: an answer that would inflate to a
 * gigabyte costs no more than the limit. The gzbin form (base64 of gzip inside the body) is then
 * inflated by compressed.ts within the same limit.
 */

/**
 * The most the node reads of one answer, plain or inflated. Sized from the largest answer the
 * service writes: a delivery report of 100,000 destinations measured 29.4 MB in JSON and 37.1 MB
 * in XML, and 48.1 MB in XML for a personalised message (each destination with its own text and
 * values); see docs/errors.md. 64 MB leaves a third over that.
 */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/**
 * The HTTP encodings offered: those the client inflates as a stream, counted here. Without this
 * header the client offers `gzip, compress, deflate, br`.
 */
export const ACCEPT_ENCODING = 'gzip, deflate';

/** What reading the body needs of a Node stream (no import of Node's types in the node). */
interface ByteStream {
	on(event: 'data', listener: (chunk: Uint8Array | string) => void): unknown;
	on(event: 'end', listener: () => void): unknown;
	on(event: 'error', listener: (error: Error) => void): unknown;
	on(event: 'close', listener: () => void): unknown;
	destroy?: () => unknown;
}

function isStream(body: unknown): body is ByteStream {
	return typeof body === 'object' && body !== null && typeof (body as { on?: unknown }).on === 'function';
}

/** The answer's text; `tooLarge` when it passes `maxBytes`. Rejects when the stream breaks off. */
export type AnswerText = { text: string } | 'tooLarge';

/**
 * Reads the body as UTF-8 text, never holding more than `maxBytes` of it. A body already read (a
 * string or bytes, as a test's fake client gives it) is measured the same way.
 */
export function readAnswerText(body: unknown, maxBytes = MAX_ANSWER_BYTES): Promise<AnswerText> {
	if (!isStream(body)) {
		const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body instanceof Uint8Array ? body : Buffer.from(JSON.stringify(body ?? ''));
		return Promise.resolve(bytes.length > maxBytes ? 'tooLarge' : { text: withoutBom(Buffer.from(bytes).toString('utf8')) });
	}
	return new Promise((resolve, reject) => {
		let chunks: Buffer[] | undefined = [];
		let length = 0;
		body.on('data', (chunk) => {
			if (chunks === undefined) return;
			const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
			length += bytes.length;
			if (length <= maxBytes) {
				chunks.push(bytes);
				return;
			}
			// Let go of what was read and stop the transfer (and the inflating) here.
			chunks = undefined;
			body.destroy?.();
			resolve('tooLarge');
		});
		body.on('end', () => {
			if (chunks !== undefined) resolve({ text: withoutBom(Buffer.concat(chunks, length).toString('utf8')) });
		});
		body.on('error', (error) => {
			if (chunks !== undefined) reject(error);
		});
		// Closed before its end (aborted without an error): the answer broke off. After the end, a no-op.
		body.on('close', () => reject(Object.assign(new Error('the answer broke off'), { code: 'ECONNRESET' })));
	});
}

/** The text without a leading byte-order mark, as n8n's client gave the text before. */
function withoutBom(text: string): string {
	return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** A body not to be read (an HTTP error's): its transfer is stopped, its bytes never held. */
export function discardAnswer(body: unknown): void {
	if (isStream(body)) {
		// A destroyed stream may still emit its error: nobody waits for it.
		body.on('error', () => undefined);
		body.destroy?.();
	}
}
