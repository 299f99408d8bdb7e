import fc from 'fast-check';
import metadataJson from 'libphonenumber-js/metadata.max.json';
import { parsePhoneNumberWithError } from 'libphonenumber-js/core';

import {
	readInternational,
	readNational,
	validNational,
} from '../../../nodes/SmsOnlineGh/numbers/plans';
import type { NumberRules } from '../../../nodes/SmsOnlineGh/numbers/home';
import { readPhoneNumber } from '../../../nodes/SmsOnlineGh/numbers/reading';

const GHANA: NumberRules = { callingCode: '233', check: 'strict' };
const GHANA_LENIENT: NumberRules = { callingCode: '233', check: 'lenient' };
const NIGERIA: NumberRules = { callingCode: '234', check: 'strict' };
const UK: NumberRules = { callingCode: '44', check: 'strict' };

describe('readPhoneNumber: forms of one Ghanaian number', () => {
	// Every form a spreadsheet, a form or a CRM may hold of 024 123 4567: [input, sent as].
	const forms: Array<[string, string]> = [
		['0241234567', '0241234567'],
		['024 123 4567', '0241234567'],
		['(024) 123-4567', '0241234567'],
		['0241234567.0', '0241234567'],
		['241234567', '233241234567'],
		['233241234567', '233241234567'],
		['+233241234567', '233241234567'],
		['+233 24 123 4567', '233241234567'],
		['00233241234567', '233241234567'],
		['00 233 24 123 4567', '233241234567'],
		['+233 (0) 24 123 4567', '233241234567'],
		['+233 (0)241234567', '233241234567'],
		['2.33241234567E+11', '233241234567'],
		['2.33241234567e11', '233241234567'],
		['233241234567.0', '233241234567'],
	];
	it.each(forms)('%j goes out as %j, recognised as 233241234567', (input, sent) => {
		expect(readPhoneNumber(input, GHANA)).toEqual({ ok: true, number: sent, key: '233241234567' });
	});

	it('a Ghanaian number that lost its 0 is never sent as it is (241 is Gabon)', () => {
		const read = readPhoneNumber('241234567', GHANA);
		expect(read.ok && read.number).toBe('233241234567');
	});
});

describe('readPhoneNumber: other countries', () => {
	const table: Array<[string, NumberRules, string]> = [
		['+44 7911 123456', GHANA, '447911123456'],
		['+44 (0) 7911 123456', GHANA, '447911123456'],
		['0044 7911 123456', GHANA, '447911123456'],
		['00447911123456', GHANA, '447911123456'],
		['0012025550123', GHANA, '12025550123'],
		['+1 202 555 0123', GHANA, '12025550123'],
		['+234 803 123 4567', GHANA, '2348031234567'],
		// The Default Country Code reads local numbers of its country, sent in international form.
		['08031234567', NIGERIA, '2348031234567'],
		['8031234567', NIGERIA, '2348031234567'],
		['07911 123456', UK, '447911123456'],
		['+233241234567', NIGERIA, '233241234567'],
	];
	it.each(table)('%j (country code %j) goes out as %j', (input, rules, sent) => {
		expect(readPhoneNumber(input, rules)).toEqual({ ok: true, number: sent, key: sent });
	});
});

describe('readPhoneNumber: refused before anything is sent, saying why and what to do', () => {
	const refused: Array<[string, RegExp]> = [
		['-0241234567', /^starts with a minus sign$/],
		['\u0000', /^contains a control character \(U\+0000\)$/],
		['0241234567\u0000', /control character/],
		['024abc4567', /^contains letters \("abc"\)$/],
		['0000000000', /^is all zeros$/],
		['+000000000', /^is all zeros$/],
		['024123', /^has 6 digits/],
		['02412345678901', /^has 14 digits/],
		['02412345', /^has 7 digits after its leading 0, a length no number of Ghana \(\+233\) has$/],
		['0241234', /^has 7 digits; a phone number has 8 to 13$/],
		['08031234567', /^is too long for Ghana \(\+233\)$/],
		['2.3324123456E+11', /exponent form that does not hold all the number's digits/],
		['2.332412345671E+11', /exponent form/],
		['+999123456789', /country code/],
		// Possible in Ghana (9 digits after the 0) but in no range its operators give out.
		['0301234567', /^is not a valid number in Ghana \(\+233\)/],
		// 10 digits: not Ghanaian; Gabon's +241 has no such number either (and without + it is not read as Gabon's).
		[
			'2411234567',
			/^is too long for Ghana \(\+233\), and read as an international number \(\+2411234567\) it is not valid in Gabon \(\+241\) either$/,
		],
	];
	it.each(refused)('%j: it %s', (input, reason) => {
		const read = readPhoneNumber(input, GHANA);
		expect(read.ok).toBe(false);
		if (read.ok) return;
		expect(read.reason).toMatch(reason);
		expect(read.fix.length).toBeGreaterThan(20);
	});

	it('a minus sign and a lost-digit exponent form say how to keep the number as written', () => {
		for (const input of ['-0241234567', '2.3324123456E+11']) {
			const read = readPhoneNumber(input, GHANA);
			expect(!read.ok && read.fix).toMatch(/store the column as text/);
		}
	});

	it('a possible but not valid number names the option that sends it', () => {
		const read = readPhoneNumber('0301234567', GHANA);
		expect(!read.ok && read.fix).toMatch(/Number Check to Lenient/);
	});
});

describe('readPhoneNumber: Number Check Lenient', () => {
	it('sends a possible number in international form, with a warning', () => {
		const read = readPhoneNumber('0301234567', GHANA_LENIENT);
		expect(read).toEqual({
			ok: true,
			number: '233301234567',
			key: '233301234567',
			warning: expect.stringMatching(
				/^is not a valid number in Ghana \(\+233\).*Lenient.*may reach no one$/,
			),
		});
	});

	it('still refuses impossible numbers', () => {
		for (const input of ['024123', '0000000000', '-0241234567', '02412345', '\u0000']) {
			expect(readPhoneNumber(input, GHANA_LENIENT).ok).toBe(false);
		}
	});

	it('refuses a number that reads two ways rather than guess', () => {
		// 8 digits: a possible (not valid) Ghanaian length, and a valid Cook Islands number (+682 21234).
		expect(readPhoneNumber('68221234', GHANA_LENIENT)).toEqual({
			ok: false,
			reason:
				'could be a number of Ghana (+233) (23368221234) that is not valid there, or the international number +68221234',
			fix: 'write it with its country code and a plus sign (+…) or with the trunk 0 of its country',
		});
		expect(readPhoneNumber('+68221234', GHANA_LENIENT)).toEqual({
			ok: true,
			number: '68221234',
			key: '68221234',
		});
	});
});

/** Valid Ghanaian national numbers (9 digits after the trunk 0), from the library's own ranges. */
const ghanaianNational = fc
	.tuple(
		fc.constantFrom(
			'20',
			'23',
			'24',
			'25',
			'26',
			'27',
			'28',
			'50',
			'53',
			'54',
			'55',
			'56',
			'57',
			'59',
		),
		fc.stringMatching(/^[0-9]{7}$/),
	)
	.map(([prefix, rest]) => prefix + rest)
	.filter((n) => readNational(n, '233').valid);

describe('readPhoneNumber: properties', () => {
	it('any valid Ghanaian number in any accepted form reads to the same international number', () => {
		const form = fc.constantFrom(
			(n: string) => `0${n}`,
			(n: string) => n,
			(n: string) => `233${n}`,
			(n: string) => `+233${n}`,
			(n: string) => `00233${n}`,
			(n: string) => `+233 (0) ${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5)}`,
			(n: string) => `0${n.slice(0, 2)}-${n.slice(2, 5)}-${n.slice(5)}`,
			(n: string) => `${n[0]}.${n.slice(1)}E+${n.length - 1}`,
			(n: string) => `2.33${n}E+11`,
			(n: string) => `0${n}.0`,
		);
		fc.assert(
			fc.property(ghanaianNational, form, (national, write) => {
				const read = readPhoneNumber(write(national), GHANA);
				expect(read.ok && read.key).toBe(`233${national}`);
			}),
		);
	});

	it('the fast reading of a national number agrees with the library, also with the country code in front without +', () => {
		const digits = fc.stringMatching(/^0?[0-9]{7,10}$/);
		fc.assert(
			fc.property(
				fc.constantFrom('233', '234', '44', '49', '91'),
				digits,
				fc.boolean(),
				(code, national, withCode) => {
					const text = withCode ? code + national : national;
					const fast = readNational(text, code);
					let library: { valid: boolean; number: string } | undefined;
					try {
						const parsed = parsePhoneNumberWithError(
							text,
							{ defaultCallingCode: code },
							metadataJson,
						);
						library = { valid: parsed.isValid(), number: parsed.number.slice(1) };
					} catch {
						library = undefined;
					}
					if (fast.valid) expect(library).toEqual({ valid: true, number: fast.international });
					else expect(library?.valid ?? false).toBe(false);
				},
			),
			{ numRuns: 2000 },
		);
	});

	it('validNational, the compiled plan alone, agrees with the full national reading', () => {
		fc.assert(
			fc.property(
				fc.constantFrom('233', '234', '44', '49', '91', '1'),
				fc.stringMatching(/^0?[0-9]{7,10}$/),
				(code, text) => {
					expect(validNational(text, code)).toBe(readNational(text, code).valid);
				},
			),
			{ numRuns: 2000 },
		);
	});

	it('the fast reading of an international number agrees with the library', () => {
		const digits = fc
			.tuple(
				fc.constantFrom('233', '234', '44', '49', '91', '1', '241'),
				fc.stringMatching(/^0?[0-9]{6,10}$/),
			)
			.map(([c, n]) => c + n);
		fc.assert(
			fc.property(digits, (text) => {
				const fast = readInternational(text);
				const parsed = parsePhoneNumberWithError(`+${text}`, {}, metadataJson);
				if (fast.valid)
					expect([parsed.isValid(), parsed.number.slice(1)]).toEqual([true, fast.international]);
				else expect(parsed.isValid()).toBe(false);
			}),
			{ numRuns: 2000 },
		);
	});

	it('no text with a letter, a minus sign in front or a control character is ever read as a number', () => {
		const bad = fc.oneof(
			fc
				.tuple(
					fc.stringMatching(/^[0-9 ]{0,8}$/),
					fc.constantFrom('a', 'x', 'O', 'l', 'é'),
					fc.stringMatching(/^[0-9]{0,8}$/),
				)
				.map((p) => p.join('')),
			fc.stringMatching(/^[0-9]{8,12}$/).map((d) => `-${d}`),
			fc
				.tuple(fc.stringMatching(/^[0-9]{8,12}$/), fc.constantFrom('\u0000', '\u0007', '\u001b'))
				.map(([d, c]) => d + c),
		);
		fc.assert(
			fc.property(bad, (input) => {
				expect(readPhoneNumber(input, GHANA_LENIENT).ok).toBe(false);
			}),
		);
	});
});
