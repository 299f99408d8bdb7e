/**
 * The cost ceiling of Voice → Send: Maximum Destinations, the most numbers one run may call; and of
 * Scheduled Voice → Update, the most numbers one run may add to waiting voice messages. A voice
 * message has no text, so the SMS ceilings (parts per message, parts per run) do not apply: what a
 * voice run costs grows with its numbers (the simulator bills one credit per destination; no source
 * gives the service's rate). Checked before anything is sent, as the SMS ceilings are.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ItemInput, Outcome } from '../../items/operation';
import type { ItemParameters } from '../../items/parameters';
import { numberOption } from '../../items/settings';
import type { RunRefusal } from '../../sending/ceilings';
import { plural } from '../../helpers/counting';
import { limitText, refusedRun } from '../../sending/ceilings';
import type { SendableMessage } from '../../sending/message';

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
