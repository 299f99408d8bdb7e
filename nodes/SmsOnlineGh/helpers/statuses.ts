/**
 * Destination status meanings (`destinations[].status.id`), from the SMSOnlineGH v5 API
 * documentation and the vendor's SDK (Zenoph.Notify)
 * ("Destination status ids"). Keyed on the numeric id only: the labels on the wire differ from
 * the vendor SDK constant names (2105 is DS_PENDING_ENROUTE on the wire, DS_SUBMIT_ENROUTE in
 * the SDK), so labels are never interpreted.
 *
 * No n8n imports here: this module is pure.
 */

export type Verdict =
	| 'accepted'
	| 'scheduled'
	| 'delivered'
	| 'undelivered'
	| 'expired'
	| 'rejected'
	| 'cancelled'
	| 'unknown';

export interface StatusMeaning {
	verdict: Verdict;
	/** Plain lower-case phrase a user reads in an output field. */
	reason: string;
	/** True when the status will not change any more. */
	final: boolean;
}

function meaning(verdict: Verdict, reason: string, final: boolean): StatusMeaning {
	return { verdict, reason, final };
}

const rejected = (reason: string): StatusMeaning => meaning('rejected', reason, true);

const STATUS_TABLE: ReadonlyMap<number, StatusMeaning> = new Map<number, StatusMeaning>([
	// Unknown / cancelled.
	[2101, meaning('unknown', 'status unknown', false)],
	[2102, meaning('cancelled', 'schedule cancelled', true)],
	[2103, meaning('cancelled', 'schedule deleted', true)],
	// Submit states: the message is on its way (or waits for its scheduled time).
	[2104, meaning('scheduled', 'scheduled', false)],
	[2105, meaning('accepted', 'pending en route', false)],
	[2106, meaning('accepted', 'processing', false)],
	[2107, meaning('accepted', 'queued', false)],
	[2108, meaning('accepted', 'pending delivery report', false)],
	[2109, meaning('accepted', 'submitted', false)],
	// Final delivery outcomes.
	[2110, meaning('delivered', 'delivered', true)],
	[2111, meaning('expired', 'expired', true)],
	[2112, meaning('undelivered', 'undelivered', true)],
	// Rejected (2113-2137, 2140).
	[2113, rejected('rejected')],
	[2114, rejected('rejected by the system')],
	[2115, rejected('personalised values are empty')],
	[2116, rejected('a personalised value is missing')],
	[2117, rejected('personalised values already exist')],
	[2118, rejected('wrong number of personalised values')],
	[2119, rejected('invalid destination number')],
	[2120, rejected('duplicate destination')],
	[2121, rejected('insufficient credit')],
	[2122, rejected('rejected by the network')],
	[2123, rejected('ignored by the network')],
	[2124, rejected('message rejected')],
	[2125, rejected('message type rejected')],
	[2126, rejected('sender rejected')],
	[2127, rejected('numeric sender not allowed')],
	[2128, rejected('sender not registered on the account')],
	[2129, rejected('rejected by the operator')],
	[2130, rejected('flagged as spam by the operator')],
	[2131, rejected('duplicate custom message id')],
	[2132, rejected('custom message id has the wrong length')],
	[2133, rejected('invalid custom message id')],
	[2134, rejected('no connection available')],
	[2135, rejected('schedule rejected')],
	[2136, rejected('wap title rejected')],
	[2137, rejected('wap url rejected')],
	// 2138 "ignored (load max)" is listed among the submit states, but the message does not go
	// out: treated as rejected.
	[2138, rejected('ignored: the load limit was reached')],
	[2139, meaning('accepted', 'pending acknowledgement', false)],
	[2140, rejected('credit on hold')],
]);

/** Every status id the documentation and the SDK list (2101-2140), ascending. */
export const DOCUMENTED_STATUS_IDS: readonly number[] = [...STATUS_TABLE.keys()].sort((a, b) => a - b);

/**
 * What a destination status id means. Unlisted ids → verdict 'unknown', reason
 * `status <id> is not documented`, final false. Returns a fresh object each call.
 */
export function describeStatus(id: number): StatusMeaning {
	const known = STATUS_TABLE.get(id);
	if (known) return { ...known };
	return meaning('unknown', `status ${String(id)} is not documented`, false);
}

/**
 * True when the message will go out or went out: verdict 'accepted' or 'scheduled', and also
 * 'delivered' (a delivered message was necessarily accepted).
 */
export function isAccepted(id: number): boolean {
	const { verdict } = describeStatus(id);
	return verdict === 'accepted' || verdict === 'scheduled' || verdict === 'delivered';
}
