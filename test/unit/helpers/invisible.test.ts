/**
 * Empty is empty: a text that shows nothing (controls, format and zero-width characters, white
 * space) is named by its code points, so the item error can say what it holds; a real text with an
 * invisible character inside is a text.
 */
import { describeInvisible, invisibleCharacters } from '../../../nodes/SmsOnlineGh/helpers/invisible';
import { emptyText } from '../../../nodes/SmsOnlineGh/items/fields';

describe('a text that shows nothing', () => {
	it.each([
		['U+0000 alone', '\u0000', ['U+0000'], 'is empty: it holds only invisible characters (U+0000); '],
		['U+200B alone', '\u200B', ['U+200B'], 'is empty: it holds only invisible characters (U+200B); '],
		['U+FEFF and spaces', '\uFEFF  ', ['U+FEFF'], 'is empty: it holds only invisible characters (U+FEFF) and white space; '],
		['a no-break space', '\u00A0', ['U+00A0'], 'is empty: it holds only invisible characters (U+00A0); '],
		['a word joiner, a soft hyphen, a Hangul filler, a tab', '\u2060\u00AD\u3164\t', ['U+2060', 'U+00AD', 'U+3164'], 'is empty: it holds only invisible characters (U+2060, U+00AD, U+3164) and white space; '],
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
