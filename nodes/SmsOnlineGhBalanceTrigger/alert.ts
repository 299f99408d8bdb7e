// Fires once when the balance falls below the threshold, and again only after it has stood at or above it (a top-up).
// Pure: the poll keeps the state in the workflow's static data between polls.

export interface AlertState {
	/** The alert has fired and the balance has not stood at or above the threshold since. */
	alerted?: boolean;
}

/**
 * What a poll does: `fire` the alert; `rearm` after a top-up, which the poll must hand to n8n
 * (n8n saves a poll's static data only when the poll returns something); `none`, nothing to keep.
 */
export type Verdict = 'fire' | 'rearm' | 'none';

export function decide(
	state: AlertState,
	balance: number,
	threshold: number,
): { verdict: Verdict; next: AlertState } {
	const alerted = state.alerted === true;
	if (balance < threshold) return { verdict: alerted ? 'none' : 'fire', next: { alerted: true } };
	return { verdict: alerted ? 'rearm' : 'none', next: { alerted: false } };
}
