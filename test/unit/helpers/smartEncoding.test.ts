/**
 * Smart Encoding's table: each look-alike and what it becomes, and the texts that must stay as
 * they are because they need Unicode for real.
 */
import { countParts, isGsmCharacter, isGsmText } from '../../../nodes/SmsOnlineGh/helpers/encoding';
import {
	LOOK_ALIKES,
	lookAlikesOf,
	replaceLookAlikes,
	smartEncode,
} from '../../../nodes/SmsOnlineGh/helpers/smartEncoding';

describe('Smart Encoding: the look-alikes', () => {
	it.each([
		['We’re open', "We're open"],
		['‘quoted’', "'quoted'"],
		['“Hello”', '"Hello"'],
		['„low“', '"low"'],
		['«Fin»', '"Fin"'],
		['9–5', '9-5'],
		['now — later', 'now - later'],
		['‑ ‐ ‒ ―', '- - - -'],
		['5 − 3', '5 - 3'],
		['Wait…', 'Wait...'],
		['GHS\u00A0100', 'GHS 100'],
		['a\u2009b\u202Fc\u3000d', 'a b c d'],
		['zero\u200Bwidth\uFEFF', 'zerowidth'],
		['soft\u00ADhyphen', 'softhyphen'],
		['• item', '- item'],
		['1⁄2', '1/2'],
		['It’s 9–5… “ok”', 'It\'s 9-5... "ok"'],
	])('%j becomes %j, which is GSM', (text, sent) => {
		expect(smartEncode(text)).toBe(sent);
		expect(isGsmText(sent)).toBe(true);
	});

	it('every look-alike is outside GSM 03.38 and becomes GSM text (never a letter)', () => {
		for (const [char, replacement] of LOOK_ALIKES) {
			expect([char, isGsmCharacter(char)]).toEqual([char, false]);
			expect([char, isGsmText(replacement)]).toEqual([char, true]);
			expect([char, /\p{L}/u.test(replacement)]).toEqual([char, false]);
			expect([char, /\p{L}/u.test(char)]).toEqual([char, false]);
		}
	});

	it('names each look-alike and where it stands', () => {
		expect(lookAlikesOf('We’re open – see you')).toEqual([
			{ char: '’', index: 2, replacement: "'" },
			{ char: '–', index: 11, replacement: '-' },
		]);
	});

	it('the issue’s example: a 160-character text, 3 parts as Unicode, 1 as GSM', () => {
		const text = `We’re open – see you tomorrow${'.'.repeat(160 - 29)}`;
		expect(text).toHaveLength(160);
		expect(countParts(text, 'unicode').parts).toBe(3);
		expect(countParts(smartEncode(text), 'gsm').parts).toBe(1);
	});
});

describe('Smart Encoding: texts that need Unicode for real stay as they are', () => {
	it.each([
		['Twi', 'Me da wo ase, ɛnɛ yɛ da pa’'],
		['Ewe', 'Akpe na wò – ŋdi nyuie'],
		['Ewe ƒ and ʋ', 'ƒe ʋu – “ok”'],
		['Ga', 'Ojekoo — ŋmɛnɛ'],
		['Twi ɔ', 'Wo ho te sɛn? Ɔyɛ’'],
		['emoji', 'Thanks 🎉 – see you'],
		['Arabic', 'شكرا – مع السلامة'],
		['Chinese', '谢谢 “朋友”'],
		['Cyrillic', 'Привет — мир'],
		['a lower-case ç', 'Ça va – ça va'],
	])('%s: %j', (_language, text) => {
		expect(lookAlikesOf(text)).toBeUndefined();
		expect(smartEncode(text)).toBe(text);
	});

	it.each([
		['plain GSM', 'Your order has shipped.'],
		['GSM with € and accents', 'Prix 10€ – é è ù ì ò'.replace(' –', '')],
		['empty', ''],
	])('%s is GSM already: left as it is', (_what, text) => {
		expect(lookAlikesOf(text)).toBeUndefined();
		expect(smartEncode(text)).toBe(text);
	});

	it('replaceLookAlikes replaces every look-alike whatever else the text holds (a template value)', () => {
		expect(replaceLookAlikes('Kwame’s')).toBe("Kwame's");
		expect(replaceLookAlikes('no look-alike')).toBe('no look-alike');
	});
});
