/**
 * The cost ceilings of every kind of message, checked before any request goes out, and the
 * refusal of a whole run over one, which both kinds share. SMS text: Maximum Parts per Message
 * (one number's text) and Maximum Total Parts (the whole run); an SMS is billed per part and cannot
 * be taken back: a text of 10 MB mapped by mistake once went out as one request billed as 68,535
 * parts. Voice: Maximum Destinations (the numbers of a run), since a voice message has no text.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { MessageTypeName } from '../../shared/meanings/messageTypeIds';
import type { TransportOptions } from '../../shared/transport/service';
import { readBalanceForRun } from '../account/balance';
import { formatted, plural } from '../helpers/counting';
import { measure } from '../helpers/messageType';
import { DEFAULT_MAXIMUM_PARTS_PER_MESSAGE } from '../items/common.descriptions';
import { itemError } from '../items/itemErrors';
import type { ItemInput, Outcome } from '../items/operation';
import type { ItemParameters } from '../items/parameters';
import { numberOption } from '../items/settings';
import { costInWords } from './cost';
import type { OutgoingMessage, SendableMessage } from './message';

/** The two ceilings of a run; 0 is no limit. */
export interface Ceilings {
	perMessage: number;
	total: number;
}

/**
 * A text over the ceiling is counted exactly up to this many parts (153,000 GSM characters, well
 * under a millisecond), and beyond only as "more than": a 10 MB text is not read to its end.
 */
const EXACT_UP_TO = 1000;

const read = new WeakMap<ItemParameters, Ceilings>();

/** The ceilings, read once per run (item 0, like the other options: they configure the run). */
export function readCeilings(ctx: IExecuteFunctions, parameters: ItemParameters): Ceilings {
	const known = read.get(parameters);
	if (known) return known;
	const ceilings = {
		perMessage: numberOption(
			ctx,
			parameters.get<unknown>('options.maximumPartsPerMessage', 0, DEFAULT_MAXIMUM_PARTS_PER_MESSAGE),
			'Maximum Parts per Message',
			DEFAULT_MAXIMUM_PARTS_PER_MESSAGE,
			{ min: 0 },
		),
		total: numberOption(ctx, parameters.get<unknown>('options.maximumTotalParts', 0, 0), 'Maximum Total Parts', 0, { min: 0 }),
	};
	read.set(parameters, ceilings);
	return ceilings;
}

/** How a limit reads in a hint: "10", or "no limit" for 0. */
export function limitText(limit: number): string {
	return limit === 0 ? 'no limit' : formatted(limit);
}

/**
 * A text's length in the two units a user meets: characters (code points, as an editor counts
 * them) and, where they differ, the units SMS counts (the items' `characters`: a GSM extension
 * character such as € counts two, an emoji two in Unicode).
 */
function lengthText(text: string, counted: { characters: number; parts: number }, stopAbove: number): string {
	let points = 0;
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		// A high surrogate followed by a low one is one code point.
		if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
		points++;
	}
	const long = `${formatted(points)} characters long`;
	// Counting stopped early for a text far over the ceiling: its SMS count is not known in full.
	if (counted.parts > stopAbove || counted.characters === points) return long;
	return `${long} (${formatted(counted.characters)} as SMS counts them, the unit of the items’ characters field: € and other GSM extension characters, and emoji in Unicode, count two)`;
}

/**
 * The characters and parts of one number's text, or an error for the item when it needs more
 * parts than Maximum Parts per Message allows. `field` is the field the text comes from; a
 * rendered (personalised) text names its template and this item's values.
 */
export function measureWithinCeiling(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: 'Message' | 'Message Template',
	text: string,
	type: MessageTypeName,
	limit: number,
): { characters: number; parts: number } {
	if (limit === 0) return measure(text, type);
	const stopAbove = Math.max(limit, EXACT_UP_TO);
	const counted = measure(text, type, stopAbove);
	if (counted.parts <= limit) return counted;
	const parts = counted.parts > stopAbove ? `more than ${formatted(stopAbove)} SMS parts` : `${formatted(counted.parts)} SMS parts`;
	const what = field === 'Message' ? 'is' : 'gives this item a text';
	const shorten = field === 'Message' ? 'Shorten the text' : 'Shorten the template or this item’s values';
	throw itemError(
		ctx,
		itemIndex,
		field,
		`${what} ${lengthText(text, counted, stopAbove)}: ${parts}, over the limit of ${formatted(limit)} set by Maximum Parts per Message. ${shorten}, or raise Maximum Parts per Message (0 = no limit)`,
		'Each part is billed. Once a text needs several parts, a part holds 153 GSM characters or 67 Unicode ones.',
	);
}

/** What a run would send: parts added up over every number, how many numbers, the largest text. */
export interface Estimate {
	parts: number;
	destinations: number;
	largest: number;
}

/** The parts of every number of the messages about to go out (each number's own text's parts). */
export function estimate(messages: readonly OutgoingMessage[]): Estimate {
	let parts = 0;
	let destinations = 0;
	let largest = 0;
	for (const message of messages) {
		for (const recipient of message.recipients) {
			parts += recipient.parts;
			if (recipient.parts > largest) largest = recipient.parts;
		}
		destinations += message.recipients.length;
	}
	return { parts, destinations, largest };
}

/**
 * What a run over a ceiling says it did not do and how to fix it, and what each of its error items
 * carries besides the error: Send sends, Scheduled SMS → Update and Scheduled Voice → Update
 * change waiting messages.
 */
export interface RunRefusal<T> {
	notDone: string;
	fix: string;
	description: string;
	json?: (input: T) => IDataObject;
}

/**
 * The refusal of a whole run over a ceiling: one error outcome per item the run would have acted
 * on (with Continue On Fail each becomes an error item; without it the run fails on the first),
 * all the same error. It is the run that is over, not one item, so no item is singled out and
 * none goes. `would` is what the run would do, e.g. `send 6 SMS parts to 3 numbers`.
 */
export function refusedRun<T>(
	ctx: IExecuteFunctions,
	{ ceiling, limit, would }: { ceiling: string; limit: number; would: string },
	refusal: RunRefusal<T>,
	inputs: ReadonlyArray<ItemInput<T>>,
): Outcome[] {
	const { notDone, fix, description, json = () => ({}) } = refusal;
	const error = new NodeOperationError(
		ctx.getNode(),
		`This run would ${would}, over the limit of ${formatted(limit)} set by ${ceiling}: ${notDone}. ${fix}, or raise ${ceiling} (0 = no limit)`,
		{ description },
	);
	return inputs.map(({ itemIndex, input }) => ({ items: itemIndex, json: json(input), error }));
}

/** A run over Maximum Total Parts: what it would do with the parts and numbers counted. */
export interface TotalRefusal<T> extends RunRefusal<T> {
	/** e.g. `send 6 SMS parts to 3 numbers`. */
	would: (parts: string, numbers: string) => string;
}

const SEND_TOTAL_REFUSAL: TotalRefusal<unknown> = {
	would: (parts, numbers) => `send ${parts} to ${numbers}`,
	notDone: 'nothing was sent',
	fix: 'Send to fewer numbers or shorter texts (split the run)',
	description:
		'The estimate adds up the parts of each number’s text over every number the run would send to, before anything is sent. No item of this run was sent.',
};

/**
 * The refusal of a run over Maximum Total Parts (refusedRun), or undefined when it is within:
 * nothing is sent.
 */
export function refuseOverTotal<T>(
	ctx: IExecuteFunctions,
	{ parts, destinations }: Pick<Estimate, 'parts' | 'destinations'>,
	limit: number,
	inputs: ReadonlyArray<ItemInput<T>>,
	refusal: TotalRefusal<T> = SEND_TOTAL_REFUSAL,
): Outcome[] | undefined {
	if (limit === 0 || parts <= limit) return undefined;
	const would = refusal.would(plural(parts, 'SMS part'), plural(destinations, 'number'));
	return refusedRun(ctx, { ceiling: 'Maximum Total Parts', limit, would }, refusal, inputs);
}

/**
 * A dry run's hint: the run's estimate against both ceilings, and what it would take from the
 * balance, read for it (sending/cost.ts): a warning when the balance would not cover it.
 */
export async function hintEstimate(
	ctx: IExecuteFunctions,
	{ parts, destinations, largest }: Estimate,
	ceilings: Ceilings,
	transport: TransportOptions,
): Promise<void> {
	const balance = await readBalanceForRun(ctx, transport);
	const short = balance?.model === 'quantity' && balance.balance < parts;
	ctx.addExecutionHints({
		message: `Dry run, nothing was sent: this run would send ${plural(parts, 'SMS part')} to ${plural(destinations, 'number')} (Maximum Total Parts: ${limitText(ceilings.total)}); its longest text needs ${plural(largest, 'part')} (Maximum Parts per Message: ${limitText(ceilings.perMessage)}). It ${costInWords(parts, 'would take', balance)}.`,
		type: short ? 'warning' : 'info',
		location: 'outputPane',
	});
}

/*
 * Voice. The cost ceiling of Voice → Send: Maximum Destinations, the most numbers one run may call;
 * and of Scheduled Voice → Update, the most numbers one run may add to waiting voice messages. A
 * voice message has no text, so the SMS ceilings (parts per message, parts per run) do not apply:
 * what a voice run costs grows with its numbers (the simulator bills one credit per destination; no
 * source gives the service's rate). Checked before anything is sent, as the SMS ceilings are.
 */

/**
 * 0 (no limit) by default, as Maximum Total Parts: the right size of a run is the user's to say,
 * and the blow-up the SMS per-message ceiling guards against (one mapped 10 MB text billed as
 * thousands of parts) cannot happen to a voice message, whose cost is bounded by the numbers given.
 */
export const maximumDestinationsOption: INodeProperties = {
	displayName: 'Maximum Destinations',
	name: 'maximumDestinations',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: 0,
	description:
		'Most phone numbers one run may call (repeated numbers counted once). A run over it is refused before anything is sent. 0 = no limit.',
};

export function readMaximumDestinations(ctx: IExecuteFunctions, parameters: ItemParameters): number {
	return numberOption(ctx, parameters.get<unknown>('options.maximumDestinations', 0, 0), 'Maximum Destinations', 0, { min: 0 });
}

/** The numbers the messages about to go out would call. */
export function countDestinations(messages: readonly SendableMessage[]): number {
	let destinations = 0;
	for (const message of messages) destinations += message.recipients.length;
	return destinations;
}

/**
 * A run over Maximum Destinations: Voice → Send calls numbers, Scheduled Voice → Update adds them
 * to waiting messages.
 */
export interface DestinationsRefusal<T> extends RunRefusal<T> {
	/** What the run would do with the numbers counted, e.g. `call 3 numbers`. */
	would: (numbers: string) => string;
}

const SEND_REFUSAL: DestinationsRefusal<unknown> = {
	would: (numbers) => `call ${numbers}`,
	notDone: 'nothing was sent',
	fix: 'Send to fewer numbers (split the run)',
	description:
		'The numbers are counted over every item of the run, repeated numbers once, before anything is sent. No item of this run was sent.',
};

/**
 * The refusal of a run over Maximum Destinations (refusedRun, as refuseOverTotal for SMS parts),
 * or undefined when it is within: nothing is sent.
 */
export function refuseOverDestinations<T>(
	ctx: IExecuteFunctions,
	destinations: number,
	limit: number,
	inputs: ReadonlyArray<ItemInput<T>>,
	refusal: DestinationsRefusal<T> = SEND_REFUSAL,
): Outcome[] | undefined {
	if (limit === 0 || destinations <= limit) return undefined;
	const would = refusal.would(plural(destinations, 'number'));
	return refusedRun(ctx, { ceiling: 'Maximum Destinations', limit, would }, refusal, inputs);
}

/** A dry run's hint: the run's numbers against the ceiling. */
export function hintVoiceEstimate(ctx: IExecuteFunctions, destinations: number, limit: number): void {
	ctx.addExecutionHints({
		message: `Dry run, nothing was sent: this run would call ${plural(destinations, 'number')} with a voice message (Maximum Destinations: ${limitText(limit)}).`,
		type: 'info',
		location: 'outputPane',
	});
}

/** What the Summary output of a dry run sets its estimate against. */
export function voiceSummaryCeilings(this: IExecuteFunctions, parameters: ItemParameters): IDataObject {
	return { maximumDestinations: readMaximumDestinations(this, parameters) };
}
