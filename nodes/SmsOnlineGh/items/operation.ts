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
	/** Whether its Output option may fold the items into one summary (see router/summary.ts). */
	summarisable?: boolean;
	/**
	 * A send or an update: every item it emits carries a `verdict`, error items too (the router
	 * gives `notSent` to one that has none: nothing of it was sent, or changed).
	 */
	verdicts?: 'send' | 'update';
	/**
	 * Reads phone numbers (with the Default Country Code and Number Check options): the router gives
	 * it the account's home country, where numbers without a country code are read
	 * (sending/homeCountry.ts).
	 */
	readsNumbers?: boolean;
	/** The numbers an item goes to (as given, as sent), for the error items of an item refused whole. */
	recipientsOf?(input: T): Array<{ input: string; number: string }>;
	/** The ceilings a dry run's summary sets its estimate against, when not the SMS parts ceilings. */
	summaryCeilings?(this: IExecuteFunctions, parameters: ItemParameters): IDataObject;
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
