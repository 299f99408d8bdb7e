import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { reportItem, reportReceipt, TextPool } from '../../../shared/reportItems';
import {
	deliveryReportPath,
	deliveryReportReader,
	destinationsReportPath,
	encodeReportQuery,
	makeReportDestination,
} from '../../../shared/transport/endpoints/report';
import { readSendAnswer, REPORTED_CATEGORIES } from '../../../shared/transport/endpoints/send';
import { callService, type DataReader } from '../../../shared/transport/service';
import { batchProperty, queryOptions } from '../../items/common.descriptions';
import { readBatch, readMessageIds } from '../../items/messageRefs';
import type { ItemInput, Operation, Outcome } from '../../items/operation';
import type { ItemParameters } from '../../items/parameters';
import { readSettings } from '../../items/settings';

const properties: INodeProperties[] = [
	batchProperty,
	{
		displayName: 'Message IDs',
		name: 'messageIds',
		type: 'string',
		default: '={{ $json.messageId }}',
		placeholder: 'e.g. 093841e5-578a-41f4-5f5f-2f3910886c12',
		description:
			'Report only these messages of the batch: the messageId field of the Send output, or several IDs separated by commas. Leave empty for every message of the batch.',
	},
	queryOptions,
];

interface ReportRequest {
	batch: string;
	messageIds: string[];
}

function readItem(this: IExecuteFunctions, itemIndex: number, parameters: ItemParameters): ReportRequest {
	return {
		batch: readBatch(this, parameters, itemIndex),
		messageIds: readMessageIds(this, parameters, itemIndex, 'messageIds', 'Message IDs'),
	};
}

/** The id as the items gave it: the output reuses that string, one string less per destination. */
interface IdOwners {
	id: string;
	items: number | number[];
}

interface BatchQuery {
	batch: string;
	byId: Map<string, IdOwners>;
	wholeBatch: number[];
	items: number[];
}

function addOwner(query: BatchQuery, id: string, itemIndex: number): void {
	const owners = query.byId.get(id);
	if (!owners) query.byId.set(id, { id, items: itemIndex });
	else if (typeof owners.items === 'number') {
		if (owners.items !== itemIndex) owners.items = [owners.items, itemIndex];
	} else if (owners.items[owners.items.length - 1] !== itemIndex) owners.items.push(itemIndex);
}

function groupByBatch(inputs: Array<ItemInput<ReportRequest>>): BatchQuery[] {
	const queries = new Map<string, BatchQuery>();
	for (const { itemIndex, input } of inputs) {
		let query = queries.get(input.batch);
		if (!query) {
			query = { batch: input.batch, byId: new Map(), wholeBatch: [], items: [] };
			queries.set(input.batch, query);
		}
		query.items.push(itemIndex);
		if (input.messageIds.length === 0) query.wholeBatch.push(itemIndex);
		for (const id of input.messageIds) addOwner(query, id, itemIndex);
	}
	return [...queries.values()];
}

function pairedItems(items: number | number[]): number | number[] {
	return typeof items === 'number' || items.length !== 1 ? items : items[0];
}

interface BatchReport {
	outcomes: Outcome[];
	answered: Set<string>;
}

/** Each destination becomes an item as soon as it is read, never all held beside the items (docs/performance.md). */
function batchReader(query: BatchQuery): DataReader<BatchReport> {
	return {
		xmlLists: deliveryReportReader.xmlLists,
		jsonList: 'destinations',
		unreadable: deliveryReportReader.unreadable,
		read(data) {
			const answered = new Set<string>();
			const pool = new TextPool();
			const whole = query.wholeBatch.length > 0;
			const report = readSendAnswer(
				data,
				(wire, batch, category): Outcome => {
					const destination = reportReceipt(wire);
					answered.add(destination.messageId);
					const named = query.byId.get(destination.messageId);
					if (named) destination.messageId = named.id;
					// A voice batch's report says voice; an answer without a category is about SMS.
					const json = reportItem(batch, destination, pool, category ?? 'sms');
					return { items: pairedItems(named ? named.items : whole ? query.wholeBatch : query.items), json };
				},
				{ release: true, make: makeReportDestination, categories: REPORTED_CATEGORIES },
			);
			return { outcomes: report.destinations, answered };
		},
	};
}

/**
 * An id the answer leaves out still comes out, as unknown, so no message is dropped unsaid. Answers
 * are asked for compressed, for memory (docs/performance.md, Get Delivery Report).
 */
async function reportBatch(ctx: IExecuteFunctions, query: BatchQuery, parameters: ItemParameters): Promise<Outcome[]> {
	const { transport } = readSettings(ctx, parameters);
	const reader = batchReader(query);
	const call = await callService(
		ctx,
		query.wholeBatch.length > 0
			? { path: deliveryReportPath(query.batch), reader, compressed: true, readOnly: true }
			: {
					path: destinationsReportPath(query.batch),
					body: encodeReportQuery([...query.byId.keys()], transport.format),
					reader,
					compressed: true,
					readOnly: true,
				},
		transport,
	);
	if (!call.ok) {
		const error = call.failure.toNodeApiError(ctx.getNode(), { itemIndex: query.items[0] });
		return query.items.map((item) => ({ items: item, json: { batch: query.batch }, error }));
	}
	const { outcomes, answered } = call.value;
	for (const owners of query.byId.values()) {
		if (answered.has(owners.id)) continue;
		const json: IDataObject = {
			batch: query.batch,
			messageId: owners.id,
			verdict: 'unknown',
			reason: 'the service gave no report for this message ID in this batch',
			final: false,
		};
		outcomes.push({ items: pairedItems(owners.items), json });
	}
	return outcomes;
}

async function execute(
	this: IExecuteFunctions,
	inputs: Array<ItemInput<ReportRequest>>,
	parameters: ItemParameters,
): Promise<Outcome[]> {
	const outcomes: Outcome[] = [];
	for (const query of groupByBatch(inputs)) outcomes.push(...(await reportBatch(this, query, parameters)));
	return outcomes;
}

export const getDeliveryReport: Operation<ReportRequest> = {
	option: {
		name: 'Get Delivery Report',
		description: 'Get the delivery status of sent messages, by batch or by message ID',
		action: 'Get the delivery report of SMS messages',
	},
	properties,
	readItem,
	execute,
};
