// The answer body, read with one limit on every byte as it arrives: n8n's client streams it, inflating an HTTP
// Content-Encoding chunk by chunk, and the stream is destroyed past the limit (docs/errors.md).

// Sized from the largest answer the service writes, a report of 100,000 destinations (docs/errors.md), with a third over.
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

// Those the client inflates as a stream; without this header it offers `gzip, compress, deflate, br`.
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
	return (
		typeof body === 'object' && body !== null && typeof (body as { on?: unknown }).on === 'function'
	);
}

export type AnswerText = { text: string } | 'tooLarge';

/** A body already read (a string or bytes, as a test's fake client gives it) is measured the same way. */
export function readAnswerText(body: unknown, maxBytes = MAX_ANSWER_BYTES): Promise<AnswerText> {
	if (!isStream(body)) {
		const bytes =
			typeof body === 'string'
				? Buffer.from(body, 'utf8')
				: body instanceof Uint8Array
					? body
					: Buffer.from(JSON.stringify(body ?? ''));
		return Promise.resolve(
			bytes.length > maxBytes
				? 'tooLarge'
				: { text: withoutBom(Buffer.from(bytes).toString('utf8')) },
		);
	}
	return new Promise((resolve, reject) => {
		let chunks: Buffer[] | undefined = [];
		let length = 0;
		body.on('data', (chunk) => {
			if (chunks === undefined) return;
			const bytes =
				typeof chunk === 'string'
					? Buffer.from(chunk, 'utf8')
					: Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
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
			if (chunks !== undefined)
				resolve({ text: withoutBom(Buffer.concat(chunks, length).toString('utf8')) });
		});
		body.on('error', (error) => {
			if (chunks !== undefined) reject(error);
		});
		// Closed before its end (aborted without an error): the answer broke off. After the end, a no-op.
		body.on('close', () =>
			reject(Object.assign(new Error('the answer broke off'), { code: 'ECONNRESET' })),
		);
	});
}

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
