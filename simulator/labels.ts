/**
 * Handshake and destination status codes. Clients must key on the numeric ids; labels are only
 * for people reading the wire.
 */

/**
 * Handshake ids used by the simulator. The labels (HANDSHAKE_LABELS below) are the names of the
 * vendor's SDK (Zenoph.Notify), except 1305, a message-validation (MV_*) label; the SMSOnlineGH v5
 * API documentation (dev.smsonlinegh.com/docs/v5/http) shows only 0 HSHK_OK.
 */
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
	/**
	 * Scheduled-message errors: the vendor's SDK gives the range 1801-1808 (already processed,
	 * cancelled, bad date or offset, among others). Which of them the service answers for a send
	 * whose schedule is unusable is the simulator's own choice; the two ids follow the vendor's PHP
	 * SDK, whose RequestHandshake enum names 1807 HSHK_ERR_SM_DATETIME and 1808
	 * HSHK_ERR_SM_TZ_OFFSET. Their wire labels are not public, so handshakeLabel() gives them SIM
	 * labels.
	 */
	SM_DATETIME: 1807,
	SM_TZ_OFFSET: 1808,
} as const;

// A deliberate copy of the node's table: the simulator is a second opinion and never imports nodes/ code.
const HANDSHAKE_LABELS: ReadonlyMap<number, string> = new Map([
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

/**
 * Label for a handshake id. Ids whose exact label is not public (1501-1507, 1801-1808, anything
 * else a fault injects) get a label the simulator makes up, marked as such by the SIM infix.
 */
export function handshakeLabel(id: number): string {
	return HANDSHAKE_LABELS.get(id) ?? `HSHK_ERR_SIM_${id}`;
}

/**
 * Destination status ids the simulator answers.
 * Deliberately not imported from the node's status table: the simulator is an independent second opinion.
 */
export const DS = {
	SCHEDULED: 2104,
	PENDING_ENROUTE: 2105,
	DELIVERED: 2110,
	VALUES_EMPTY: 2115,
	VALUES_COUNT: 2118,
	INVALID_NUMBER: 2119,
	DUPLICATE: 2120,
	NO_CREDIT: 2121,
	SENDER_NOT_REGISTERED: 2128,
} as const;

export interface StatusRef {
	id: number;
	label: string;
}

/**
 * Only DS_PENDING_ENROUTE is known from the wire. DS_SCHEDULED, DS_DELIVERED and the DS_REJECTED_*
 * labels are the simulator's own inventions (the ids are the vendor's); a client that keys on
 * these labels is wrong.
 */
export const STATUS: Readonly<Record<keyof typeof DS, StatusRef>> = Object.freeze({
	SCHEDULED: Object.freeze({ id: DS.SCHEDULED, label: 'DS_SCHEDULED' }),
	PENDING_ENROUTE: Object.freeze({ id: DS.PENDING_ENROUTE, label: 'DS_PENDING_ENROUTE' }),
	DELIVERED: Object.freeze({ id: DS.DELIVERED, label: 'DS_DELIVERED' }),
	VALUES_EMPTY: Object.freeze({ id: DS.VALUES_EMPTY, label: 'DS_REJECTED_VALUES_EMPTY' }),
	VALUES_COUNT: Object.freeze({ id: DS.VALUES_COUNT, label: 'DS_REJECTED_VALUES_COUNT' }),
	INVALID_NUMBER: Object.freeze({ id: DS.INVALID_NUMBER, label: 'DS_REJECTED_INVALID_NUMBER' }),
	DUPLICATE: Object.freeze({ id: DS.DUPLICATE, label: 'DS_REJECTED_DUPLICATE_NUMBER' }),
	NO_CREDIT: Object.freeze({ id: DS.NO_CREDIT, label: 'DS_REJECTED_INSUFFICIENT_CREDIT' }),
	SENDER_NOT_REGISTERED: Object.freeze({
		id: DS.SENDER_NOT_REGISTERED,
		label: 'DS_REJECTED_SENDER_NOT_REGISTERED',
	}),
});
