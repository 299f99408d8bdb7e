import fc from 'fast-check';

import {
	countParts,
	detectEncoding,
	type Encoding,
	isGsmCharacter,
	isGsmText,
	nonGsmCharacters,
	PART_LIMITS,
} from '../../../nodes/SmsOnlineGh/helpers/encoding';

// Independent copy of 3GPP TS 23.038 (GSM 03.38) 6.2.1, written as Unicode code points per
// table position 0x00-0x7F (null at 0x1B, the escape to the extension table).
// prettier-ignore
const BASIC_CODE_POINTS: Array<number | null> = [
	0x40, 0xa3, 0x24, 0xa5, 0xe8, 0xe9, 0xf9, 0xec, 0xf2, 0xc7, 0x0a, 0xd8, 0xf8, 0x0d, 0xc5, 0xe5,
	0x394, 0x5f, 0x3a6, 0x393, 0x39b, 0x3a9, 0x3a0, 0x3a8, 0x3a3, 0x398, 0x39e, null, 0xc6, 0xe6, 0xdf, 0xc9,
	0x20, 0x21, 0x22, 0x23, 0xa4, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f,
	0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f,
	0xa1, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e, 0x4f,
	0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0xc4, 0xd6, 0xd1, 0xdc, 0xa7,
	0xbf, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x6b, 0x6c, 0x6d, 0x6e, 0x6f,
	0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0xe4, 0xf6, 0xf1, 0xfc, 0xe0,
];
// 3GPP TS 23.038 6.2.1.1 extension table: FF ^ { } \ [ ~ ] | €
const EXTENSION_CODE_POINTS = [0x0c, 0x5e, 0x7b, 0x7d, 0x5c, 0x5b, 0x7e, 0x5d, 0x7c, 0x20ac];

const BASIC = BASIC_CODE_POINTS.filter((c): c is number => c !== null).map((c) =>
	String.fromCodePoint(c),
);
const EXTENSION = EXTENSION_CODE_POINTS.map((c) => String.fromCodePoint(c));

function referenceSeptets(char: string): number | undefined {
	if (BASIC.includes(char)) return 1;
	if (EXTENSION.includes(char)) return 2;
	return undefined;
}

describe('isGsmText', () => {
	it('has 127 basic characters and 10 extension characters in the reference tables', () => {
		expect(BASIC).toHaveLength(127);
		expect(new Set(BASIC).size).toBe(127);
		expect(EXTENSION).toHaveLength(10);
	});

	it.each(BASIC.map((c) => [JSON.stringify(c), c]))(
		'accepts basic character %s',
		(_shown, char) => {
			expect(isGsmText(char)).toBe(true);
			expect(isGsmCharacter(char)).toBe(true);
		},
	);

	it.each(EXTENSION.map((c) => [JSON.stringify(c), c]))(
		'accepts extension character %s',
		(_shown, char) => {
			expect(isGsmText(char)).toBe(true);
		},
	);

	const cases: Array<[string, string, boolean]> = [
		['empty text', '', true],
		['plain English', 'Hello, your code is 1234.', true],
		['all basic punctuation', ' !"#¤%&\'()*+,-./:;<=>?¡¿§', true],
		['Greek capitals of the table', 'ΔΦΓΛΩΠΨΣΘΞ', true],
		['é is basic', 'café', true],
		['ê is not', 'fête', false],
		['capital Ç is basic', 'Ça', true],
		['small ç is not', 'ça', false],
		['à is basic', 'voilà', true],
		['À is not', 'À bientôt', false],
		['ë is not', 'Noël', false],
		['extension characters', '{[~^|\\€]}', true],
		['form feed', 'a\fb', true],
		['line feed and carriage return', 'a\r\nb', true],
		['tab is not', 'a\tb', false],
		['backtick is not', '`code`', false],
		['curly apostrophe is not', 'it’s', false],
		['non-breaking space is not', 'a\u00a0b', false],
		['escape control character is not text', 'a\u001bb', false],
		['emoji', 'ok 😀', false],
		['Cyrillic', 'Привет', false],
		['Arabic', 'مرحبا', false],
		['Akan letters', 'Ɛte sɛn', false],
		['Greek small letters are not', 'αβγ', false],
		['Latin look-alike O for Ω is basic anyway', 'O', true],
	];
	it.each(cases)('%s', (_name, text, expected) => {
		expect(isGsmText(text)).toBe(expected);
		expect(detectEncoding(text)).toBe(expected ? 'gsm' : 'unicode');
	});

	it('lists the characters GSM cannot carry', () => {
		expect(nonGsmCharacters('Ɛte sɛn 😀 ê😀')).toEqual(['Ɛ', 'ɛ', '😀', 'ê']);
		expect(nonGsmCharacters('plain')).toEqual([]);
	});

	it('property: agrees with the reference table, character by character', () => {
		const char = fc.oneof(
			fc.constantFrom(...BASIC, ...EXTENSION),
			fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
			fc.integer({ min: 0, max: 0x2ff }).map((c) => String.fromCodePoint(c)),
		);
		fc.assert(
			fc.property(fc.array(char, { maxLength: 20 }), (chars) => {
				const text = chars.join('');
				const expected = [...text].every((c) => referenceSeptets(c) !== undefined);
				expect(isGsmText(text)).toBe(expected);
				expect(detectEncoding(text)).toBe(expected ? 'gsm' : 'unicode');
			}),
			{ numRuns: 2000 },
		);
	});
});

describe('countParts', () => {
	const a = (n: number) => 'a'.repeat(n);
	const zh = (n: number) => 'ж'.repeat(n);
	const cases: Array<
		[string, string, Encoding, { characters: number; units: number; parts: number }]
	> = [
		['empty GSM text is one part', '', 'gsm', { characters: 0, units: 0, parts: 1 }],
		['empty Unicode text is one part', '', 'unicode', { characters: 0, units: 0, parts: 1 }],
		['one character', 'a', 'gsm', { characters: 1, units: 1, parts: 1 }],
		['160 GSM', a(160), 'gsm', { characters: 160, units: 160, parts: 1 }],
		['161 GSM', a(161), 'gsm', { characters: 161, units: 161, parts: 2 }],
		['306 GSM', a(306), 'gsm', { characters: 306, units: 306, parts: 2 }],
		['307 GSM', a(307), 'gsm', { characters: 307, units: 307, parts: 3 }],
		['459 GSM', a(459), 'gsm', { characters: 459, units: 459, parts: 3 }],
		['460 GSM', a(460), 'gsm', { characters: 460, units: 460, parts: 4 }],
		['extension counts 2', '€', 'gsm', { characters: 1, units: 2, parts: 1 }],
		[
			'80 euro signs fill one part',
			'€'.repeat(80),
			'gsm',
			{ characters: 80, units: 160, parts: 1 },
		],
		[
			'159 + extension = 161 septets',
			a(159) + '{',
			'gsm',
			{ characters: 160, units: 161, parts: 2 },
		],
		[
			'extension at the part boundary moves whole',
			a(152) + '€' + a(152),
			'gsm',
			{ characters: 305, units: 306, parts: 3 },
		],
		[
			'extension just before the boundary fits',
			a(151) + '€' + a(153),
			'gsm',
			{ characters: 305, units: 306, parts: 2 },
		],
		[
			'extension right after the boundary',
			a(153) + '€' + a(151),
			'gsm',
			{ characters: 305, units: 306, parts: 2 },
		],
		[
			'extension near the boundary, short text',
			a(152) + '€' + a(10),
			'gsm',
			{ characters: 163, units: 164, parts: 2 },
		],
		['é is one septet', 'é'.repeat(160), 'gsm', { characters: 160, units: 160, parts: 1 }],
		[
			'non-GSM character counts 1 septet under gsm',
			'ê',
			'gsm',
			{ characters: 1, units: 1, parts: 1 },
		],
		['70 Unicode', zh(70), 'unicode', { characters: 70, units: 70, parts: 1 }],
		['71 Unicode', zh(71), 'unicode', { characters: 71, units: 71, parts: 2 }],
		['134 Unicode', zh(134), 'unicode', { characters: 134, units: 134, parts: 2 }],
		['135 Unicode', zh(135), 'unicode', { characters: 135, units: 135, parts: 3 }],
		['GSM text sent as Unicode', a(71), 'unicode', { characters: 71, units: 71, parts: 2 }],
		['euro sign as Unicode is one unit', '€', 'unicode', { characters: 1, units: 1, parts: 1 }],
		['emoji counts 2 units', '😀', 'unicode', { characters: 1, units: 2, parts: 1 }],
		['35 emoji fill one part', '😀'.repeat(35), 'unicode', { characters: 35, units: 70, parts: 1 }],
		['36 emoji', '😀'.repeat(36), 'unicode', { characters: 36, units: 72, parts: 2 }],
		[
			'emoji at the part boundary moves whole',
			zh(66) + '😀' + zh(66),
			'unicode',
			{ characters: 133, units: 134, parts: 3 },
		],
		['mixed scripts', 'Hello Ɛsi 😀!', 'unicode', { characters: 12, units: 13, parts: 1 }],
	];
	it.each(cases)('%s', (_name, text, encoding, expected) => {
		expect(countParts(text, encoding)).toEqual(expected);
	});

	it('exposes the usual GSM and UCS-2 part limits', () => {
		expect(PART_LIMITS).toEqual({
			gsm: { single: 160, multi: 153 },
			unicode: { single: 70, multi: 67 },
		});
	});

	const char = fc.oneof(
		fc.constantFrom('a', ' ', '€', '{', '\f', 'é', 'ê', 'ж', '😀', '\n', 'Ω'),
		fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
	);
	const text = (maxLength: number) => fc.array(char, { maxLength }).map((cs) => cs.join(''));
	const encoding = fc.constantFrom<Encoding>('gsm', 'unicode');

	function referenceUnits(t: string, enc: Encoding): number {
		if (enc === 'unicode') return t.length;
		let total = 0;
		for (const c of Array.from(t)) total += referenceSeptets(c) ?? 1;
		return total;
	}

	it('property: monotone — appending text never lowers units or parts', () => {
		fc.assert(
			fc.property(text(400), text(200), encoding, (head, tail, enc) => {
				const before = countParts(head, enc);
				const after = countParts(head + tail, enc);
				expect(after.characters).toBeGreaterThanOrEqual(before.characters);
				expect(after.units).toBeGreaterThanOrEqual(before.units);
				expect(after.parts).toBeGreaterThanOrEqual(before.parts);
			}),
			{ numRuns: 1000 },
		);
	});

	it('property: one part iff units fit the single-part limit; bounds on parts otherwise', () => {
		fc.assert(
			fc.property(text(600), encoding, (t, enc) => {
				const { characters, units, parts } = countParts(t, enc);
				const { single, multi } = PART_LIMITS[enc];
				expect(characters).toBe(Array.from(t).length);
				expect(units).toBe(referenceUnits(t, enc));
				expect(parts === 1).toBe(units <= single);
				if (units > single) {
					// Each part holds at most `multi` units, and at least multi - 1 except the last
					// (a character costs at most 2 units).
					expect(parts).toBeGreaterThanOrEqual(Math.ceil(units / multi));
					expect(parts).toBeLessThanOrEqual(Math.ceil(units / (multi - 1)));
				}
			}),
			{ numRuns: 1000 },
		);
	});

	it('property: text of single-unit characters has exactly ceil(units / multi) parts above the limit', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 1000 }), encoding, (n, enc) => {
				const { single, multi } = PART_LIMITS[enc];
				const { parts } = countParts('x'.repeat(n), enc);
				expect(parts).toBe(n <= single ? 1 : Math.ceil(n / multi));
			}),
		);
	});

	it('property: characters, units and parts as a character-by-character layout from the reference tables', () => {
		// Lone surrogates too: they are characters of their own, one unit each.
		const anyChar = fc.oneof(char, fc.constantFrom('\ud83d', '\ude00', '\udbff'));
		fc.assert(
			fc.property(fc.array(anyChar, { maxLength: 400 }), encoding, (chars, enc) => {
				const t = chars.join('');
				const { multi, single } = PART_LIMITS[enc];
				let units = 0;
				let parts = 1;
				let inPart = 0;
				const codePoints = Array.from(t);
				for (const c of codePoints) {
					const cost = enc === 'unicode' ? c.length : referenceSeptets(c) === 2 ? 2 : 1;
					units += cost;
					if (inPart + cost > multi) [parts, inPart] = [parts + 1, 0];
					inPart += cost;
				}
				expect(countParts(t, enc)).toEqual({
					characters: codePoints.length,
					units,
					parts: units <= single ? 1 : parts,
				});
			}),
			{ numRuns: 2000 },
		);
	});

	describe('stopAbove: counting stops once the text surely needs more parts', () => {
		it('property: the same parts as a full count up to stopAbove, and stopAbove + 1 beyond', () => {
			fc.assert(
				fc.property(text(900), encoding, fc.integer({ min: 1, max: 8 }), (t, enc, stopAbove) => {
					const full = countParts(t, enc);
					const cut = countParts(t, enc, stopAbove);
					if (full.parts <= stopAbove) expect(cut).toEqual(full);
					else expect(cut.parts).toBe(stopAbove + 1);
				}),
				{ numRuns: 2000 },
			);
		});

		it('a text of 10 MB is read only to its 11th part', () => {
			const { parts, units } = countParts('x'.repeat(10 * 1024 * 1024), 'gsm', 10);
			expect(parts).toBe(11);
			// Ten full parts of 153, then the first septet of the eleventh.
			expect(units).toBe(10 * 153 + 1);
		});

		it('one part past 160 septets, not at 154: a text of 155 septets is one part', () => {
			expect(countParts('x'.repeat(155), 'gsm', 1).parts).toBe(1);
			expect(countParts('x'.repeat(161), 'gsm', 1)).toEqual({
				characters: 161,
				units: 161,
				parts: 2,
			});
		});
	});
});
