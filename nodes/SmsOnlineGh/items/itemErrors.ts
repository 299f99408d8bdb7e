/**
 * The error about one item's field that every reading and check throws, and how a value is told
 * in it. Below the readers of fields and options, which all use it.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * An error about one input item's field. The message names the field and says what is wrong, and
 * what to do where that is not plain: n8n hands an AI agent the message alone. The item is n8n's
 * to show (itemIndex), not the message's.
 */
export function itemError(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	problem: string,
	description?: string,
): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `${field} ${problem}`, { itemIndex, description });
}

/** The phone number (as given) an item error is about, for the error item's `input`. */
const numbersOfErrors = new WeakMap<object, string>();

/** An item error about one phone number: the error item names the number as given (`input`). */
export function numberError(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	input: string,
	problem: string,
	description?: string,
): NodeOperationError {
	const error = itemError(ctx, itemIndex, field, problem, description);
	numbersOfErrors.set(error, input);
	return error;
}

/** The number an error is about, when it is a {@link numberError}. */
export function numberOfError(error: object): string | undefined {
	return numbersOfErrors.get(error);
}

/** What an expression gave, for an error message: "an array", "a number (3)"… */
export function describeValue(value: unknown): string {
	if (value === undefined) return 'nothing';
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'an array';
	if (typeof value === 'object') return 'an object';
	return `a ${typeof value} (${typeof value === 'number' ? String(value) : JSON.stringify(value)})`;
}
