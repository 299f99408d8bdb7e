/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The faults that make an answer too large or too deep: processed as usual, then an HTTP gzip
 * bomb, a huge plain answer, or a member nested thousands deep; each, read whole, is still the
 * real answer.
 */
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';

import { XMLParser } from 'fast-xml-parser';

import { BALANCE, JSON_HEADERS, SEND, XML_HEADERS, plainUnit, raw, useSimulator } from './helpers';

const sim = useSimulator();
const MIB = 1024 * 1024;

/** The answer's status, headers and raw bytes, read whole (for the sizes used here). */
function fetchBytes(
	path: string,
	headers: Record<string, string>,
	body = '',
): Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }> {
	return new Promise((resolve, reject) => {
		const url = new URL(path, sim().baseUrl);
		const req = request(
			url,
			{
				method: 'POST',
				headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
			},
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('end', () =>
					resolve({
						status: res.statusCode ?? 0,
						headers: res.headers,
						bytes: Buffer.concat(chunks),
					}),
				);
				res.on('error', reject);
			},
		);
		req.on('error', reject);
		req.end(body);
	});
}

describe('oversized and deep answers', () => {
	it('gzipBomb: Content-Encoding gzip, a few kB on the wire, inflating to the given size with the real answer at its end', async () => {
		sim().addFault({ kind: 'gzipBomb', bytes: 8 * MIB });
		const { status, headers, bytes } = await fetchBytes(BALANCE, JSON_HEADERS);
		expect(status).toBe(200);
		expect(headers['content-encoding']).toBe('gzip');
		expect(Number(headers['content-length'])).toBe(bytes.length);
		expect(bytes.length).toBeLessThan(20_000);
		const inflated = gunzipSync(bytes);
		expect(inflated.length).toBe(8 * MIB);
		expect(JSON.parse(inflated.toString('utf8'))).toMatchObject({
			handshake: { id: 0 },
			data: { balance: 1000 },
		});
		expect(sim().journal[0]).toMatchObject({ fault: 'gzipBomb', httpStatus: 200 });
	});

	it('gzipBomb by default inflates to 1 GiB from about a megabyte, and the send behind it went out', async () => {
		sim().addFault({ kind: 'gzipBomb' });
		const { bytes } = await fetchBytes(
			SEND,
			JSON_HEADERS,
			JSON.stringify(plainUnit(['0241234567'])),
		);
		expect(bytes.length).toBeLessThan(2 * MIB);
		expect(sim().submissionCount('233241234567')).toBe(1);
	});

	it('huge: a plain answer of the given size, the real answer after the padding', async () => {
		sim().addFault({ kind: 'huge', bytes: 3 * MIB });
		const res = await raw(sim().baseUrl, { path: BALANCE, headers: XML_HEADERS });
		expect(res.status).toBe(200);
		expect(Buffer.byteLength(res.body)).toBe(3 * MIB);
		expect(res.body.trimStart()).toMatch(/^<\?xml/);
		expect(res.headers['content-encoding']).toBeUndefined();
	});

	it('a client that stops reading stops the stream', async () => {
		sim().addFault({ kind: 'huge' });
		await new Promise<void>((resolve, reject) => {
			const req = request(
				new URL(BALANCE, sim().baseUrl),
				{ method: 'POST', headers: JSON_HEADERS },
				(res) => {
					expect(Number(res.headers['content-length'])).toBe(300 * MIB);
					res.once('data', () => {
						req.destroy();
						resolve();
					});
				},
			);
			req.on('error', reject);
			req.end();
		});
	});

	it('deep: JSON with one member 5,000 deep in the first destination; the rest as usual', async () => {
		sim().addFault({ kind: 'deep' });
		const { bytes } = await fetchBytes(
			SEND,
			JSON_HEADERS,
			JSON.stringify(plainUnit(['0241234567', '0201234567'])),
		);
		const answer = JSON.parse(bytes.toString('utf8'));
		let depth = 0;
		for (let at = answer.data.destinations[0].deep; typeof at === 'object'; at = at.a) depth++;
		expect(depth).toBe(5000);
		expect(answer.data.destinations.map((d: { to: string }) => d.to)).toEqual([
			'233241234567',
			'233201234567',
		]);
	});

	it('deep: XML, and a given depth; an answer without destinations gets it in data', async () => {
		sim().addFault({ kind: 'deep', depth: 30 });
		const res = await raw(sim().baseUrl, { path: BALANCE, headers: XML_HEADERS });
		expect(res.body).toContain(`<data><deep>${'<a>'.repeat(30)}1`);
		expect(new XMLParser().parse(res.body).response.data.balance).toBe(1000);
	});

	it('bytes and depth must be positive integers', () => {
		expect(() => sim().addFault({ kind: 'huge', bytes: 0 })).toThrow(
			'bytes must be an integer >= 1',
		);
		expect(() => sim().addFault({ kind: 'deep', depth: 1.5 })).toThrow(
			'depth must be an integer >= 1',
		);
	});
});
