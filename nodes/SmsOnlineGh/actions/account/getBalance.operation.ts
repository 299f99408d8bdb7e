import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { fromWireBalance } from '../../model';
import { callService, decodeBalance, TransportFailure } from '../../transport';
import { dataFormatOption, readSettings, timeoutOption } from '../common';
import type { ItemParameters } from '../parameters';
import type { ItemInput, Operation, Outcome } from '../types';

const show = { resource: ['account'], operation: ['getBalance'] };

export const description: INodeProperties[] = [
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show },
		options: [dataFormatOption, timeoutOption],
	},
];

function readItem(): null {
	return null;
}

/**
 * The balance belongs to the account, not to an item: one request answers for every input item,
 * and the single output item is paired with all of them.
 */
async function execute(
	this: IExecuteFunctions,
	inputs: Array<ItemInput<null>>,
	parameters: ItemParameters,
): Promise<Outcome[]> {
	const items = inputs.map((input) => input.itemIndex);
	const { transport } = readSettings(parameters);
	const call = await callService(this, 'balance', undefined, transport);
	if (!call.ok) return [{ items, json: {}, error: call.failure.toNodeApiError(this.getNode()) }];
	const decoded = decodeBalance(call.envelope.data);
	if (!decoded.ok) {
		const failure = new TransportFailure(
			'maybeProcessed',
			'The SMS service sent a balance that could not be read',
			`HTTP 200 and handshake 0, but ${decoded.reason}.`,
			200,
		);
		return [{ items, json: {}, error: failure.toNodeApiError(this.getNode()) }];
	}
	return [{ items, json: { ...fromWireBalance(decoded.value) } as IDataObject }];
}

export const getBalance: Operation<null> = { description, readItem, execute };
