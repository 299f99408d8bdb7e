/** The pure half of dispatch: splitting messages into requests (reading the answer back: pairing.test.ts). */
import { planRequests } from '../../../nodes/SmsOnlineGh/sending/dispatch';
import { LOCAL, message, PLUS, recipient } from './dispatchFixtures';

const FIVE = [0, 1, 2, 3, 4].map((i) =>
	recipient(i, `024000000${i}`, `024000000${i}`, `23324000000${i}`),
);

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
		expect(
			shape(planRequests([message([LOCAL]), message([PLUS], { sender: 'Other' })], 1000)),
		).toEqual([[0], [1]]);
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
