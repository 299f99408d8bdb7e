import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** The message says what to do where that is not plain: n8n hands an AI agent the message alone. */
export function itemError(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	problem: string,
	description?: string,
): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `${field} ${problem}`, { itemIndex, description });
}

// The number as given, for the error item's `input`.
const numbersOfErrors = new WeakMap<object, string>();

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
