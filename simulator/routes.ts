/**
 * The service's paths. Every operation is a POST (the URL form of the delivery report also takes
 * GET, as the vendor's URL API does); the lifecycle endpoints carry the batch id as the last path
 * segment, as the vendor's SDK (Zenoph.Notify) writes them.
 */

export type Operation =
	| 'send'
	| 'voiceSend'
	| 'balance'
	| 'auth'
	| 'report'
	| 'reportForm'
	| 'reportDestinations'
	| 'scheduledList'
	| 'scheduledOne'
	| 'scheduledDestinations'
	| 'cancel'
	| 'dispatch'
	| 'update';

export interface Route {
	operation: Operation;
	/** The batch id from the path ('' when the segment is missing: answered as an unknown batch). */
	batch: string;
}

const EXACT: ReadonlyMap<string, Operation> = new Map([
	['/v5/message/sms/send', 'send'],
	['/v5/sms/send', 'send'],
	['/v5/message/voice/send', 'voiceSend'],
	['/v5/account/balance', 'balance'],
	['/v5/report/balance', 'balance'],
	['/v5/auth', 'auth'],
	// The vendor's URL API: the batch comes as `reference=` (query string or form body).
	['/v5/report/message/delivery', 'reportForm'],
	['/v5/message/scheduled/load', 'scheduledList'],
]);

/** Longest first, so `delivery/destinations/` is not read as `delivery/` with a batch `destinations`. */
const WITH_BATCH: ReadonlyArray<readonly [string, Operation]> = [
	['/v5/report/message/delivery/destinations/', 'reportDestinations'],
	['/v5/message/scheduled/destinations/load/', 'scheduledDestinations'],
	['/v5/report/message/delivery/', 'report'],
	['/v5/message/scheduled/load/', 'scheduledOne'],
	['/v5/message/scheduled/cancel/', 'cancel'],
	['/v5/message/scheduled/dispatch/', 'dispatch'],
	['/v5/message/scheduled/update/', 'update'],
];

/** The operation a path names, or undefined (HTTP 404). */
export function routeOf(path: string): Route | undefined {
	const exact = EXACT.get(path);
	if (exact) return { operation: exact, batch: '' };
	for (const [prefix, operation] of WITH_BATCH) {
		if (path === prefix.slice(0, -1)) return { operation, batch: '' };
		if (!path.startsWith(prefix)) continue;
		const batch = path.slice(prefix.length);
		return batch.includes('/') ? undefined : { operation, batch };
	}
	return undefined;
}

/** The methods an operation takes. */
export function methodsOf(operation: Operation): readonly string[] {
	return operation === 'reportForm' ? ['GET', 'POST'] : ['POST'];
}
