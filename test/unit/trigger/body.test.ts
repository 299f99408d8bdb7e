/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The trigger reads the pushed body itself (n8n leaves it unread for this node): the bytes whole,
 * never more than the limit held, a declared oversize refused unread, a Content-Encoding inflated
 * by the node within the same limit (or refused unread when the node cannot), a broken request
 * taken as unreadable.
 */
import { Readable } from 'node:stream';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';

import { readBody, type BodySource } from '../../../nodes/SmsOnlineGhTrigger/body';

/** A request stream of `chunks` (no Content-Length: sent chunked) with these headers. */
function request(
	chunks: Array<Buffer | string>,
	headers: Record<string, string> = {},
): Readable & BodySource {
	return Object.assign(Readable.from(chunks, { objectMode: false }), { headers });
}

/** Resolves once the stream has given out every byte (read or drained). */
function consumed(stream: Readable): Promise<void> {
	return new Promise((resolve) =>
		stream.readableEnded ? resolve() : stream.on('end', () => resolve()),
	);
}

describe('SMSOnlineGH Trigger: reading the body', () => {
	it('a body sent in chunks comes whole, byte for byte', async () => {
		const parts = [
			Buffer.from('{"handshake":'),
			Buffer.from('{"id":0}'),
			Buffer.from([0xe2, 0x82]),
			Buffer.from([0xac, 0x7d]),
		];
		expect(await readBody(request(parts), 1024)).toEqual({ bytes: Buffer.concat(parts) });
	});

	it('string chunks (a stream with an encoding set) are read as UTF-8 bytes', async () => {
		expect(await readBody(request(['<response>', '€</response>']), 1024)).toEqual({
			bytes: Buffer.from('<response>€</response>'),
		});
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
		expect(await readBody(request(['x'.repeat(99)], { 'content-length': '99' }), 99)).toEqual({
			bytes: Buffer.from('x'.repeat(99)),
		});
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

	describe('a Content-Encoding: inflated by the node as it arrives, the limit on the inflated bytes', () => {
		const report = Buffer.from(
			'{"handshake":{"id":0},"data":{"destinations":[' +
				'{"to":"233241234567"},'.repeat(200) +
				'{}]}}',
		);
		const chunks = (bytes: Buffer) =>
			Array.from({ length: Math.ceil(bytes.length / 100) }, (_, i) =>
				bytes.subarray(i * 100, i * 100 + 100),
			);

		it.each([
			['gzip', gzipSync],
			['x-gzip', gzipSync],
			['deflate', deflateSync],
			['Deflate', deflateRawSync],
		] as const)('%s: the inflated bytes, whatever the chunking', async (coding, encode) => {
			const source = request(chunks(encode(report)), { 'content-encoding': coding });
			expect(await readBody(source, report.length)).toEqual({ bytes: report });
		});

		it('identity, or none: the bytes as they are', async () => {
			expect(
				await readBody(request([report], { 'content-encoding': 'identity' }), report.length),
			).toEqual({ bytes: report });
			expect(await readBody(request([report], { 'content-encoding': '' }), report.length)).toEqual({
				bytes: report,
			});
		});

		it('a small gzip body inflating past the limit: tooLarge, and the rest of it drained', async () => {
			const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
			const source = request(chunks(bomb), {
				'content-encoding': 'gzip',
				'content-length': String(bomb.length),
			});
			expect(bomb.length).toBeLessThan(100_000);
			expect(await readBody(source, 4 * 1024 * 1024)).toBe('tooLarge');
			await consumed(source);
		});

		it('one byte past the limit once inflated is tooLarge; the limit itself is read', async () => {
			expect(
				await readBody(
					request([gzipSync(report)], { 'content-encoding': 'gzip' }),
					report.length - 1,
				),
			).toBe('tooLarge');
		});

		it.each(['br', 'compress', 'zstd', 'gzip, gzip', 'identity, gzip'])(
			'%s, which the node does not inflate: refused unread',
			async (coding) => {
				const source = request([brotliCompressSync(report)], { 'content-encoding': coding });
				expect(await readBody(source, 1024 * 1024)).toBe('unsupportedEncoding');
				await consumed(source);
			},
		);

		it('an encoding that does not decode, or is cut short: unreadable', async () => {
			expect(await readBody(request([report], { 'content-encoding': 'gzip' }), 1024 * 1024)).toBe(
				'unreadable',
			);
			const gz = gzipSync(report);
			expect(
				await readBody(
					request([gz.subarray(0, gz.length - 10)], { 'content-encoding': 'gzip' }),
					1024 * 1024,
				),
			).toBe('unreadable');
		});
	});
});
