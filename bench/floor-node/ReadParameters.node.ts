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
 * before it does any work of its own.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

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
				],
			},
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
		let read: Read;
		if (this.getNodeParameter('reading', 0) === 'node') {
			const parameters = new ItemParameters(this);
			read = (name, i, fallback) => parameters.get(name, i, fallback as never);
		} else {
			read = (name, i, fallback) => this.getNodeParameter(name, i, fallback as never);
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
		return [out];
	}
}
