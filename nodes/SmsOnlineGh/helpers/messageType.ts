import type { MessageTypeName } from '../../shared/meanings/messageTypeIds';
import { countParts, detectEncoding } from './encoding';

export type RequestedType = MessageTypeName | 'auto' | 'flashAuto';

export const REQUESTED_TYPES: RequestedType[] = [
	'auto',
	'gsm',
	'unicode',
	'flashAuto',
	'flash',
	'flashUnicode',
];

/** A GSM message with an accent or an emoji in it arrives garbled: Auto picks GSM only for GSM 03.38 text. */
export function resolveMessageType(requested: RequestedType, text: string): MessageTypeName {
	if (requested === 'auto') return detectEncoding(text) === 'gsm' ? 'gsm' : 'unicode';
	if (requested === 'flashAuto') return detectEncoding(text) === 'gsm' ? 'flash' : 'flashUnicode';
	return requested;
}

/** `characters` is the billed units (€ counts two in GSM, an emoji two in Unicode); `stopAbove` as in countParts. */
export function measure(
	text: string,
	type: MessageTypeName,
	stopAbove = Infinity,
): { characters: number; parts: number } {
	// Every item of a Send run usually carries the same text: count it once.
	if (
		lastMeasured?.text === text &&
		lastMeasured.type === type &&
		lastMeasured.stopAbove === stopAbove
	) {
		return { characters: lastMeasured.characters, parts: lastMeasured.parts };
	}
	const { units, parts } = countParts(
		text,
		type === 'gsm' || type === 'flash' ? 'gsm' : 'unicode',
		stopAbove,
	);
	// A text over the ceiling is refused, so it is not kept (it may be 10 MB).
	if (parts <= stopAbove) lastMeasured = { text, type, stopAbove, characters: units, parts };
	return { characters: units, parts };
}

let lastMeasured:
	| { text: string; type: MessageTypeName; stopAbove: number; characters: number; parts: number }
	| undefined;
