/** Reading the service's answer back onto the numbers sent (sending/pairing.ts). */
import fc from 'fast-check';

import type { Recipient } from '../../../nodes/SmsOnlineGh/sending/message';
import { pairDestinations } from '../../../nodes/SmsOnlineGh/sending/pairing';
import { destination, LOCAL, OTHER, PLUS, recipient } from './dispatchFixtures';

describe('pairDestinations', () => {
	it('the service rewrote a local number into international form: still its number', () => {
		const answer = destination('233241234567');
		expect(pairDestinations([LOCAL], [answer])).toEqual({
			pairs: [[LOCAL, answer]],
			unanswered: [],
		});
	});

	it('formatting in the answer does not matter, only the digits', () => {
		const answer = destination('+233 (24) 123-4567');
		expect(pairDestinations([LOCAL], [answer]).pairs[0][0]).toBe(LOCAL);
	});

	it('answers in another order are paired by number, in the order of the answer', () => {
		const answers = [
			destination('233201234567'),
			destination('233241234567'),
			destination('233551234567'),
		];
		const { pairs, unanswered } = pairDestinations([LOCAL, PLUS, OTHER], answers);
		expect(pairs.map(([r, d]) => [r?.itemIndex, d])).toEqual([
			[2, answers[0]],
			[0, answers[1]],
			[1, answers[2]],
		]);
		expect(unanswered).toEqual([]);
	});

	it('a number given twice: its answers go first come, first served', () => {
		const again = recipient(3, '233241234567', '233241234567', '233241234567');
		const answers = [destination('233241234567', 'first'), destination('233241234567', 'second')];
		const { pairs } = pairDestinations([LOCAL, again], answers);
		expect(pairs.map(([r, d]) => [r, d.messageId])).toEqual([
			[LOCAL, 'first'],
			[again, 'second'],
		]);
	});

	it('a third answer for a number given twice takes a leftover recipient, if any', () => {
		const again = recipient(3, '233241234567', '233241234567', '233241234567');
		const answers = [
			destination('233241234567', 'a'),
			destination('233241234567', 'b'),
			destination('233241234567', 'c'),
		];
		const { pairs, unanswered } = pairDestinations([LOCAL, PLUS, again], answers);
		expect(pairs.map(([r, d]) => [r?.itemIndex, d.messageId])).toEqual([
			[0, 'a'],
			[3, 'b'],
			[1, 'c'],
		]);
		expect(unanswered).toEqual([]);
	});

	it('answers matching no number take the recipients left over, in order', () => {
		const answers = [
			destination('99999', 'x'),
			destination('233551234567', 'plus'),
			destination('abc', 'y'),
		];
		const { pairs, unanswered } = pairDestinations([LOCAL, PLUS, OTHER], answers);
		expect(pairs.map(([r, d]) => [r?.itemIndex, d.messageId])).toEqual([
			[0, 'x'],
			[1, 'plus'],
			[2, 'y'],
		]);
		expect(unanswered).toEqual([]);
	});

	it('more unmatched answers than leftovers: the rest are about no known number', () => {
		const answers = [destination('1', 'x'), destination('2', 'y')];
		const { pairs, unanswered } = pairDestinations([LOCAL], answers);
		expect(pairs).toEqual([
			[LOCAL, answers[0]],
			[undefined, answers[1]],
		]);
		expect(unanswered).toEqual([]);
	});

	it('numbers the service said nothing about are unanswered, in order', () => {
		const { pairs, unanswered } = pairDestinations(
			[LOCAL, PLUS, OTHER],
			[destination('233551234567')],
		);
		expect(pairs.map(([r]) => r)).toEqual([PLUS]);
		expect(unanswered).toEqual([LOCAL, OTHER]);
	});

	it('no answers at all: every number unanswered', () => {
		expect(pairDestinations([LOCAL, PLUS], [])).toEqual({ pairs: [], unanswered: [LOCAL, PLUS] });
	});
});

describe('pairDestinations: answers in the order sent, and the same answers shuffled (property)', () => {
	// Numbers from a small pool, so some repeat (a personalised request may repeat one); with ids
	// on, every recipient carries its own message id, as Client References give them.
	const requestArb = fc
		.tuple(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 12 }), fc.boolean())
		.map(([numbers, ids]) =>
			numbers.map((n, i) => {
				const own = recipient(i, `024000000${n}`, `024000000${n}`, `23324000000${n}`);
				return ids ? { ...own, messageId: `ref-${i}-0000000000000000000000000000` } : own;
			}),
		);
	const answerTo = (r: Recipient) => destination(r.key, r.messageId ?? `m-${r.itemIndex}`);

	it('pairs each destination with the recipient it is about, each recipient once, in either order', () => {
		fc.assert(
			fc.property(requestArb, fc.boolean(), (recipients, shuffled) => {
				const answers = recipients.map(answerTo);
				if (shuffled) answers.reverse();
				const { pairs, unanswered } = pairDestinations(recipients, answers);
				expect(unanswered).toEqual([]);
				expect(pairs.map(([, d]) => d)).toEqual(answers);
				for (const [r, d] of pairs) {
					expect(r?.key).toBe(d.to);
					if (r?.messageId !== undefined) expect(d.messageId).toBe(r.messageId);
				}
				expect(new Set(pairs.map(([r]) => r)).size).toBe(recipients.length);
				if (!shuffled) expect(pairs.map(([r]) => r)).toEqual(recipients);
			}),
			{ numRuns: 500 },
		);
	});
});
