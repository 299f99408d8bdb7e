// Hints where users often go wrong: Flash or GSM Default for a text GSM cannot carry (arrives garbled), and a
// text made Unicode only by GSM look-alikes. The editor hints on typed text; the run on what an expression gives.
import type { IExecuteFunctions, NodeHint } from 'n8n-workflow';

import type { MessageTypeName } from '../../shared/meanings/messageTypeIds';
import { GSM_CHARACTERS, nonGsmCharacters } from '../helpers/encoding';
import type { RequestedType } from '../helpers/messageType';
import { measure } from '../helpers/messageType';
import { codePoint } from '../helpers/invisible';
import { LOOK_ALIKES, lookAlikesOf, replaceLookAlikes } from '../helpers/smartEncoding';
import { smartText } from './smartText';

/** Every character escaped: the GSM alphabet holds `{` and `}`. */
const GSM_CLASS = [...GSM_CHARACTERS].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

const LOOK_ALIKE_CLASS = [...LOOK_ALIKES.keys()].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

const SMART_ADVICE = 'Turn on Options → Smart Encoding: they are replaced by their GSM look-alikes and the text goes as GSM.';

const FLASH_ADVICE = 'Flash sends the text in the GSM alphabet: accents, other scripts and emoji arrive garbled. Choose Flash (Auto) or Flash Unicode.';

export const descriptionHints: NodeHint[] = [
	{
		message: FLASH_ADVICE,
		type: 'warning',
		location: 'ndv',
		whenToDisplay: 'always',
		displayCondition: `={{ $parameter["messageType"] === "flash" && /[^${GSM_CLASS}]/.test(String($parameter["message"] || $parameter["template"] || "")) }}`,
	},
	{
		message: `This text is Unicode (70 characters a part instead of 160) only because of characters that have GSM look-alikes, such as ’ ‘ “ ” – — … or a non-breaking space. ${SMART_ADVICE}`,
		type: 'warning',
		location: 'ndv',
		whenToDisplay: 'always',
		// Smart Encoding off (or left out in version 1), Auto type, and a typed text GSM apart from its look-alikes.
		displayCondition: `={{ (($parameter["options"] || {})["smartEncoding"] === false || (($parameter["options"] || {})["smartEncoding"] === undefined && $nodeVersion < 2)) && ["auto", "flashAuto"].includes($parameter["messageType"]) && /[${LOOK_ALIKE_CLASS}]/.test(String($parameter["message"] || $parameter["template"] || "")) && !/[^${GSM_CLASS}${LOOK_ALIKE_CLASS}]/.test(String($parameter["message"] || $parameter["template"] || "")) }}`,
	},
];

export interface TypedText {
	itemIndex: number;
	type: MessageTypeName;
	text: string;
}

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

export interface RequestedText extends TypedText {
	requested: RequestedType;
	/** Smart Encoding was on for this item: it has decided, and the item says what (smartText.ts). */
	smartEncoding: boolean;
}

/** Spaces and invisible characters are shown by their code point. */
function visible(char: string, replacement: string): string {
	if (replacement !== ' ' && replacement !== '') return char;
	const code = codePoint(char);
	return char === '\u00A0' ? `a non-breaking space ${code}` : `an invisible ${replacement === ' ' ? 'space' : 'character'} ${code}`;
}

function placesOf(text: string): string {
	const found = lookAlikesOf(text) ?? [];
	const shown = found.slice(0, 5).map(({ char, index, replacement }) => `${visible(char, replacement)} (character ${index + 1})`);
	return found.length > 5 ? `${shown.join(', ')} and ${found.length - 5} more` : shown.join(', ');
}

export function hintLookAlikes(ctx: IExecuteFunctions, texts: Iterable<RequestedText>): void {
	const items: number[] = [];
	let first: RequestedText | undefined;
	let lastText: string | undefined;
	let lastRequested: RequestedType | undefined;
	let dear = false;
	for (const entry of texts) {
		if (entry.smartEncoding || (entry.requested !== 'auto' && entry.requested !== 'flashAuto')) continue;
		if (entry.text !== lastText || entry.requested !== lastRequested) {
			lastText = entry.text;
			lastRequested = entry.requested;
			// Only where turning it on would replace them: never where that takes more parts.
			dear = smartText(entry.requested, entry.text).replaced !== undefined;
		}
		if (!dear) continue;
		first ??= entry;
		if (!items.includes(entry.itemIndex)) items.push(entry.itemIndex);
	}
	if (first === undefined) return;
	const now = measure(first.text, first.type).parts;
	const without = measure(replaceLookAlikes(first.text), first.requested === 'auto' ? 'gsm' : 'flash').parts;
	const which = items.length === 1 ? `item ${items[0]}` : `items ${items.length > 5 ? `${items.slice(0, 5).join(', ')} and ${items.length - 5} more` : items.join(', ')}`;
	ctx.addExecutionHints({
		message: `The text of ${which} is Unicode only because of characters that have GSM look-alikes: ${placesOf(first.text)}${items.length > 1 ? ` (item ${first.itemIndex})` : ''}. It takes ${now} SMS part${now === 1 ? '' : 's'} a number; without them, ${without}. ${SMART_ADVICE}`,
		type: 'warning',
		location: 'outputPane',
	});
}
