/** The pure halves of dispatch: splitting messages into requests, and reading the service's answer back onto the numbers. */
import fc from 'fast-check';

import { pairDestinations, planRequests } from '../../../nodes/SmsOnlineGh/sending/dispatch';
import type { Recipient } from '../../../nodes/SmsOnlineGh/sending/message';
import { destination, LOCAL, message, OTHER, PLUS, recipient } from './dispatchFixtures';

const FIVE = [0, 1, 2, 3, 4].map((i) => recipient(i, `024000000${i}`, `024000000${i}`, `23324000000${i}`));

/** A plan as the item indexes of each request. */
function shape(plan: ReturnType<typeof planRequests>) {
	return plan.map((request) => request.recipients.map((r) => r.itemIndex));
}

describe('planRequests', () => {
	it('splits each message into requests of at most batchSize, in order, message after message', () => {
		const first = message(FIVE);
		const second = message([LOCAL, PLUS], { text: 'Bye' });
		const plan = planRequests([first, second], 2);
		expect(shape(plan)).toEqual([[0, 1], [2, 3], [4], [0, 1]]);
		expect(plan.map((request) => request.message)).toEqual([first, first, first, second]);
		expect(plan[3].message).toBe(second);
	});

	it('never mixes two messages in one request, even when both would fit', () => {
		expect(shape(planRequests([message([LOCAL]), message([PLUS], { sender: 'Other' })], 1000))).toEqual([[0], [1]]);
	});

	it.each([
		[1000, [[0, 1, 2, 3, 4]]],
		[5, [[0, 1, 2, 3, 4]]],
		[4, [[0, 1, 2, 3], [4]]],
		[1, [[0], [1], [2], [3], [4]]],
		[0, [[0], [1], [2], [3], [4]]],
		[-3, [[0], [1], [2], [3], [4]]],
		[2.9, [[0, 1], [2, 3], [4]]],
		[0.5, [[0], [1], [2], [3], [4]]],
		[Infinity, [[0, 1, 2, 3, 4]]],
	])('batchSize %d', (batchSize, expected) => {
		expect(shape(planRequests([message(FIVE)], batchSize))).toEqual(expected);
	});

	it('a message without recipients makes no request; no messages, no requests', () => {
		expect(planRequests([message([])], 10)).toEqual([]);
		expect(planRequests([], 10)).toEqual([]);
	});

	it('keeps the recipients themselves, not copies', () => {
		expect(planRequests([message(FIVE)], 2)[1].recipients[0]).toBe(FIVE[2]);
	});
});

describe('pairDestinations', () => {
	it('the service rewrote a local number into international form: still its number', () => {
		const answer = destination('233241234567');
		expect(pairDestinations([LOCAL], [answer])).toEqual({ pairs: [[LOCAL, answer]], unanswered: [] });
	});

	it('formatting in the answer does not matter, only the digits', () => {
		const answer = destination('+233 (24) 123-4567');
		expect(pairDestinations([LOCAL], [answer]).pairs[0][0]).toBe(LOCAL);
	});

	it('answers in another order are paired by number, in the order of the answer', () => {
		const answers = [destination('233201234567'), destination('233241234567'), destination('233551234567')];
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
		const answers = [destination('233241234567', 'a'), destination('233241234567', 'b'), destination('233241234567', 'c')];
		const { pairs, unanswered } = pairDestinations([LOCAL, PLUS, again], answers);
		expect(pairs.map(([r, d]) => [r?.itemIndex, d.messageId])).toEqual([
			[0, 'a'],
			[3, 'b'],
			[1, 'c'],
		]);
		expect(unanswered).toEqual([]);
	});

	it('answers matching no number take the recipients left over, in order', () => {
		const answers = [destination('99999', 'x'), destination('233551234567', 'plus'), destination('abc', 'y')];
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
		const { pairs, unanswered } = pairDestinations([LOCAL, PLUS, OTHER], [destination('233551234567')]);
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
