/**
 * The pushed body's bytes, read by the trigger itself with its own size limit.
 *
 * n8n leaves the request body unread for this node (see the `binaryData` option in
 * description.ts), so the node reads it: straight from the request stream, stopping as soon as it
 * passes the node's Maximum Body Size, so an oversized push costs no more memory than the limit.
 * A body with a Content-Encoding (gzip, deflate) is inflated here as it arrives, and the limit
 * holds on the inflated bytes (n8n's own reader would inflate up to its 16 MB payload limit
 * first); one the node cannot inflate (br, compress, anything else) is refused unread. A body n8n
 * has already read (`rawBody`) is taken as it is, and the caller measures it.
 */
import { BoundedInflater, type ContentCoding } from '../shared/transport/inflating';

/** n8n's Express request, reduced to what reading the body needs (no import of Node's types). */
export interface BodySource {
	headers: Record<string, string | string[] | undefined>;
	/** The bytes, when n8n (or anything before the node) has read them already. */
	rawBody?: Buffer;
	readableEnded?: boolean;
	on(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
	on(event: 'end', listener: () => void): unknown;
	on(event: 'error', listener: (error: Error) => void): unknown;
	resume(): unknown;
}

/**
 * The body's bytes; `tooLarge` when they pass the limit, before or after inflating (what was read
 * of them is dropped); `unreadable` when the request broke off or its Content-Encoding does not
 * decode; `unsupportedEncoding` for a Content-Encoding the node does not inflate.
 */
export type BodyRead = { bytes: Buffer } | 'tooLarge' | 'unreadable' | 'unsupportedEncoding';

function headerOf(source: BodySource, name: string): string {
	const value = source.headers[name];
	return Array.isArray(value) ? String(value[0] ?? '') : (value ?? '');
}

/** The codings the node inflates itself, by their names in Content-Encoding (RFC 9110 8.4.1). */
const CODINGS: Readonly<Record<string, ContentCoding | 'identity'>> = {
	'': 'identity',
	identity: 'identity',
	gzip: 'gzip',
	'x-gzip': 'gzip',
	deflate: 'deflate',
};

/**
 * Reads the body, never holding more than `maxBytes` of it, inflated or not. A declared
 * Content-Length over the limit is refused before a byte is read, and so is a Content-Encoding the
 * node cannot bound.
 */
export async function readBody(source: BodySource, maxBytes: number): Promise<BodyRead> {
	if (source.rawBody !== undefined) return { bytes: source.rawBody };
	const name = headerOf(source, 'content-encoding').trim().toLowerCase();
	const coding = Object.hasOwn(CODINGS, name) ? CODINGS[name] : undefined;
	if (coding === undefined) {
		source.resume();
		return 'unsupportedEncoding';
	}
	const declared = Number(headerOf(source, 'content-length'));
	if (Number.isFinite(declared) && declared > maxBytes) return drained(source);
	return await streamed(source, maxBytes, coding === 'identity' ? undefined : new BoundedInflater(coding, maxBytes));
}

/** Gives up on the body: the rest flows to nowhere, so the answer still reaches the sender. */
function drained(source: BodySource): 'tooLarge' {
	source.resume();
	return 'tooLarge';
}

/**
 * Collects the chunks until the end, or until they pass the limit: from then on they are counted
 * out and dropped (the listener stays, which keeps the rest of the body flowing to nowhere). With
 * an inflater, the chunks are inflated as they come and the limit holds on what they inflate to.
 */
function streamed(source: BodySource, maxBytes: number, inflater?: BoundedInflater): Promise<BodyRead> {
	if (source.readableEnded === true) return Promise.resolve(inflater ? 'unreadable' : { bytes: Buffer.alloc(0) });
	return new Promise((resolve) => {
		let chunks: Buffer[] | undefined = [];
		let length = 0;
		const stop = (outcome: BodyRead) => {
			chunks = undefined;
			resolve(outcome);
		};
		source.on('data', (chunk) => {
			if (chunks === undefined) return;
			const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
			length += bytes.length;
			if (length > maxBytes) return stop('tooLarge');
			if (!inflater) return void chunks.push(bytes);
			try {
				if (inflater.push(bytes) === 'tooLarge') stop('tooLarge');
			} catch {
				stop('unreadable');
			}
		});
		source.on('end', () => {
			if (chunks === undefined) return;
			if (!inflater) return resolve({ bytes: Buffer.concat(chunks, length) });
			try {
				resolve({ bytes: inflater.finish() });
			} catch {
				resolve('unreadable');
			}
		});
		source.on('error', () => stop('unreadable'));
	});
}
