/**
 * Hints where users often go wrong: Flash (or GSM Default) chosen for a text the GSM alphabet
 * cannot carry, which arrives garbled. The editor shows the description's hint while the message
 * is typed; the run adds one for texts that only an expression reveals.
 */
import type { IExecuteFunctions, NodeHint } from 'n8n-workflow';

import type { MessageTypeName } from '../../shared/meanings/messageTypeIds';
import { GSM_CHARACTERS, nonGsmCharacters } from '../helpers/encoding';

/** The GSM alphabet as a regular-expression class, every character escaped (it holds `{` and `}`). */
const GSM_CLASS = [...GSM_CHARACTERS].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

const FLASH_ADVICE = 'Flash sends the text in the GSM alphabet: accents, other scripts and emoji arrive garbled. Choose Flash (Auto) or Flash Unicode.';

/** Shown in the editor when Message Type is Flash and the typed Message or Template is not GSM text. */
export const descriptionHints: NodeHint[] = [
	{
		message: FLASH_ADVICE,
		type: 'warning',
		location: 'ndv',
		whenToDisplay: 'always',
		displayCondition: `={{ $parameter["messageType"] === "flash" && /[^${GSM_CLASS}]/.test(String($parameter["message"] || $parameter["template"] || "")) }}`,
	},
];

/** What the run hint needs of one message: its item, the type sent, and the text. */
export interface TypedText {
	itemIndex: number;
	type: MessageTypeName;
	text: string;
}

/** A hint for the items whose text a GSM type (Flash, GSM Default) cannot carry; at most one per run. */
export function hintGarbledTexts(ctx: IExecuteFunctions, texts: Iterable<TypedText>): void {
	const items: number[] = [];
	const characters = new Set<string>();
	// Most runs send one text to many numbers: a text like the one before is not read again.
	let lastText: string | undefined;
	let foreign: string[] = [];
	for (const { itemIndex, type, text } of texts) {
		if (type !== 'flash' && type !== 'gsm') continue;
		if (text !== lastText) {
			lastText = text;
			foreign = nonGsmCharacters(text);
		}
		if (foreign.length === 0) continue;
		if (!items.includes(itemIndex)) items.push(itemIndex);
		for (const char of foreign) if (characters.size < 5) characters.add(char);
	}
	if (items.length === 0) return;
	const shown = items.length > 5 ? `${items.slice(0, 5).join(', ')} and ${items.length - 5} more` : items.join(', ');
	ctx.addExecutionHints({
		message: `The text of ${items.length === 1 ? 'item' : 'items'} ${shown} has characters the GSM alphabet cannot carry (${[...characters].join(' ')}), sent as a GSM type (Flash or GSM Default): they arrive garbled. Choose Flash (Auto) or Auto, which pick Unicode when the text needs it.`,
		type: 'warning',
		location: 'outputPane',
	});
}
