// Characters in a number that a person cannot see. Phones' contact lists wrap numbers in direction marks
// (U+202A … U+202C), which change no digit: they are removed. Any other is named by code point, since an
// error that shows it raw shows nothing. Pure: no n8n imports.

/** Direction marks (U+200E, U+200F, U+061C, U+202A–U+202E, U+2066–U+2069) and zero-width ones (U+200B–U+200D, U+2060, U+FEFF). */
const HARMLESS = /[\u200B-\u200F\u061C\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;
const HAS_HARMLESS = /[\u200B-\u200F\u061C\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;

/** Control, format, unassigned, private-use, separator (but the plain space) and combining characters. */
const INVISIBLE = /[\p{C}\p{M}\p{Zl}\p{Zp}\p{Zs}]/u;
const INVISIBLES = /[\p{C}\p{M}\p{Zl}\p{Zp}\p{Zs}]/gu;

export function withoutHarmlessMarks(text: string): string {
	return HAS_HARMLESS.test(text) ? text.replace(HARMLESS, '') : text;
}

export function codePoint(character: string): string {
	return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** `"#"` for a visible character, `U+00AD` for one a person cannot see. */
export function showCharacter(character: string): string {
	return character !== ' ' && INVISIBLE.test(character) ? codePoint(character) : JSON.stringify(character);
}

/** The number in quotes, as JSON writes it, with every invisible character escaped (`"024\u00AD1234567"`). */
export function quoteNumber(input: string): string {
	return JSON.stringify(input).replace(INVISIBLES, (character) => {
		if (character === ' ') return character;
		const code = (character.codePointAt(0) ?? 0).toString(16).toUpperCase();
		return code.length > 4 ? `\\u{${code}}` : `\\u${code.padStart(4, '0')}`;
	});
}
