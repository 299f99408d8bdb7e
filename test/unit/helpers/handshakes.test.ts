import fc from 'fast-check';

import { describeHandshake, DOCUMENTED_HANDSHAKE_IDS } from '../../../nodes/SmsOnlineGh/helpers/handshakes';

// The handshake ids of the vendor's SDK (Zenoph.Notify): id → documented label (ranges use a generic label).
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
	...Array.from({ length: 7 }, (_, i): [number, string] => [1501 + i, 'HSHK_ERR_MR_*']),
	...Array.from({ length: 8 }, (_, i): [number, string] => [1801 + i, 'HSHK_ERR_SM_*']),
];

describe('describeHandshake', () => {
	it.each(LABELS)('%i has the documented label %s and plain wording', (id, label) => {
		const m = describeHandshake(id);
		expect(m.id).toBe(id);
		expect(m.label).toBe(label);
		// One sentence: starts with a capital, ends with a full stop, no "undocumented" wording.
		expect(m.message).toMatch(/^[A-Z].*\.$/);
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
			message: 'The service refused the API key or login.',
			description: 'Check the API key (or login and password) in the SMSOnlineGH credential.',
		});
	});

	it.each([1101, 1102, 1201, 1202])('%i: the request was not understood; check the Base URL', (id) => {
		const m = describeHandshake(id);
		expect(m.message).toMatch(/^The request was not understood/);
		expect(m.description).toMatch(/Base URL/);
		expect(m.description).toMatch(/SMS service/);
	});

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
		[1501, /message report/, /batch id/],
		[1507, /message report/, /batch id/],
		[1801, /scheduled message/, /schedule date/],
		[1808, /scheduled message/, /offset/],
	];
	it.each(wording)('%i wording', (id, message, description) => {
		const m = describeHandshake(id);
		expect(m.message).toMatch(message);
		expect(m.description).toMatch(description);
	});

	it('ranges share their wording', () => {
		const mr = describeHandshake(1501);
		for (let id = 1502; id <= 1507; id++) expect(describeHandshake(id).message).toBe(mr.message);
		const sm = describeHandshake(1801);
		for (let id = 1802; id <= 1808; id++) expect(describeHandshake(id).message).toBe(sm.message);
		expect(sm.message).not.toBe(mr.message);
	});

	it.each([1, 999, 1100, 1103, 1206, 1304, 1306, 1400, 1412, 1500, 1508, 1800, 1809, 2105, -1])(
		'undocumented id %i gets a generic message naming it',
		(id) => {
			const m = describeHandshake(id);
			expect(m).toEqual({
				id,
				label: 'UNKNOWN',
				message: `The service answered with handshake ${id}, which is not documented.`,
				description: expect.stringMatching(/contact SMSOnlineGH support/),
			});
		},
	);

	it('an undocumented id keeps the label the server sent, in the message too', () => {
		expect(describeHandshake(1999, 'HSHK_ERR_NEW')).toMatchObject({
			label: 'HSHK_ERR_NEW',
			message: 'The service answered with handshake 1999 (HSHK_ERR_NEW), which is not documented.',
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
			fc.property(fc.integer(), fc.option(fc.string({ maxLength: 20 }), { nil: undefined }), (id, label) => {
				const m = describeHandshake(id, label);
				expect(m.id).toBe(id);
				expect(m.message.length).toBeGreaterThan(0);
				expect(m.description.length).toBeGreaterThan(0);
				if (label !== undefined && label.trim() !== '') expect(m.label).toBe(label.trim());
				if (!documented.has(id)) expect(m.message).toContain(`handshake ${id}`);
				else expect(m.message).not.toContain('not documented');
			}),
			{ numRuns: 1000 },
		);
	});
});
