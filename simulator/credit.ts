/**
 * Message parts, which is what the `quantity` credit model charges: one credit per part
 * actually submitted.
 */

/** GSM 03.38 extension table: each is sent as ESC + char, so it takes two septets. */
const GSM_EXTENSION = new Set<number>(
	['^', '{', '}', '\\', '[', ']', '~', '|', '€', '\f'].map((c) => c.charCodeAt(0)),
);

const GSM_SINGLE = 160;
const GSM_PART = 153;
const UCS2_SINGLE = 70;
const UCS2_PART = 67;

/** Types 1 and 3 are Unicode (UCS-2); 0 and 2 are GSM default alphabet. */
export function isUnicodeType(type: number): boolean {
	return type === 1 || type === 3;
}

/**
 * Length in GSM septets. Characters outside the GSM alphabet are not rejected here (the service's
 * behaviour for them is not public); each UTF-16 code unit of them counts one.
 */
export function gsmLength(text: string): number {
	let length = text.length;
	for (let i = 0; i < text.length; i++) {
		if (GSM_EXTENSION.has(text.charCodeAt(i))) length++;
	}
	return length;
}

/** UCS-2 length: UTF-16 code units, so a character outside the BMP (an emoji) counts two. */
export function ucs2Length(text: string): number {
	return text.length;
}

function partsFor(length: number, single: number, part: number): number {
	if (length <= single) return 1;
	return Math.ceil(length / part);
}

/** Number of parts (and so credits) one destination's text costs for the given message type. */
export function messageParts(text: string, type: number): number {
	return isUnicodeType(type)
		? partsFor(ucs2Length(text), UCS2_SINGLE, UCS2_PART)
		: partsFor(gsmLength(text), GSM_SINGLE, GSM_PART);
}
