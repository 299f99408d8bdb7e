// The Smart Encoding option in the send operations; the look-alike table is in helpers/smartEncoding.ts.
import type { MessageTypeName } from '../../shared/meanings/messageTypeIds';
import { isGsmText } from '../helpers/encoding';
import type { RequestedType } from '../helpers/messageType';
import { measure, resolveMessageType } from '../helpers/messageType';
import { describeReplacements, lookAlikesOf, replaceLookAlikes } from '../helpers/smartEncoding';
import type { ItemParameters } from '../items/parameters';
import type { Recipient } from './message';

export const SMART_ENCODING_FROM_VERSION = 2;

// Read per item like every option (an expression may turn it on for some items); a constant is read once.
// Version 1 of the node keeps it off unless the option is added, so a saved workflow sends what it always sent.
export function smartEncodingOn(parameters: ItemParameters, itemIndex: number): boolean {
	const fallback = parameters.typeVersion() >= SMART_ENCODING_FROM_VERSION;
	const value = parameters.get<unknown>('options.smartEncoding', itemIndex, fallback);
	return typeof value === 'boolean' ? value : fallback;
}

/** Never a text whose type is Unicode by choice. */
export function mayGoAsGsm(requested: RequestedType | undefined): boolean {
	return requested !== 'unicode' && requested !== 'flashUnicode';
}

export interface SmartText {
	text: string;
	type: MessageTypeName;
	/** Set when the look-alikes were replaced: what became what (docs/output.md). */
	replaced?: string;
	/** Set with `replaced`: the parts of the text as given less the parts sent, 0 included. */
	partsSaved?: number;
	/** Set when replacing would have taken more parts than the text as given, which went instead. */
	notReplaced?: string;
}

// Most runs send one text to many numbers: the answer for the text before is kept.
let last: { requested: RequestedType; text: string; result: SmartText } | undefined;

// Never dearer: `…` becomes three GSM characters, so 50 of them can turn 1 Unicode part into 2 GSM parts.
export function smartText(requested: RequestedType, text: string): SmartText {
	if (last !== undefined && last.text === text && last.requested === requested) return last.result;
	const type = resolveMessageType(requested, text);
	let result: SmartText = { text, type };
	// Auto has just read the text: a GSM text (most) is not read again.
	const gsm =
		requested === 'auto' || requested === 'flashAuto'
			? type === 'gsm' || type === 'flash'
			: isGsmText(text);
	if (!gsm && mayGoAsGsm(requested) && lookAlikesOf(text) !== undefined) {
		const replaced = replaceLookAlikes(text);
		const replacedType = resolveMessageType(requested, replaced);
		const before = measure(text, type).parts;
		const after = measure(replaced, replacedType).parts;
		const changes = describeReplacements(text);
		result =
			after <= before
				? { text: replaced, type: replacedType, replaced: changes, partsSaved: before - after }
				: {
						text,
						type,
						notReplaced: `${changes} would take ${after} parts instead of ${before}: sent as given`,
					};
	}
	// A text of megabytes (refused later by the ceiling) is not kept.
	if (text.length <= 10_000) last = { requested, text, result };
	return result;
}

/** What the item says of it: what was replaced and the parts saved, or why nothing was. */
export function markSmart(recipient: Recipient, smart: SmartText | undefined): void {
	if (smart?.replaced !== undefined) {
		recipient.replaced = smart.replaced;
		recipient.partsSaved = smart.partsSaved;
	} else if (smart?.notReplaced !== undefined) recipient.notReplaced = smart.notReplaced;
}
