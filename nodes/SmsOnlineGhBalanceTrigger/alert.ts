// Fires once when the balance falls below the threshold, and again only after it has stood at or above it (a top-up).
// Pure: the poll keeps the state in the workflow's static data between polls.

export interface AlertState {
	/** The alert has fired and the balance has not stood at or above the threshold since. */
	alerted?: boolean;
}

export function decide(state: AlertState, balance: number, threshold: number): { fire: boolean; next: AlertState } {
	const below = balance < threshold;
	if (!below) return { fire: false, next: { alerted: false } };
	return { fire: state.alerted !== true, next: { alerted: true } };
}
