/**
 * The fast paths read every number exactly as the library path does: the shapes read with a test or
 * two (numbers/shape.ts's quickShape) and the library's parse on compiled plans (numbers/parse.ts), held
 * against the same reading with the long shape path and the library alone (validatePhoneNumberLength,
 * then parsePhoneNumberWithError, as the reading was first written), over every form a number takes.
 */
import fc from 'fast-check';
import examplesJson from 'libphonenumber-js/examples.mobile.json';
import metadataJson from 'libphonenumber-js/metadata.max.json';
import {
	getCountryCallingCode,
	parsePhoneNumberWithError,
	validatePhoneNumberLength,
} from 'libphonenumber-js/core';
import type * as LibraryCore from 'libphonenumber-js/core';
import type { CountryCode } from 'libphonenumber-js/core';

import { parseDigits, type PlanReading } from '../../../nodes/SmsOnlineGh/numbers/parse';
import type { NumberRules, ReadNumber } from '../../../nodes/SmsOnlineGh/numbers/read';
import { readPhoneNumber } from '../../../nodes/SmsOnlineGh/numbers/reading';

const NUMBERS = '../../../nodes/SmsOnlineGh/numbers';

// The library's entry points, counted: a number is parsed by the library once at most.
jest.mock('libphonenumber-js/core', () => {
	const actual = jest.requireActual<typeof LibraryCore>('libphonenumber-js/core');
	return {
		...actual,
		parsePhoneNumberWithError: jest.fn(actual.parsePhoneNumberWithError),
		validatePhoneNumberLength: jest.fn(actual.validatePhoneNumberLength),
	};
});
const parses = () =>
	(parsePhoneNumberWithError as jest.Mock).mock.calls.length +
	(validatePhoneNumberLength as jest.Mock).mock.calls.length;

/** The library alone, two parses: the reference every fast path is held to. */
function libraryReading(text: string, options: { defaultCallingCode?: string }): PlanReading {
	const lengthProblem = validatePhoneNumberLength(text, options, metadataJson);
	try {
		const number = parsePhoneNumberWithError(text, options, metadataJson);
		return {
			possible: lengthProblem === undefined && number.isPossible(),
			valid: lengthProblem === undefined && number.isValid(),
			international: number.number.slice(1),
			country: number.country,
			callingCode: number.countryCallingCode,
			lengthProblem,
		};
	} catch (error) {
		return {
			possible: false,
			valid: false,
			lengthProblem: lengthProblem ?? (error as Error).message,
		};
	}
}

type Read = typeof readPhoneNumber;

/** readPhoneNumber loaded again with no fast path: every shape the long way, every plan by the library. */
function referenceReader(): Read {
	let reader: Read | undefined;
	jest.isolateModules(() => {
		jest.doMock(`${NUMBERS}/plans`, () => ({
			...jest.requireActual(`${NUMBERS}/plans`),
			readNational: (digits: string, code: string) =>
				libraryReading(digits, { defaultCallingCode: code }),
			readInternational: (digits: string) => libraryReading(`+${digits}`, {}),
			validNational: (digits: string, code: string) =>
				libraryReading(digits, { defaultCallingCode: code }).valid,
		}));
		jest.doMock(`${NUMBERS}/shape`, () => ({
			...jest.requireActual(`${NUMBERS}/shape`),
			quickShape: () => undefined,
		}));
		reader = jest.requireActual<{ readPhoneNumber: Read }>(`${NUMBERS}/reading`).readPhoneNumber;
	});
	if (!reader) throw new Error('reference reader not loaded');
	return reader;
}
const reference = referenceReader();

const examples = examplesJson as Record<string, string>;
/** A mobile number of every country the library has an example for: [calling code, national number]. */
const EXAMPLES = Object.keys(examples).map(
	(country) =>
		[
			getCountryCallingCode(country as CountryCode, metadataJson) as string,
			examples[country],
		] as const,
);
/** Every calling code of the metadata, non-geographic ones (800, 882…) included. */
const ALL_CODES = Object.keys(
	(metadataJson as { country_calling_codes: Record<string, string[]> }).country_calling_codes,
);

/** Home countries: Ghana, Nigeria, and calling codes several countries share (44, 1), Germany, India. */
const HOMES = ['233', '234', '44', '1', '49', '91'];
const rulesArb: fc.Arbitrary<NumberRules> = fc.record({
	callingCode: fc.constantFrom(...HOMES),
	check: fc.constantFrom('strict' as const, 'lenient' as const, 'possible' as const),
});

/** A national number near a real one: an example (often the home country's), its last digits changed, perhaps one digit more or less. */
const nationalArb = fc
	.tuple(
		fc.oneof(
			{
				weight: 3,
				arbitrary: fc.constantFrom(
					...EXAMPLES.filter(([code]) => HOMES.includes(code) || code === '241'),
				),
			},
			fc.constantFrom(...EXAMPLES),
		),
		fc.stringMatching(/^[0-9]{0,4}$/),
		fc.constantFrom(-1, 0, 0, 0, 1),
	)
	.map(([[code, national], tail, change]) => {
		const changed = national.slice(0, national.length - tail.length) + tail;
		const sized = change < 0 ? changed.slice(0, -1) : change > 0 ? `${changed}7` : changed;
		return { code, national: sized };
	});

/** Every form a number is written in: the digits of each, then perhaps grouped. */
const FORMS: Array<(code: string, national: string) => string> = [
	(_, n) => `0${n}`,
	(_, n) => n,
	(c, n) => c + n,
	(c, n) => `+${c}${n}`,
	(c, n) => `00${c}${n}`,
	(c, n) => `+${c} (0) ${n}`,
	(c, n) => `+${c}0${n}`,
	(c, n) => `+${c} (0)${n}`,
	(c, n) => `00${c}0${n}`,
	(_, n) => `1${n}`,
];

/** Spaces, dashes, dots or parentheses put into the digits at random places. */
function grouped(text: string, cuts: number[], separator: string): string {
	const start = text.startsWith('+') ? 1 : 0;
	const places = [
		...new Set(cuts.map((cut) => start + 1 + (cut % Math.max(1, text.length - start - 1)))),
	].sort((a, b) => a - b);
	let out = '';
	let last = 0;
	for (const place of places) {
		out += text.slice(last, place) + separator;
		last = place;
	}
	return out + text.slice(last);
}

const writtenArb = fc
	.tuple(
		nationalArb,
		fc.constantFrom(...FORMS),
		fc.option(
			fc.tuple(
				fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
				fc.constantFrom(' ', '-', '.', ' - '),
			),
		),
	)
	.map(([{ code, national }, form, layout]) => {
		const text = form(code, national);
		if (!layout) return text;
		const [cuts, separator] = layout;
		// A first group in parentheses, the way a national layout writes its area code, now and then.
		return cuts[0] % 5 === 0 && !text.startsWith('+')
			? `(${text.slice(0, 3)}) ${grouped(text.slice(3), cuts, separator)}`
			: grouped(text, cuts, separator);
	});

/** Inputs refused or read the long way: letters, signs, control and invisible characters, spreadsheet forms, odd lengths. */
const oddArb = fc.oneof(
	fc.stringMatching(/^\+?[0-9]{1,16}$/),
	fc.stringMatching(/^(00|\+)?[0-9 ().-]{0,18}$/),
	fc
		.tuple(
			writtenArb,
			fc.constantFrom(
				'a',
				'O',
				'-',
				'+',
				'\u0000',
				'\u00AD',
				'\u200E',
				'\u202A',
				' ',
				'\t',
				'.0',
				'E+11',
				'#',
			),
		)
		.map(([text, extra]) => `${extra}${text}`),
	fc
		.tuple(
			writtenArb,
			fc.constantFrom('a', '+', '\u0007', '\u00AD', '\u202C', ' ', '.0', '.00', 'x12'),
		)
		.map(([text, extra]) => `${text}${extra}`),
	writtenArb
		.map((text) => text.replace(/[^0-9+]/g, ''))
		.map((digits) =>
			digits.length > 2 ? `${digits[0]}.${digits.slice(1)}E+${digits.length - 1}` : digits,
		),
	fc.constantFrom(
		'',
		' ',
		'0000000000',
		'+000000000',
		'00000000',
		'-0241234567',
		'0241234567.0',
		'2.33241234567E+11',
		'2.3324123456E+11',
		'+800 1234 5678',
		'+882 1234 5678',
		'0080012345678',
	),
);

/** The reading, how often it asked for the home country, and how many times it called the library's parse. */
function read(
	reader: Read,
	text: string,
	rules: NumberRules,
): { read: ReadNumber; homeReads: number } {
	let homeReads = 0;
	const before = parses();
	const result = reader(text, { ...rules, homeRead: () => homeReads++ });
	libraryParses = parses() - before;
	return { read: result, homeReads };
}
let libraryParses = 0;

/** The fast reading equals the reference's, and took one library parse at most: it gives how many. */
function expectSameReading(text: string, rules: NumberRules): number {
	const fast = read(readPhoneNumber, text, rules);
	const fastParses = libraryParses;
	expect(fastParses).toBeLessThanOrEqual(1);
	expect(fast).toStrictEqual(read(reference, text, rules));
	// The reference is the library path: it parses every number it reads by the plans.
	return fastParses;
}

describe('fast paths: the library’s reading exactly', () => {
	it('the compiled parse gives the library’s reading of digits, national and international, in every calling code', () => {
		fc.assert(
			fc.property(
				fc.constantFrom(...ALL_CODES),
				fc.stringMatching(/^[0-9]{2,14}$/),
				fc.boolean(),
				(code, digits, withCode) => {
					const text = withCode ? code + digits : digits;
					const national = parseDigits(text, code);
					if (national)
						expect(national).toEqual(libraryReading(text, { defaultCallingCode: code }));
					const international = parseDigits(code + digits);
					if (international) expect(international).toEqual(libraryReading(`+${code}${digits}`, {}));
				},
			),
			{ numRuns: 4000 },
		);
	});

	it('the compiled parse gives the library’s reading of numbers near real ones, with and without their trunk', () => {
		fc.assert(
			fc.property(nationalArb, fc.constantFrom('', '0', '1', '8', '00'), (number, trunk) => {
				const { code, national } = number;
				for (const [text, options] of [
					[trunk + national, { defaultCallingCode: code }],
					[code + trunk + national, { defaultCallingCode: code }],
					[`+${code}${trunk}${national}`, {}],
				] as const) {
					const fast = options.defaultCallingCode
						? parseDigits(text, options.defaultCallingCode)
						: parseDigits(text.slice(1));
					if (fast) expect(fast).toEqual(libraryReading(text, options));
				}
			}),
			{ numRuns: 4000 },
		);
	});

	it('every form of a number near a real one reads as the library path reads it, every Number Check, in every home country', () => {
		fc.assert(
			fc.property(writtenArb, rulesArb, (text, rules) => {
				expectSameReading(text, rules);
			}),
			{ numRuns: 5000 },
		);
	});

	it('the library path does parse: the count above is of real calls', () => {
		read(reference, '0241234567', { callingCode: '233', check: 'strict' });
		expect(libraryParses).toBe(2);
		read(readPhoneNumber, '+800 1234 5678', { callingCode: '233', check: 'strict' });
		expect(libraryParses).toBe(1);
	});

	it('refused and odd inputs read as the library path reads them', () => {
		fc.assert(
			fc.property(oddArb, rulesArb, (text, rules) => {
				expectSameReading(text, rules);
			}),
			{ numRuns: 3000 },
		);
	});

	it('a home country that cannot be read: the same refusals and the same international readings', () => {
		fc.assert(
			fc.property(fc.oneof(writtenArb, oddArb), (text) => {
				expectSameReading(text, {
					callingCode: '233',
					check: 'strict',
					homeUnknown: 'the profile could not be read',
				});
			}),
			{ numRuns: 500 },
		);
	});

	it('the forms of docs/phone-numbers.md’s table, each read as the library path reads it, none by the library’s parse', () => {
		const forms = [
			'0241234567',
			'241234567',
			'233241234567',
			'+233241234567',
			'+233 24 123 4567',
			'024 123 4567',
			'024-123-4567',
			'(024) 123-4567',
			'024.123.4567',
			'00233241234567',
			'+233 (0) 24 123 4567',
			'+2330241234567',
			'+44 7911 123456',
			'0044 7911 123456',
			'447911123456',
			'0301234567',
			'02412345',
			'2411234567',
			'68221234',
			'00597350912',
			'024abc4567',
			'-0241234567',
			'0241234567.0',
			'2.33241234567E+11',
		];
		for (const text of forms) {
			for (const check of ['strict', 'lenient', 'possible'] as const) {
				const rules: NumberRules = { callingCode: '233', check };
				expect(expectSameReading(text, rules)).toBe(0);
			}
		}
	});
});
