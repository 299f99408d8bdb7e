import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { fromWireProfile } from '../../../shared/transport/endpoints/profile';
import { queryOptions } from '../../items/common.descriptions';
import type { ItemInput, Operation, Outcome } from '../../items/operation';
import type { ItemParameters } from '../../items/parameters';
import { readSettings } from '../../items/settings';
import { readProfile } from '../../account/profileCache';

const properties: INodeProperties[] = [queryOptions];

function readItem(): null {
	return null;
}

/**
 * Like the balance, the profile belongs to the account: one request, one item paired with every
 * input item. An explicit read always asks the service, and refreshes the profile the sender check
 * keeps (account/profileCache.ts).
 */
async function execute(
	this: IExecuteFunctions,
	inputs: Array<ItemInput<null>>,
	parameters: ItemParameters,
): Promise<Outcome[]> {
	const items = inputs.map((input) => input.itemIndex);
	const { transport } = readSettings(this, parameters);
	const call = await readProfile(this, transport);
	if (!call.ok) return [{ items, json: {}, error: call.failure.toNodeApiError(this.getNode()) }];
	return [{ items, json: fromWireProfile(call.value) as unknown as IDataObject }];
}

export const getProfile: Operation<null> = {
	option: {
		name: 'Get Profile',
		description: 'Get the account’s time zone, home country, registered senders (SMS and voice) and message types',
		action: 'Get the account profile',
	},
	properties,
	readItem,
	execute,
};
