/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Compressed answers (base64 of gzip, media type application/vnd.zenoph.zbm.gzbin+xml or +json):
 * asked for per call, decoded by what the answer says it is.
 */
import { deflateSync, gzipSync } from 'node:zlib';

import {
	compressedMediaType,
	inflateAnswer,
	MAX_INFLATED_BYTES,
} from '../../../../nodes/shared/transport/compressed';
import {
	isObject,
	toList,
	toText,
	UnreadableResponseError,
} from '../../../../nodes/shared/transport/read';
import type { DataReader, TransportOptions } from '../../../../nodes/shared/transport/service';
import { callService } from '../../../../nodes/shared/transport/service';
import { fakeContext } from '../../../harness/fakeContext';

const JSON_OPTIONS: TransportOptions = {
	format: 'json',
	timeoutMs: 5000,
	retry: { maxAttempts: 1, maxWaitMs: 0 },
};
const XML_OPTIONS: TransportOptions = { ...JSON_OPTIONS, format: 'xml' };

const thingsReader: DataReader<string[]> = {
	xmlLists: ['things.item'],
	read(data) {
		if (!isObject(data)) throw new UnreadableResponseError('there are no things');
		return toList(data.things, 'things is not a list').map((thing, i) =>
			toText(thing, `thing ${i + 1}`),
		);
	},
	unreadable: (reason) => ({ message: 'The things could not be read', description: reason }),
};

const XML_BODY =
	'<response><handshake><id>0</id><label>HSHK_OK</label></handshake><data><things><item>007</item></things></data></response>';
const JSON_BODY = '{"handshake":{"id":0,"label":"HSHK_OK"},"data":{"things":["007","008"]}}';
const gzbin = (text: string) => gzipSync(Buffer.from(text, 'utf8')).toString('base64');

describe('compressed answers', () => {
	it('names the compressed media type of each format', () => {
		expect(compressedMediaType('xml')).toBe('application/vnd.zenoph.zbm.gzbin+xml');
		expect(compressedMediaType('json')).toBe('application/vnd.zenoph.zbm.gzbin+json');
	});

	it('inflates a body announced as compressed, and one that is plainly base64 of gzip', () => {
		const headers = { 'content-type': 'application/vnd.zenoph.zbm.gzbin+xml' };
		expect(inflateAnswer(gzbin(XML_BODY), headers)).toBe(XML_BODY);
		expect(inflateAnswer(`${gzbin(JSON_BODY)}\n`, { 'content-type': 'application/json' })).toBe(
			JSON_BODY,
		);
	});

	it('reads a plain XML or JSON body as it is, even when announced as compressed', () => {
		const headers = { 'content-type': 'application/vnd.zenoph.zbm.gzbin+xml' };
		expect(inflateAnswer(XML_BODY, headers)).toBe(XML_BODY);
		expect(inflateAnswer(` ${JSON_BODY}`, headers)).toBe(` ${JSON_BODY}`);
	});

	it('leaves a plain body as it is, whatever was asked for', () => {
		expect(inflateAnswer(XML_BODY, { 'content-type': 'application/xml' })).toBe(XML_BODY);
		expect(inflateAnswer(JSON_BODY, {})).toBe(JSON_BODY);
	});

	it('throws for a body announced as compressed that is not base64 of gzip', () => {
		const headers = { 'content-type': ['application/vnd.zenoph.zbm.gzbin+json'] };
		expect(() => inflateAnswer('not base64 at all!', headers)).toThrow();
		expect(() => inflateAnswer(Buffer.from('plain text').toString('base64'), headers)).toThrow();
	});

	it('throws for gzip whose checks fail: a changed CRC-32 or length, a cut stream, a zlib wrapper', () => {
		const headers = { 'content-type': 'application/vnd.zenoph.zbm.gzbin+json' };
		const gz = gzipSync(Buffer.from(JSON_BODY, 'utf8'));
		const flipped = (at: number) => {
			const copy = Buffer.from(gz);
			copy[copy.length + at] ^= 1;
			return copy.toString('base64');
		};
		expect(() => inflateAnswer(flipped(-8), headers)).toThrow(/incorrect data check/);
		expect(() => inflateAnswer(flipped(-4), headers)).toThrow(/incorrect length check/);
		expect(() =>
			inflateAnswer(gz.subarray(0, gz.length - 9).toString('base64'), headers),
		).toThrow();
		expect(() =>
			inflateAnswer(deflateSync(Buffer.from(JSON_BODY, 'utf8')).toString('base64'), headers),
		).toThrow(/incorrect header check/);
	});

	it('inflates every member of a gzip stream, as zlib does', () => {
		const members = Buffer.concat([
			gzipSync(Buffer.from(JSON_BODY.slice(0, 20))),
			gzipSync(Buffer.from(JSON_BODY.slice(20))),
		]);
		expect(
			inflateAnswer(members.toString('base64'), {
				'content-type': 'application/vnd.zenoph.zbm.gzbin+json',
			}),
		).toBe(JSON_BODY);
	});

	it('answers one after the other, of any size, each inflated whole (buffers kept between answers, grown when short)', () => {
		const headers = { 'content-type': 'application/vnd.zenoph.zbm.gzbin+json' };
		const large = JSON.stringify({ data: Array.from({ length: 40_000 }, (_, i) => `item ${i} é`) }); // about 600 kB, beyond 64 kB
		const larger = 'x'.repeat(3 * 1024 * 1024); // beyond the 1 MB kept
		expect(inflateAnswer(gzbin(large), headers)).toBe(large);
		expect(inflateAnswer(gzbin(JSON_BODY), headers)).toBe(JSON_BODY);
		expect(inflateAnswer(gzbin(larger), headers)).toBe(larger);
		expect(inflateAnswer(gzbin(XML_BODY), headers)).toBe(XML_BODY);
		// The last member records only its own length: larger ones before it make the output grow.
		for (const first of [large, larger]) {
			const members = Buffer.concat([
				gzipSync(Buffer.from(first)),
				gzipSync(Buffer.from(JSON_BODY)),
			]).toString('base64');
			expect(inflateAnswer(members, headers)).toBe(first + JSON_BODY);
		}
		expect(inflateAnswer(gzbin(JSON_BODY), headers)).toBe(JSON_BODY);
	});

	describe('a limit on the inflated size (the trigger passes its Maximum Body Size)', () => {
		const headers = { 'content-type': 'application/vnd.zenoph.zbm.gzbin+json' };
		const text = 'y'.repeat(100_000);

		it('a body of exactly the limit inflates; one byte more is a RangeError naming the limit', () => {
			expect(inflateAnswer(gzbin(text), headers, 100_000)).toBe(text);
			expect(() => inflateAnswer(gzbin(text), headers, 99_999)).toThrow(
				new RangeError('the inflated body is larger than 99999 bytes'),
			);
		});

		it('holds when a buffer kept from a larger answer would have room for more', () => {
			const large = 'z'.repeat(900_000);
			expect(inflateAnswer(gzbin(large), headers)).toBe(large);
			expect(() => inflateAnswer(gzbin(text), headers, 50_000)).toThrow(RangeError);
			expect(() => inflateAnswer(gzbin(large), headers, 800_000)).toThrow(RangeError);
		});

		it('counts every member together, and a refused body leaves nothing behind for the next one', () => {
			const members = Buffer.concat([
				gzipSync(Buffer.from(text)),
				gzipSync(Buffer.from(text)),
			]).toString('base64');
			expect(() => inflateAnswer(members, headers, 150_000)).toThrow(RangeError);
			expect(inflateAnswer(members, headers, 200_000)).toBe(text + text);
			expect(inflateAnswer(gzbin(JSON_BODY), headers, 100)).toBe(JSON_BODY);
		});

		it('without one, the API client keeps its limit on every answer: 64 MB', () => {
			const five = 'w'.repeat(5 * 1024 * 1024);
			expect(inflateAnswer(gzbin(five), headers)).toBe(five);
			expect(MAX_INFLATED_BYTES).toBe(64 * 1024 * 1024);
		});
	});

	it('a broken answer leaves nothing behind for the next one', () => {
		const headers = { 'content-type': 'application/vnd.zenoph.zbm.gzbin+json' };
		const gz = gzipSync(Buffer.from(JSON_BODY, 'utf8'));
		expect(() =>
			inflateAnswer(gz.subarray(0, gz.length - 12).toString('base64'), headers),
		).toThrow();
		expect(inflateAnswer(gzbin(XML_BODY), headers)).toBe(XML_BODY);
	});

	it('asks for the compressed form when the call says so, and reads the answer in either format', async () => {
		const fake = fakeContext({
			answers: [
				{
					body: gzbin(XML_BODY),
					headers: { 'content-type': 'application/vnd.zenoph.zbm.gzbin+xml' },
				},
				{
					body: gzbin(JSON_BODY),
					headers: { 'content-type': 'application/vnd.zenoph.zbm.gzbin+json' },
				},
				{ body: XML_BODY, headers: { 'content-type': 'application/xml' } },
			],
		});
		const call = { path: '/v5/things', reader: thingsReader, compressed: true };
		expect(await callService(fake.ctx, call, XML_OPTIONS)).toEqual({
			ok: true,
			value: ['007'],
			handshake: { id: 0, label: 'HSHK_OK' },
		});
		expect(await callService(fake.ctx, call, JSON_OPTIONS)).toEqual({
			ok: true,
			value: ['007', '008'],
			handshake: { id: 0, label: 'HSHK_OK' },
		});
		// A plain answer to a compressed Accept is fine.
		expect(await callService(fake.ctx, call, XML_OPTIONS)).toEqual({
			ok: true,
			value: ['007'],
			handshake: { id: 0, label: 'HSHK_OK' },
		});
		expect(fake.calls.map((c) => c.options.headers)).toEqual([
			{
				Accept: 'application/vnd.zenoph.zbm.gzbin+xml',
				'Accept-Encoding': 'gzip, deflate',
				'Content-Type': 'application/xml',
			},
			{
				Accept: 'application/vnd.zenoph.zbm.gzbin+json',
				'Accept-Encoding': 'gzip, deflate',
				'Content-Type': 'application/json',
			},
			{
				Accept: 'application/vnd.zenoph.zbm.gzbin+xml',
				'Accept-Encoding': 'gzip, deflate',
				'Content-Type': 'application/xml',
			},
		]);
	});

	it('a compressed answer that cannot be inflated may have been acted on', async () => {
		const fake = fakeContext({
			answers: [
				{ body: 'H4sIbroken', headers: { 'content-type': 'application/vnd.zenoph.zbm.gzbin+xml' } },
			],
		});
		const result = await callService(
			fake.ctx,
			{ path: '/v5/things', reader: thingsReader, compressed: true },
			XML_OPTIONS,
		);
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.failure).toMatchObject({
			certainty: 'maybeProcessed',
			message:
				'The SMS service sent an answer that could not be read: check the sent messages in your SMSOnlineGH account before sending again',
			httpCode: 200,
		});
		expect(result.failure.description).toMatch(
			/^HTTP 200, but the compressed \(gzbin\) body could not be inflated \(the compressed body is not gzip: [^)]+\)\./,
		);
	});
});
