// The Smart Encoding option in the send operations; the look-alike table is in helpers/smartEncoding.ts.
import type { IExecuteFunctions } from 'n8n-workflow';

import type { MessageTypeName } from '../../shared/meanings/messageTypeIds';
import { isGsmText } from '../helpers/encoding';
import type { RequestedType } from '../helpers/messageType';
import { measure, resolveMessageType } from '../helpers/messageType';
import { lookAlikesOf, replaceLookAlikes } from '../helpers/smartEncoding';
import type { ItemParameters } from '../items/parameters';

export const SMART_ENCODING_FROM_VERSION = 2;

const read = new WeakMap<ItemParameters, boolean>();

// Version 1 of the node keeps it off unless the option is added, so a saved workflow sends what it always sent.
export function smartEncodingOn(ctx: IExecuteFunctions, parameters: ItemParameters): boolean {
	const known = read.get(parameters);
	if (known !== undefined) return known;
	const fallback = ctx.getNode().typeVersion >= SMART_ENCODING_FROM_VERSION;
	const value = parameters.get<unknown>('options.smartEncoding', 0, fallback);
	const on = typeof value === 'boolean' ? value : fallback;
	read.set(parameters, on);
	return on;
}

/** Never a text whose type is Unicode by choice. */
export function mayGoAsGsm(requested: RequestedType | undefined): boolean {
	return requested !== 'unicode' && requested !== 'flashUnicode';
}

export interface SmartText {
	text: string;
	type: MessageTypeName;
	partsSaved: number;
}

// Most runs send one text to many numbers: the answer for the text before is kept.
let last: { requested: RequestedType; text: string; result: SmartText } | undefined;

export function smartText(requested: RequestedType, text: string): SmartText {
	if (last !== undefined && last.text === text && last.requested === requested) return last.result;
	const type = resolveMessageType(requested, text);
	let result: SmartText = { text, type, partsSaved: 0 };
	// Auto has just read the text: a GSM text (most) is not read again.
	const gsm = requested === 'auto' || requested === 'flashAuto' ? type === 'gsm' || type === 'flash' : isGsmText(text);
	if (!gsm && mayGoAsGsm(requested) && lookAlikesOf(text) !== undefined) {
		const replaced = replaceLookAlikes(text);
		const replacedType = resolveMessageType(requested, replaced);
		const partsSaved = measure(text, type).parts - measure(replaced, replacedType).parts;
		result = { text: replaced, type: replacedType, partsSaved: Math.max(0, partsSaved) };
	}
	// A text of megabytes (refused later by the ceiling) is not kept.
	if (text.length <= 10_000) last = { requested, text, result };
	return result;
}
