/* eslint-disable @n8n/community-nodes/icon-validation -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The floor node of scenarios (h) and (h′): it reads, item by item, the parameters SMSOnlineGH Send
 * reads (Sender, Phone Numbers, Message, Message Type, Options), emits one item per contact, and
 * sends nothing. Built and installed only into the bench's n8n (bench/floor-package.ts); not part
 * of the package.
 *
 * Reading `n8n`: `getNodeParameter` for each parameter of each item, as a node does by default, so
 * the scenario shows what n8n's parameter reading costs. Reading `node`: the way Send reads them
 * (nodes/SmsOnlineGh/items/parameters.ts: parameters without an expression once per run, a
 * `{{ $json.field }}` from the item), so the scenario is the least Send could take inside n8n
 * before it does any work of its own. Reading `nodePost` (h″): read as Send reads, then post Send's
 * batches (its JSON body, Batch Size numbers each) one after the other through n8n's HTTP helper,
 * as Send must, and emit the answer's destinations: the least Send could take in n8n with its HTTP.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { ItemParameters } from '../../nodes/SmsOnlineGh/items/parameters';

type Read = (name: string, itemIndex: number, fallback?: unknown) => unknown;

export class ReadParameters implements INodeType {
	description = {
		displayName: 'Read Send Parameters (bench)',
		name: 'readParameters',
		group: ['transform'],
		version: 1,
		description: "Reads SMSOnlineGH Send's parameters for every item and sends nothing",
		defaults: { name: 'Read Parameters' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [
			{
				displayName: 'Reading',
				name: 'reading',
				type: 'options',
				default: 'n8n',
				options: [
					{ name: 'N8n (getNodeParameter per Item)', value: 'n8n' },
					{ name: 'Node (As Send Reads)', value: 'node' },
					{ name: 'Node, and Post the Batches', value: 'nodePost' },
				],
			},
			{ displayName: 'Send URL', name: 'url', type: 'string', default: '' },
			{ displayName: 'Authorization', name: 'authorization', type: 'string', default: '' },
			{ displayName: 'Sender', name: 'sender', type: 'string', default: '' },
			{ displayName: 'Phone Numbers', name: 'phoneNumbers', type: 'string', default: '' },
			{ displayName: 'Message', name: 'message', type: 'string', default: '' },
			{ displayName: 'Message Type', name: 'messageType', type: 'string', default: 'auto' },
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				default: {},
				options: [{ displayName: 'Batch Size', name: 'batchSize', type: 'number', default: 1000 }],
			},
		],
	} as unknown as INodeTypeDescription;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const reading = this.getNodeParameter('reading', 0) as string;
		let read: Read;
		if (reading === 'n8n') {
			read = (name, i, fallback) => this.getNodeParameter(name, i, fallback as never);
		} else {
			const parameters = new ItemParameters(this);
			read = (name, i, fallback) => parameters.get(name, i, fallback as never);
		}
		const out: INodeExecutionData[] = new Array(items.length);
		for (let i = 0; i < items.length; i++) {
			const json: IDataObject = {
				to: read('phoneNumbers', i, '') as string,
				sender: read('sender', i, '') as string,
				text: read('message', i, '') as string,
				type: read('messageType', i, 'auto') as string,
				batchSize: (read('options', i, {}) as IDataObject).batchSize ?? 1000,
			};
			out[i] = { json, pairedItem: { item: i } };
		}
		return [reading === 'nodePost' ? await postBatches(this, out) : out];
	}
}

/** Send's requests for the items read, one batch after the other; one item per destination answered. */
async function postBatches(
	ctx: IExecuteFunctions,
	read: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const url = ctx.getNodeParameter('url', 0) as string;
	const authorization = ctx.getNodeParameter('authorization', 0) as string;
	const out: INodeExecutionData[] = [];
	const size = Number(read[0]?.json.batchSize ?? 1000);
	for (let start = 0; start < read.length; start += size) {
		const batch = read.slice(start, start + size);
		const first = batch[0].json;
		const body = JSON.stringify({
			text: first.text,
			type: 0,
			sender: first.sender,
			destinations: batch.map((item) => item.json.to),
		});
		const answer = (await ctx.helpers.httpRequest({
			method: 'POST',
			url,
			headers: {
				Authorization: authorization,
				Accept: 'application/json',
				'Content-Type': 'application/json',
			},
			body,
			json: false,
		})) as unknown;
		// n8n's client may hand the JSON answer already parsed.
		const parsed = (typeof answer === 'string' ? JSON.parse(answer) : answer) as {
			data: { destinations: IDataObject[] };
		};
		const destinations = parsed.data.destinations;
		for (let k = 0; k < destinations.length; k++)
			out.push({ json: destinations[k], pairedItem: { item: start + k } });
	}
	return out;
}
