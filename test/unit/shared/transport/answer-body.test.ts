/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * One limit on every byte of an answer, counted while it arrives: a body larger than the limit is
 * dropped and its stream stopped at the limit, whatever its form (plain, HTTP-compressed and
 * inflated by n8n's client, gzbin); the error says it was too large, for which request, and what
 * to do, in the words of the kind of call (a read never speaks of sent messages).
 */
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';

import {
	discardAnswer,
	MAX_ANSWER_BYTES,
	readAnswerText,
} from '../../../../nodes/shared/transport/answer-body';
import { BALANCE_PATH, balanceReader } from '../../../../nodes/shared/transport/endpoints/balance';
import { AnswerTooLarge } from '../../../../nodes/shared/transport/failure';
import type { TransportOptions } from '../../../../nodes/shared/transport/service';
import { callService } from '../../../../nodes/shared/transport/service';
import { fakeContext, serviceAnswer } from '../../../harness/fakeContext';

const OPTIONS: TransportOptions = {
	format: 'json',
	timeoutMs: 5000,
	retry: { maxAttempts: 3, maxWaitMs: 0 },
};
const MB = 1024 * 1024;
const BALANCE = {
	balance: 12.5,
	model: 'quantity',
	currencyName: 'Ghana Cedi',
	currencyCode: 'GHS',
};

/** A stream of `total` bytes of spaces in 64 kB chunks, counting how many it was asked for. */
function spaces(total: number): Readable & { pulled: () => number } {
	let pulled = 0;
	const chunk = Buffer.alloc(64 * 1024, 0x20);
	const stream = new Readable({
		read() {
			if (pulled >= total) {
				this.push(null);
				return;
			}
			pulled += chunk.length;
			this.push(chunk);
		},
	});
	return Object.assign(stream, { pulled: () => pulled });
}

describe('readAnswerText', () => {
	it('reads a stream whole when within the limit, without a byte-order mark', async () => {
		const body = Readable.from([Buffer.from('\ufeff{"a":'), Buffer.from('"é"}')]);
		await expect(readAnswerText(body, 100)).resolves.toEqual({ text: '{"a":"é"}' });
	});

	it('stops a stream at the limit: tooLarge, the stream destroyed, no more read', async () => {
		const body = spaces(1024 * MB);
		await expect(readAnswerText(body, 2 * MB)).resolves.toBe('tooLarge');
		expect(body.destroyed).toBe(true);
		// At most the limit and the stream's read-ahead, never the gigabyte.
		expect(body.pulled()).toBeLessThan(3 * MB);
	});

	it('exactly the limit is read; one byte more is not', async () => {
		await expect(readAnswerText(Readable.from([Buffer.alloc(100, 0x20)]), 100)).resolves.toEqual({
			text: ' '.repeat(100),
		});
		await expect(readAnswerText(Readable.from([Buffer.alloc(101, 0x20)]), 100)).resolves.toBe(
			'tooLarge',
		);
		await expect(readAnswerText('x'.repeat(101), 100)).resolves.toBe('tooLarge');
		await expect(readAnswerText(Buffer.alloc(100, 0x41), 100)).resolves.toEqual({
			text: 'A'.repeat(100),
		});
	});

	it('rejects when the stream breaks off, with an error or without one', async () => {
		const broken = new Readable({ read() {} });
		const reading = readAnswerText(broken, 100);
		broken.destroy(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
		await expect(reading).rejects.toThrow('socket hang up');
		const closed = new Readable({ read() {} });
		const closing = readAnswerText(closed, 100);
		closed.destroy();
		await expect(closing).rejects.toMatchObject({ code: 'ECONNRESET' });
	});

	it('the limit is 64 MB: a personalised report of 100,000 destinations (48.1 MB in XML) fits', () => {
		expect(MAX_ANSWER_BYTES).toBe(64 * MB);
	});

	it('discardAnswer stops a body nobody reads', () => {
		const body = spaces(10 * MB);
		discardAnswer(body);
		expect(body.destroyed).toBe(true);
		expect(() => discardAnswer('text')).not.toThrow();
	});
});

describe('callService: an answer larger than the limit', () => {
	it('a read: the error says too large, which request, what to do, and nothing of sending; not asked again', async () => {
		const body = spaces(MAX_ANSWER_BYTES + MB);
		const fake = fakeContext({ answers: [{ body }, serviceAnswer(BALANCE)] });
		const result = await callService(
			fake.ctx,
			{ path: BALANCE_PATH, reader: balanceReader, readOnly: true },
			OPTIONS,
		);
		expect(fake.calls).toHaveLength(1);
		expect(body.pulled()).toBeLessThan(MAX_ANSWER_BYTES + MB);
		if (result.ok) throw new Error('read');
		expect(result.failure).toBeInstanceOf(AnswerTooLarge);
		expect(result.failure.message).toBe(
			"The SMS service's answer to POST /v5/account/balance is larger than 64 MB, the most the node reads: check that the Base URL in the SMSOnlineGH credential is the SMSOnlineGH service's: the service's answer to this request is small",
		);
		expect(result.failure.description).toMatch(
			/^HTTP 200, but the answer is more than 64 MB; the node stopped reading it there\./,
		);
		expect(result.failure.description).toMatch(
			/The request only reads: nothing was sent or changed by it\.$/,
		);
		expect(`${result.failure.message} ${result.failure.description}`).not.toMatch(
			/sent messages|try again later/,
		);
	});

	it('a send whose numbers carry their own ids: may have gone out, and is not asked again for a too large answer', async () => {
		const fake = fakeContext({
			answers: [{ body: spaces(MAX_ANSWER_BYTES + MB) }, serviceAnswer(BALANCE)],
		});
		const result = await callService(
			fake.ctx,
			{ path: '/v5/message/sms/send', body: '{}', reader: balanceReader, idempotent: true },
			OPTIONS,
		);
		expect(fake.calls).toHaveLength(1);
		if (result.ok) throw new Error('read');
		expect(result.failure.certainty).toBe('maybeProcessed');
		expect(result.failure.message).toBe(
			"The SMS service's answer to POST /v5/message/sms/send is larger than 64 MB, the most the node reads: check the sent messages in your SMSOnlineGH account before sending again",
		);
	});

	it('a gzbin answer inflating past the limit: too large, not "not base64 of gzip", not "try again later"', async () => {
		const bomb = gzipSync(Buffer.alloc(MAX_ANSWER_BYTES + MB, 0x20)).toString('base64');
		const fake = fakeContext({
			answers: [
				{ body: bomb, headers: { 'content-type': 'application/vnd.zenoph.zbm.gzbin+json' } },
			],
		});
		const result = await callService(
			fake.ctx,
			{
				path: '/v5/report/message/delivery/b1',
				reader: balanceReader,
				compressed: true,
				readOnly: true,
			},
			OPTIONS,
		);
		if (result.ok) throw new Error('read');
		expect(result.failure.message).toMatch(
			/^The SMS service's answer to POST \/v5\/report\/message\/delivery\/b1 is larger than 64 MB, the most the node reads: /,
		);
		expect(result.failure.description).toMatch(
			/^HTTP 200, but the answer inflates to more than 64 MB;/,
		);
		expect(`${result.failure.message} ${result.failure.description}`).not.toMatch(
			/base64|try again later|sent messages/,
		);
	});

	it('an HTTP error answer is not read at all: its stream is stopped', async () => {
		const body = spaces(1024 * MB);
		const fake = fakeContext({ answers: [{ status: 500, body }] });
		const result = await callService(
			fake.ctx,
			{ path: BALANCE_PATH, reader: balanceReader, readOnly: true },
			OPTIONS,
		);
		expect(result.ok).toBe(false);
		expect(body.destroyed).toBe(true);
		expect(body.pulled()).toBeLessThan(MB);
	});
});

describe('a read-only call never speaks of sent messages', () => {
	const unreadable = [
		['a document type', { body: '<!DOCTYPE x [<!ENTITY e "x">]><response/>' }],
		['HTTP 500', { status: 500, body: 'oops' }],
		[
			'a gzbin body that does not inflate',
			{ body: 'H4sIbroken', headers: { 'content-type': 'application/vnd.zenoph.zbm.gzbin+json' } },
		],
		['a body cut short', { body: '{"handshake":{"id":0' }],
	] as const;

	it.each(unreadable)('Get Balance answered with %s', async (_name, answer) => {
		const fake = fakeContext({ answers: [answer, answer, answer] });
		const result = await callService(
			fake.ctx,
			{ path: BALANCE_PATH, reader: balanceReader, readOnly: true },
			OPTIONS,
		);
		if (result.ok) throw new Error('read');
		const said = `${result.failure.message} ${result.failure.description}`;
		expect(said).not.toMatch(/sent messages|sending again|may have sent/);
		expect(said).toMatch(/nothing was sent|only reads/);
	});
});
