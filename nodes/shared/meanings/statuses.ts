// Destination status meanings ("Destination status ids": SMSOnlineGH v5 API documentation, the vendor's SDK Zenoph.Notify),
// keyed on the id: wire labels differ from the SDK's constants (2105 is DS_PENDING_ENROUTE on the wire, DS_SUBMIT_ENROUTE in the SDK).

export type Verdict =
	| 'accepted'
	| 'pending'
	| 'scheduled'
	| 'delivered'
	| 'undelivered'
	| 'expired'
	| 'rejected'
	| 'cancelled'
	| 'alreadySent'
	| 'unknown';

export interface StatusMeaning {
	verdict: Verdict;
	reason: string;
	final: boolean;
}

function meaning(verdict: Verdict, reason: string, final: boolean): StatusMeaning {
	return { verdict, reason, final };
}

const rejected = (reason: string): StatusMeaning => meaning('rejected', reason, true);

// Each id with its constant in the vendor's SDK (`DS_…`), against which the meanings were checked.
const STATUS_TABLE: ReadonlyMap<number, StatusMeaning> = new Map<number, StatusMeaning>([
	[2101, meaning('unknown', 'status unknown', false)], // DS_UNKNOWN
	[2102, meaning('cancelled', 'schedule cancelled', true)], // DS_SCHEDULE_CANCELLED
	[2103, meaning('cancelled', 'schedule deleted', true)], // DS_SCHEDULE_DELETED
	[2104, meaning('scheduled', 'scheduled', false)], // DS_SUBMIT_SCHEDULED
	[2105, meaning('accepted', 'pending en route', false)], // DS_SUBMIT_ENROUTE
	[2106, meaning('accepted', 'processing', false)], // DS_SUBMIT_PROCESSING
	[2107, meaning('accepted', 'queued', false)], // DS_SUBMIT_QUEUED
	[2108, meaning('accepted', 'pending delivery report', false)], // DS_PENDING_DELIV_REPT
	[2109, meaning('accepted', 'submitted', false)], // DS_SUBMITTED
	[2110, meaning('delivered', 'delivered', true)], // DS_DELIVERED
	[2111, meaning('expired', 'expired', true)], // DS_EXPIRED
	[2112, meaning('undelivered', 'undelivered', true)], // DS_UNDELIVERED
	[2113, rejected('rejected')], // DS_REJECTED
	[2114, rejected('rejected by the system')], // DS_REJECTED_SYSTEM
	[2115, rejected('personalised values are empty')], // DS_REJECTED_VALUES_EMPTY
	[2116, rejected('a personalised value is missing')], // DS_REJECTED_VALUES_MISVAL
	[2117, rejected('personalised values already exist')], // DS_REJECTED_VALUES_EXISTS
	[2118, rejected('wrong number of personalised values')], // DS_REJECTED_VALUES_COUNT
	[2119, rejected('invalid destination number')], // DS_REJECTED_DESTINATION
	[2120, rejected('duplicate destination')], // DS_REJECTED_DESTINATION_DUPLICATE
	[2121, rejected('insufficient credit: top up the account and send to this number again')], // DS_REJECTED_INSUFF_CREDIT
	[2122, rejected('rejected by the network')], // DS_REJECTED_NETWORK
	[2123, rejected('ignored by the network')], // DS_REJECTED_NETWORK_IGNORED
	[2124, rejected('message rejected')], // DS_REJECTED_MESSAGE
	[2125, rejected('message type rejected')], // DS_REJECTED_MESSAGE_TYPE
	[2126, rejected('sender rejected')], // DS_REJECTED_SENDER
	[2127, rejected('numeric sender not allowed')], // DS_REJECTED_SENDER_NUMERIC
	[2128, rejected('sender not registered on the account')], // DS_REJECTED_SENDER_UNREGISTERED
	[2129, rejected('rejected by the operator')], // DS_REJECTED_OPERATOR
	[2130, rejected('flagged as spam by the operator')], // DS_REJECTED_OPERATOR_SPAM
	[2131, rejected('duplicate custom message id')], // DS_REJECTED_MSGID_DUPLICATE
	[2132, rejected('custom message id has the wrong length')], // DS_REJECTED_MSGID_LENGTH
	[2133, rejected('invalid custom message id')], // DS_REJECTED_MSGID_INVALID
	[2134, rejected('no connection available')], // DS_REJECTED_UNAV_CONN
	[2135, rejected('schedule rejected')], // DS_REJECTED_SCHEDULE
	[2136, rejected('wap title rejected')], // DS_REJECTED_WAP_TITLE
	[2137, rejected('wap url rejected')], // DS_REJECTED_WAP_URL
	// 2138 "ignored (load max)" is listed among the submit states, but the message does not go out.
	[2138, rejected('ignored: the load limit was reached')], // DS_IGNORED_LOAD_MAX
	[2139, meaning('accepted', 'pending acknowledgement', false)], // DS_SUBMIT_PENDING_ACK
	[2140, rejected('credit on hold: ask support why the credit of the account is held')], // DS_REJECTED_CREDIT_HOLD (the PHP SDK only)
]);

export const DOCUMENTED_STATUS_IDS: readonly number[] = [...STATUS_TABLE.keys()].sort(
	(a, b) => a - b,
);

export function describeStatus(id: number): StatusMeaning {
	const known = STATUS_TABLE.get(id);
	if (known) return { ...known };
	return meaning('unknown', `status ${String(id)} is not documented`, false);
}

export function isAccepted(id: number): boolean {
	const { verdict } = describeStatus(id);
	return verdict === 'accepted' || verdict === 'scheduled' || verdict === 'delivered';
}

const DUPLICATE_MESSAGE_ID = 2131;

// 2131 in a report is a repeat refused because an earlier send took the same message (ids come only from a Client Reference):
// not a rejection, and final. Its delivery is in the report of that send's batch, which this one does not name.
const REPEAT: StatusMeaning = Object.freeze({
	verdict: 'alreadySent',
	reason:
		'already sent: an earlier send has this message (same message id), so the service refused this repeat; its delivery is in the report of that earlier send’s batch, which the service does not name here',
	final: true,
});

/** As on sending, except that a message taken without a final report yet is `pending` (on sending, `accepted`). */
export function describeReportedStatus(id: number): StatusMeaning {
	if (id === DUPLICATE_MESSAGE_ID) return { ...REPEAT };
	const meaning = describeStatus(id);
	if (meaning.verdict === 'accepted') meaning.verdict = 'pending';
	return meaning;
}
