import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

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
import { knownRepeat, type KnownRepeat } from '../../items/repeats';
import { readSettings } from '../../items/settings';

/** Handshake 1501 (HSHK_ERR_MR_BATCH_ID): no such batch; validation 2401 (DV_OK): the id was found in it. */
const BATCH_UNKNOWN = 1501;
const REPORT_FOUND = 2401;

/** A whole batch's report is one answer: only asking by message id splits it. */
const WHOLE_BATCH_NARROWER =
	'ask for the batch by message ID (the Message IDs field), fewer at a time';

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
	/** The item is a send's alreadySent number of this batch: its report is known whatever the service keeps. */
	repeat?: KnownRepeat;
}

function readItem(
	this: IExecuteFunctions,
	itemIndex: number,
	parameters: ItemParameters,
	item?: INodeExecutionData,
): ReportRequest {
	const batch = readBatch(this, parameters, itemIndex);
	const messageIds = readMessageIds(this, parameters, itemIndex, 'messageIds', 'Message IDs');
	const repeat = knownRepeat(item, batch, messageIds);
	return repeat ? { batch, messageIds, repeat } : { batch, messageIds };
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
	/** Known repeats (items/repeats.ts) by message id, the items that carried each, and the items that carried none. */
	repeats: Map<string, IDataObject>;
	repeatOwners: Map<string, IdOwners>;
	unknowing: number[];
}

function addOwner(byId: Map<string, IdOwners>, id: string, itemIndex: number): void {
	const owners = byId.get(id);
	if (!owners) byId.set(id, { id, items: itemIndex });
	else if (typeof owners.items === 'number') {
		if (owners.items !== itemIndex) owners.items = [owners.items, itemIndex];
	} else if (owners.items[owners.items.length - 1] !== itemIndex) owners.items.push(itemIndex);
}

function groupByBatch(inputs: Array<ItemInput<ReportRequest>>): BatchQuery[] {
	const queries = new Map<string, BatchQuery>();
	for (const { itemIndex, input } of inputs) {
		let query = queries.get(input.batch);
		if (!query) {
			query = {
				batch: input.batch,
				byId: new Map(),
				wholeBatch: [],
				items: [],
				repeats: new Map(),
				repeatOwners: new Map(),
				unknowing: [],
			};
			queries.set(input.batch, query);
		}
		query.items.push(itemIndex);
		if (input.messageIds.length === 0) query.wholeBatch.push(itemIndex);
		for (const id of input.messageIds) addOwner(query.byId, id, itemIndex);
		const { repeat } = input;
		if (!repeat) query.unknowing.push(itemIndex);
		else {
			if (!query.repeats.has(repeat.messageId)) query.repeats.set(repeat.messageId, repeat.json);
			addOwner(query.repeatOwners, repeat.messageId, itemIndex);
		}
	}
	return [...queries.values()];
}

function pairedItems(items: number | number[]): number | number[] {
	return typeof items === 'number' || items.length !== 1 ? items : items[0];
}

/** A known repeat's report, paired with every item that named its id (or, asking for the whole batch, carried it). */
function repeatOutcome(query: BatchQuery, id: string): Outcome {
	const owners = query.byId.get(id) ?? query.repeatOwners.get(id);
	return {
		items: pairedItems(owners ? owners.items : query.items),
		json: { ...query.repeats.get(id) },
	};
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
					// A repeat the service does not hold in this batch (validation 2404, say) is still known from its send.
					const { validation } = destination;
					const unreported = validation !== undefined && validation !== REPORT_FOUND;
					if (unreported && query.repeats.has(destination.messageId))
						return repeatOutcome(query, destination.messageId);
					const named = query.byId.get(destination.messageId);
					if (named) destination.messageId = named.id;
					// A repeat asked for with its whole batch goes with the item that carried it, as when the service keeps none.
					const owners = named ?? query.repeatOwners.get(destination.messageId);
					// A voice batch's report says voice; an answer without a category is about SMS.
					const json = reportItem(batch, destination, pool, category ?? 'sms');
					return {
						items: pairedItems(owners ? owners.items : whole ? query.wholeBatch : query.items),
						json,
					};
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
async function reportBatch(
	ctx: IExecuteFunctions,
	query: BatchQuery,
	parameters: ItemParameters,
): Promise<Outcome[]> {
	const { transport } = readSettings(ctx, parameters);
	const reader = batchReader(query);
	const call = await callService(
		ctx,
		query.wholeBatch.length > 0
			? {
					path: deliveryReportPath(query.batch),
					reader,
					compressed: true,
					readOnly: true,
					narrower: WHOLE_BATCH_NARROWER,
				}
			: {
					path: destinationsReportPath(query.batch),
					body: encodeReportQuery([...query.byId.keys()], transport.format),
					reader,
					compressed: true,
					readOnly: true,
					narrower: 'ask for fewer message IDs at a time',
				},
		transport,
	);
	if (!call.ok) {
		// A batch the service keeps no record of (1501), as a repeat's may be: its repeats are known, the rest fail.
		const repeats = call.failure.handshake?.id === BATCH_UNKNOWN ? [...query.repeats.keys()] : [];
		const outcomes = repeats.map((id) => repeatOutcome(query, id));
		const failing = repeats.length > 0 ? query.unknowing : query.items;
		if (failing.length === 0) return outcomes;
		const error = call.failure.toNodeApiError(ctx.getNode(), { itemIndex: failing[0] });
		for (const item of failing) outcomes.push({ items: item, json: { batch: query.batch }, error });
		return outcomes;
	}
	const { outcomes, answered } = call.value;
	for (const owners of query.byId.values()) {
		if (answered.has(owners.id)) continue;
		if (query.repeats.has(owners.id)) {
			outcomes.push(repeatOutcome(query, owners.id));
			continue;
		}
		const json: IDataObject = {
			batch: query.batch,
			messageId: owners.id,
			verdict: 'unknown',
			reason: 'the service gave no report for this message ID in this batch',
			final: false,
		};
		outcomes.push({ items: pairedItems(owners.items), json });
	}
	// Asked for the whole batch: a repeat the answer leaves out (an empty list) still comes out.
	for (const id of query.repeats.keys())
		if (!answered.has(id) && !query.byId.has(id)) outcomes.push(repeatOutcome(query, id));
	return outcomes;
}

async function execute(
	this: IExecuteFunctions,
	inputs: Array<ItemInput<ReportRequest>>,
	parameters: ItemParameters,
): Promise<Outcome[]> {
	const outcomes: Outcome[] = [];
	for (const query of groupByBatch(inputs))
		outcomes.push(...(await reportBatch(this, query, parameters)));
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
