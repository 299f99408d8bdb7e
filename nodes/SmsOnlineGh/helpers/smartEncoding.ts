// Smart Encoding: GSM look-alikes replaced so a text otherwise GSM goes as GSM. The table follows Twilio's,
// Telnyx's and Plivo's published look-alikes, never a letter (not even ʼ); sources in docs/smart-encoding.md.
import { isGsmText } from './encoding';
import { codePoint } from './invisible';

/** Each look-alike and the GSM text it becomes (an empty one is dropped: it is invisible). */
const PAIRS: Array<[string, string]> = [
	['\u2018', "'"], // ‘ left single quotation mark
	['\u2019', "'"], // ’ right single quotation mark (the curly apostrophe)
	['\u201A', "'"], // ‚ single low-9 quotation mark
	['\u201B', "'"], // ‛ single high-reversed-9 quotation mark
	['\u2032', "'"], // ′ prime
	['\u00B4', "'"], // ´ acute accent
	['\u0060', "'"], // ` grave accent (not in GSM 03.38)
	['\u201C', '"'], // “ left double quotation mark
	['\u201D', '"'], // ” right double quotation mark
	['\u201E', '"'], // „ double low-9 quotation mark
	['\u201F', '"'], // ‟ double high-reversed-9 quotation mark
	['\u2033', '"'], // ″ double prime
	['\u00AB', '"'], // « left-pointing double angle quotation mark
	['\u00BB', '"'], // » right-pointing double angle quotation mark
	['\u2039', "'"], // ‹ single left-pointing angle quotation mark
	['\u203A', "'"], // › single right-pointing angle quotation mark
	['\u2010', '-'], // ‐ hyphen
	['\u2011', '-'], // ‑ non-breaking hyphen
	['\u2012', '-'], // ‒ figure dash
	['\u2013', '-'], // – en dash
	['\u2014', '-'], // — em dash
	['\u2015', '-'], // ― horizontal bar
	['\u2212', '-'], // − minus sign
	['\u00A0', ' '], // no-break space
	['\u2000', ' '],
	['\u2001', ' '],
	['\u2002', ' '],
	['\u2003', ' '],
	['\u2004', ' '],
	['\u2005', ' '],
	['\u2006', ' '],
	['\u2007', ' '],
	['\u2008', ' '],
	['\u2009', ' '],
	['\u200A', ' '],
	['\u202F', ' '], // narrow no-break space
	['\u205F', ' '], // medium mathematical space
	['\u3000', ' '], // ideographic space
	['\u200B', ''], // zero width space
	['\u2060', ''], // word joiner
	['\uFEFF', ''], // zero width no-break space (byte order mark)
	['\u00AD', ''], // soft hyphen
	['\u2026', '...'], // … horizontal ellipsis
	['\u2022', '-'], // • bullet
	['\u00B7', '.'], // · middle dot
	['\u2044', '/'], // ⁄ fraction slash
	['\u2215', '/'], // ∕ division slash
	['\u02DC', '~'], // ˜ small tilde
	['\u2024', '.'], // ․ one dot leader
];

/** By UTF-16 code unit: every look-alike is one. */
export const LOOK_ALIKES: ReadonlyMap<string, string> = new Map(PAIRS);

export interface LookAlike {
	char: string;
	index: number;
	replacement: string;
}

/** Undefined when the text is GSM already or needs Unicode for real (ɛ ɔ ŋ ƒ ʋ, emoji): it is then never touched. */
export function lookAlikesOf(text: string): LookAlike[] | undefined {
	if (isGsmText(text)) return undefined;
	const found: LookAlike[] = [];
	for (let i = 0; i < text.length; i++) {
		const char = text[i];
		if (isGsmText(char)) continue;
		const replacement = LOOK_ALIKES.get(char);
		if (replacement === undefined) return undefined;
		found.push({ char, index: i, replacement });
	}
	return found;
}

export function smartEncode(text: string): string {
	const found = lookAlikesOf(text);
	if (found === undefined) return text;
	return replaceLookAlikes(text);
}

/** Whatever else the text holds: for a template's values once the whole text is known to become GSM. */
export function replaceLookAlikes(text: string): string {
	let out = '';
	let from = 0;
	for (let i = 0; i < text.length; i++) {
		const replacement = LOOK_ALIKES.get(text[i]);
		if (replacement === undefined) continue;
		out += text.slice(from, i) + replacement;
		from = i + 1;
	}
	return from === 0 ? text : out + text.slice(from);
}

/** A space or an invisible look-alike by its code point, the others as they are. */
function shown(char: string): string {
	const replacement = LOOK_ALIKES.get(char);
	if (replacement !== ' ' && replacement !== '') return char;
	return codePoint(char);
}

// Read by people, IF nodes and AI agents alike: one line, each look-alike once in the order first met.
/** What replacing the look-alikes changes: `’ → ', – → -, … → ... ×50, U+00A0 → space, U+200B → nothing`. */
export function describeReplacements(text: string): string {
	const counts = new Map<string, number>();
	for (let i = 0; i < text.length; i++) {
		const char = text[i];
		if (LOOK_ALIKES.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
	}
	const changes: string[] = [];
	for (const [char, count] of counts) {
		const replacement = LOOK_ALIKES.get(char) ?? '';
		const to = replacement === ' ' ? 'space' : replacement === '' ? 'nothing' : replacement;
		changes.push(`${shown(char)} → ${to}${count > 1 ? ` ×${count}` : ''}`);
	}
	return changes.join(', ');
}
