/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The trigger reads the pushed body itself (n8n leaves it unread for this node): the bytes whole,
 * never more than the limit held, a declared oversize refused unread, a Content-Encoding left to
 * n8n's reader, a broken request taken as unreadable.
 */
import { Readable } from 'node:stream';

import { readBody, type BodySource } from '../../../nodes/SmsOnlineGhTrigger/body';

/** A request stream of `chunks` (no Content-Length: sent chunked) with these headers. */
function request(chunks: Array<Buffer | string>, headers: Record<string, string> = {}): Readable & BodySource {
	return Object.assign(Readable.from(chunks, { objectMode: false }), { headers });
}

/** Resolves once the stream has given out every byte (read or drained). */
function consumed(stream: Readable): Promise<void> {
	return new Promise((resolve) => (stream.readableEnded ? resolve() : stream.on('end', () => resolve())));
}

describe('SMSOnlineGH Trigger: reading the body', () => {
	it('a body sent in chunks comes whole, byte for byte', async () => {
		const parts = [Buffer.from('{"handshake":'), Buffer.from('{"id":0}'), Buffer.from([0xe2, 0x82]), Buffer.from([0xac, 0x7d])];
		expect(await readBody(request(parts), 1024)).toEqual({ bytes: Buffer.concat(parts) });
	});

	it('string chunks (a stream with an encoding set) are read as UTF-8 bytes', async () => {
		expect(await readBody(request(['<response>', '€</response>']), 1024)).toEqual({ bytes: Buffer.from('<response>€</response>') });
	});

	it('exactly the limit is read; one byte more is tooLarge', async () => {
		expect(await readBody(request(['abc', 'de']), 5)).toEqual({ bytes: Buffer.from('abcde') });
		expect(await readBody(request(['abc', 'def']), 5)).toBe('tooLarge');
	});

	it('chunked past the limit: tooLarge at the chunk that passes it, and the rest is drained, not kept', async () => {
		const chunk = Buffer.alloc(64 * 1024, 0x61);
		let served = 0;
		const stream = Object.assign(
			new Readable({
				read() {
					served += 1;
					const next = served <= 40 ? chunk : null;
					setImmediate(() => this.push(next));
				},
			}),
			{ headers: {} },
		);
		expect(await readBody(stream, 256 * 1024)).toBe('tooLarge');
		expect(served).toBeLessThanOrEqual(6);
		await consumed(stream);
		expect(served).toBe(41);
	});

	it('a declared Content-Length over the limit: tooLarge before a byte is read, the body drained', async () => {
		const stream = request(['x'.repeat(100)], { 'content-length': '100' });
		const dataListeners = jest.spyOn(stream, 'on');
		expect(await readBody(stream, 99)).toBe('tooLarge');
		expect(dataListeners).not.toHaveBeenCalledWith('data', expect.anything());
		await consumed(stream);
	});

	it('a Content-Length within the limit is read as usual', async () => {
		expect(await readBody(request(['x'.repeat(99)], { 'content-length': '99' }), 99)).toEqual({ bytes: Buffer.from('x'.repeat(99)) });
	});

	it('a body n8n has already read is taken as it is (the caller measures it)', async () => {
		const source = { headers: {}, rawBody: Buffer.from('already read') } as unknown as BodySource;
		expect(await readBody(source, 4)).toEqual({ bytes: Buffer.from('already read') });
	});

	it('an empty body, or a stream already ended: no bytes', async () => {
		expect(await readBody(request([]), 10)).toEqual({ bytes: Buffer.alloc(0) });
		const ended = request([]);
		ended.resume();
		await consumed(ended);
		expect(await readBody(ended, 10)).toEqual({ bytes: Buffer.alloc(0) });
	});

	it('a request that breaks off: unreadable', async () => {
		const stream = Object.assign(
			new Readable({
				read() {
					this.destroy(new Error('aborted'));
				},
			}),
			{ headers: {} },
		);
		expect(await readBody(stream, 10)).toBe('unreadable');
	});

	describe('a Content-Encoding (gzip, deflate): n8n’s reader inflates it, then the limit applies', () => {
		function encoded(readRawBody: (source: BodySource) => Promise<void>): BodySource {
			const source = request([], { 'content-encoding': 'gzip' });
			return Object.assign(source, { readRawBody: () => readRawBody(source) });
		}

		it('the inflated bytes', async () => {
			const source = encoded(async (s) => {
				s.rawBody = Buffer.from('<response/>');
			});
			expect(await readBody(source, 100)).toEqual({ bytes: Buffer.from('<response/>') });
		});

		it('n8n’s own limit passed (raw-body’s 413): tooLarge', async () => {
			const source = encoded(async () => {
				throw Object.assign(new Error('request entity too large'), { status: 413, type: 'entity.too.large' });
			});
			expect(await readBody(source, 100)).toBe('tooLarge');
		});

		it('an encoding that does not decode: unreadable', async () => {
			const source = encoded(async () => {
				throw new Error('incorrect header check');
			});
			expect(await readBody(source, 100)).toBe('unreadable');
		});
	});
});
