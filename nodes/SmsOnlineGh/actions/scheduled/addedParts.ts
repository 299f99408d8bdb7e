/**
 * Scheduled SMS → Update's Maximum Total Parts: the SMS parts the numbers one run adds to waiting
 * messages will cost once they go out, checked before any update is sent. Each added number costs
 * the parts of its message's text after the update, which only the loaded message tells (its text
 * and type, when the item gives no new ones); so, with a limit set, the messages of the items that
 * add numbers are loaded first, and each load is kept for that item's update (no message is loaded
 * twice). With no limit (the default) nothing is loaded here: the run is as it was without it.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import type { WireScheduledMessage } from '../../../shared/transport/endpoints/scheduled';
import type { CallResult, TransportOptions } from '../../../shared/transport/service';
import type { ItemInput, Outcome } from '../../items/operation';
import type { TotalRefusal } from '../../sending/ceilings';
import { refuseOverTotal } from '../../sending/ceilings';
import { loadMessage } from './load';
import type { DestinationEdit } from './updating';

/** The loads made before the first update, by item index: each item's update takes its own. */
export type Preloaded = Map<number, CallResult<WireScheduledMessage | undefined>>;

/**
 * The parts one number the item adds will cost: those of the message's text after the update; or
 * undefined when no number can be added to that message (a voice or personalised one: the item
 * fails anyway when its turn comes, and adds nothing).
 */
export type PartsPerAddedNumber<T> = (request: T, message: WireScheduledMessage) => number | undefined;

const OVER_TOTAL: TotalRefusal<DestinationEdit> = {
	would: (parts, numbers) => `add ${numbers} costing ${parts} to waiting messages`,
	notDone: 'nothing was changed',
	fix: 'Add fewer numbers (split the run)',
	description:
		'Each number to add costs the parts of its message’s text after the update (the item’s new text and type, else the message’s own), added up over every item, numbers counted as given (a number given twice counts twice), before any message is changed. No message of this run was changed.',
	json: (request) => ({ batch: request.batch }),
};

/**
 * Loads the message of every item that adds numbers, in item order, and counts the parts its
 * numbers will cost; a run over the limit is refused whole (one error outcome per item, each with
 * its batch), nothing changed. Nothing happens when the limit is 0 or no item adds numbers.
 *
 * A load that fails (or a batch that is not a waiting message) is kept as it is: that item fails
 * with that error when its turn comes, as it would without the limit, and counts nothing, since it
 * adds nothing. The other items are still loaded and counted, even after it: without Continue On
 * Fail the run stops at the failed item, so its later items are counted though never changed. The
 * count is of what is known before any change, and may be over what the run adds, never under.
 */
export async function checkAddedParts<T extends DestinationEdit>(
	ctx: IExecuteFunctions,
	inputs: Array<ItemInput<T>>,
	{ transport, limit }: { transport: TransportOptions; limit: number },
	partsPerAddedNumber: PartsPerAddedNumber<T>,
): Promise<{ preloaded: Preloaded; refused?: Outcome[] }> {
	const preloaded: Preloaded = new Map();
	const adding = inputs.filter(({ input }) => input.add.length > 0);
	if (limit === 0 || adding.length === 0) return { preloaded };
	let parts = 0;
	let numbers = 0;
	for (const { itemIndex, input } of adding) {
		const loaded = await loadMessage(ctx, input.batch, transport);
		preloaded.set(itemIndex, loaded);
		const each = loaded.ok && loaded.value ? partsPerAddedNumber(input, loaded.value) : undefined;
		if (each === undefined) continue;
		numbers += input.add.length;
		parts += input.add.length * each;
	}
	return { preloaded, refused: refuseOverTotal(ctx, { parts, destinations: numbers }, limit, inputs, OVER_TOTAL) };
}
