/**
 * When the balance alert fires: once when the balance falls below the threshold, and again only
 * after it has stood at or above it (a top-up). Pure: the poll keeps the state in the workflow's
 * static data between polls.
 */

/** What the trigger remembers between polls. */
export interface AlertState {
	/** The alert has fired and the balance has not stood at or above the threshold since. */
	alerted?: boolean;
}

/** Whether this poll fires, and the state to keep for the next one. */
export function decide(state: AlertState, balance: number, threshold: number): { fire: boolean; next: AlertState } {
	const below = balance < threshold;
	if (!below) return { fire: false, next: { alerted: false } };
	return { fire: state.alerted !== true, next: { alerted: true } };
}
