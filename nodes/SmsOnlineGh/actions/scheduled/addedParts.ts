/**
 * Scheduled SMS → Update's Maximum Total Parts. Only the loaded message tells what an added number
 * costs, so with a limit set those messages are loaded first, each load kept for its item's update.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import type { WireScheduledMessage } from '../../../shared/transport/endpoints/scheduled';
import type { CallResult, TransportOptions } from '../../../shared/transport/service';
import type { ItemInput, Outcome } from '../../items/operation';
import type { TotalRefusal } from '../../sending/ceilings';
import { refuseOverTotal } from '../../sending/ceilings';
import { loadMessage } from './load';
import type { DestinationEdit } from './updating';

export type Preloaded = Map<number, CallResult<WireScheduledMessage | undefined>>;

/** Undefined when numbers cannot be added to that message (voice, personalised): its item fails later. */
export type PartsPerAddedNumber<T> = (
	request: T,
	message: WireScheduledMessage,
) => number | undefined;

const OVER_TOTAL: TotalRefusal<DestinationEdit> = {
	would: (parts, numbers) => `add ${numbers} costing ${parts} to waiting messages`,
	notDone: 'nothing was changed',
	fix: 'Add fewer numbers (split the run)',
	description:
		'Each number to add costs the parts of its message’s text after the update (the item’s new text and type, else the message’s own), added up over every item, numbers counted as given (a number given twice counts twice), before any message is changed. No message of this run was changed.',
	json: (request) => ({ batch: request.batch }),
};

/**
 * A failed load is kept and fails its item at its turn, as without the limit; later items are still
 * counted, so the count may be over what the run adds, never under.
 */
export async function checkAddedParts<T extends DestinationEdit>(
	ctx: IExecuteFunctions,
	inputs: Array<ItemInput<T>>,
	{
		transport,
		limit,
		loadedBefore,
	}: { transport: TransportOptions; limit: number; loadedBefore?: Preloaded },
	partsPerAddedNumber: PartsPerAddedNumber<T>,
): Promise<{ preloaded: Preloaded; refused?: Outcome[] }> {
	const preloaded: Preloaded = new Map(loadedBefore);
	const adding = inputs.filter(({ input }) => input.add.length > 0);
	if (limit === 0 || adding.length === 0) return { preloaded };
	let parts = 0;
	let numbers = 0;
	for (const { itemIndex, input } of adding) {
		const loaded = preloaded.get(itemIndex) ?? (await loadMessage(ctx, input.batch, transport));
		preloaded.set(itemIndex, loaded);
		const each = loaded.ok && loaded.value ? partsPerAddedNumber(input, loaded.value) : undefined;
		if (each === undefined) continue;
		numbers += input.add.length;
		parts += input.add.length * each;
	}
	return {
		preloaded,
		refused: refuseOverTotal(ctx, { parts, destinations: numbers }, limit, inputs, OVER_TOTAL),
	};
}
