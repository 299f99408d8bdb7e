/**
 * Handshake, destination status and destination validation codes. Clients must key on the
 * numeric ids; labels are only for people reading the wire (the vendor's SDK (Zenoph.Notify) reads
 * the ids only).
 *
 * Two label tables per kind, one per dialect:
 * - 'contract': the labels the simulator has always answered: the SDK's names for the handshakes
 *   the contract's world knows (1101-1411), MV_ERR_MESSAGE for 1305, and labels of the simulator's
 *   own (marked SIM, or DS_REJECTED_… descriptions) for everything else.
 * - 'sdk': the names of the SDK's enums (RequestHandshake, DestinationStatus, DestinationValidation)
 *   for every id they list, except 2105, whose wire label DS_PENDING_ENROUTE is known from the
 *   SMSOnlineGH v5 API documentation (the SDK's constant is DS_SUBMIT_ENROUTE). Ids the SDK does not
 *   list keep the simulator's own labels.
 */
import type { Dialect } from './types';

/** Handshake ids the simulator answers on its own (faults may inject any other). */
export const HSHK = {
	OK: 0,
	ACCEPT: 1101,
	CONTENT_TYPE: 1102,
	MODEL: 1201,
	PID: 1202,
	AUTH: 1203,
	API_NO_ACCESS: 1204,
	API_NO_PPASS: 1205,
	DATA: 1401,
	BAD_REQUEST: 1402,
	INTERNAL: 1403,
	ACCT_INACTIVE: 1408,
	ACCT_SUSPENDED: 1409,
	/** Delivery-report queries (the vendor's SDK: HSHK_ERR_MR_BATCH_ID, HSHK_ERR_MR_DESTINATIONS). */
	MR_BATCH_ID: 1501,
	MR_DESTINATIONS: 1502,
	/** HSHK_ERR_MR_VOICE_FILE in the SDK: a voice send's missing or unknown template (the simulator's choice). */
	MR_VOICE_FILE: 1505,
	/**
	 * Scheduled-message errors: the vendor's SDK gives the range 1801-1808. Which of them the
	 * service answers for a send whose schedule is unusable is the simulator's own choice; the two
	 * ids follow the SDK's RequestHandshake enum, which names 1807 HSHK_ERR_SM_DATETIME and 1808
	 * HSHK_ERR_SM_TZ_OFFSET.
	 */
	SM_DATETIME: 1807,
	SM_TZ_OFFSET: 1808,
	/** The scheduled-message endpoints, with the meanings the SDK gives these ids. */
	SM_PROCESSED: 1801,
	SM_CANCELLED: 1802,
	SM_NOT_SCHEDULED: 1803,
	SM_REFERENCE_ID: 1804,
	SM_CATEGORY: 1806,
} as const;

// A deliberate copy of the node's table: the simulator is a second opinion and never imports nodes/ code.
const CONTRACT_HANDSHAKES: ReadonlyMap<number, string> = new Map([
	[0, 'HSHK_OK'],
	[1101, 'HSHK_ERR_RH_HTTP_ACCEPT'],
	[1102, 'HSHK_ERR_RH_CONTENT_TYPE'],
	[1201, 'HSHK_ERR_UA_MODEL'],
	[1202, 'HSHK_ERR_UA_PID'],
	[1203, 'HSHK_ERR_UA_AUTH'],
	[1204, 'HSHK_ERR_UA_API_NO_ACCESS'],
	[1205, 'HSHK_ERR_UA_API_NO_PPASS'],
	[1305, 'MV_ERR_MESSAGE'],
	[1401, 'HSHK_ERR_DATA'],
	[1402, 'HSHK_ERR_BAD_REQUEST'],
	[1403, 'HSHK_ERR_INTERNAL'],
	[1404, 'HSHK_ERR_UNKNOWN'],
	[1405, 'HSHK_ERR_ACCESS_DENIED'],
	[1406, 'HSHK_ERR_API_RETIRED'],
	[1407, 'HSHK_ERR_SERVICE'],
	[1408, 'HSHK_ERR_ACCT_INACTIVE'],
	[1409, 'HSHK_ERR_ACCT_SUSPENDED'],
	[1410, 'HSHK_ERR_IDEMPOTENCY_KEY'],
	[1411, 'HSHK_ERR_API_VERSION'],
]);

/** The SDK's RequestHandshake enum (HSHK_ERR_ prefix) on top of the contract's table. */
const SDK_HANDSHAKES: ReadonlyMap<number, string> = new Map([
	...CONTRACT_HANDSHAKES,
	...(
		[
			[1501, 'MR_BATCH_ID'],
			[1502, 'MR_DESTINATIONS'],
			[1503, 'MR_PARAMETER'],
			[1504, 'MR_QUERY_TIME'],
			[1505, 'MR_VOICE_FILE'],
			[1506, 'MR_VOICE_SIZE'],
			[1507, 'MR_STATUS_FILTER'],
			[1801, 'SM_PROCESSED'],
			[1802, 'SM_CANCELLED'],
			[1803, 'SM_NOT_SCHEDULED'],
			[1804, 'SM_REFERENCE_ID'],
			[1805, 'SM_MESSAGE_ID'],
			[1806, 'SM_CATEGORY'],
			[1807, 'SM_DATETIME'],
			[1808, 'SM_TZ_OFFSET'],
		] as const
	).map(([id, name]): [number, string] => [id, `HSHK_ERR_${name}`]),
]);

/**
 * Label for a handshake id in a dialect. Ids without a known label get one the simulator makes
 * up, marked as such by the SIM infix. The default dialect is the contract's, as before dialects.
 */
export function handshakeLabel(id: number, dialect: Dialect = 'contract'): string {
	const table = dialect === 'sdk' ? SDK_HANDSHAKES : CONTRACT_HANDSHAKES;
	return table.get(id) ?? `HSHK_ERR_SIM_${id}`;
}

/**
 * Destination status ids the simulator answers.
 * Deliberately not imported from the node's status table: the simulator is an independent second opinion.
 */
export const DS = {
	UNKNOWN: 2101,
	CANCELLED: 2102,
	DELETED: 2103,
	SCHEDULED: 2104,
	PENDING_ENROUTE: 2105,
	DELIVERED: 2110,
	EXPIRED: 2111,
	UNDELIVERED: 2112,
	VALUES_EMPTY: 2115,
	VALUES_COUNT: 2118,
	INVALID_NUMBER: 2119,
	DUPLICATE: 2120,
	NO_CREDIT: 2121,
	SENDER_NOT_REGISTERED: 2128,
	MSGID_DUPLICATE: 2131,
	MSGID_LENGTH: 2132,
	MSGID_INVALID: 2133,
} as const;

export type StatusKey = keyof typeof DS;

export interface StatusRef {
	id: number;
	label: string;
}

/**
 * The contract dialect's labels. Only DS_PENDING_ENROUTE is known from the wire; the others are
 * the simulator's own inventions (the ids are the vendor's); a client that keys on them is wrong.
 */
const CONTRACT_STATUS_LABELS: Readonly<Record<StatusKey, string>> = {
	UNKNOWN: 'DS_UNKNOWN',
	CANCELLED: 'DS_SCHEDULE_CANCELLED',
	DELETED: 'DS_SCHEDULE_DELETED',
	SCHEDULED: 'DS_SCHEDULED',
	PENDING_ENROUTE: 'DS_PENDING_ENROUTE',
	DELIVERED: 'DS_DELIVERED',
	EXPIRED: 'DS_EXPIRED',
	UNDELIVERED: 'DS_UNDELIVERED',
	VALUES_EMPTY: 'DS_REJECTED_VALUES_EMPTY',
	VALUES_COUNT: 'DS_REJECTED_VALUES_COUNT',
	INVALID_NUMBER: 'DS_REJECTED_INVALID_NUMBER',
	DUPLICATE: 'DS_REJECTED_DUPLICATE_NUMBER',
	NO_CREDIT: 'DS_REJECTED_INSUFFICIENT_CREDIT',
	SENDER_NOT_REGISTERED: 'DS_REJECTED_SENDER_NOT_REGISTERED',
	MSGID_DUPLICATE: 'DS_REJECTED_MSGID_DUPLICATE',
	MSGID_LENGTH: 'DS_REJECTED_MSGID_LENGTH',
	MSGID_INVALID: 'DS_REJECTED_MSGID_INVALID',
};

/** The SDK's DestinationStatus enum (DS_ prefix), 2105 excepted (see the top of this file). */
const SDK_STATUS_LABELS: ReadonlyMap<number, string> = new Map(
	(
		[
			[2101, 'UNKNOWN'],
			[2102, 'SCHEDULE_CANCELLED'],
			[2103, 'SCHEDULE_DELETED'],
			[2104, 'SUBMIT_SCHEDULED'],
			[2105, 'PENDING_ENROUTE'],
			[2106, 'SUBMIT_PROCESSING'],
			[2107, 'SUBMIT_QUEUED'],
			[2108, 'PENDING_DELIV_REPT'],
			[2109, 'SUBMITTED'],
			[2110, 'DELIVERED'],
			[2111, 'EXPIRED'],
			[2112, 'UNDELIVERED'],
			[2113, 'REJECTED'],
			[2114, 'REJECTED_SYSTEM'],
			[2115, 'REJECTED_VALUES_EMPTY'],
			[2116, 'REJECTED_VALUES_MISVAL'],
			[2117, 'REJECTED_VALUES_EXISTS'],
			[2118, 'REJECTED_VALUES_COUNT'],
			[2119, 'REJECTED_DESTINATION'],
			[2120, 'REJECTED_DESTINATION_DUPLICATE'],
			[2121, 'REJECTED_INSUFF_CREDIT'],
			[2122, 'REJECTED_NETWORK'],
			[2123, 'REJECTED_NETWORK_IGNORED'],
			[2124, 'REJECTED_MESSAGE'],
			[2125, 'REJECTED_MESSAGE_TYPE'],
			[2126, 'REJECTED_SENDER'],
			[2127, 'REJECTED_SENDER_NUMERIC'],
			[2128, 'REJECTED_SENDER_UNREGISTERED'],
			[2129, 'REJECTED_OPERATOR'],
			[2130, 'REJECTED_OPERATOR_SPAM'],
			[2131, 'REJECTED_MSGID_DUPLICATE'],
			[2132, 'REJECTED_MSGID_LENGTH'],
			[2133, 'REJECTED_MSGID_INVALID'],
			[2134, 'REJECTED_UNAV_CONN'],
			[2135, 'REJECTED_SCHEDULE'],
			[2136, 'REJECTED_WAP_TITLE'],
			[2137, 'REJECTED_WAP_URL'],
			[2138, 'IGNORED_LOAD_MAX'],
			[2139, 'SUBMIT_PENDING_ACK'],
			[2140, 'REJECTED_CREDIT_HOLD'],
		] as const
	).map(([id, name]): [number, string] => [id, `DS_${name}`]),
);

function freezeRefs(label: (key: StatusKey) => string): Readonly<Record<StatusKey, StatusRef>> {
	const out = {} as Record<StatusKey, StatusRef>;
	for (const key of Object.keys(DS) as StatusKey[])
		out[key] = Object.freeze({ id: DS[key], label: label(key) });
	return Object.freeze(out);
}

/** The statuses the simulator answers, with the contract dialect's labels (as before dialects). */
export const STATUS: Readonly<Record<StatusKey, StatusRef>> = freezeRefs(
	(key) => CONTRACT_STATUS_LABELS[key],
);

const SDK_STATUS: Readonly<Record<StatusKey, StatusRef>> = freezeRefs(
	(key) => SDK_STATUS_LABELS.get(DS[key]) ?? CONTRACT_STATUS_LABELS[key],
);

/** The status refs (id and label) of a dialect. */
export function statusRefs(dialect: Dialect): Readonly<Record<StatusKey, StatusRef>> {
	return dialect === 'sdk' ? SDK_STATUS : STATUS;
}

/** Label of any destination status id in a dialect (ids the tables lack get a SIM label). */
export function statusLabel(id: number, dialect: Dialect): string {
	const own = (Object.keys(DS) as StatusKey[]).find((key) => DS[key] === id);
	const table = statusRefs(dialect);
	if (own) return table[own].label;
	return (dialect === 'sdk' ? SDK_STATUS_LABELS.get(id) : undefined) ?? `DS_SIM_${id}`;
}

const REFS: Readonly<Record<Dialect, Map<number, StatusRef>>> = {
	sdk: new Map(),
	contract: new Map(),
};

/**
 * The status ref (id and label) of any id in a dialect, one frozen object per id: answers and
 * kept batches point at it instead of holding a label per destination.
 */
export function statusRef(id: number, dialect: Dialect): StatusRef {
	const refs = REFS[dialect];
	let ref = refs.get(id);
	if (!ref) {
		ref = Object.freeze({ id, label: statusLabel(id, dialect) });
		refs.set(id, ref);
	}
	return ref;
}

/**
 * The SDK's DestinationValidation enum: the per-destination `validation` of a delivery-status
 * query by message id. The contract knows no such query, so both dialects use these labels.
 */
export const VALIDATION_LABELS: ReadonlyMap<number, string> = new Map([
	[2401, 'DV_OK'],
	[2402, 'DV_ERR_QUERY_TIME'],
	[2403, 'DV_ERR_DESTINATION_ID'],
	[2404, 'DV_UNKNOWN'],
]);

export const DV = { OK: 2401, QUERY_TIME: 2402, DESTINATION_ID: 2403, UNKNOWN: 2404 } as const;

/** A validation ref (id and label). */
export function validationRef(id: number): StatusRef {
	return { id, label: VALIDATION_LABELS.get(id) ?? `DV_SIM_${id}` };
}
