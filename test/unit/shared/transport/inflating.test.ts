/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The streaming inflater of pushed bodies with a Content-Encoding: what zlib inflates, chunk by
 * chunk whatever the chunking, and never more than the limit.
 */
import { randomBytes } from 'node:crypto';
import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib';

import { BoundedInflater, type ContentCoding } from '../../../../nodes/shared/transport/inflating';

function inflate(
	coding: ContentCoding,
	bytes: Buffer,
	chunkSize: number,
	max = 1 << 30,
): Buffer | 'tooLarge' {
	const inflater = new BoundedInflater(coding, max);
	for (let at = 0; at < bytes.length; at += chunkSize) {
		if (inflater.push(bytes.subarray(at, at + chunkSize)) === 'tooLarge') return 'tooLarge';
	}
	return inflater.finish();
}

/** Buffers compared as bytes (jest's toEqual walks them element by element). */
function same(got: Buffer | 'tooLarge', expected: Buffer): boolean {
	return got !== 'tooLarge' && got.equals(expected);
}

const text = Buffer.from(
	Array.from({ length: 20_000 }, (_, i) => `{"to":"23324${i}","status":2110}`).join(','),
);
const noise = randomBytes(300_000);

describe('BoundedInflater', () => {
	it.each([1, 1000, 65536, 1 << 24])(
		'gzip, deflate (zlib and raw) in chunks of %i bytes give back the bytes',
		(size) => {
			for (const body of [text, noise, Buffer.alloc(0)]) {
				expect(same(inflate('gzip', gzipSync(body), size), body)).toBe(true);
				expect(same(inflate('deflate', deflateSync(body), size), body)).toBe(true);
				expect(same(inflate('deflate', deflateRawSync(body), size), body)).toBe(true);
			}
		},
	);

	it('reads every gzip member, and ignores zero padding after the last', () => {
		const two = Buffer.concat([gzipSync(text), gzipSync(noise), Buffer.alloc(10)]);
		expect(same(inflate('gzip', two, 4096), Buffer.concat([text, noise]))).toBe(true);
	});

	it('stops past the limit, also inside one chunk (a gzip bomb)', () => {
		const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
		expect(inflate('gzip', bomb, bomb.length, 4 * 1024 * 1024)).toBe('tooLarge');
		expect(same(inflate('gzip', gzipSync(text), 1000, text.length), text)).toBe(true);
		expect(inflate('gzip', gzipSync(text), 1000, text.length - 1)).toBe('tooLarge');
	});

	it('throws for data that is not of the coding, or cut short', () => {
		expect(() => inflate('gzip', Buffer.from('{"plain":"json"}'), 100)).toThrow();
		const gz = gzipSync(text);
		expect(() => inflate('gzip', gz.subarray(0, gz.length - 20), 100)).toThrow(/cut short/);
		const corrupt = Buffer.from(gz);
		corrupt[gz.length - 6] ^= 0xff;
		expect(() => inflate('gzip', corrupt, 100)).toThrow();
	});
});
