// The pushed body, read by the trigger itself (n8n leaves it unread: `binaryData`, description.ts) within Maximum Body Size,
// gzip and deflate inflated as they arrive; a body n8n has already read (`rawBody`) is taken as it is.
import { BoundedInflater, type ContentCoding } from '../shared/transport/inflating';

/** n8n's Express request, reduced to what reading the body needs (no import of Node's types). */
export interface BodySource {
	headers: Record<string, string | string[] | undefined>;
	rawBody?: Buffer;
	readableEnded?: boolean;
	on(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
	on(event: 'end', listener: () => void): unknown;
	on(event: 'error', listener: (error: Error) => void): unknown;
	resume(): unknown;
}

/** `tooLarge` before or after inflating; `unreadable` when the request broke off or its encoding does not decode. */
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

/** A declared Content-Length over the limit, or an encoding the node cannot bound, is refused before a byte is read. */
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
	return await streamed(
		source,
		maxBytes,
		coding === 'identity' ? undefined : new BoundedInflater(coding, maxBytes),
	);
}

function drained(source: BodySource): 'tooLarge' {
	source.resume();
	return 'tooLarge';
}

// Past the limit the chunks are counted out and dropped: the listener stays, keeping the rest of the body flowing to nowhere.
function streamed(
	source: BodySource,
	maxBytes: number,
	inflater?: BoundedInflater,
): Promise<BodyRead> {
	if (source.readableEnded === true)
		return Promise.resolve(inflater ? 'unreadable' : { bytes: Buffer.alloc(0) });
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
