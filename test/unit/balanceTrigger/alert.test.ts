/**
 * When the balance alert fires, over a run of polls: once on falling below the threshold, again
 * only after the balance has stood at or above it; and which poll re-arms it (the poll that must
 * hand its state to n8n for a restart to keep it).
 */
import type { AlertState, Verdict } from '../../../nodes/SmsOnlineGhBalanceTrigger/alert';
import { decide } from '../../../nodes/SmsOnlineGhBalanceTrigger/alert';

/** The polls' verdicts for a run of balances, the state carried from poll to poll. */
function verdicts(balances: number[], threshold = 100): Verdict[] {
	let state: AlertState = {};
	return balances.map((balance) => {
		const { verdict, next } = decide(state, balance, threshold);
		state = next;
		return verdict;
	});
}

describe('Balance Below: when it fires', () => {
	it.each([
		[
			'falls below once: fires once',
			[150, 120, 90, 80, 70],
			['none', 'none', 'fire', 'none', 'none'],
		],
		[
			'already below at the first poll: fires at once, then not again',
			[50, 40, 40],
			['fire', 'none', 'none'],
		],
		[
			'a top-up above the threshold re-arms once, then below again: fires again',
			[90, 80, 500, 450, 60, 50],
			['fire', 'none', 'rearm', 'none', 'fire', 'none'],
		],
		[
			'exactly at the threshold is not below, and re-arms',
			[99, 100, 99],
			['fire', 'rearm', 'fire'],
		],
		['never below: never fires, never re-arms', [100, 1000, 100], ['none', 'none', 'none']],
	])('%s', (_what, balances, expected) => {
		expect(verdicts(balances)).toEqual(expected);
	});

	it('a threshold of 0 never fires on a balance of 0', () => {
		expect(verdicts([0, 0], 0)).toEqual(['none', 'none']);
	});

	it('the state it keeps: alerted after a fall, not after a top-up', () => {
		expect(decide({}, 50, 100).next).toEqual({ alerted: true });
		expect(decide({ alerted: true }, 500, 100).next).toEqual({ alerted: false });
	});
});
