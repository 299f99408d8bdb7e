/**
 * GSM 03.38 text detection and message-part counting.
 *
 * The character tables come from 3GPP TS 23.038 (GSM 03.38), section 6.2.1 "GSM 7 bit Default
 * Alphabet" and 6.2.1.1 "GSM 7 bit default alphabet extension table" — not from the service
 * documents. The part sizes come from the SMSOnlineGH v5 API documentation (message types): GSM
 * text 160 characters in one part, 153 per part when concatenated; Unicode (UCS-2) 70 and 67.
 *
 * No n8n imports here: this module is pure.
 */

export type Encoding = 'gsm' | 'unicode';

/**
 * GSM 03.38 basic table (3GPP TS 23.038 6.2.1), every printable position, in table order.
 * Position 0x1B is the escape to the extension table, not a character, and is left out.
 * Position 0x09 is capital Ç (TS 23.038); lower-case ç is NOT in the table.
 */
const GSM_BASIC =
	'@£$¥èéùìòÇ\nØø\rÅå' +
	'Δ_ΦΓΛΩΠΨΣΘΞÆæßÉ' +
	' !"#¤%&\'()*+,-./' +
	'0123456789:;<=>?' +
	'¡ABCDEFGHIJKLMNO' +
	'PQRSTUVWXYZÄÖÑÜ§' +
	'¿abcdefghijklmno' +
	'pqrstuvwxyzäöñüà';

/**
 * GSM 03.38 extension table (3GPP TS 23.038 6.2.1.1): each is sent as escape + one septet, so it
 * costs 2 septets. Form feed (0x0A), ^ { } \ [ ~ ] | €.
 */
const GSM_EXTENSION = '\f^{}\\[~]|€';

/** Every character GSM 03.38 carries, basic and extension tables. */
export const GSM_CHARACTERS = GSM_BASIC + GSM_EXTENSION;

/**
 * Septets per UTF-16 code unit: 1 for the basic table, 2 for the extension table, 0 for a character
 * GSM 03.38 cannot carry. Every GSM character is a single code unit, so the tables are read by
 * character code: a personalised run measures 100,000 different texts, each code unit once.
 */
const GSM_SEPTETS = new Uint8Array(0x10000);
for (const char of GSM_BASIC) GSM_SEPTETS[char.charCodeAt(0)] = 1;
for (const char of GSM_EXTENSION) GSM_SEPTETS[char.charCodeAt(0)] = 2;

/** Part limits, in units (septets for GSM, UTF-16 code units for Unicode). */
export const PART_LIMITS: Readonly<Record<Encoding, { single: number; multi: number }>> = {
	gsm: { single: 160, multi: 153 },
	unicode: { single: 70, multi: 67 },
};

/** Is this character (one code point) in the GSM basic table or its extension table? */
export function isGsmCharacter(char: string): boolean {
	return char.length === 1 && GSM_SEPTETS[char.charCodeAt(0)] !== 0;
}

/** True when every character is in the GSM 03.38 basic table or its extension table. */
export function isGsmText(text: string): boolean {
	for (let i = 0; i < text.length; i++) {
		if (GSM_SEPTETS[text.charCodeAt(i)] === 0) return false;
	}
	return true;
}

/** The distinct characters (code points) of the text that GSM 03.38 cannot carry, in order. */
export function nonGsmCharacters(text: string): string[] {
	if (isGsmText(text)) return [];
	const found = new Set<string>();
	for (const char of text) {
		if (!isGsmCharacter(char)) found.add(char);
	}
	return [...found];
}

/** 'gsm' when the whole text fits GSM 03.38, otherwise 'unicode'. Empty text is 'gsm'. */
export function detectEncoding(text: string): Encoding {
	return isGsmText(text) ? 'gsm' : 'unicode';
}

/**
 * Counts characters, units and message parts.
 *
 * - `characters`: Unicode code points (an emoji is 1).
 * - gsm: `units` = septets, extension characters count 2. Up to 160 → 1 part; above, parts of at
 *   most 153 septets, and a part never splits the two septets of an extension character (the
 *   character moves whole to the next part, which can leave a part at 152).
 * - unicode: `units` = UTF-16 code units, an emoji (surrogate pair) counts 2. Up to 70 → 1 part;
 *   above, parts of at most 67 units, never splitting a surrogate pair (same reasoning: a part
 *   must hold whole characters).
 * - Empty text: 0 units, 1 part. A message is billed per part and an empty message still goes
 *   out as one (empty) part, so 0 parts would under-count.
 * - `stopAbove`: counting stops as soon as the text surely needs more parts than that (a ceiling
 *   check needs no more): `parts` is then stopAbove + 1 and `characters` and `units` count only
 *   the text read so far. A text of 10 MB is then refused after reading its first parts.
 */
export function countParts(
	text: string,
	encoding: Encoding,
	stopAbove = Infinity,
): { characters: number; units: number; parts: number } {
	const { single, multi } = PART_LIMITS[encoding];
	let characters = 0;
	let units = 0;
	let parts = 1;
	let inPart = 0; // units in the current part, under the multi-part layout
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		// A surrogate pair is one character (code point): an emoji, say.
		const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1));
		if (pair) i++;
		// Unicode costs its code units. GSM: extension characters cost escape + septet; a character
		// outside GSM 03.38 cannot be sent as GSM and is counted as 1 septet, what the usual
		// replacement ("?") would cost (callers check isGsmText / detectEncoding before 'gsm').
		const cost = encoding === 'unicode' ? (pair ? 2 : 1) : pair ? 1 : GSM_SEPTETS[code] === 2 ? 2 : 1;
		characters += 1;
		units += cost;
		if (inPart + cost > multi) {
			parts += 1;
			inPart = 0;
		}
		inPart += cost;
		// Past a single part's size the text is surely multi-part, so the parts counted are sure.
		if (parts > stopAbove && units > single) break;
	}
	if (units <= single) parts = 1;
	return { characters, units, parts };
}

function isLowSurrogate(code: number): boolean {
	return code >= 0xdc00 && code <= 0xdfff;
}
