// Hints where users often go wrong, one per cause: a text GSM Default or Flash cannot carry (refused from node
// version 2, garbled in 1), and a text made Unicode only by GSM look-alikes. The editor hints on a typed text
// before running (a mapped text with the first item's values); the run's hints only where the editor's does not show.
import type { IExecuteFunctions, NodeHint } from 'n8n-workflow';

import type { MessageTypeName } from '../../shared/meanings/messageTypeIds';
import { GSM_CHARACTERS, nonGsmCharacters } from '../helpers/encoding';
import { codePoint } from '../helpers/invisible';
import type { RequestedType } from '../helpers/messageType';
import { measure } from '../helpers/messageType';
import { LOOK_ALIKES, lookAlikesOf } from '../helpers/smartEncoding';
import { AS_GIVEN_OPTION, shown } from './gsmOnly';
import type { ItemParameters } from '../items/parameters';
import { SMART_ENCODING_FROM_VERSION, smartEncodingOn, smartText } from './smartText';

const escaped = (chars: Iterable<string>) =>
	[...chars].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

/** Every character escaped: the GSM alphabet holds `{` and `}`. */
const GSM_CLASS = escaped(GSM_CHARACTERS);

const LOOK_ALIKE_CLASS = escaped(LOOK_ALIKES.keys());

const SMART_ADVICE =
	'Turn on Options → Smart Encoding: they are replaced by their GSM look-alikes and the text goes as GSM.';

/** Longer than this, a text is more than one Unicode part: below it, GSM would save nothing. */
const ONE_UNICODE_PART = 70;

// The editor's conditions; editorHintsShown below reads the same parameters the same way for the run.
const TYPED = 'String($parameter["message"] || $parameter["template"] || "")';
const SMART_ON = `(($parameter["options"] || {})["smartEncoding"] === true || (($parameter["options"] || {})["smartEncoding"] === undefined && $nodeVersion >= ${SMART_ENCODING_FROM_VERSION}))`;

export const descriptionHints: NodeHint[] = [
	{
		message: `GSM Default and Flash send the text in the GSM alphabet, which cannot carry some characters of this text. Look-alikes such as ’ “ – … go as GSM with Options → Smart Encoding; for accents, other scripts and emoji choose Auto or Flash (Auto). Otherwise the item is refused before sending (node version 1 sends it garbled), unless ${AS_GIVEN_OPTION} is on.`,
		type: 'warning',
		location: 'ndv',
		whenToDisplay: 'always',
		// The text (n8n resolves an expression with the first item) with a character outside GSM 03.38 that Smart Encoding, if on, would not replace.
		displayCondition: `={{ ["gsm", "flash"].includes($parameter["messageType"]) && (${SMART_ON} ? /[^${GSM_CLASS}${LOOK_ALIKE_CLASS}]/ : /[^${GSM_CLASS}]/).test(${TYPED}) }}`,
	},
	{
		message: `This text is Unicode (70 characters a part instead of 160) only because of characters that have GSM look-alikes, such as ’ ‘ “ ” – — … or a non-breaking space, so it takes more SMS parts than it would as GSM. ${SMART_ADVICE}`,
		type: 'warning',
		location: 'ndv',
		whenToDisplay: 'always',
		// Smart Encoding off, Auto type, a text of more than one Unicode part, GSM apart from its look-alikes.
		displayCondition: `={{ !${SMART_ON} && ["auto", "flashAuto"].includes($parameter["messageType"]) && ${TYPED}.length > ${ONE_UNICODE_PART} && /[${LOOK_ALIKE_CLASS}]/.test(${TYPED}) && !/[^${GSM_CLASS}${LOOK_ALIKE_CLASS}]/.test(${TYPED}) }}`,
	},
];

/**
 * Whether each editor hint shows: n8n evaluates its condition with the first item's values, so the
 * same reading here. The run does not say the same cause again.
 */
export function editorHintsShown(
	parameters: ItemParameters,
	field: 'message' | 'template',
): { gsm: boolean; lookAlikes: boolean } {
	try {
		const value = parameters.get<unknown>(field, 0, '');
		const text = typeof value === 'string' ? value : '';
		const type = parameters.get<unknown>('messageType', 0, 'auto');
		const smartOn = smartEncodingOn(parameters, 0);
		const foreign = nonGsmCharacters(text);
		const gsm =
			(type === 'gsm' || type === 'flash') &&
			foreign.some((char) => !smartOn || !LOOK_ALIKES.has(char));
		const lookAlikes =
			!smartOn &&
			(type === 'auto' || type === 'flashAuto') &&
			text.length > ONE_UNICODE_PART &&
			foreign.length > 0 &&
			foreign.every((char) => LOOK_ALIKES.has(char));
		return { gsm, lookAlikes };
	} catch {
		// The first item's own error says what is wrong with it.
		return { gsm: false, lookAlikes: false };
	}
}

export interface TypedText {
	itemIndex: number;
	type: MessageTypeName;
	text: string;
}

export interface RequestedText extends TypedText {
	requested: RequestedType;
	/** Smart Encoding was on for this item: it has decided, and the item says what (smartText.ts). */
	smartEncoding: boolean;
	/** Sent with characters its GSM type cannot carry because the option said so: no hint repeats it. */
	sentAsGiven: boolean;
}

/** "item 0" or "items 0, 1, 2, 3, 4 and 7 more": a list worded once. */
function itemList(items: number[]): string {
	if (items.length === 1) return `item ${items[0]}`;
	return `items ${items.length > 5 ? `${items.slice(0, 5).join(', ')} and ${items.length - 5} more` : items.join(', ')}`;
}

// Node version 1 sends such a text garbled (sending/gsmOnly.ts); the hint names the fixes, Smart Encoding first.
export function hintGarbledTexts(
	ctx: IExecuteFunctions,
	texts: Iterable<RequestedText>,
	editorShows: boolean,
): void {
	if (editorShows) return;
	const items: number[] = [];
	const characters = new Set<string>();
	let smartHelps = false;
	// Most runs send one text to many numbers: a text like the one before is not read again.
	let lastText: string | undefined;
	let foreign: string[] = [];
	for (const { itemIndex, type, text, smartEncoding, sentAsGiven } of texts) {
		if ((type !== 'flash' && type !== 'gsm') || sentAsGiven) continue;
		if (text !== lastText) {
			lastText = text;
			foreign = nonGsmCharacters(text);
		}
		if (foreign.length === 0) continue;
		if (items[items.length - 1] !== itemIndex) items.push(itemIndex);
		if (!smartEncoding && foreign.some((char) => LOOK_ALIKES.has(char))) smartHelps = true;
		for (const char of foreign) if (characters.size < 5) characters.add(char);
	}
	if (items.length === 0) return;
	const fixes = smartHelps
		? 'Turn on Options → Smart Encoding to send look-alikes such as ’ and – as GSM; for accents, other scripts and emoji choose Auto or Flash (Auto), which pick Unicode when the text needs it.'
		: 'Choose Auto or Flash (Auto), which pick Unicode when the text needs it.';
	ctx.addExecutionHints({
		message: `The text of ${itemList(items)} has characters the GSM alphabet cannot carry (${[...characters].map(shown).join(' ')}), sent as GSM Default or Flash: they arrive garbled. ${fixes} Node version 2 refuses such an item unless ${AS_GIVEN_OPTION} is on.`,
		type: 'warning',
		location: 'outputPane',
	});
}

/** Spaces and invisible characters are shown by their code point. */
function visible(char: string, replacement: string): string {
	if (replacement !== ' ' && replacement !== '') return char;
	const code = codePoint(char);
	return char === '\u00A0'
		? `a non-breaking space ${code}`
		: `an invisible ${replacement === ' ' ? 'space' : 'character'} ${code}`;
}

function placesOf(text: string): string {
	const found = lookAlikesOf(text) ?? [];
	const places = found
		.slice(0, 5)
		.map(
			({ char, index, replacement }) => `${visible(char, replacement)} (character ${index + 1})`,
		);
	return found.length > 5 ? `${places.join(', ')} and ${found.length - 5} more` : places.join(', ');
}

// Only where Smart Encoding would save parts: a text of one Unicode part and one GSM part gains nothing.
export function hintLookAlikes(
	ctx: IExecuteFunctions,
	texts: Iterable<RequestedText>,
	editorShows: boolean,
): void {
	if (editorShows) return;
	const items: number[] = [];
	let first: { entry: RequestedText; without: number } | undefined;
	let lastText: string | undefined;
	let lastRequested: RequestedType | undefined;
	let saved = 0;
	let without = 0;
	for (const entry of texts) {
		if (entry.smartEncoding || (entry.requested !== 'auto' && entry.requested !== 'flashAuto'))
			continue;
		if (entry.text !== lastText || entry.requested !== lastRequested) {
			lastText = entry.text;
			lastRequested = entry.requested;
			const smart = smartText(entry.requested, entry.text);
			saved = smart.partsSaved ?? 0;
			without = smart.replaced === undefined ? 0 : measure(smart.text, smart.type).parts;
		}
		if (saved === 0) continue;
		first ??= { entry, without };
		if (items[items.length - 1] !== entry.itemIndex) items.push(entry.itemIndex);
	}
	if (first === undefined) return;
	const { entry } = first;
	const now = measure(entry.text, entry.type).parts;
	const places = placesOf(entry.text);
	const parts = `takes ${now} SMS parts a number; without them, ${first.without}`;
	const said =
		items.length === 1
			? `The text of ${itemList(items)} is Unicode only because of characters that have GSM look-alikes: ${places}. It ${parts}.`
			: `The texts of ${itemList(items)} are Unicode only because of characters that have GSM look-alikes. Item ${entry.itemIndex}’s has ${places} and ${parts}.`;
	ctx.addExecutionHints({
		message: `${said} ${SMART_ADVICE}`,
		type: 'warning',
		location: 'outputPane',
	});
}
