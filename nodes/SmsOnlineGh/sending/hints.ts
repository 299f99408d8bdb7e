/**
 * Hints where users often go wrong: Flash (or GSM Default) chosen for a text the GSM alphabet
 * cannot carry, which arrives garbled; a text made Unicode (dearer) only by characters that have
 * GSM look-alikes, with Smart Encoding off. The editor shows the description's hints while the
 * message is typed; the run adds them for texts that only an expression reveals.
 */
import type { IExecuteFunctions, NodeHint } from 'n8n-workflow';

import type { MessageTypeName } from '../../shared/meanings/messageTypeIds';
import { GSM_CHARACTERS, nonGsmCharacters } from '../helpers/encoding';
import type { RequestedType } from '../helpers/messageType';
import { measure } from '../helpers/messageType';
import { LOOK_ALIKES, lookAlikesOf, replaceLookAlikes } from '../helpers/smartEncoding';

/** The GSM alphabet as a regular-expression class, every character escaped (it holds `{` and `}`). */
const GSM_CLASS = [...GSM_CHARACTERS].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

/** Look-alikes as a regular-expression class, the same way. */
const LOOK_ALIKE_CLASS = [...LOOK_ALIKES.keys()].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

const SMART_ADVICE = 'Turn on Options → Smart Encoding: they are replaced by their GSM look-alikes and the text goes as GSM.';

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
	{
		message: `This text is Unicode (70 characters a part instead of 160) only because of characters that have GSM look-alikes, such as ’ ‘ “ ” – — … or a non-breaking space. ${SMART_ADVICE}`,
		type: 'warning',
		location: 'ndv',
		whenToDisplay: 'always',
		// Smart Encoding off (set off, or left out in version 1), an Auto type, and a typed text that is
		// GSM apart from look-alikes and has at least one.
		displayCondition: `={{ (($parameter["options"] || {})["smartEncoding"] === false || (($parameter["options"] || {})["smartEncoding"] === undefined && $nodeVersion < 2)) && ["auto", "flashAuto"].includes($parameter["messageType"]) && /[${LOOK_ALIKE_CLASS}]/.test(String($parameter["message"] || $parameter["template"] || "")) && !/[^${GSM_CLASS}${LOOK_ALIKE_CLASS}]/.test(String($parameter["message"] || $parameter["template"] || "")) }}`,
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

/** What the look-alike hint needs of one message: its item, the type asked for and sent, and the text. */
export interface RequestedText extends TypedText {
	requested: RequestedType;
}

/** A look-alike as a hint shows it: spaces and invisible characters by their code point. */
function visible(char: string, replacement: string): string {
	if (replacement !== ' ' && replacement !== '') return char;
	const code = `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
	return char === '\u00A0' ? `a non-breaking space ${code}` : `an invisible ${replacement === ' ' ? 'space' : 'character'} ${code}`;
}

/** `’ (character 3), – (character 11)`: at most five, counted from 1 as a user reads. */
function placesOf(text: string): string {
	const found = lookAlikesOf(text) ?? [];
	const shown = found.slice(0, 5).map(({ char, index, replacement }) => `${visible(char, replacement)} (character ${index + 1})`);
	return found.length > 5 ? `${shown.join(', ')} and ${found.length - 5} more` : shown.join(', ');
}

/**
 * With Smart Encoding off: a hint for the items whose text Auto made Unicode only because of
 * look-alikes, naming them in the first such text, where they stand, its parts now and without
 * them, and the option; at most one per run.
 */
export function hintLookAlikes(ctx: IExecuteFunctions, texts: Iterable<RequestedText>, smartEncoding: boolean): void {
	if (smartEncoding) return;
	const items: number[] = [];
	let first: RequestedText | undefined;
	let lastText: string | undefined;
	let dear = false;
	for (const entry of texts) {
		if (entry.requested !== 'auto' && entry.requested !== 'flashAuto') continue;
		if (entry.text !== lastText) {
			lastText = entry.text;
			dear = lookAlikesOf(entry.text) !== undefined;
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
