/**
 * describeReportedStatus: what a status id means in a delivery report or a scheduled message's
 * listing. The same as on sending, except that the ids that say the service took the message
 * (2105-2109 and 2139) say `pending` here: no final report has come yet.
 */
import {
	describeReportedStatus,
	describeStatus,
	DOCUMENTED_STATUS_IDS,
} from '../../../../nodes/shared/meanings/statuses';

const PENDING: Array<[number, string]> = [
	[2105, 'pending en route'],
	[2106, 'processing'],
	[2107, 'queued'],
	[2108, 'pending delivery report'],
	[2109, 'submitted'],
	[2139, 'pending acknowledgement'],
];

describe('describeReportedStatus', () => {
	it.each(PENDING)('%i is pending, not final: %s', (id, reason) => {
		expect(describeReportedStatus(id)).toEqual({ verdict: 'pending', reason, final: false });
	});

	it('every other documented id means what it means on sending, but a repeat (2131)', () => {
		const others = DOCUMENTED_STATUS_IDS.filter(
			(id) => !PENDING.some(([p]) => p === id) && id !== 2131,
		);
		expect(others).toHaveLength(DOCUMENTED_STATUS_IDS.length - PENDING.length - 1);
		for (const id of others) expect(describeReportedStatus(id)).toEqual(describeStatus(id));
	});

	it('the final outcomes and a few others, written out', () => {
		expect([2104, 2110, 2111, 2112, 2103, 2131].map((id) => describeReportedStatus(id))).toEqual([
			{ verdict: 'scheduled', reason: 'scheduled', final: false },
			{ verdict: 'delivered', reason: 'delivered', final: true },
			{ verdict: 'expired', reason: 'expired', final: true },
			{ verdict: 'undelivered', reason: 'undelivered', final: true },
			{ verdict: 'cancelled', reason: 'schedule deleted', final: true },
			{
				verdict: 'alreadySent',
				reason:
					'already sent: an earlier send has this message (same message id), so the service refused this repeat; its delivery is in the report of that earlier send’s batch, which the service does not name here',
				final: true,
			},
		]);
	});

	it('a repeat (2131) is never rejected in a report: the service refused it because an earlier send has it', () => {
		expect(describeReportedStatus(2131).verdict).toBe('alreadySent');
		expect(describeStatus(2131).verdict).toBe('rejected');
	});

	it('an undocumented id is unknown, naming the id', () => {
		expect(describeReportedStatus(2199)).toEqual({
			verdict: 'unknown',
			reason: 'status 2199 is not documented',
			final: false,
		});
	});

	it('leaves the sending meaning as it was, and gives a fresh object each time', () => {
		const first = describeReportedStatus(2105);
		first.reason = 'changed';
		expect(describeStatus(2105)).toEqual({
			verdict: 'accepted',
			reason: 'pending en route',
			final: false,
		});
		expect(describeReportedStatus(2105)).toEqual({
			verdict: 'pending',
			reason: 'pending en route',
			final: false,
		});
	});
});
