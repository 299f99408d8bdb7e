import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ScheduledMessage } from '../../model';
import { fromWireDestination, fromWireScheduledMessage } from '../../model';
import { batchProperty, queryOptions } from '../common.descriptions';
import { readBatch } from '../messageRefs';
import type { ItemParameters } from '../parameters';
import { reportedDestination } from '../receipts';
import { readSettings } from '../settings';
import type { ItemInput, Operation, Outcome } from '../types';
import { loadDestinations, loadMessage } from './load';

const properties: INodeProperties[] = [batchProperty, queryOptions];

function readItem(this: IExecuteFunctions, itemIndex: number, parameters: ItemParameters): string {
	return readBatch(this, parameters, itemIndex);
}

/** What every destination's item says of its message, when the service still lists it. */
function messageFields(message: ScheduledMessage | undefined): IDataObject {
	if (!message) return {};
	const fields: IDataObject = { ...message };
	// Every item already names its batch.
	delete fields.batch;
	return fields;
}

/**
 * One item per destination, with its status (2104 while it waits, 2102 once cancelled) and the
 * message's text, sender and time. A cancelled or already sent message is no longer listed as
 * scheduled (the service answers 1801 or 1802), but its destinations still are: they come out
 * without the message's fields.
 */
async function getBatch(ctx: IExecuteFunctions, batch: string, items: number[], parameters: ItemParameters): Promise<Outcome[]> {
	const { transport } = readSettings(ctx, parameters);
	const fail = (error: NonNullable<Outcome['error']>): Outcome[] => items.map((item) => ({ items: item, json: { batch }, error }));
	const loaded = await loadMessage(ctx, batch, transport);
	const stillScheduled = loaded.ok || loaded.failure.handshake === undefined || ![1801, 1802].includes(loaded.failure.handshake.id);
	if (!loaded.ok && stillScheduled) return fail(loaded.failure.toNodeApiError(ctx.getNode(), { itemIndex: items[0] }));
	const destinations = await loadDestinations(ctx, batch, transport);
	if (!destinations.ok) return fail(destinations.failure.toNodeApiError(ctx.getNode(), { itemIndex: items[0] }));
	const message = loaded.ok && loaded.value ? fromWireScheduledMessage(loaded.value) : undefined;
	const fields = messageFields(message);
	const paired = items.length === 1 ? items[0] : items;
	return destinations.value.map((wire) => {
		const json: IDataObject = Object.assign(reportedDestination(batch, fromWireDestination(wire)), fields);
		if (wire.values !== undefined) json.values = wire.values;
		return { items: paired, json };
	});
}

async function execute(this: IExecuteFunctions, inputs: Array<ItemInput<string>>, parameters: ItemParameters): Promise<Outcome[]> {
	const byBatch = new Map<string, number[]>();
	for (const { itemIndex, input } of inputs) byBatch.set(input, [...(byBatch.get(input) ?? []), itemIndex]);
	const outcomes: Outcome[] = [];
	for (const [batch, items] of byBatch) outcomes.push(...(await getBatch(this, batch, items, parameters)));
	return outcomes;
}

export const get: Operation<string> = {
	option: {
		name: 'Get',
		description: 'Get a scheduled message with the status of each of its numbers',
		action: 'Get a scheduled SMS',
	},
	properties,
	readItem,
	execute,
};
