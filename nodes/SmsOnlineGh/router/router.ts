import type { IExecuteFunctions, INodeExecutionData, IPairedItemData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ItemInput, Operation, Outcome, ReadItems, RunHome } from '../items/operation';
import { ItemParameters } from '../items/parameters';
import { failedItemsJson, unreadItemJson } from './errorItems';
import type { SmsOnlineGhType } from './registry';
import { resources } from './registry';

type AnyOperation = Operation<unknown>;

function findOperation(resource: string, operation: string): AnyOperation | undefined {
	const definition = Object.hasOwn(resources, resource)
		? resources[resource as SmsOnlineGhType['resource']]
		: undefined;
	const operations = definition?.operations as Record<string, AnyOperation> | undefined;
	return operations && Object.hasOwn(operations, operation) ? operations[operation] : undefined;
}

function pairedItem(items: number | number[]): IPairedItemData | IPairedItemData[] {
	return typeof items === 'number' ? { item: items } : items.map((item) => ({ item }));
}

function readItems(
	ctx: IExecuteFunctions,
	operation: AnyOperation,
	items: INodeExecutionData[],
	parameters: ItemParameters,
	continueOnFail: boolean,
	home?: RunHome,
	from?: ReadItems,
	through = items.length - 1,
): ReadItems {
	const inputs: Array<ItemInput<unknown>> = from?.inputs ?? [];
	const returnData: INodeExecutionData[] = from?.returnData ?? [];
	for (let itemIndex = from?.pausedAt ?? 0; itemIndex <= through; itemIndex++) {
		home?.reading(itemIndex);
		try {
			inputs.push({
				itemIndex,
				input: operation.readItem.call(ctx, itemIndex, parameters, items[itemIndex], home),
			});
		} catch (error) {
			// The item is read again, whole, once the home country is known.
			if (home?.pausedBy(error)) return { inputs, returnData, pausedAt: itemIndex };
			const nodeError =
				error instanceof NodeOperationError
					? error
					: new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
			if (!continueOnFail) throw nodeError;
			returnData.push({
				json: unreadItemJson(operation, nodeError),
				pairedItem: { item: itemIndex },
			});
		}
	}
	return { inputs, returnData };
}

// Every item is checked before anything is sent: a bad item never stops the good ones with Continue
// On Fail on, and never lets half a list go out with it off.
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as SmsOnlineGhType['resource'];
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = findOperation(resource, operationName);
	if (!operation) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of "${resource}" is not supported`,
		);
	}

	const parameters = new ItemParameters(this);
	const continueOnFail = this.continueOnFail();
	const { inputs, returnData } = operation.readItemsWith
		? await operation.readItemsWith(this, parameters, (home, from, through) =>
				readItems(this, operation, items, parameters, continueOnFail, home, from, through),
			)
		: readItems(this, operation, items, parameters, continueOnFail);
	const outcomes: Outcome[] =
		inputs.length === 0 ? [] : await operation.execute.call(this, inputs, parameters);
	let byItem: Map<number, unknown> | undefined;
	const inputOf = (items: number | number[]) => {
		if (typeof items !== 'number' || !operation.recipientsOf) return undefined;
		byItem ??= new Map(inputs.map(({ itemIndex, input }) => [itemIndex, input]));
		return byItem.get(items);
	};
	for (const outcome of outcomes) {
		if (outcome.error) {
			if (!continueOnFail) throw outcome.error;
			for (const json of failedItemsJson(operation, outcome, inputOf(outcome.items))) {
				returnData.push({ json, pairedItem: pairedItem(outcome.items) });
			}
		} else {
			returnData.push({ json: outcome.json, pairedItem: pairedItem(outcome.items) });
		}
	}
	const nextStep = operation.nextStep?.(returnData);
	if (nextStep)
		this.addExecutionHints({ message: nextStep, type: 'warning', location: 'outputPane' });
	const summary = await operation.summary?.call(this, returnData, items.length, parameters);
	if (summary) {
		if (nextStep) summary.json.nextStep = nextStep;
		return [[summary]];
	}
	return [returnData];
}
