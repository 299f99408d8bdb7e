/**
 * The custom message id derived from a Client Reference: 40 characters of `A-Za-z0-9-`, the same
 * every time, different when the reference, the number or the text differs, the reference
 * readable at its start when it is short and plain; and its way back to the reference.
 */
import { createHash } from 'node:crypto';

import fc from 'fast-check';

import { customMessageId, referenceOf } from '../../../nodes/shared/referenceIds';
import { MESSAGE_ID } from '../../../nodes/shared/transport/endpoints/report';

const NUMBER = '233241234567';
const ID_CHARS = /^[A-Za-z0-9-]{40}$/;

function sha256(text: string): string {
	return createHash('sha256').update(text).digest('hex');
}

describe('customMessageId', () => {
	it('a readable reference leads the id, the hash of reference, number and text fills it to 40', () => {
		expect(customMessageId('ORD-1042', NUMBER, 'Hello')).toBe(
			'ORD-1042-6f62ba0848b5b01d4658b6bc9ec717c',
		);
		expect(customMessageId('ORD-1042', NUMBER, 'Hello')).toBe(
			`ORD-1042-${sha256(JSON.stringify(['ORD-1042', NUMBER, 'Hello'])).slice(0, 31)}`,
		);
	});

	it('the id is createHash(sha256) of the three, whatever the inputs (the one-shot hash changes no id)', () => {
		fc.assert(
			fc.property(
				fc.string({ unit: 'binary' }),
				fc.string(),
				fc.string({ unit: 'binary' }),
				(reference, number, text) => {
					const digest = sha256(JSON.stringify([reference, number, text]));
					expect(customMessageId(reference, number, text)).toBe(
						/^[A-Za-z0-9-]{1,20}$/.test(reference)
							? `${reference}-${digest.slice(0, 39 - reference.length)}`
							: digest.slice(0, 40),
					);
				},
			),
		);
	});

	it('a reference that is not plain, or longer than 20, gives 40 hexadecimal characters of the hash alone', () => {
		expect(customMessageId('Order #1042', NUMBER, 'Hello')).toBe(
			'49e22ac3b1d03675f5806dc44cc9430d1932cc43',
		);
		const long = 'ABCDEFGHIJ01234567890';
		expect(customMessageId(long, NUMBER, 'Hello')).toBe(
			sha256(JSON.stringify([long, NUMBER, 'Hello'])).slice(0, 40),
		);
		for (const odd of ['ORD_1', 'ORD 1', 'réf-1', 'ORD.1', 'a/b', 'ORD-1\n']) {
			expect(customMessageId(odd, NUMBER, 'Hello')).toMatch(/^[0-9a-f]{40}$/);
		}
	});

	it('a new line in a reference cannot move the number into the text', () => {
		expect(customMessageId('Shop A\n233201234567', '233241234567', 'Hi')).not.toBe(
			customMessageId('Shop A', '233201234567', '233241234567\nHi'),
		);
	});

	it('the edges of readable: 1 and 20 characters lead; 21 do not', () => {
		expect(customMessageId('A', NUMBER, 'Hello')).toMatch(/^A-[0-9a-f]{38}$/);
		expect(customMessageId('ABCDEFGHIJ0123456789', NUMBER, 'Hello')).toMatch(
			/^ABCDEFGHIJ0123456789-[0-9a-f]{19}$/,
		);
		expect(customMessageId('ABCDEFGHIJ01234567890', NUMBER, 'Hello')).toMatch(/^[0-9a-f]{40}$/);
	});

	it('always 40 characters of A-Za-z0-9-, a message id the service takes', () => {
		fc.assert(
			fc.property(
				fc.string({ maxLength: 60 }),
				fc.stringMatching(/^\d{8,15}$/),
				fc.string(),
				(reference, number, text) => {
					const id = customMessageId(reference, number, text);
					expect(id).toMatch(ID_CHARS);
					expect(MESSAGE_ID.test(id)).toBe(true);
				},
			),
		);
	});

	it('the same reference, number and text: the same id, every time', () => {
		const ids = Array.from({ length: 3 }, () =>
			customMessageId('ORD-1042', NUMBER, 'Your order shipped'),
		);
		expect(new Set(ids).size).toBe(1);
	});

	it('a different reference, number or text: a different id', () => {
		const base = customMessageId('ORD-1042', NUMBER, 'Hello');
		const others = [
			customMessageId('ORD-1043', NUMBER, 'Hello'),
			customMessageId('ord-1042', NUMBER, 'Hello'),
			customMessageId('ORD-1042', '233241234568', 'Hello'),
			customMessageId('ORD-1042', NUMBER, 'Hello!'),
			customMessageId('ORD-1042', NUMBER, 'hello'),
			customMessageId('Order 1042', NUMBER, 'Hello'),
		];
		expect(new Set([base, ...others]).size).toBe(7);
	});

	it('the fields cannot slide into each other at their boundary', () => {
		expect(customMessageId('AB', '2331', 'x')).not.toBe(customMessageId('A', 'B2331', 'x'));
		expect(customMessageId('R', '23324', '1234567')).not.toBe(
			customMessageId('R', '233241234567', ''),
		);
	});
});

describe('referenceOf', () => {
	it.each(['ORD-1042', 'A', 'ABCDEFGHIJ0123456789', 'x-1', '-', 'ORD-', '2024-05-01', 'abc-def-0'])(
		'%s comes back from its id',
		(reference) => {
			expect(referenceOf(customMessageId(reference, NUMBER, 'Hello'))).toBe(reference);
		},
	);

	it('every readable reference comes back', () => {
		fc.assert(
			fc.property(fc.stringMatching(/^[A-Za-z0-9-]{1,20}$/), fc.string(), (reference, text) => {
				expect(referenceOf(customMessageId(reference, NUMBER, text))).toBe(reference);
			}),
		);
	});

	it('an id from a long or odd reference has none', () => {
		expect(referenceOf(customMessageId('Order #1042', NUMBER, 'Hello'))).toBeUndefined();
		expect(referenceOf(customMessageId('ABCDEFGHIJ01234567890', NUMBER, 'Hello'))).toBeUndefined();
	});

	it.each([
		['a UUID', '093841e5-578a-41f4-5f5f-2f3910886c12'],
		['39 characters', `ORD-${'a'.repeat(35)}`],
		['41 characters', `ORD-${'a'.repeat(37)}`],
		['an upper-case tail', `ORD-1042-${'A'.repeat(31)}`],
		['a tail too short after a long head', `ABCDEFGHIJ0123456789AB-${'a'.repeat(17)}`],
		['no hyphen', 'a'.repeat(40)],
		['empty', ''],
	])('%s has none', (_case, id) => {
		expect(referenceOf(id)).toBeUndefined();
	});
});
