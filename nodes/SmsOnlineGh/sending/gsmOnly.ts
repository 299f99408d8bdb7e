// A text that GSM Default or Flash cannot carry is never sent garbled without a decision (docs/smart-encoding.md,
// "GSM Default and Flash"): refused with the fix, or sent as given when the option says so and its item says it.
import type { IExecuteFunctions } from 'n8n-workflow';

import type { MessageTypeName } from '../../shared/meanings/messageTypeIds';
import { isGsmCharacter, isGsmText } from '../helpers/encoding';
import { codePoint } from '../helpers/invisible';
import type { RequestedType } from '../helpers/messageType';
import { describeReplacements } from '../helpers/smartEncoding';
import { itemError } from '../items/itemErrors';
import type { ItemParameters } from '../items/parameters';
import type { SmartText } from './smartText';
import { smartText } from './smartText';

/** From this node version an item is refused; version 1 sends as given, as it always did, and says so on its item. */
export const REFUSE_NON_GSM_FROM_VERSION = 2;

export const AS_GIVEN_OPTION = 'Options → Send Non-GSM Text As Given';

/** Read per item like every option; a constant is read once. */
export function sendAsGivenOn(parameters: ItemParameters, itemIndex: number): boolean {
	const fallback = parameters.typeVersion() < REFUSE_NON_GSM_FROM_VERSION;
	const value = parameters.get<unknown>('options.sendNonGsmAsGiven', itemIndex, fallback);
	return typeof value === 'boolean' ? value : fallback;
}

/** The option added (and so on for an item sent as given), not version 1's default: the run's hint then says nothing. */
export function asGivenAsked(parameters: ItemParameters): boolean {
	const options = parameters.raw().options;
	return (
		typeof options === 'object' && options !== null && Object.hasOwn(options, 'sendNonGsmAsGiven')
	);
}

/** A character a person can read as itself; spaces, controls and invisible ones by code point. */
export function shown(char: string): string {
	return /^[\p{L}\p{M}\p{N}\p{P}\p{S}]+$/u.test(char) ? char : codePoint(char);
}

/** Each character outside GSM 03.38 once, where first met (counted in characters from 1), at most 5. */
export function foreignPlaces(text: string): string {
	const seen = new Map<string, number>();
	let position = 0;
	for (const char of text) {
		position += 1;
		if (!isGsmCharacter(char) && !seen.has(char)) seen.set(char, position);
	}
	const places = [...seen].map(([char, at]) => `${shown(char)} (character ${at})`);
	return places.length > 5
		? `${places.slice(0, 5).join(', ')} and ${places.length - 5} more`
		: places.join(', ');
}

const TYPE_NAMES: Partial<Record<MessageTypeName, string>> = { gsm: 'GSM Default', flash: 'Flash' };
const AUTO_OF: Partial<Record<MessageTypeName, string>> = { gsm: 'Auto', flash: 'Flash (Auto)' };

export interface GsmCheck {
	requested: RequestedType;
	/** The type and text that would go (after Smart Encoding when it was on). */
	type: MessageTypeName;
	text: string;
	smartEncoding: boolean;
	smart?: SmartText;
	/** Send Non-GSM Text As Given, read for this item (sendAsGivenOn). */
	asGiven: boolean;
}

/** Why Smart Encoding does not help, or how it would: part of the one fix. */
function fixOf({ requested, type, text, smartEncoding, smart }: GsmCheck): string {
	const auto = `choose Message Type ${AUTO_OF[type]}, which sends it as Unicode`;
	const asGiven = `or turn on ${AS_GIVEN_OPTION} to send it garbled`;
	if (smartEncoding) {
		const why =
			smart?.notReplaced !== undefined
				? `Smart Encoding left it as given: ${smart.notReplaced.replace(/: sent as given$/, '')}; `
				: '';
		return `${why}${auto}, ${asGiven}`;
	}
	const replaced = smartText(requested, text).replaced;
	if (replaced === undefined) return `${auto}, ${asGiven}`;
	return `turn on Options → Smart Encoding, which replaces them (${describeReplacements(text)}); ${auto}; ${asGiven}`;
}

/**
 * Undefined when the type can carry the text; else the item's `sentAsGiven` when the user said so
 * (or node version 1); else an error naming the item, the field and the fix.
 */
export function checkGsmCarries(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	check: GsmCheck,
): string | undefined {
	const { type, text } = check;
	if ((type !== 'gsm' && type !== 'flash') || isGsmText(text)) return undefined;
	const places = foreignPlaces(text);
	if (check.asGiven) {
		return `${places}: not in the GSM alphabet, sent as given as ${TYPE_NAMES[type]}, so they arrive garbled`;
	}
	throw itemError(
		ctx,
		itemIndex,
		field,
		`has characters Message Type ${TYPE_NAMES[type]} cannot carry, which would arrive garbled: ${places}. To send it, ${fixOf(check)}`,
	);
}
