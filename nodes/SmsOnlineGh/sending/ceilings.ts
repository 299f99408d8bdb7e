// Cost ceilings, checked before any request goes out: SMS parts per text and per run (a part is
// billed and cannot be taken back), voice numbers per run. See docs/cost-ceilings.md.
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

/** Counted exactly up to this many parts, beyond only as "more than": a 10 MB text is not read to its end. */
const EXACT_UP_TO = 1000;

const read = new WeakMap<ItemParameters, Ceilings>();

/** Read once per run from item 0, as the other options: they configure the run. */
export function readCeilings(ctx: IExecuteFunctions, parameters: ItemParameters): Ceilings {
	const known = read.get(parameters);
	if (known) return known;
	const ceilings = {
		perMessage: numberOption(
			ctx,
			parameters.get<unknown>(
				'options.maximumPartsPerMessage',
				0,
				DEFAULT_MAXIMUM_PARTS_PER_MESSAGE,
			),
			'Maximum Parts per Message',
			DEFAULT_MAXIMUM_PARTS_PER_MESSAGE,
			{ min: 0 },
		),
		total: numberOption(
			ctx,
			parameters.get<unknown>('options.maximumTotalParts', 0, 0),
			'Maximum Total Parts',
			0,
			{ min: 0 },
		),
	};
	read.set(parameters, ceilings);
	return ceilings;
}

export function limitText(limit: number): string {
	return limit === 0 ? 'no limit' : formatted(limit);
}

/** Code points (as an editor counts) and, where they differ, SMS units (€ and emoji count two). */
function lengthText(
	text: string,
	counted: { characters: number; parts: number },
	stopAbove: number,
): string {
	let points = 0;
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		// A high surrogate followed by a low one is one code point.
		if (
			code >= 0xd800 &&
			code <= 0xdbff &&
			i + 1 < text.length &&
			(text.charCodeAt(i + 1) & 0xfc00) === 0xdc00
		)
			i++;
		points++;
	}
	const long = `${formatted(points)} characters long`;
	// Counting stopped early for a text far over the ceiling: its SMS count is not known in full.
	if (counted.parts > stopAbove || counted.characters === points) return long;
	return `${long} (${formatted(counted.characters)} as SMS counts them, the unit of the items’ characters field: € and other GSM extension characters, and emoji in Unicode, count two)`;
}

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
	const parts =
		counted.parts > stopAbove
			? `more than ${formatted(stopAbove)} SMS parts`
			: `${formatted(counted.parts)} SMS parts`;
	const what = field === 'Message' ? 'is' : 'gives this item a text';
	const shorten =
		field === 'Message' ? 'Shorten the text' : 'Shorten the template or this item’s values';
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

export interface RunRefusal<T> {
	notDone: string;
	fix: string;
	description: string;
	json?: (input: T) => IDataObject;
}

/** The same error for every item: it is the run that is over, so no item is singled out and none goes. */
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

/** A dry run's hint; a warning when the balance would not cover the estimate. */
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

// Voice has no text: its ceiling is the numbers of a run (Maximum Destinations).

/** 0 (no limit) by default: a voice message's cost is bounded by the numbers given. */
export const maximumDestinationsOption: INodeProperties = {
	displayName: 'Maximum Destinations',
	name: 'maximumDestinations',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: 0,
	description:
		'Most phone numbers one run may call (repeated numbers counted once). A run over it is refused before anything is sent. 0 = no limit.',
};

export function readMaximumDestinations(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
): number {
	return numberOption(
		ctx,
		parameters.get<unknown>('options.maximumDestinations', 0, 0),
		'Maximum Destinations',
		0,
		{ min: 0 },
	);
}

export function countDestinations(messages: readonly SendableMessage[]): number {
	let destinations = 0;
	for (const message of messages) destinations += message.recipients.length;
	return destinations;
}

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

export function hintVoiceEstimate(
	ctx: IExecuteFunctions,
	destinations: number,
	limit: number,
): void {
	ctx.addExecutionHints({
		message: `Dry run, nothing was sent: this run would call ${plural(destinations, 'number')} with a voice message (Maximum Destinations: ${limitText(limit)}).`,
		type: 'info',
		location: 'outputPane',
	});
}

/** What the Summary output of a dry run sets its estimate against. */
export function voiceSummaryCeilings(
	this: IExecuteFunctions,
	parameters: ItemParameters,
): IDataObject {
	return { maximumDestinations: readMaximumDestinations(this, parameters) };
}
