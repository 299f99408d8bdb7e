/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Nothing pushed goes into an item unbounded: a warning item carries a bounded excerpt and the
 * whole body beside it as binary data; a destination nested thousands deep is an excerpt a few
 * levels deep, and the report's other destinations are read as usual; a push with a
 * Content-Encoding is inflated within Maximum Body Size, or refused when it cannot be.
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

import { BATCH, dest, jsonReport, xmlReport } from './reports';
import { push } from './webhookContext';
import { EXCERPT_CHARS, valueExcerpt } from '../../../nodes/SmsOnlineGhTrigger/excerpt';

const ID_A = 'a3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const ID_B = 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const ID_C = 'c3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const MB = 1024 * 1024;

/** `{"a":{"a":…}}` `depth` deep, as text. */
function deepJson(depth: number): string {
	return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** How deep a value nests. */
function depthOf(value: unknown): number {
	if (typeof value !== 'object' || value === null) return 0;
	return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

describe('warning items are bounded', () => {
	it('a 3 MB unreadable push: the item shows 1,000 characters; the whole body is its binary data', async () => {
		const body = `{"handshake":{"id":0},"data":{"destinations":"${'x'.repeat(3 * MB)}"}`;
		const { items, binaries } = await push({
			body,
			contentType: 'application/json; charset=utf-8',
		});
		expect(items).toHaveLength(1);
		expect(items?.[0].warning).toMatch(/The whole body is in the binary property rawBody\.$/);
		expect(String(items?.[0].excerpt).startsWith(body.slice(0, EXCERPT_CHARS))).toBe(true);
		expect(JSON.stringify(items).length).toBeLessThan(2000);
		const binary = binaries?.[0]?.rawBody;
		expect(binary).toMatchObject({ fileName: 'delivery-report', mimeType: 'application/json' });
		expect(Buffer.from(String(binary?.data), 'base64').toString('utf8')).toBe(body);
	});

	it('items that read carry no binary data', async () => {
		const { items, binaries } = await push({
			body: jsonReport([dest(ID_A, '233241234567', 2110)]),
			contentType: 'application/json',
		});
		expect(items).toHaveLength(1);
		expect(binaries).toEqual([undefined]);
	});

	it('valueExcerpt: at most 4 deep, 20 wide and 200 members in all, texts cut to 200 characters', () => {
		const wide = Object.fromEntries(
			Array.from({ length: 30 }, (_, i) => [`k${i}`, 'v'.repeat(300)]),
		);
		const excerpt = valueExcerpt({
			wide,
			list: Array.from({ length: 50 }, (_, i) => i),
			deep: JSON.parse(deepJson(10)),
		}) as Record<string, Record<string, unknown>>;
		expect(Object.keys(excerpt.wide)).toHaveLength(21);
		expect(excerpt.wide['…']).toBe('10 more members');
		expect(String(excerpt.wide.k0)).toMatch(/^v{200}… \(300 characters in all\)$/);
		expect(excerpt.list).toHaveLength(21);
		expect(depthOf(excerpt)).toBeLessThanOrEqual(4);
		const huge = Object.fromEntries(
			Array.from({ length: 20 }, (_, i) => [
				`k${i}`,
				Object.fromEntries(Array.from({ length: 20 }, (_, j) => [`j${j}`, Array(20).fill(1)])),
			]),
		);
		expect(JSON.stringify(valueExcerpt(huge)).length).toBeLessThan(20_000);
	});
});

describe('a destination nested 5,000 deep', () => {
	it('JSON: the good destinations are items, the deep one a warning with an excerpt 4 deep', async () => {
		const body = jsonReport([
			dest(ID_A, '233241234567', 2110),
			{ id: ID_B, to: '@DEEP@', status: { id: 2110 } },
			dest(ID_C, '233201234567', 2111),
		]).replace('"@DEEP@"', deepJson(5000));
		const { items, binaries } = await push({ body, contentType: 'application/json' });
		expect(items).toHaveLength(3);
		expect(items?.[0]).toMatchObject({ batch: BATCH, messageId: ID_A, verdict: 'delivered' });
		expect(items?.[2]).toMatchObject({ batch: BATCH, messageId: ID_C, verdict: 'expired' });
		expect(items?.[1].warning).toMatch(
			/^The pushed report could not be read whole: destination 2 /,
		);
		expect(depthOf(items?.[1].destination)).toBeLessThanOrEqual(4);
		expect(JSON.stringify(items).length).toBeLessThan(3000);
		expect(binaries?.[1]?.rawBody).toBeDefined();
	});

	it('XML: read or refused, never copied deep into an item', async () => {
		const deep = '<a>'.repeat(5000) + '1' + '</a>'.repeat(5000);
		const body = xmlReport([dest(ID_A, '233241234567', 2110), dest(ID_B, '@DEEP@', 2110)]).replace(
			'@DEEP@',
			deep,
		);
		const { items, written } = await push({ body, contentType: 'application/xml' });
		expect(written).toEqual({});
		for (const item of items ?? []) expect(depthOf(item)).toBeLessThanOrEqual(6);
		expect(items?.[0]).toMatchObject({ messageId: ID_A, verdict: 'delivered' });
	});
});

describe('XML too deep for the parser, and XML cut short: each named for what it is', () => {
	const warning = (reason: string) =>
		`A delivery report was pushed but could not be read: ${reason}. The whole body is in the binary property rawBody.`;

	// Well-formed, but past the stack of any Node the node runs on (Node 24 overflows at 5,000 already, Node 20 by 10,000).
	it('a well-formed report nested 50,000 deep: too deeply nested, not malformed', async () => {
		const deep = '<a>'.repeat(50_000) + '1' + '</a>'.repeat(50_000);
		const body = xmlReport([dest(ID_A, '@DEEP@', 2110)]).replace('@DEEP@', deep);
		const { items, written } = await push({ body, contentType: 'application/xml' });
		expect(written).toEqual({});
		expect(items).toHaveLength(1);
		expect(items?.[0].warning).toBe(
			warning('the XML body nests its elements too deeply to be read (thousands of levels)'),
		);
	});

	it('a report cut short: malformed or cut short', async () => {
		const body = xmlReport([dest(ID_A, '233241234567', 2110)]).slice(0, -30);
		const { items } = await push({ body, contentType: 'application/xml' });
		expect(items?.[0].warning).toBe(warning('the XML body is malformed or cut short'));
	});
});

describe('a push with a Content-Encoding: Maximum Body Size on the inflated bytes', () => {
	const report = jsonReport([dest(ID_A, '233241234567', 2110)]);

	it.each([
		['gzip', gzipSync],
		['deflate', deflateSync],
		['identity', (b: Buffer) => b],
	] as const)('%s: read as the plain report', async (coding, encode) => {
		const { items, written } = await push({
			body: encode(Buffer.from(report)),
			contentType: 'application/json',
			headers: { 'content-encoding': coding },
		});
		expect(written).toEqual({});
		expect(items).toEqual([expect.objectContaining({ messageId: ID_A, verdict: 'delivered' })]);
	});

	it('gzip of 16 MB (16 kB sent) under the default 4 MB: 413, no execution', async () => {
		const body = gzipSync(Buffer.from(`${' '.repeat(16 * MB)}${report}`));
		expect(body.length).toBeLessThan(100_000);
		const { items, written } = await push({
			body,
			contentType: 'application/json',
			headers: { 'content-encoding': 'gzip' },
		});
		expect(items).toBeUndefined();
		expect(written).toEqual({
			status: 413,
			json: { message: `The body is larger than ${4 * MB} bytes` },
		});
	});

	it.each(['br', 'compress', 'zstd', 'gzip, br'])(
		'%s, which the node cannot bound: 415, no execution',
		async (coding) => {
			const { items, written } = await push({
				body: brotliCompressSync(Buffer.from(report)),
				contentType: 'application/json',
				headers: { 'content-encoding': coding },
			});
			expect(items).toBeUndefined();
			expect(written).toEqual({
				status: 415,
				json: {
					message:
						'Unsupported Content-Encoding: send the body as it is (identity), gzip or deflate',
				},
			});
		},
	);

	it('the token comes first: a stranger with a bomb gets 401, nothing inflated', async () => {
		const body = gzipSync(Buffer.alloc(16 * MB));
		const { written } = await push({
			body,
			query: { token: 'wrong' },
			headers: { 'content-encoding': 'gzip' },
		});
		expect(written.status).toBe(401);
	});
});
