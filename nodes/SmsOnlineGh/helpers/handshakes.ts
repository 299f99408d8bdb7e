/**
 * Handshake meanings (envelope `handshake.id`), from the SMSOnlineGH v5 API documentation and the
 * vendor's SDK (Zenoph.Notify). The simulator keeps its own table on purpose: it is a second opinion
 * that never imports the node's code.
 * Keyed on the numeric id only; a label given by the server is passed through for display but
 * never interpreted.
 *
 * No n8n imports here: this module is pure.
 */

export interface HandshakeMeaning {
	id: number;
	/** The label the server sent, else the documented label. */
	label: string;
	/** One plain sentence of what happened. */
	message: string;
	/** What the user should do. */
	description: string;
}

interface Entry {
	label: string;
	message: string;
	description: string;
}

const NOT_UNDERSTOOD_DESCRIPTION =
	'The node always sends this, so a proxy or another server may be answering instead of the SMS service: check that the Base URL in the SMSOnlineGH credential points at the SMS service (for example https://api.smsonlinegh.com).';

const RETRY_DESCRIPTION =
	'Try again later; if it keeps happening, contact SMSOnlineGH support and quote the handshake id.';

const HANDSHAKES: ReadonlyMap<number, Entry> = new Map<number, Entry>([
	[0, { label: 'HSHK_OK', message: 'The service accepted the request.', description: 'Nothing to do.' }],
	[
		1101,
		{
			label: 'HSHK_ERR_RH_HTTP_ACCEPT',
			message: 'The request was not understood: the service found the Accept header missing or invalid.',
			description: NOT_UNDERSTOOD_DESCRIPTION,
		},
	],
	[
		1102,
		{
			label: 'HSHK_ERR_RH_CONTENT_TYPE',
			message: 'The request was not understood: the service found the Content-Type header missing or invalid.',
			description: NOT_UNDERSTOOD_DESCRIPTION,
		},
	],
	[
		1201,
		{
			label: 'HSHK_ERR_UA_MODEL',
			message: 'The request was not understood: the service found the authentication model missing or invalid.',
			description: NOT_UNDERSTOOD_DESCRIPTION,
		},
	],
	[
		1202,
		{
			label: 'HSHK_ERR_UA_PID',
			message: 'The request was not understood: the service found the authentication id missing or invalid.',
			description: NOT_UNDERSTOOD_DESCRIPTION,
		},
	],
	[
		1203,
		{
			label: 'HSHK_ERR_UA_AUTH',
			message: 'The service refused the API key or login.',
			description: 'Check the API key (or login and password) in the SMSOnlineGH credential.',
		},
	],
	[
		1204,
		{
			label: 'HSHK_ERR_UA_API_NO_ACCESS',
			message: 'API access is disabled for this account.',
			description: 'Enable API access in the account settings on the SMSOnlineGH portal, or ask SMSOnlineGH support to enable it.',
		},
	],
	[
		1205,
		{
			label: 'HSHK_ERR_UA_API_NO_PPASS',
			message: 'The account does not allow login and password (Portal Pass) over the API.',
			description:
				'Switch the SMSOnlineGH credential to API Key authentication, with a key generated in the API configuration of the account settings.',
		},
	],
	[
		1305,
		{
			label: 'MV_ERR_MESSAGE',
			message: 'The service found the message text missing or invalid.',
			description: 'Check that the Message field is filled in and that the message type suits the text (GSM or Unicode).',
		},
	],
	[
		1401,
		{
			label: 'HSHK_ERR_DATA',
			message: 'The service received no request data.',
			description: 'Check that the message, sender and phone numbers are filled in; if they are, report this as a bug in the node.',
		},
	],
	[
		1402,
		{
			label: 'HSHK_ERR_BAD_REQUEST',
			message: 'The service rejected the request as a bad request.',
			description: 'Check the message, sender and phone numbers; if they look right, report this as a bug in the node.',
		},
	],
	[
		1403,
		{
			label: 'HSHK_ERR_INTERNAL',
			message: 'The service had an internal error.',
			description: RETRY_DESCRIPTION,
		},
	],
	[
		1404,
		{
			label: 'HSHK_ERR_UNKNOWN',
			message: 'The service reported an unknown error.',
			description: RETRY_DESCRIPTION,
		},
	],
	[
		1405,
		{
			label: 'HSHK_ERR_ACCESS_DENIED',
			message: 'The service denied access to this operation.',
			description: 'Check that the account is allowed to use this operation, or ask SMSOnlineGH support.',
		},
	],
	[
		1406,
		{
			label: 'HSHK_ERR_API_RETIRED',
			message: 'The service has retired this API version.',
			description: 'Update the SMSOnlineGH node to a version that uses the current API.',
		},
	],
	[
		1407,
		{
			label: 'HSHK_ERR_SERVICE',
			message: 'This service is not granted to the account.',
			description: 'Ask SMSOnlineGH support to enable the service for the account.',
		},
	],
	[
		1408,
		{
			label: 'HSHK_ERR_ACCT_INACTIVE',
			message: 'The account is inactive.',
			description: 'Activate the account on the SMSOnlineGH portal, or ask SMSOnlineGH support.',
		},
	],
	[
		1409,
		{
			label: 'HSHK_ERR_ACCT_SUSPENDED',
			message: 'The account is suspended.',
			description: 'Contact SMSOnlineGH support to lift the suspension.',
		},
	],
	[
		1410,
		{
			label: 'HSHK_ERR_IDEMPOTENCY_KEY',
			message: 'The service rejected the idempotency key.',
			description: 'Check the idempotency key sent with the request; if none was set, report this as a bug in the node.',
		},
	],
	[
		1411,
		{
			label: 'HSHK_ERR_API_VERSION',
			message: 'The service found the API version missing or invalid.',
			description:
				'Check that the Base URL in the SMSOnlineGH credential is the service address only (for example https://api.smsonlinegh.com), without a version path: the node adds /v5 itself.',
		},
	],
]);

/** Generic wording for the documented ranges whose individual labels are not public. */
const RANGES: ReadonlyArray<{ from: number; to: number } & Entry> = [
	{
		from: 1501,
		to: 1507,
		label: 'HSHK_ERR_MR_*',
		message:
			'The service rejected the message report request (invalid batch id, destinations, parameter, query time or status filter).',
		description: 'Check the batch id and the report options.',
	},
	{
		from: 1801,
		to: 1808,
		label: 'HSHK_ERR_SM_*',
		message:
			'The service could not act on the scheduled message (it may already be processed or cancelled, or the date or time-zone offset is invalid).',
		description:
			'Check the batch id of the scheduled message, the schedule date and time (YYYY-MM-DD hh:mm) and the offset (for example +00:00).',
	},
];

/** Every handshake id the documentation and the SDK list, ascending (ranges expanded). */
export const DOCUMENTED_HANDSHAKE_IDS: readonly number[] = [
	...HANDSHAKES.keys(),
	...RANGES.flatMap(({ from, to }) => Array.from({ length: to - from + 1 }, (_, i) => from + i)),
].sort((a, b) => a - b);

function lookup(id: number): Entry | undefined {
	const known = HANDSHAKES.get(id);
	if (known) return known;
	return RANGES.find((range) => id >= range.from && id <= range.to);
}

/**
 * What a handshake id means. The returned label is `label` when the server sent a non-empty one,
 * else the documented label (for an undocumented id without label: 'UNKNOWN'). Unknown ids get a
 * generic message naming the id.
 */
export function describeHandshake(id: number, label?: string): HandshakeMeaning {
	const given = typeof label === 'string' && label.trim() !== '' ? label.trim() : undefined;
	const entry = lookup(id);
	if (entry) {
		return { id, label: given ?? entry.label, message: entry.message, description: entry.description };
	}
	const named = given ? ` (${given})` : '';
	return {
		id,
		label: given ?? 'UNKNOWN',
		message: `The service answered with handshake ${String(id)}${named}, which is not documented.`,
		description: RETRY_DESCRIPTION,
	};
}
