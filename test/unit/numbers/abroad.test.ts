/** A number goes abroad only when it is written as international (+ or 00): docs/phone-numbers.md, rules 5 to 7. */
import fc from 'fast-check';

import type { NumberRules } from '../../../nodes/SmsOnlineGh/numbers/home';
import { readPhoneNumber } from '../../../nodes/SmsOnlineGh/numbers/reading';

const GHANA: NumberRules = { callingCode: '233', check: 'strict' };
const GHANA_LENIENT: NumberRules = { callingCode: '233', check: 'lenient' };
const NIGERIA: NumberRules = { callingCode: '234', check: 'strict' };
const NIGERIA_LENIENT: NumberRules = { callingCode: '234', check: 'lenient' };
const UK: NumberRules = { callingCode: '44', check: 'strict' };

/** Ghana's sheet form with a digit typed twice, swapped or added: each valid in another country. */
const TYPOS: Array<[string, string, string]> = [
	['2417350912', 'Gabon (+241)', 'is too long for Ghana (+233)'],
	['5355689032', 'Cuba (+53)', 'is too long for Ghana (+233)'],
	['2015576832', 'Egypt (+20)', 'is too long for Ghana (+233)'],
];

describe('Strict: a number without + or 00 that is not a number of the home country never goes abroad', () => {
	it.each(TYPOS)(
		'%j is refused, naming the country it would have reached and the fix',
		(input, country, why) => {
			expect(readPhoneNumber(input, GHANA)).toEqual({
				ok: false,
				reason: `${why}; without + or 00 it is not read as an international number (as one, it would go to ${country})`,
				fix: `if it is a number of ${country}, write it as +${input}; otherwise correct the digits`,
			});
		},
	);

	it('a foreign number written without its +, in any layout, is refused as well', () => {
		for (const input of [
			'447911123456',
			'44 7911 123456',
			'4.47911123456E+11',
			'13123456789',
			'2348031234567',
		]) {
			const read = readPhoneNumber(input, GHANA);
			expect(read.ok).toBe(false);
			expect(!read.ok && read.reason).toMatch(
				/; without \+ or 00 it is not read as an international number \(as one, it would go to .+ \(\+\d+\)\)$/,
			);
		}
	});

	it('written with + or 00, the same numbers go abroad as before', () => {
		const table: Array<[string, string]> = [
			['+2417350912', '2417350912'],
			['002417350912', '2417350912'],
			['+53 5 5689032', '5355689032'],
			['+20 15 576 832', '2015576832'],
			['+1 (201) 555-0123', '12015550123'],
			['+86 131 2345 6789', '8613123456789'],
			['0044 7911 123456', '447911123456'],
		];
		for (const [input, sent] of table)
			expect(readPhoneNumber(input, GHANA)).toEqual({ ok: true, number: sent, key: sent });
	});

	it('the home country’s own code without + (the service’s own form) still goes, in any layout', () => {
		for (const input of [
			'233241234567',
			'233 24 123 4567',
			'233-24-123-4567',
			'2.33241234567E+11',
		]) {
			expect(readPhoneNumber(input, GHANA)).toEqual({
				ok: true,
				number: '233241234567',
				key: '233241234567',
			});
		}
		expect(readPhoneNumber('2348031234567', NIGERIA)).toEqual({
			ok: true,
			number: '2348031234567',
			key: '2348031234567',
		});
	});

	it('the home country’s own code on a number possible but not valid there: refused under Strict, sent with a warning under Lenient, as before', () => {
		expect(readPhoneNumber('233301234567', GHANA)).toEqual({
			ok: false,
			reason:
				'is not a valid number in Ghana (+233): no operator there gives out numbers that begin this way',
			fix: 'check the number; if it is right, set the option Number Check to Lenient to send numbers of a possible length too',
		});
		expect(readPhoneNumber('233301234567', GHANA_LENIENT)).toMatchObject({
			ok: true,
			number: '233301234567',
			warning: expect.stringMatching(/may reach no one$/),
		});
	});

	it('on an account at home in the United Kingdom, Ghana’s 233… without + is a foreign number', () => {
		expect(readPhoneNumber('233241234567', UK)).toEqual({
			ok: false,
			reason:
				'is too long for United Kingdom (+44); without + or 00 it is not read as an international number (as one, it would go to Ghana (+233))',
			fix: 'if it is a number of Ghana (+233), write it as +233241234567; otherwise correct the digits',
		});
		expect(readPhoneNumber('233241234567', { ...UK, check: 'lenient' })).toMatchObject({
			ok: true,
			number: '233241234567',
			country: 'Ghana (+233)',
		});
		// 12 digits are a possible length in Nigeria: there it reads both ways and is refused either way.
		expect(readPhoneNumber('233241234567', NIGERIA_LENIENT)).toMatchObject({
			ok: false,
			reason: expect.stringMatching(/^could be a number of Nigeria/),
		});
	});
});

describe('Lenient: a valid foreign number written without + is sent, its country named and a warning given', () => {
	it.each(TYPOS)('%j goes to %s', (input, country, why) => {
		expect(readPhoneNumber(input, GHANA_LENIENT)).toEqual({
			ok: true,
			number: input,
			key: input,
			country,
			warning: `was read as an international number of ${country} written without its plus sign (it ${why}); it is sent as ${input} because Number Check is Lenient`,
		});
	});

	it('a foreign number without + that is not valid abroad either is refused, Lenient or not', () => {
		const reason =
			'is too long for Ghana (+233), and read as an international number (+2411234567) it is not valid in Gabon (+241) either';
		for (const rules of [GHANA, GHANA_LENIENT]) {
			expect(readPhoneNumber('2411234567', rules)).toEqual({
				ok: false,
				reason,
				fix: 'check the digits; a number of another country is written with its country code and a plus sign (+…)',
			});
		}
	});

	it('a number that reads both ways (possible at home, valid abroad) is still refused', () => {
		expect(readPhoneNumber('68221234', GHANA_LENIENT)).toMatchObject({
			ok: false,
			reason: expect.stringMatching(/^could be a number of Ghana/),
		});
	});
});

describe('a national layout is never read as a country code', () => {
	const LAYOUT_FIX =
		'check the digits; a number of another country is written with its country code and a plus sign (+…); if it is a number of Ghana (+233), give it as 0241234567, 233241234567 or +233241234567';

	// (201) 555-0123 is a US number, not Egypt's +20; 131 2345 6789 a Chinese mobile, not the +1 of 13123456789.
	it.each([
		'(201) 555-0123',
		'201-555-0123',
		'201.555.0123',
		'131 2345 6789',
		'(44) 7911 123456',
		'(233) 24 123 4567 8',
	])(
		'%j is read only as a number of the home country, and refused there, Strict or Lenient',
		(input) => {
			for (const rules of [GHANA, GHANA_LENIENT]) {
				expect(readPhoneNumber(input, rules)).toEqual({
					ok: false,
					reason: expect.stringMatching(/^is too long for Ghana \(\+233\)$/),
					fix: LAYOUT_FIX,
				});
			}
		},
	);

	it('a first group that is exactly a calling code may be one (Lenient sends it, naming the country)', () => {
		expect(readPhoneNumber('1 201 555 0123', GHANA_LENIENT)).toMatchObject({
			ok: true,
			number: '12015550123',
			country: 'United States (+1)',
		});
		expect(readPhoneNumber('20 15 576 832', GHANA_LENIENT)).toMatchObject({
			ok: true,
			number: '2015576832',
			country: 'Egypt (+20)',
		});
	});

	it('on an account at home in the United States, (201) 555-0123 is its own number', () => {
		expect(readPhoneNumber('(201) 555-0123', { callingCode: '1', check: 'strict' })).toEqual({
			ok: true,
			number: '12015550123',
			key: '12015550123',
		});
	});

	it('property: whatever its digits, a number whose first group is in parentheses never goes abroad', () => {
		fc.assert(
			fc.property(
				fc.stringMatching(/^[1-9][0-9]{1,3}$/),
				fc.stringMatching(/^[0-9]{6,9}$/),
				fc.constantFrom(GHANA, GHANA_LENIENT),
				(group, rest, rules) => {
					const read = readPhoneNumber(`(${group}) ${rest}`, rules);
					if (read.ok) expect(read.key.startsWith('233')).toBe(true);
				},
			),
		);
	});
});

describe('properties of the rule', () => {
	/** Not 00…: that is the international prefix. */
	const digits = fc.stringMatching(/^[0-9]{8,13}$/).filter((text) => !text.startsWith('00'));

	it('Strict: digits without + or 00 read as a number of the home country, or are refused', () => {
		fc.assert(
			fc.property(digits, fc.constantFrom(GHANA, NIGERIA), (text, rules) => {
				const read = readPhoneNumber(text, rules);
				if (read.ok) {
					expect(read.key.startsWith(rules.callingCode)).toBe(true);
					expect(read.country).toBeUndefined();
				}
			}),
			{ numRuns: 2000 },
		);
	});

	it('Lenient: a number sent abroad from digits without + always names its country and warns', () => {
		fc.assert(
			fc.property(digits, (text) => {
				const read = readPhoneNumber(text, GHANA_LENIENT);
				if (read.ok && !read.key.startsWith('233')) {
					// A non-geographic code (+800, +979) has no country name: its code alone.
					expect(read.country).toMatch(/\+\d{1,3}\)?$/);
					expect(read.warning).toMatch(/^was read as an international number of /);
				}
			}),
			{ numRuns: 2000 },
		);
	});

	it('with a + in front, a number is never read in the home country unless its code is there', () => {
		fc.assert(
			fc.property(fc.stringMatching(/^[1-9][0-9]{7,12}$/), (text) => {
				const read = readPhoneNumber(`+${text}`, GHANA_LENIENT);
				if (read.ok && !text.startsWith('233')) expect(read.key.startsWith('233')).toBe(false);
				if (read.ok) expect(read.country).toBeUndefined();
			}),
		);
	});
});

describe('NumberRules.homeUnknown: the home country could not be learned', () => {
	const homeUnknown = "the account's home country could not be read from its profile (HTTP 500)";
	const fix =
		'set the option Default Country Code (233 for Ghana), or write the number with its country code and a plus sign (+…)';

	it('every number not written as international is refused before anything else is decided, and each is reported as read at home', () => {
		let homeReads = 0;
		const rules: NumberRules = {
			callingCode: '233',
			check: 'lenient',
			homeUnknown,
			homeRead: () => homeReads++,
		};
		for (const input of [
			'0241234567',
			'241234567',
			'233241234567',
			'2417350912',
			'(201) 555-0123',
			'0301234567',
		]) {
			expect(readPhoneNumber(input, rules)).toEqual({
				ok: false,
				reason: `has no country code, and ${homeUnknown}`,
				fix,
			});
		}
		expect(homeReads).toBe(6);
	});

	it('numbers written as international are read as ever, and not reported as read at home', () => {
		let homeReads = 0;
		const rules: NumberRules = {
			callingCode: '233',
			check: 'strict',
			homeUnknown,
			homeRead: () => homeReads++,
		};
		expect(readPhoneNumber('+233241234567', rules)).toEqual({
			ok: true,
			number: '233241234567',
			key: '233241234567',
		});
		expect(readPhoneNumber('+44 7911 123456', rules)).toEqual({
			ok: true,
			number: '447911123456',
			key: '447911123456',
		});
		expect(readPhoneNumber('00233 24 123 4567', rules)).toEqual({
			ok: true,
			number: '233241234567',
			key: '233241234567',
		});
		expect(readPhoneNumber('024abc', rules).ok).toBe(false);
		expect(homeReads).toBe(0);
		// A foreign number written 00… may be a home number with its 0 typed twice: that reading asks the home country.
		expect(readPhoneNumber('00 44 7911 123456', rules)).toEqual({
			ok: true,
			number: '447911123456',
			key: '447911123456',
		});
		expect(homeReads).toBe(1);
	});

	it('without homeUnknown, homeRead is still called for the home country’s own code without + (its reading depends on the home country)', () => {
		let homeReads = 0;
		const rules: NumberRules = { callingCode: '233', check: 'strict', homeRead: () => homeReads++ };
		for (const input of ['233241234567', '0241234567', '2417350912', '+233241234567'])
			readPhoneNumber(input, rules);
		expect(homeReads).toBe(3);
	});
});
