/**
 * When the balance alert fires, over a run of polls: once on falling below the threshold, again
 * only after the balance has stood at or above it.
 */
import type { AlertState } from '../../../nodes/SmsOnlineGhBalanceTrigger/alert';
import { decide } from '../../../nodes/SmsOnlineGhBalanceTrigger/alert';

/** The polls' verdicts for a run of balances, the state carried from poll to poll as n8n keeps it. */
function fires(balances: number[], threshold = 100): boolean[] {
	let state: AlertState = {};
	return balances.map((balance) => {
		const { fire, next } = decide(state, balance, threshold);
		state = next;
		return fire;
	});
}

describe('Balance Below: when it fires', () => {
	it.each([
		['falls below once: fires once', [150, 120, 90, 80, 70], [false, false, true, false, false]],
		['already below at the first poll: fires at once, then not again', [50, 40, 40], [true, false, false]],
		['a top-up above the threshold, then below again: fires again', [90, 80, 500, 450, 60, 50], [true, false, false, false, true, false]],
		['exactly at the threshold is not below, and re-arms', [99, 100, 99], [true, false, true]],
		['never below: never fires', [100, 1000, 100], [false, false, false]],
	])('%s', (_what, balances, expected) => {
		expect(fires(balances)).toEqual(expected);
	});

	it('a threshold of 0 never fires on a balance of 0', () => {
		expect(fires([0, 0], 0)).toEqual([false, false]);
	});
});
