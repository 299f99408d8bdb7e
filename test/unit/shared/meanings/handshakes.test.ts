import fc from 'fast-check';

import {
	describeHandshake,
	DOCUMENTED_HANDSHAKE_IDS,
} from '../../../../nodes/shared/meanings/handshakes';

// The handshake ids of the vendor's SDK (Zenoph.Notify) and the v5 API documentation (1305): id → label.
// A deliberate copy of the node's table: an oracle written from the vendor's ids, not from the code under test.
const LABELS: Array<[number, string]> = [
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
	[1501, 'HSHK_ERR_MR_BATCH_ID'],
	[1502, 'HSHK_ERR_MR_DESTINATIONS'],
	[1503, 'HSHK_ERR_MR_PARAMETER'],
	[1504, 'HSHK_ERR_MR_QUERY_TIME'],
	[1505, 'HSHK_ERR_MR_VOICE_FILE'],
	[1506, 'HSHK_ERR_MR_VOICE_SIZE'],
	[1507, 'HSHK_ERR_MR_STATUS_FILTER'],
	[1801, 'HSHK_ERR_SM_PROCESSED'],
	[1802, 'HSHK_ERR_SM_CANCELLED'],
	[1803, 'HSHK_ERR_SM_NOT_SCHEDULED'],
	[1804, 'HSHK_ERR_SM_REFERENCE_ID'],
	[1805, 'HSHK_ERR_SM_MESSAGE_ID'],
	[1806, 'HSHK_ERR_SM_CATEGORY'],
	[1807, 'HSHK_ERR_SM_DATETIME'],
	[1808, 'HSHK_ERR_SM_TZ_OFFSET'],
];

describe('describeHandshake', () => {
	it.each(LABELS)('%i has the documented label %s and plain wording', (id, label) => {
		const m = describeHandshake(id);
		expect(m.id).toBe(id);
		expect(m.label).toBe(label);
		// What happened, then what to do, short and without a full stop: n8n hands an AI agent
		// the message alone, so the fix is in it.
		expect(m.message).toMatch(/^[A-Z][^:]+: [a-z].*[^.]$/);
		expect(m.message.length).toBeLessThanOrEqual(150);
		expect(m.message).not.toMatch(/not documented/);
		expect(m.description).toMatch(/^[A-Z].*\.$/);
	});

	it('documents exactly the ids of the handshake table', () => {
		expect(DOCUMENTED_HANDSHAKE_IDS).toEqual(LABELS.map(([id]) => id));
	});

	it('1203: wrong key or login', () => {
		expect(describeHandshake(1203, 'HSHK_ERR_UA_AUTH')).toEqual({
			id: 1203,
			label: 'HSHK_ERR_UA_AUTH',
			message: 'The service refused the API key or login: check them in the SMSOnlineGH credential',
			description: 'Check the API key (or login and password) in the SMSOnlineGH credential.',
		});
	});

	it.each([1101, 1102, 1201, 1202])(
		'%i: the request was not understood; check the Base URL',
		(id) => {
			const m = describeHandshake(id);
			expect(m.message).toMatch(
				/^The service did not understand the request's .+: check that the Base URL in the SMSOnlineGH credential points at the SMS service$/,
			);
			expect(m.description).toMatch(/Base URL/);
			expect(m.description).toMatch(/SMS service/);
		},
	);

	const wording: Array<[number, RegExp, RegExp]> = [
		[0, /accepted/, /Nothing to do/],
		[1204, /API access is disabled/, /Enable API access/],
		[1205, /Portal Pass/, /API Key/],
		[1305, /message text/, /Message field/],
		[1403, /internal error/, /Try again later/],
		[1406, /retired/, /Update/],
		[1408, /inactive/, /Activate/],
		[1409, /suspended/, /support/],
		[1411, /API version/, /Base URL/],
		[1501, /batch id/, /batch/],
		[1502, /destinations/, /phone numbers/],
		[1503, /parameter/, /options/],
		[1504, /time/, /YYYY-MM-DD HH:MM:SS/],
		[1505, /voice message file/, /only SMS/],
		[1506, /size of the voice message file/, /only SMS/],
		[1507, /status filter/, /2101 to 2140/],
		[1801, /already been processed/, /send a new message/],
		[1802, /cancelled/, /will not be sent/],
		[1803, /not a scheduled message/, /Schedule At/],
		[1804, /batch id of the scheduled message/, /batch id/],
		[1805, /message id/, /message ids/],
		[1806, /category/, /only about SMS/],
		[1807, /date and time of the schedule/, /Schedule At/],
		[1808, /time-zone offset/, /Schedule UTC Offset/],
	];
	it.each(wording)('%i wording', (id, message, description) => {
		const m = describeHandshake(id);
		expect(m.message).toMatch(message);
		expect(m.description).toMatch(description);
	});

	it('each id of 1501-1507 and 1801-1808 has its own message and its own advice', () => {
		const ids = [
			...Array.from({ length: 7 }, (_, i) => 1501 + i),
			...Array.from({ length: 8 }, (_, i) => 1801 + i),
		];
		const meanings = ids.map((id) => describeHandshake(id));
		expect(new Set(meanings.map((m) => m.message)).size).toBe(ids.length);
		// 1505 and 1506 (voice files) give the same advice: the node never sends one.
		expect(new Set(meanings.map((m) => m.description)).size).toBe(ids.length - 1);
	});

	it.each([1, 999, 1100, 1103, 1206, 1304, 1306, 1400, 1412, 1500, 1508, 1800, 1809, 2105, -1])(
		'undocumented id %i gets a generic message naming it',
		(id) => {
			const m = describeHandshake(id);
			expect(m).toEqual({
				id,
				label: 'UNKNOWN',
				message: `The service answered with handshake ${id}, which is not documented: try again later`,
				description: expect.stringMatching(/contact SMSOnlineGH support/),
			});
		},
	);

	it('an undocumented id keeps the label the server sent, in the message too', () => {
		expect(describeHandshake(1999, 'HSHK_ERR_NEW')).toMatchObject({
			label: 'HSHK_ERR_NEW',
			message:
				'The service answered with handshake 1999 (HSHK_ERR_NEW), which is not documented: try again later',
		});
	});

	it('the server label is shown but never changes the meaning', () => {
		const plain = describeHandshake(1203);
		const labelled = describeHandshake(1203, 'HSHK_OK');
		expect(labelled.label).toBe('HSHK_OK');
		expect(labelled.message).toBe(plain.message);
		expect(labelled.description).toBe(plain.description);
	});

	it('an empty or blank label falls back to the documented one', () => {
		expect(describeHandshake(1203, '').label).toBe('HSHK_ERR_UA_AUTH');
		expect(describeHandshake(1203, '   ').label).toBe('HSHK_ERR_UA_AUTH');
		expect(describeHandshake(1203, ' X ').label).toBe('X');
	});
});

describe('handshake properties', () => {
	const documented = new Set(DOCUMENTED_HANDSHAKE_IDS);

	it('every integer gets a message and a description; undocumented ones name the id', () => {
		fc.assert(
			fc.property(
				fc.integer(),
				fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
				(id, label) => {
					const m = describeHandshake(id, label);
					expect(m.id).toBe(id);
					expect(m.message.length).toBeGreaterThan(0);
					expect(m.description.length).toBeGreaterThan(0);
					if (label !== undefined && label.trim() !== '') expect(m.label).toBe(label.trim());
					if (!documented.has(id)) expect(m.message).toContain(`handshake ${id}`);
					else expect(m.message).not.toContain('not documented');
				},
			),
			{ numRuns: 1000 },
		);
	});
});
