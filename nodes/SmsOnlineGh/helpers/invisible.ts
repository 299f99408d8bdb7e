// A text that shows nothing (controls, format characters, zero-width ones, white space) is empty:
// the service would send and bill it. Pure, no n8n imports.

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
	const shown = named.length > 5 ? `${named.slice(0, 5).join(', ')} and ${named.length - 5} more` : named.join(', ');
	const spaces = [...text].some((char) => PLAIN_SPACE.has(char));
	return `only invisible characters (${shown})${spaces ? ' and white space' : ''}`;
}
