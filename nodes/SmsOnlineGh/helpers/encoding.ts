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

const BASIC_SET: ReadonlySet<string> = new Set(GSM_BASIC);
const EXTENSION_SET: ReadonlySet<string> = new Set(GSM_EXTENSION);

/** Part limits, in units (septets for GSM, UTF-16 code units for Unicode). */
export const PART_LIMITS: Readonly<Record<Encoding, { single: number; multi: number }>> = {
	gsm: { single: 160, multi: 153 },
	unicode: { single: 70, multi: 67 },
};

/** Is this character (one code point) in the GSM basic table or its extension table? */
export function isGsmCharacter(char: string): boolean {
	return BASIC_SET.has(char) || EXTENSION_SET.has(char);
}

/** True when every character is in the GSM 03.38 basic table or its extension table. */
export function isGsmText(text: string): boolean {
	for (const char of text) {
		if (!isGsmCharacter(char)) return false;
	}
	return true;
}

/** The distinct characters (code points) of the text that GSM 03.38 cannot carry, in order. */
export function nonGsmCharacters(text: string): string[] {
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

/** Units one character (code point) costs in the given encoding. */
function unitCost(char: string, encoding: Encoding): number {
	if (encoding === 'unicode') return char.length; // 1, or 2 for a surrogate pair (e.g. emoji)
	// GSM: extension characters cost escape + septet. A character outside GSM 03.38 cannot be
	// sent as GSM; it is counted as 1 septet, what the usual replacement ("?") would cost.
	// Callers should check isGsmText / detectEncoding before choosing 'gsm'.
	return EXTENSION_SET.has(char) ? 2 : 1;
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
 */
export function countParts(
	text: string,
	encoding: Encoding,
): { characters: number; units: number; parts: number } {
	const { single, multi } = PART_LIMITS[encoding];
	let characters = 0;
	let units = 0;
	let parts = 1;
	let inPart = 0; // units in the current part, under the multi-part layout
	for (const char of text) {
		const cost = unitCost(char, encoding);
		characters += 1;
		units += cost;
		if (inPart + cost > multi) {
			parts += 1;
			inPart = 0;
		}
		inPart += cost;
	}
	if (units <= single) parts = 1;
	return { characters, units, parts };
}
