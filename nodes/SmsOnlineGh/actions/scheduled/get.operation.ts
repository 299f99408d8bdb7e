import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { reportedDestination, reportReceipt } from '../../../shared/reportItems';
import {
	deliveryReportPath,
	deliveryReportReader,
} from '../../../shared/transport/endpoints/report';
import type { ListedMessage } from '../../../shared/transport/endpoints/scheduled';
import type { WireDestinationResult } from '../../../shared/transport/endpoints/send';
import type { CallResult, TransportOptions } from '../../../shared/transport/service';
import { callService } from '../../../shared/transport/service';
import { batchProperty, queryOptions } from '../../items/common.descriptions';
import { readBatch } from '../../items/messageRefs';
import type { ItemInput, Operation, Outcome } from '../../items/operation';
import type { ItemParameters } from '../../items/parameters';
import { readSettings } from '../../items/settings';
import { loadDestinations, loadListedMessage } from './load';

const properties: INodeProperties[] = [batchProperty, queryOptions];

function readItem(this: IExecuteFunctions, itemIndex: number, parameters: ItemParameters): string {
	return readBatch(this, parameters, itemIndex);
}

function messageFields(message: ListedMessage | undefined): IDataObject {
	if (!message) return {};
	const fields: IDataObject = { ...message };
	delete fields.batch;
	return fields;
}

/** Vendor SDK status codes; which of 1801 and 1803 follows Send Now is undocumented, so neither fails. */
const NO_LONGER_SCHEDULED: ReadonlyMap<number, string> = new Map([
	[1801, 'processed'],
	[1802, 'cancelled'],
	[1803, 'notScheduled'],
]);

function noLongerScheduled(result: CallResult<unknown>): string | undefined {
	const id = result.ok ? undefined : result.failure.handshake?.id;
	return id === undefined ? undefined : NO_LONGER_SCHEDULED.get(id);
}

/** Once no longer scheduled, the batch's destinations are read from its delivery report. */
async function destinationsOf(
	ctx: IExecuteFunctions,
	batch: string,
	transport: TransportOptions,
): Promise<CallResult<WireDestinationResult[]>> {
	const scheduled = await loadDestinations(ctx, batch, transport);
	if (scheduled.ok || noLongerScheduled(scheduled) === undefined) return scheduled;
	const report = await callService(
		ctx,
		{
			path: deliveryReportPath(batch),
			reader: deliveryReportReader,
			compressed: true,
			readOnly: true,
		},
		transport,
	);
	return report.ok ? { ...report, value: report.value.destinations } : scheduled;
}

async function getBatch(
	ctx: IExecuteFunctions,
	batch: string,
	items: number[],
	parameters: ItemParameters,
): Promise<Outcome[]> {
	const { transport } = readSettings(ctx, parameters);
	const fail = (error: NonNullable<Outcome['error']>): Outcome[] =>
		items.map((item) => ({ items: item, json: { batch }, error }));
	const loaded = await loadListedMessage(ctx, batch, transport);
	const state = loaded.ok ? 'scheduled' : noLongerScheduled(loaded);
	if (!loaded.ok && state === undefined)
		return fail(loaded.failure.toNodeApiError(ctx.getNode(), { itemIndex: items[0] }));
	const destinations = await destinationsOf(ctx, batch, transport);
	if (!destinations.ok)
		return fail(destinations.failure.toNodeApiError(ctx.getNode(), { itemIndex: items[0] }));
	const fields = messageFields(loaded.ok ? loaded.value : undefined);
	const paired = items.length === 1 ? items[0] : items;
	return destinations.value.map((wire) => {
		const json: IDataObject = Object.assign(
			reportedDestination(batch, reportReceipt(wire), undefined, fields.category),
			fields,
		);
		if (wire.values !== undefined) json.values = wire.values;
		json.scheduleState = state;
		return { items: paired, json };
	});
}

async function execute(
	this: IExecuteFunctions,
	inputs: Array<ItemInput<string>>,
	parameters: ItemParameters,
): Promise<Outcome[]> {
	const byBatch = new Map<string, number[]>();
	for (const { itemIndex, input } of inputs)
		byBatch.set(input, [...(byBatch.get(input) ?? []), itemIndex]);
	const outcomes: Outcome[] = [];
	for (const [batch, items] of byBatch)
		outcomes.push(...(await getBatch(this, batch, items, parameters)));
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
