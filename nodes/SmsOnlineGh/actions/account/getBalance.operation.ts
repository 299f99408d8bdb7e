import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { dataFormatOption, optionsCollection, timeoutOption } from '../../items/common.descriptions';
import type { ItemInput, Operation, Outcome } from '../../items/operation';
import type { ItemParameters } from '../../items/parameters';
import { readSettings } from '../../items/settings';
import { readBalance } from '../../account/balance';

const properties: INodeProperties[] = [optionsCollection([dataFormatOption, timeoutOption])];

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
	const { transport } = readSettings(this, parameters);
	// Its model, which only this answer names, words the cost of later sends (sending/cost.ts).
	const call = await readBalance(this, transport);
	if (!call.ok) return [{ items, json: {}, error: call.failure.toNodeApiError(this.getNode()) }];
	return [{ items, json: { ...call.value } as IDataObject }];
}

export const getBalance: Operation<null> = {
	option: { name: 'Get Balance', description: 'Get the credit left on the account', action: 'Get the account balance' },
	properties,
	readItem,
	execute,
};
