/**
 * What an operation is (its fields, how it reads one item, how it carries out all of them) and
 * what it gives back: one outcome per output item, which only the router turns into n8n items.
 */
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

/**
 * One output item as an operation reports it. The router alone turns outcomes into n8n items:
 * it sets `pairedItem` and decides, from Continue On Fail, whether an outcome with an error
 * becomes an error item or stops the execution.
 */
export interface Outcome {
	/** The input item (or items) this output item derives from. */
	items: number | number[];
	json: IDataObject;
	/** Set when this output item reports a failure. */
	error?: NodeApiError | NodeOperationError;
}

/** What one input item asked for, once read and checked. */
export interface ItemInput<T> {
	itemIndex: number;
	input: T;
}

/**
 * An operation: its entry in the Operation list, its fields, how it reads one item (throwing a
 * NodeOperationError that names the item and the field when the item is bad), and how it carries
 * out what all good items asked for. Its value is its key in the registry; the registry shows its
 * fields for it alone (updateDisplayOptions), so `properties` carry no resource or operation.
 */
export interface Operation<T = unknown> {
	/** Title Case name, what it does, and the sentence n8n shows for it in lists and to agents. */
	option: { name: string; description: string; action: string };
	properties: INodeProperties[];
	/** Hints the editor shows while its fields are filled in (collected into the node's description). */
	hints?: NodeHint[];
	/**
	 * A send or an update: every item it emits carries a `verdict`, error items too (the router
	 * gives `notSent` to one that has none: nothing of it was sent, or changed).
	 */
	verdicts?: 'send' | 'update';
	/**
	 * Reads the run's items in a frame of its own: `read` reads them all, and may be called again
	 * (the send operations read numbers in the account's home country, sending/homeCountry.ts).
	 */
	readItemsWith?<R>(ctx: IExecuteFunctions, parameters: ItemParameters, read: () => R): Promise<R>;
	/** The numbers an item goes to (as given, as sent), for the error items of an item refused whole. */
	recipientsOf?(input: T): Array<{ input: string; number: string }>;
	/**
	 * Folds the run's output into one item when its Output option says so (undefined otherwise);
	 * only operations with a summary have that option (sending/summary.ts).
	 */
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

/** A resource: its name in the Resource list and its operations, in the order the list shows them. */
export interface Resource {
	name: string;
	operations: Record<string, Operation<unknown>>;
}
