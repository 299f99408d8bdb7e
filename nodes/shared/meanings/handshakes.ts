// Handshake meanings (SMSOnlineGH v5 API documentation and the vendor's SDK, Zenoph.Notify), keyed on the id: a server's label
// is shown, never interpreted. The simulator keeps its own table on purpose, a second opinion that never imports the node.

export interface HandshakeMeaning {
	id: number;
	label: string;
	/** What happened and what to do, short: n8n hands an AI agent this message alone. */
	message: string;
	description: string;
}

interface Entry {
	label: string;
	message: string;
	description: string;
}

const NOT_UNDERSTOOD_DESCRIPTION =
	'The node always sends this, so a proxy or another server may be answering instead of the SMS service: check that the Base URL in the SMSOnlineGH credential points at the SMS service (for example https://api.smsonlinegh.com).';

const VOICE_DESCRIPTION =
	'This request carries only SMS, never a voice file (only Voice → Send names a voice template), so another server may be answering instead of the SMS service: check that the Base URL in the SMSOnlineGH credential points at the SMS service (for example https://api.smsonlinegh.com).';

const RETRY_DESCRIPTION =
	'Try again later; if it keeps happening, contact SMSOnlineGH support and quote the handshake id.';

const HANDSHAKES: ReadonlyMap<number, Entry> = new Map<number, Entry>([
	[
		0,
		{
			label: 'HSHK_OK',
			message: 'The service accepted the request: nothing to do',
			description: 'Nothing to do.',
		},
	],
	[
		1101,
		{
			label: 'HSHK_ERR_RH_HTTP_ACCEPT',
			message:
				"The service did not understand the request's Accept header: check that the Base URL in the SMSOnlineGH credential points at the SMS service",
			description: NOT_UNDERSTOOD_DESCRIPTION,
		},
	],
	[
		1102,
		{
			label: 'HSHK_ERR_RH_CONTENT_TYPE',
			message:
				"The service did not understand the request's Content-Type header: check that the Base URL in the SMSOnlineGH credential points at the SMS service",
			description: NOT_UNDERSTOOD_DESCRIPTION,
		},
	],
	[
		1201,
		{
			label: 'HSHK_ERR_UA_MODEL',
			message:
				"The service did not understand the request's authentication model: check that the Base URL in the SMSOnlineGH credential points at the SMS service",
			description: NOT_UNDERSTOOD_DESCRIPTION,
		},
	],
	[
		1202,
		{
			label: 'HSHK_ERR_UA_PID',
			message:
				"The service did not understand the request's authentication id: check that the Base URL in the SMSOnlineGH credential points at the SMS service",
			description: NOT_UNDERSTOOD_DESCRIPTION,
		},
	],
	[
		1203,
		{
			label: 'HSHK_ERR_UA_AUTH',
			message: 'The service refused the API key or login: check them in the SMSOnlineGH credential',
			description: 'Check the API key (or login and password) in the SMSOnlineGH credential.',
		},
	],
	[
		1204,
		{
			label: 'HSHK_ERR_UA_API_NO_ACCESS',
			message:
				'API access is disabled for this account: enable it in the SMSOnlineGH account settings',
			description:
				'Enable API access in the account settings on the SMSOnlineGH portal, or ask SMSOnlineGH support to enable it.',
		},
	],
	[
		1205,
		{
			label: 'HSHK_ERR_UA_API_NO_PPASS',
			message:
				'The account does not allow login and password (Portal Pass) over the API: switch the SMSOnlineGH credential to an API key',
			description:
				'Switch the SMSOnlineGH credential to API Key authentication, with a key generated in the API configuration of the account settings.',
		},
	],
	// Not in the SDK's handshake list: the documentation names MV_* ids (message validation, MV_OK
	// 1302) and 1305 has been seen as a handshake, so it keeps a meaning rather than "undocumented".
	[
		1305,
		{
			label: 'MV_ERR_MESSAGE',
			message:
				'The service found the message text missing or invalid: check the message and its message type',
			description:
				'Check that the Message field is filled in and that the message type suits the text (GSM or Unicode).',
		},
	],
	[
		1401,
		{
			label: 'HSHK_ERR_DATA',
			message: 'The service received no request data: check the message, sender and phone numbers',
			description:
				'Check that the message, sender and phone numbers are filled in; if they are, report this as a bug in the node.',
		},
	],
	[
		1402,
		{
			label: 'HSHK_ERR_BAD_REQUEST',
			message:
				'The service rejected the request as a bad request: check the message, sender and phone numbers',
			description:
				'Check the message, sender and phone numbers; if they look right, report this as a bug in the node.',
		},
	],
	[
		1403,
		{
			label: 'HSHK_ERR_INTERNAL',
			message: 'The service had an internal error: try again later',
			description: RETRY_DESCRIPTION,
		},
	],
	[
		1404,
		{
			label: 'HSHK_ERR_UNKNOWN',
			message: 'The service reported an unknown error: try again later',
			description: RETRY_DESCRIPTION,
		},
	],
	[
		1405,
		{
			label: 'HSHK_ERR_ACCESS_DENIED',
			message:
				'The service denied access to this operation: ask SMSOnlineGH support to allow it for the account',
			description:
				'Check that the account is allowed to use this operation, or ask SMSOnlineGH support.',
		},
	],
	[
		1406,
		{
			label: 'HSHK_ERR_API_RETIRED',
			message: 'The service has retired this API version: update the SMSOnlineGH node',
			description: 'Update the SMSOnlineGH node to a version that uses the current API.',
		},
	],
	[
		1407,
		{
			label: 'HSHK_ERR_SERVICE',
			message: 'This service is not granted to the account: ask SMSOnlineGH support to enable it',
			description: 'Ask SMSOnlineGH support to enable the service for the account.',
		},
	],
	[
		1408,
		{
			label: 'HSHK_ERR_ACCT_INACTIVE',
			message: 'The account is inactive: activate it on the SMSOnlineGH portal',
			description: 'Activate the account on the SMSOnlineGH portal, or ask SMSOnlineGH support.',
		},
	],
	[
		1409,
		{
			label: 'HSHK_ERR_ACCT_SUSPENDED',
			message: 'The account is suspended: contact SMSOnlineGH support to lift the suspension',
			description: 'Contact SMSOnlineGH support to lift the suspension.',
		},
	],
	[
		1410,
		{
			label: 'HSHK_ERR_IDEMPOTENCY_KEY',
			message:
				'The service rejected the idempotency key: report this as a bug in the SMSOnlineGH node',
			description:
				'Check the idempotency key sent with the request; if none was set, report this as a bug in the node.',
		},
	],
	[
		1411,
		{
			label: 'HSHK_ERR_API_VERSION',
			message:
				'The service found the API version missing or invalid: remove any version path from the Base URL in the SMSOnlineGH credential',
			description:
				'Check that the Base URL in the SMSOnlineGH credential is the service address only (for example https://api.smsonlinegh.com), without a version path: the node adds /v5 itself.',
		},
	],
	// 1501-1507 (HSHK_ERR_MR_*): the request named something the service cannot find or use; a send can meet 1502 and 1503.
	[
		1501,
		{
			label: 'HSHK_ERR_MR_BATCH_ID',
			message:
				'The service found the batch id missing or invalid: give the batch of a send answer (32 hexadecimal characters)',
			description:
				'Check the batch id: it is the batch of a send answer (32 hexadecimal characters).',
		},
	],
	[
		1502,
		{
			label: 'HSHK_ERR_MR_DESTINATIONS',
			message:
				'The service found the destinations missing or invalid: check the phone numbers or message ids',
			description:
				'Check the phone numbers (or, for a report, the message ids asked about, as a send answer gave them).',
		},
	],
	[
		1503,
		{
			label: 'HSHK_ERR_MR_PARAMETER',
			message: 'The service found a parameter of the request missing or invalid: check the options',
			description:
				'Check the options of the request; if they look right, report this as a bug in the node.',
		},
	],
	[
		1504,
		{
			label: 'HSHK_ERR_MR_QUERY_TIME',
			message:
				'The service refused the time or time range of the query: check the dates, the start before the end',
			description:
				'Check the dates and times asked about (YYYY-MM-DD HH:MM:SS), the start before the end.',
		},
	],
	[
		1505,
		{
			label: 'HSHK_ERR_MR_VOICE_FILE',
			message:
				'The service found the voice message file missing or invalid: check that the Base URL in the SMSOnlineGH credential points at the SMS service',
			description: VOICE_DESCRIPTION,
		},
	],
	[
		1506,
		{
			label: 'HSHK_ERR_MR_VOICE_SIZE',
			message:
				'The service refused the size of the voice message file: check that the Base URL in the SMSOnlineGH credential points at the SMS service',
			description: VOICE_DESCRIPTION,
		},
	],
	[
		1507,
		{
			label: 'HSHK_ERR_MR_STATUS_FILTER',
			message:
				'The service found the status filter invalid: ask for delivery status ids from 2101 to 2140',
			description:
				'Check the delivery statuses asked for: they are destination status ids, 2101 to 2140.',
		},
	],
	// 1801-1808 (HSHK_ERR_SM_*): scheduled messages; a send with Schedule At can meet 1807 and 1808.
	[
		1801,
		{
			label: 'HSHK_ERR_SM_PROCESSED',
			message:
				'The scheduled message has already been processed, so it can no longer be changed: send a new message instead',
			description:
				'Check its delivery in your SMSOnlineGH account; to send it again, send a new message.',
		},
	],
	[
		1802,
		{
			label: 'HSHK_ERR_SM_CANCELLED',
			message: 'The scheduled message has been cancelled: send it again as a new message',
			description: 'It will not be sent; to send it after all, send it again as a new message.',
		},
	],
	[
		1803,
		{
			label: 'HSHK_ERR_SM_NOT_SCHEDULED',
			message:
				'The message is not a scheduled message: give the batch of a message sent with Schedule At',
			description:
				'Check the batch id: only a message sent with Schedule At can be changed, cancelled or sent early.',
		},
	],
	[
		1804,
		{
			label: 'HSHK_ERR_SM_REFERENCE_ID',
			message:
				"The service found the batch id of the scheduled message invalid: give the batch of the scheduled send's answer",
			description: 'Check the batch id: it is the batch of the answer to the scheduled send.',
		},
	],
	[
		1805,
		{
			label: 'HSHK_ERR_SM_MESSAGE_ID',
			message:
				"The service found a message id of the scheduled message invalid: give message ids from the scheduled send's answer",
			description:
				'Check the message ids: they are the message ids of the destinations in the answer to the scheduled send.',
		},
	],
	[
		1806,
		{
			label: 'HSHK_ERR_SM_CATEGORY',
			message:
				'The service found the message category invalid: report this as a bug in the SMSOnlineGH node',
			description:
				'The node asks only about SMS: report this as a bug in the node, quoting the handshake id.',
		},
	],
	[
		1807,
		{
			label: 'HSHK_ERR_SM_DATETIME',
			message:
				'The service refused the date and time of the schedule: give a Schedule At in the future',
			description:
				'Check Schedule At: a date and time that exists and lies in the future, written YYYY-MM-DD hh:mm.',
		},
	],
	[
		1808,
		{
			label: 'HSHK_ERR_SM_TZ_OFFSET',
			message:
				'The service refused the time-zone offset of the schedule: give a Schedule UTC Offset from -12:00 to +13:00, or none',
			description:
				"Check Schedule UTC Offset: the offset of a real time zone (±hh:mm from -12:00 to +13:00, for example +00:00), or leave it empty for the account's time zone.",
		},
	],
]);

export const DOCUMENTED_HANDSHAKE_IDS: readonly number[] = [...HANDSHAKES.keys()].sort(
	(a, b) => a - b,
);

export function describeHandshake(id: number, label?: string): HandshakeMeaning {
	const given = typeof label === 'string' && label.trim() !== '' ? label.trim() : undefined;
	const entry = HANDSHAKES.get(id);
	if (entry) {
		return {
			id,
			label: given ?? entry.label,
			message: entry.message,
			description: entry.description,
		};
	}
	const named = given ? ` (${given})` : '';
	return {
		id,
		label: given ?? 'UNKNOWN',
		message: `The service answered with handshake ${String(id)}${named}, which is not documented: try again later`,
		description: RETRY_DESCRIPTION,
	};
}
