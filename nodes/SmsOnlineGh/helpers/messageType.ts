/**
 * Which message type is sent, and what a text costs in it. Pure: no n8n imports.
 */
import type { MessageTypeName } from '../../shared/meanings/messageTypeIds';
import { countParts, detectEncoding } from './encoding';

export type RequestedType = MessageTypeName | 'auto' | 'flashAuto';

export const REQUESTED_TYPES: RequestedType[] = ['auto', 'gsm', 'unicode', 'flashAuto', 'flash', 'flashUnicode'];

/**
 * The type actually sent. Auto picks GSM only when every character is in the GSM 03.38 alphabet
 * (or its extension table): a GSM message with an accent or an emoji in it arrives garbled.
 */
export function resolveMessageType(requested: RequestedType, text: string): MessageTypeName {
	if (requested === 'auto') return detectEncoding(text) === 'gsm' ? 'gsm' : 'unicode';
	if (requested === 'flashAuto') return detectEncoding(text) === 'gsm' ? 'flash' : 'flashUnicode';
	return requested;
}

/**
 * Characters and parts of one destination's text, counted as carriers bill them: `characters` is
 * the billed units (GSM septets, an extension character such as € counting two; UTF-16 units in
 * Unicode, an emoji counting two), the count that decides the parts beside it. With `stopAbove`,
 * counting stops once the text surely needs more parts than that (see countParts): `parts` is
 * then stopAbove + 1 and `characters` only what was read.
 */
export function measure(
	text: string,
	type: MessageTypeName,
	stopAbove = Infinity,
): { characters: number; parts: number } {
	// Every item of a Send run usually carries the same text: count it once.
	if (lastMeasured?.text === text && lastMeasured.type === type && lastMeasured.stopAbove === stopAbove) {
		return { characters: lastMeasured.characters, parts: lastMeasured.parts };
	}
	const { units, parts } = countParts(text, type === 'gsm' || type === 'flash' ? 'gsm' : 'unicode', stopAbove);
	// A text over the ceiling is refused: the module does not keep it (it may be 10 MB).
	if (parts <= stopAbove) lastMeasured = { text, type, stopAbove, characters: units, parts };
	return { characters: units, parts };
}

let lastMeasured:
	| { text: string; type: MessageTypeName; stopAbove: number; characters: number; parts: number }
	| undefined;
