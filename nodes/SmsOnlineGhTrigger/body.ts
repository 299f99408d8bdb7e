/**
 * The pushed body's bytes, read by the trigger itself with its own size limit.
 *
 * n8n leaves the request body unread for this node (see the `binaryData` option in
 * description.ts), so the node reads it: straight from the request stream, stopping as soon as it
 * passes the node's Maximum Body Size, so an oversized push costs no more memory than the limit.
 * A body n8n has already read (`rawBody`) is taken as it is, and the caller measures it.
 */

/** n8n's Express request, reduced to what reading the body needs (no import of Node's types). */
export interface BodySource {
	headers: Record<string, string | string[] | undefined>;
	/** The bytes, when n8n (or anything before the node) has read them already. */
	rawBody?: Buffer;
	/** n8n's own reader: inflates a Content-Encoding, up to n8n's N8N_PAYLOAD_SIZE_MAX. */
	readRawBody?: () => Promise<void>;
	readableEnded?: boolean;
	on(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
	on(event: 'end', listener: () => void): unknown;
	on(event: 'error', listener: (error: Error) => void): unknown;
	resume(): unknown;
}

/**
 * The body's bytes; `tooLarge` when they pass the limit (what was read of them is dropped);
 * `unreadable` when the request broke off or its Content-Encoding does not decode.
 */
export type BodyRead = { bytes: Buffer } | 'tooLarge' | 'unreadable';

function headerOf(source: BodySource, name: string): string {
	const value = source.headers[name];
	return Array.isArray(value) ? String(value[0] ?? '') : (value ?? '');
}

/** The error raw-body throws past n8n's own limit (HTTP 413 `entity.too.large`). */
function isTooLargeError(error: unknown): boolean {
	const { status, type } = (error ?? {}) as { status?: unknown; type?: unknown };
	return status === 413 || type === 'entity.too.large';
}

/**
 * Reads the body, never holding more than `maxBytes` of it. A declared Content-Length over the
 * limit is refused before a byte is read. A body with a Content-Encoding (gzip, deflate) is left
 * to n8n's reader, which inflates it, and then measured.
 */
export async function readBody(source: BodySource, maxBytes: number): Promise<BodyRead> {
	if (source.rawBody !== undefined) return { bytes: source.rawBody };
	const declared = Number(headerOf(source, 'content-length'));
	if (Number.isFinite(declared) && declared > maxBytes) return drained(source);
	if (headerOf(source, 'content-encoding') !== '' && source.readRawBody !== undefined) {
		try {
			await source.readRawBody();
		} catch (error) {
			return isTooLargeError(error) ? 'tooLarge' : 'unreadable';
		}
		return { bytes: source.rawBody ?? Buffer.alloc(0) };
	}
	return await streamed(source, maxBytes);
}

/** Gives up on the body: the rest flows to nowhere, so the answer still reaches the sender. */
function drained(source: BodySource): 'tooLarge' {
	source.resume();
	return 'tooLarge';
}

/**
 * Collects the chunks until the end, or until they pass the limit: from then on they are counted
 * out and dropped (the listener stays, which keeps the rest of the body flowing to nowhere).
 */
function streamed(source: BodySource, maxBytes: number): Promise<BodyRead> {
	if (source.readableEnded === true) return Promise.resolve({ bytes: Buffer.alloc(0) });
	return new Promise((resolve) => {
		let chunks: Buffer[] | undefined = [];
		let length = 0;
		source.on('data', (chunk) => {
			if (chunks === undefined) return;
			const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
			length += bytes.length;
			if (length <= maxBytes) {
				chunks.push(bytes);
				return;
			}
			chunks = undefined;
			resolve('tooLarge');
		});
		source.on('end', () => resolve(chunks === undefined ? 'tooLarge' : { bytes: Buffer.concat(chunks, length) }));
		source.on('error', () => resolve('unreadable'));
	});
}
