import fc from 'fast-check';

import { normalisePhoneNumber } from '../../../nodes/SmsOnlineGh/numbers/split';

describe('normalisePhoneNumber', () => {
	const ok: Array<[string, string]> = [
		['0241234567', '0241234567'],
		['233241234567', '233241234567'],
		['+233241234567', '233241234567'],
		['024 123 4567', '0241234567'],
		['024-123-4567', '0241234567'],
		['024.123.4567', '0241234567'],
		['(024) 123-4567', '0241234567'],
		['+233 (0)24 123 4567', '2330241234567'],
		['\t+233 24 123 4567 ', '233241234567'],
		['024\u00a0123\u20134567', '0241234567'],
		['00233241234567', '233241234567'],
		['00 233 24 123 4567', '233241234567'],
		['12345678', '12345678'],
		['1234567890123', '1234567890123'],
		['+12345678', '12345678'],
		['+0241234567', '0241234567'],
	];
	it.each(ok)('%j → %j', (raw, digits) => {
		// `international`: written with + or 00, so read as a number with its country code.
		const international = /^\s*(\+|00)/.test(raw);
		expect(normalisePhoneNumber(raw)).toEqual(
			international ? { ok: true, digits, international } : { ok: true, digits },
		);
	});

	const rejected: Array<[string, string]> = [
		['', 'is empty'],
		['   ', 'is empty'],
		['()-.', 'has no digits'],
		['+', 'has no digits'],
		['024abc4567', 'contains letters ("abc")'],
		['abc', 'contains letters ("abc")'],
		['0x24a1234567', 'contains letters ("x", "a")'],
		['a1b2c3d4e', 'contains letters ("a", "b", "c", ...)'],
		['ɣ0241234567', 'contains letters ("ɣ")'],
		['02412*34567', 'contains "*"'],
		['#024*1234567', 'contains "#", "*"'],
		['024/123/4567', 'contains "/"'],
		['024_123_4567', 'contains "_"'],
		['٠٢٤١٢٣٤٥٦٧', 'contains "٠", "٢", "٤", ...'],
		['12345', 'has 5 digits; a phone number has 8 to 13'],
		['1', 'has 1 digit; a phone number has 8 to 13'],
		['1234567', 'has 7 digits; a phone number has 8 to 13'],
		['12345678901234', 'has 14 digits; a phone number has 8 to 13'],
		['+12345678901234', 'has 14 digits; a phone number has 8 to 13'],
		['0024123', 'has 5 digits after the international prefix 00; a phone number has 8 to 13'],
		[
			'0012345678901234',
			'has 14 digits after the international prefix 00; a phone number has 8 to 13',
		],
		['++233241234567', 'has more than one "+"'],
		['233+241234567', 'has a "+" that is not at the start'],
		['0241234567 0551234567', 'has 20 digits; a phone number has 8 to 13'],
	];
	it.each(rejected)('%j is rejected: %s', (raw, reason) => {
		expect(normalisePhoneNumber(raw)).toEqual({ ok: false, reason });
	});

	it('rejects a non-string at run time instead of throwing', () => {
		expect(normalisePhoneNumber(241234567 as unknown as string)).toEqual({
			ok: false,
			reason: 'is not text (number)',
		});
	});

	const phoneChar = fc.constantFrom(
		...'0123456789'.split(''),
		'+',
		' ',
		'-',
		'.',
		'(',
		')',
		'\t',
		'a',
		'Z',
		'*',
		'#',
		'é',
	);
	const phoneish = fc.oneof(
		fc.string({ unit: phoneChar, maxLength: 20 }),
		fc.string({ unit: 'grapheme', maxLength: 20 }),
	);

	it('property: when ok, the output is 8 to 13 ASCII digits and passes the vendor check', () => {
		fc.assert(
			fc.property(phoneish, (raw) => {
				const result = normalisePhoneNumber(raw);
				if (result.ok) {
					expect(result.digits).toMatch(/^[0-9]{8,13}$/);
					expect(result.digits).toMatch(/^\+?[0-9]{8,13}$/);
				} else {
					expect(result.reason.length).toBeGreaterThan(0);
				}
			}),
			{ numRuns: 2000 },
		);
	});

	it('property: never ok for input containing a letter', () => {
		const letter = fc.constantFrom('a', 'z', 'A', 'Q', 'é', 'ɣ', 'Ж', 'ع', 'x');
		fc.assert(
			fc.property(phoneish, letter, phoneish, (before, l, after) => {
				expect(normalisePhoneNumber(before + l + after).ok).toBe(false);
			}),
			{ numRuns: 1000 },
		);
	});

	it('property: never ok for input with fewer than 8 digits', () => {
		fc.assert(
			fc.property(phoneish, (raw) => {
				fc.pre((raw.match(/[0-9]/g) ?? []).length < 8);
				expect(normalisePhoneNumber(raw).ok).toBe(false);
			}),
			{ numRuns: 1000 },
		);
	});

	const digitsArb = (min: number, max: number) =>
		fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength: min, maxLength: max });
	// A valid number not starting with 00 (the 00 prefix is covered by its own property).
	const validDigits = digitsArb(8, 13).filter((d) => !d.startsWith('00'));
	const formatting = fc.constantFrom('', '', '', ' ', '-', '.', '(', ')', '\t');

	it('property: formatting characters and one leading + do not change the digits', () => {
		fc.assert(
			fc.property(
				validDigits,
				fc.boolean(),
				fc.array(formatting, { minLength: 14, maxLength: 14 }),
				(digits, plus, seps) => {
					const formatted =
						(plus ? '+' : '') + [...digits].map((d, i) => seps[i] + d).join('') + seps[13];
					expect(normalisePhoneNumber(formatted)).toEqual(
						plus ? { ok: true, digits, international: true } : { ok: true, digits },
					);
				},
			),
		);
	});

	it('property: 00 followed by a valid number reads as that number', () => {
		fc.assert(
			fc.property(validDigits, (digits) => {
				expect(normalisePhoneNumber(`00${digits}`)).toEqual({
					ok: true,
					digits,
					international: true,
				});
				expect(normalisePhoneNumber(`00 ${digits}`)).toEqual({
					ok: true,
					digits,
					international: true,
				});
			}),
		);
	});

	it('property: too many digits is never ok', () => {
		fc.assert(
			fc.property(
				digitsArb(14, 30).filter((d) => !d.startsWith('00')),
				fc.boolean(),
				(digits, plus) => {
					const result = normalisePhoneNumber((plus ? '+' : '') + digits);
					expect(result).toEqual({
						ok: false,
						reason: `has ${digits.length} digits; a phone number has 8 to 13`,
					});
				},
			),
		);
	});
});
