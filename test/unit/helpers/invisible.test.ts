/**
 * Characters a person cannot see. Empty is empty: a text that shows nothing (controls, format and
 * zero-width characters, white space) is named by its code points, so the item error can say what
 * it holds; a real text with an invisible character inside is a text. In a number, direction marks
 * and zero-width characters are removed and any other invisible character is named by code point.
 */
import fc from 'fast-check';

import {
	describeInvisible,
	invisibleCharacters,
	quoteNumber,
	showCharacter,
} from '../../../nodes/SmsOnlineGh/helpers/invisible';
import { emptyText } from '../../../nodes/SmsOnlineGh/items/fields';
import type { NumberRules } from '../../../nodes/SmsOnlineGh/numbers/home';
import { readPhoneNumber } from '../../../nodes/SmsOnlineGh/numbers/reading';
import { splitPhoneNumbers } from '../../../nodes/SmsOnlineGh/numbers/split';

describe('a text that shows nothing', () => {
	it.each([
		[
			'U+0000 alone',
			'\u0000',
			['U+0000'],
			'is empty: it holds only invisible characters (U+0000); ',
		],
		[
			'U+200B alone',
			'\u200B',
			['U+200B'],
			'is empty: it holds only invisible characters (U+200B); ',
		],
		[
			'U+FEFF and spaces',
			'\uFEFF  ',
			['U+FEFF'],
			'is empty: it holds only invisible characters (U+FEFF) and white space; ',
		],
		[
			'a no-break space',
			'\u00A0',
			['U+00A0'],
			'is empty: it holds only invisible characters (U+00A0); ',
		],
		[
			'a word joiner, a soft hyphen, a Hangul filler, a tab',
			'\u2060\u00AD\u3164\t',
			['U+2060', 'U+00AD', 'U+3164'],
			'is empty: it holds only invisible characters (U+2060, U+00AD, U+3164) and white space; ',
		],
		['spaces alone (named as before)', '   ', [], 'is empty: '],
		['nothing', '', [], 'is empty: '],
	])('%s', (_what, text, named, problem) => {
		expect(invisibleCharacters(text)).toEqual(named);
		expect(emptyText(text)).toBe(problem);
	});

	it('names at most five, then how many more', () => {
		const text = '\u200B\u200C\u200D\u2060\u2061\u2062\u2063';
		expect(describeInvisible(text, invisibleCharacters(text) ?? [])).toBe(
			'only invisible characters (U+200B, U+200C, U+200D, U+2060, U+2061 and 2 more)',
		);
	});
});

describe('a text that shows something is not empty', () => {
	it.each([
		['a real text with a ZWSP inside', 'See\u200B you'],
		['a ZWSP before the text', '\u200BSee you'],
		['Twi', 'ɛnɛ'],
		['an emoji after a no-break space', '\u00A0🎉'],
		['a full stop', '.'],
	])('%s', (_what, text) => {
		expect(invisibleCharacters(text)).toBeUndefined();
		expect(emptyText(text)).toBeUndefined();
	});
});

const GHANA: NumberRules = { callingCode: '233', check: 'strict' };

/** Direction marks and zero-width characters: they change no digit. */
const HARMLESS = [
	'\u200E',
	'\u200F',
	'\u061C',
	'\u202A',
	'\u202B',
	'\u202C',
	'\u202D',
	'\u202E',
	'\u2066',
	'\u2067',
	'\u2068',
	'\u2069',
	'\u200B',
	'\u200C',
	'\u200D',
	'\u2060',
	'\uFEFF',
];

describe('invisible characters in a number', () => {
	it('a number in the direction marks a phone’s contact list adds is read as the number', () => {
		expect(readPhoneNumber('\u202A+233 24 123 4567\u202C', GHANA)).toEqual({
			ok: true,
			number: '233241234567',
			key: '233241234567',
		});
		expect(readPhoneNumber('\u202A0241234567\u202C', GHANA)).toEqual({
			ok: true,
			number: '0241234567',
			key: '233241234567',
		});
		expect(readPhoneNumber('\u2068024\u200B123\u200D4567\u2069', GHANA)).toEqual({
			ok: true,
			number: '0241234567',
			key: '233241234567',
		});
	});

	it('every direction mark and zero-width character, anywhere in any form of a number, is removed', () => {
		const forms = [
			'0241234567',
			'241234567',
			'+233241234567',
			'024 123 4567',
			'00233241234567',
			'233241234567',
		];
		fc.assert(
			fc.property(
				fc.constantFrom(...forms),
				fc.constantFrom(...HARMLESS),
				fc.nat(),
				(form, mark, at) => {
					const position = at % (form.length + 1);
					const read = readPhoneNumber(
						form.slice(0, position) + mark + form.slice(position),
						GHANA,
					);
					expect(read.ok && read.key).toBe('233241234567');
				},
			),
		);
	});

	it('any other invisible character is named by its code point, never shown raw', () => {
		expect(readPhoneNumber('024\u00AD1234567', GHANA)).toEqual({
			ok: false,
			reason: 'contains U+00AD',
			fix: 'give it as 0241234567, 233241234567 or +233241234567',
		});
		expect(readPhoneNumber('024#123\u034F4567', GHANA)).toMatchObject({
			ok: false,
			reason: 'contains "#", U+034F',
		});
		expect(readPhoneNumber('0241234567\uE000', GHANA)).toMatchObject({
			ok: false,
			reason: 'contains U+E000',
		});
		expect(readPhoneNumber('0241234567\u{E0041}', GHANA)).toMatchObject({
			ok: false,
			reason: 'contains U+E0041',
		});
	});

	it('a refusal’s reason never holds an invisible character, whatever is in the number', () => {
		const invisible = fc.constantFrom(
			'\u00AD',
			'\u034F',
			'\u180E',
			'\u2061',
			'\u2062',
			'\u206A',
			'\uFFF9',
			'\uE000',
			'\u0300',
		);
		fc.assert(
			fc.property(
				fc.stringMatching(/^[0-9]{5}$/),
				invisible,
				fc.stringMatching(/^[0-9]{5}$/),
				(before, character, after) => {
					const read = readPhoneNumber(before + character + after, GHANA);
					expect(read.ok).toBe(false);
					if (!read.ok) expect(read.reason).toMatch(/^contains U\+[0-9A-F]{4}$/);
				},
			),
		);
	});

	it('showCharacter quotes a visible character and names an invisible one', () => {
		expect(['#', '\u00AD', '\u202A', '\u00A0', '\u0301'].map(showCharacter)).toEqual([
			'"#"',
			'U+00AD',
			'U+202A',
			'U+00A0',
			'U+0301',
		]);
	});

	it('quoteNumber escapes what a person cannot see, as JSON escapes a control character', () => {
		expect(quoteNumber('024\u00AD123 4567')).toBe('"024\\u00AD123 4567"');
		expect(quoteNumber('\u202A0241234567\u202C')).toBe('"\\u202A0241234567\\u202C"');
		expect(quoteNumber('\u0000')).toBe('"\\u0000"');
		expect(quoteNumber('0241234567\u{E0041}')).toBe('"0241234567\\u{E0041}"');
		expect(quoteNumber('+233 24 123 4567')).toBe('"+233 24 123 4567"');
	});

	it('numbers each wrapped in direction marks and separated by spaces are still several numbers', () => {
		expect(splitPhoneNumbers('\u202A0241234567\u202C \u202A0551234567\u202C')).toEqual([
			'\u202A0241234567\u202C',
			'\u202A0551234567\u202C',
		]);
	});
});
