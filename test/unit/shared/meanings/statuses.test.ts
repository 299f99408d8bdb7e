import fc from 'fast-check';

import {
	describeStatus,
	DOCUMENTED_STATUS_IDS,
	isAccepted,
	type Verdict,
} from '../../../../nodes/shared/meanings/statuses';

// One row per destination status id of the vendor's SDK (Zenoph.Notify), its constant beside it:
// [id, verdict, final, reason].
// A deliberate copy of the node's table: an oracle written from the vendor's ids, not from the code under test.
const TABLE: Array<[number, Verdict, boolean, string]> = [
	[2101, 'unknown', false, 'status unknown'], // DS_UNKNOWN
	[2102, 'cancelled', true, 'schedule cancelled'], // DS_SCHEDULE_CANCELLED
	[2103, 'cancelled', true, 'schedule deleted'], // DS_SCHEDULE_DELETED
	[2104, 'scheduled', false, 'scheduled'], // DS_SUBMIT_SCHEDULED
	[2105, 'accepted', false, 'pending en route'], // DS_SUBMIT_ENROUTE
	[2106, 'accepted', false, 'processing'], // DS_SUBMIT_PROCESSING
	[2107, 'accepted', false, 'queued'], // DS_SUBMIT_QUEUED
	[2108, 'accepted', false, 'pending delivery report'], // DS_PENDING_DELIV_REPT
	[2109, 'accepted', false, 'submitted'], // DS_SUBMITTED
	[2110, 'delivered', true, 'delivered'], // DS_DELIVERED
	[2111, 'expired', true, 'expired'], // DS_EXPIRED
	[2112, 'undelivered', true, 'undelivered'], // DS_UNDELIVERED
	[2113, 'rejected', true, 'rejected'], // DS_REJECTED
	[2114, 'rejected', true, 'rejected by the system'], // DS_REJECTED_SYSTEM
	[2115, 'rejected', true, 'personalised values are empty'], // DS_REJECTED_VALUES_EMPTY
	[2116, 'rejected', true, 'a personalised value is missing'], // DS_REJECTED_VALUES_MISVAL
	[2117, 'rejected', true, 'personalised values already exist'], // DS_REJECTED_VALUES_EXISTS
	[2118, 'rejected', true, 'wrong number of personalised values'], // DS_REJECTED_VALUES_COUNT
	[2119, 'rejected', true, 'invalid destination number'], // DS_REJECTED_DESTINATION
	[2120, 'rejected', true, 'duplicate destination'], // DS_REJECTED_DESTINATION_DUPLICATE
	[2121, 'rejected', true, 'insufficient credit: top up the account and send to this number again'], // DS_REJECTED_INSUFF_CREDIT
	[2122, 'rejected', true, 'rejected by the network'], // DS_REJECTED_NETWORK
	[2123, 'rejected', true, 'ignored by the network'], // DS_REJECTED_NETWORK_IGNORED
	[2124, 'rejected', true, 'message rejected'], // DS_REJECTED_MESSAGE
	[2125, 'rejected', true, 'message type rejected'], // DS_REJECTED_MESSAGE_TYPE
	[2126, 'rejected', true, 'sender rejected'], // DS_REJECTED_SENDER
	[2127, 'rejected', true, 'numeric sender not allowed'], // DS_REJECTED_SENDER_NUMERIC
	[2128, 'rejected', true, 'sender not registered on the account'], // DS_REJECTED_SENDER_UNREGISTERED
	[2129, 'rejected', true, 'rejected by the operator'], // DS_REJECTED_OPERATOR
	[2130, 'rejected', true, 'flagged as spam by the operator'], // DS_REJECTED_OPERATOR_SPAM
	[2131, 'rejected', true, 'duplicate custom message id'], // DS_REJECTED_MSGID_DUPLICATE
	[2132, 'rejected', true, 'custom message id has the wrong length'], // DS_REJECTED_MSGID_LENGTH
	[2133, 'rejected', true, 'invalid custom message id'], // DS_REJECTED_MSGID_INVALID
	[2134, 'rejected', true, 'no connection available'], // DS_REJECTED_UNAV_CONN
	[2135, 'rejected', true, 'schedule rejected'], // DS_REJECTED_SCHEDULE
	[2136, 'rejected', true, 'wap title rejected'], // DS_REJECTED_WAP_TITLE
	[2137, 'rejected', true, 'wap url rejected'], // DS_REJECTED_WAP_URL
	[2138, 'rejected', true, 'ignored: the load limit was reached'], // DS_IGNORED_LOAD_MAX
	[2139, 'accepted', false, 'pending acknowledgement'], // DS_SUBMIT_PENDING_ACK
	[2140, 'rejected', true, 'credit on hold: ask support why the credit of the account is held'], // DS_REJECTED_CREDIT_HOLD
];

describe('describeStatus', () => {
	it.each(TABLE)('%i → %s (final %s): %s', (id, verdict, final, reason) => {
		expect(describeStatus(id)).toEqual({ verdict, final, reason });
	});

	it('documents exactly 2101 to 2140', () => {
		expect(DOCUMENTED_STATUS_IDS).toEqual(Array.from({ length: 40 }, (_, i) => 2101 + i));
		expect(TABLE.map(([id]) => id)).toEqual(DOCUMENTED_STATUS_IDS);
	});

	it.each([0, 1, 2100, 2141, 2200, -2105, 9999])('undocumented id %i is unknown', (id) => {
		expect(describeStatus(id)).toEqual({
			verdict: 'unknown',
			reason: `status ${id} is not documented`,
			final: false,
		});
	});

	it('does not match non-integer look-alikes', () => {
		expect(describeStatus(2105.5)).toEqual({
			verdict: 'unknown',
			reason: 'status 2105.5 is not documented',
			final: false,
		});
		expect(describeStatus(Number.NaN).reason).toBe('status NaN is not documented');
	});

	it('returns a fresh object each time', () => {
		const first = describeStatus(2105);
		first.verdict = 'rejected';
		first.reason = 'changed';
		expect(describeStatus(2105)).toEqual({
			verdict: 'accepted',
			reason: 'pending en route',
			final: false,
		});
	});

	it('reasons are plain lower-case phrases', () => {
		for (const id of DOCUMENTED_STATUS_IDS) {
			const { reason } = describeStatus(id);
			expect(reason).toBe(reason.toLowerCase());
			expect(reason).toMatch(/^[a-z][a-z :]*[a-z]$/);
		}
	});
});

describe('isAccepted', () => {
	const accepted = [2104, 2105, 2106, 2107, 2108, 2109, 2139, 2110];
	it.each(accepted)('%i is accepted', (id) => {
		expect(isAccepted(id)).toBe(true);
	});

	const notAccepted = [
		2101, 2102, 2103, 2111, 2112, 2113, 2119, 2121, 2128, 2137, 2138, 2140, 0, 2141, 2100,
	];
	it.each(notAccepted)('%i is not accepted', (id) => {
		expect(isAccepted(id)).toBe(false);
	});
});

describe('status properties', () => {
	const verdicts: Verdict[] = [
		'accepted',
		'scheduled',
		'delivered',
		'undelivered',
		'expired',
		'rejected',
		'cancelled',
		'unknown',
	];

	it('every integer gets a valid meaning, and ids outside 2101-2140 are undocumented', () => {
		fc.assert(
			fc.property(fc.integer(), (id) => {
				const m = describeStatus(id);
				expect(verdicts).toContain(m.verdict);
				expect(m.reason.length).toBeGreaterThan(0);
				if (id < 2101 || id > 2140) {
					expect(m).toEqual({
						verdict: 'unknown',
						reason: `status ${id} is not documented`,
						final: false,
					});
				}
				expect(isAccepted(id)).toBe(['accepted', 'scheduled', 'delivered'].includes(m.verdict));
			}),
			{ numRuns: 1000 },
		);
	});

	it('rejected, cancelled, delivered, expired and undelivered are final; the others are not', () => {
		fc.assert(
			fc.property(fc.integer({ min: 2095, max: 2145 }), (id) => {
				const m = describeStatus(id);
				expect(m.final).toBe(
					['rejected', 'cancelled', 'delivered', 'expired', 'undelivered'].includes(m.verdict),
				);
			}),
		);
	});
});
