// GSM 03.38 detection and part counting; pure, no n8n imports. Tables: 3GPP TS 23.038 §6.2.1 and
// §6.2.1.1 (not the service documents). Part sizes (GSM 160/153, Unicode 70/67): SMSOnlineGH v5 API
// documentation, message types.

export type Encoding = 'gsm' | 'unicode';

/** 3GPP TS 23.038 §6.2.1 in table order, without 0x1B (the escape). 0x09 is capital Ç: lower-case ç is NOT in it. */
const GSM_BASIC =
	'@£$¥èéùìòÇ\nØø\rÅå' +
	'Δ_ΦΓΛΩΠΨΣΘΞÆæßÉ' +
	' !"#¤%&\'()*+,-./' +
	'0123456789:;<=>?' +
	'¡ABCDEFGHIJKLMNO' +
	'PQRSTUVWXYZÄÖÑÜ§' +
	'¿abcdefghijklmno' +
	'pqrstuvwxyzäöñüà';

/** 3GPP TS 23.038 §6.2.1.1: each goes as escape + septet, so costs 2 septets. */
const GSM_EXTENSION = '\f^{}\\[~]|€';

export const GSM_CHARACTERS = GSM_BASIC + GSM_EXTENSION;

const GSM_SEPTETS = new Uint8Array(0x10000);
for (const char of GSM_BASIC) GSM_SEPTETS[char.charCodeAt(0)] = 1;
for (const char of GSM_EXTENSION) GSM_SEPTETS[char.charCodeAt(0)] = 2;

export const PART_LIMITS: Readonly<Record<Encoding, { single: number; multi: number }>> = {
	gsm: { single: 160, multi: 153 },
	unicode: { single: 70, multi: 67 },
};

export function isGsmCharacter(char: string): boolean {
	return char.length === 1 && GSM_SEPTETS[char.charCodeAt(0)] !== 0;
}

export function isGsmText(text: string): boolean {
	for (let i = 0; i < text.length; i++) {
		if (GSM_SEPTETS[text.charCodeAt(i)] === 0) return false;
	}
	return true;
}

export function nonGsmCharacters(text: string): string[] {
	if (isGsmText(text)) return [];
	const found = new Set<string>();
	for (const char of text) {
		if (!isGsmCharacter(char)) found.add(char);
	}
	return [...found];
}

export function detectEncoding(text: string): Encoding {
	return isGsmText(text) ? 'gsm' : 'unicode';
}

// A part holds whole characters; an empty text is one billed part. Past `stopAbove` parts counting
// stops: `parts` is stopAbove + 1, the other counts partial (docs/smart-encoding.md).
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
		const pair =
			code >= 0xd800 &&
			code <= 0xdbff &&
			i + 1 < text.length &&
			isLowSurrogate(text.charCodeAt(i + 1));
		if (pair) i++;
		// A character outside GSM 03.38 counts 1 septet as GSM, what its usual "?" replacement costs.

		const cost =
			encoding === 'unicode' ? (pair ? 2 : 1) : pair ? 1 : GSM_SEPTETS[code] === 2 ? 2 : 1;
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
