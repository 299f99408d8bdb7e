// Characters a person cannot see: a text of them alone is empty (the service would send and bill it), and in
// a number they are removed where harmless (a contact list's direction marks) or named by code point. Pure.

/** Unicode Cc, Cf, White_Space and Default_Ignorable_Code_Point (zero-width ones, fillers, variation selectors). */
const VISIBLE = /[^\p{Cc}\p{Cf}\p{White_Space}\p{Default_Ignorable_Code_Point}]/u;

/** The white space a plain "empty" names already, so an error need not list it. */
const PLAIN_SPACE = new Set([' ', '\t', '\n', '\r']);

export function codePoint(char: string): string {
	return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Undefined when the text shows something; else the characters it holds other than plain white
 * space, by code point (U+200B), never raw: [] for '' or spaces alone.
 */
export function invisibleCharacters(text: string): string[] | undefined {
	// Most texts start with a printable ASCII character: answered without the Unicode test.
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if (code > 0x20 && code < 0x7f) return undefined;
		if (code >= 0x80) break;
	}
	if (VISIBLE.test(text)) return undefined;
	const found = new Set<string>();
	for (const char of text) if (!PLAIN_SPACE.has(char)) found.add(codePoint(char));
	return [...found];
}

/** How an error says it: `only invisible characters (U+200B, U+FEFF) and white space`. */
export function describeInvisible(text: string, named: string[]): string {
	if (named.length === 0) return 'only white space';
	const shown =
		named.length > 5
			? `${named.slice(0, 5).join(', ')} and ${named.length - 5} more`
			: named.join(', ');
	const spaces = [...text].some((char) => PLAIN_SPACE.has(char));
	return `only invisible characters (${shown})${spaces ? ' and white space' : ''}`;
}

// In numbers: phones' contact lists wrap them in direction marks (U+202A … U+202C), which change no digit.

/** Direction marks (U+200E, U+200F, U+061C, U+202A–U+202E, U+2066–U+2069) and zero-width ones (U+200B–U+200D, U+2060, U+FEFF). */
const HARMLESS = /[\u200B-\u200F\u061C\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;
/** The same class without `g`: a global regular expression's test() keeps its place between calls. */
const HAS_HARMLESS = new RegExp(HARMLESS.source);

/** Control, format, unassigned, private-use, separator (but the plain space) and combining characters. */
const INVISIBLES = /[\p{C}\p{M}\p{Zl}\p{Zp}\p{Zs}]/gu;
const INVISIBLE = new RegExp(INVISIBLES.source, 'u');

export function withoutHarmlessMarks(text: string): string {
	return HAS_HARMLESS.test(text) ? text.replace(HARMLESS, '') : text;
}

/** `"#"` for a visible character, `U+00AD` for one a person cannot see. */
export function showCharacter(character: string): string {
	return character !== ' ' && INVISIBLE.test(character)
		? codePoint(character)
		: JSON.stringify(character);
}

/** The number in quotes, as JSON writes it, with every invisible character escaped (`"024\u00AD1234567"`). */
export function quoteNumber(input: string): string {
	return JSON.stringify(input).replace(INVISIBLES, (character) => {
		if (character === ' ') return character;
		const code = (character.codePointAt(0) ?? 0).toString(16).toUpperCase();
		return code.length > 4 ? `\\u{${code}}` : `\\u${code.padStart(4, '0')}`;
	});
}
