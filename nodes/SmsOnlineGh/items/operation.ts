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

import type { RunHome } from '../numbers/read';
import type { ItemParameters } from './parameters';

export type { RunHome } from '../numbers/read';

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
	/** The item whose number needs the home country before it is known: the read goes on from it once it is. */
	pausedAt?: number;
}

/** Reads the items from `from.pausedAt` (all of them without `from`) through `through` (the last), their numbers in `home`. */
export type ReadFrom = (home: RunHome, from?: ReadItems, through?: number) => ReadItems;

// `readItem` throws a NodeOperationError naming the item and field. The registry shows the fields for
// this operation alone (updateDisplayOptions), so `properties` carry no resource or operation.
export interface Operation<T = unknown> {
	option: { name: string; description: string; action: string };
	properties: INodeProperties[];
	hints?: NodeHint[];
	/** Every item it emits carries a `verdict`; the router gives `notSent` to an error item without one. */
	verdicts?: 'send' | 'update';
	/** `read` reads the items in the run's home country, learned when a number first needs it (sending/homeCountry.ts). */
	readItemsWith?(
		ctx: IExecuteFunctions,
		parameters: ItemParameters,
		read: ReadFrom,
	): Promise<ReadItems>;
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
		/** Without readItemsWith: none, numbers without a country code are Ghana's. */
		home?: RunHome,
	): T;
	execute(
		this: IExecuteFunctions,
		inputs: Array<ItemInput<T>>,
		parameters: ItemParameters,
	): Promise<Outcome[]>;
}

export interface Resource {
	name: string;
	operations: Record<string, Operation<unknown>>;
}
