import fc from 'fast-check';

import {
	describeValidation,
	DOCUMENTED_VALIDATION_IDS,
	type ValidationVerdict,
} from '../../../../nodes/shared/meanings/validations';

// The destination validation ids of the vendor's SDK (Zenoph.Notify): [id, constant, verdict].
// A deliberate copy of the node's table: an oracle written from the vendor's ids, not from the code under test.
const TABLE: Array<[number, string, ValidationVerdict]> = [
	[2401, 'DV_OK', 'valid'],
	[2402, 'DV_ERR_QUERY_TIME', 'invalid'],
	[2403, 'DV_ERR_DESTINATION_ID', 'invalid'],
	[2404, 'DV_UNKNOWN', 'unknown'],
];

describe('describeValidation', () => {
	it.each(TABLE)('%i is %s: %s', (id, label, verdict) => {
		const m = describeValidation(id);
		expect(m).toMatchObject({ id, label, verdict });
		expect(m.reason).toMatch(/^[a-z][a-z ]*[a-z]$/);
		expect(m.reason).not.toMatch(/not documented/);
	});

	it('documents exactly 2401 to 2404', () => {
		expect(DOCUMENTED_VALIDATION_IDS).toEqual(TABLE.map(([id]) => id));
	});

	it('each documented id has its own reason', () => {
		expect(new Set(TABLE.map(([id]) => describeValidation(id).reason)).size).toBe(TABLE.length);
	});

	it.each([0, 2400, 2405, 2105, -2401, 2401.5])(
		'undocumented id %d is unknown, named by its number',
		(id) => {
			expect(describeValidation(id)).toEqual({
				id,
				label: 'UNKNOWN',
				verdict: 'unknown',
				reason: `validation ${id} is not documented`,
			});
		},
	);

	it('returns a fresh object each time', () => {
		const first = describeValidation(2401);
		first.verdict = 'invalid';
		expect(describeValidation(2401).verdict).toBe('valid');
	});

	it('every integer gets a meaning; only 2401 is valid', () => {
		fc.assert(
			fc.property(fc.integer(), (id) => {
				const m = describeValidation(id);
				expect(m.id).toBe(id);
				expect(['valid', 'invalid', 'unknown']).toContain(m.verdict);
				expect(m.verdict === 'valid').toBe(id === 2401);
				if (id < 2401 || id > 2404) expect(m.reason).toBe(`validation ${id} is not documented`);
			}),
			{ numRuns: 1000 },
		);
	});
});
