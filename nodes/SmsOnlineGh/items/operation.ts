// What an operation is and what it gives back: outcomes, which only the router turns into n8n items.
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	NodeApiError,
	NodeHint,
	NodeOperationError,
} from 'n8n-workflow';

import type { ItemParameters } from './parameters';

/** The router sets `pairedItem` and, from Continue On Fail, makes an error an error item or a stop. */
export interface Outcome {
	items: number | number[];
	json: IDataObject;
	error?: NodeApiError | NodeOperationError;
}

export interface ItemInput<T> {
	itemIndex: number;
	input: T;
}

/** The items read, and the error items of those refused (Continue On Fail). */
export interface ReadItems {
	inputs: Array<ItemInput<unknown>>;
	returnData: INodeExecutionData[];
}

// `readItem` throws a NodeOperationError naming the item and field. The registry shows the fields for
// this operation alone (updateDisplayOptions), so `properties` carry no resource or operation.
export interface Operation<T = unknown> {
	option: { name: string; description: string; action: string };
	properties: INodeProperties[];
	hints?: NodeHint[];
	/** Every item it emits carries a `verdict`; the router gives `notSent` to an error item without one. */
	verdicts?: 'send' | 'update';
	/** `read` reads all items and may be called again (the sends' home country, sending/homeCountry.ts). */
	readItemsWith?(ctx: IExecuteFunctions, parameters: ItemParameters, read: () => ReadItems): Promise<ReadItems>;
	/** For the error items of an item refused whole. */
	recipientsOf?(input: T): Array<{ input: string; number: string }>;
	/** What to do after a run, read from its items (the sends: top up after a credit shortfall); a warning hint, and the Summary's `nextStep`. */
	nextStep?(returnData: readonly INodeExecutionData[]): string | undefined;
	summary?(
		this: IExecuteFunctions,
		returnData: INodeExecutionData[],
		inputCount: number,
		parameters: ItemParameters,
	): Promise<INodeExecutionData | undefined>;
	readItem(
		this: IExecuteFunctions,
		itemIndex: number,
		parameters: ItemParameters,
		item: INodeExecutionData,
	): T;
	execute(this: IExecuteFunctions, inputs: Array<ItemInput<T>>, parameters: ItemParameters): Promise<Outcome[]>;
}

export interface Resource {
	name: string;
	operations: Record<string, Operation<unknown>>;
}
