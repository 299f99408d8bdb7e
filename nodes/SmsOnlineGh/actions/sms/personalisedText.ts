// Each contact's text: the template's variables filled from the item's values, refused when a value
// is missing, not text or a number, or leaves the contact an empty text.
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { describeInvisible, invisibleCharacters } from '../../helpers/invisible';
import { renderTemplate, templateVariables } from '../../helpers/template';
import { readText } from '../../items/fields';
import { describeValue, itemError } from '../../items/itemErrors';
import type { ItemParameters } from '../../items/parameters';

function pathValue(root: unknown, path: string): unknown {
	let current = root;
	for (const segment of path.split('.')) {
		if (segment === '') continue;
		if (typeof current !== 'object' || current === null) return undefined;
		current = (current as IDataObject)[segment];
	}
	return current;
}

/** Written only when an error needs it, not for every value read. */
function valueSource(variables: readonly string[], n: number, path: string | undefined): string {
	if (path === undefined) return `value ${n + 1} of Values`;
	return `the field "${path === '' ? variables[n] : `${path}.${variables[n]}`}"`;
}

/** The vendor SDK takes a non-empty string or number; booleans are written as text. */
function checkValue(
	ctx: IExecuteFunctions,
	itemIndex: number,
	variables: readonly string[],
	n: number,
	value: unknown,
	path: string | undefined,
): string | number {
	if (value === undefined || value === null) {
		throw itemError(
			ctx,
			itemIndex,
			`Variable {$${variables[n]}}`,
			`has no value: ${valueSource(variables, n, path)} is missing`,
		);
	}
	if (typeof value === 'number') {
		if (!Number.isFinite(value)) {
			throw itemError(
				ctx,
				itemIndex,
				`Variable {$${variables[n]}}`,
				`has the value ${value}, which cannot be written into a message`,
			);
		}
		return value;
	}
	if (typeof value === 'boolean') return String(value);
	if (typeof value === 'string') {
		if (value.trim() === '') {
			throw itemError(
				ctx,
				itemIndex,
				`Variable {$${variables[n]}}`,
				`has an empty value (${valueSource(variables, n, path)})`,
			);
		}
		return value;
	}
	if (typeof value === 'object') {
		throw itemError(
			ctx,
			itemIndex,
			`Variable {$${variables[n]}}`,
			`got ${describeValue(value)} from ${valueSource(variables, n, path)}; a value must be text or a number`,
		);
	}
	throw itemError(
		ctx,
		itemIndex,
		`Variable {$${variables[n]}}`,
		`got a ${typeof value} from ${valueSource(variables, n, path)}`,
	);
}

function readValues(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameters: ItemParameters,
	item: INodeExecutionData,
	variables: readonly string[],
): Array<string | number> {
	const source = parameters.get<string>('valuesSource', itemIndex, 'itemFields');
	if (source === 'defined') {
		const collection = parameters.get<{ value?: Array<{ value?: unknown }> }>(
			'values',
			itemIndex,
			{},
		);
		const given = (collection.value ?? []).map((entry) => entry.value);
		if (given.length !== variables.length) {
			throw itemError(
				ctx,
				itemIndex,
				'Values',
				`has ${given.length} value${given.length === 1 ? '' : 's'} but the template has ${variables.length} variable${variables.length === 1 ? '' : 's'} (${variables.map((v) => `{$${v}}`).join(', ')})`,
				'Add one value per variable, in the order the variables first appear in the template.',
			);
		}
		return given.map((value, n) => checkValue(ctx, itemIndex, variables, n, value, undefined));
	}
	const path = parameters.get<string>('fieldsPath', itemIndex, '').trim();
	const fields = path === '' ? item.json : pathValue(item.json, path);
	if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
		throw itemError(
			ctx,
			itemIndex,
			'Fields Path',
			`"${path}" does not lead to an object in the item`,
		);
	}
	const values: Array<string | number> = new Array(variables.length);
	for (let n = 0; n < variables.length; n++) {
		values[n] = checkValue(
			ctx,
			itemIndex,
			variables,
			n,
			(fields as IDataObject)[variables[n]],
			path,
		);
	}
	return values;
}

export interface RenderedText {
	template: string;
	/** The values as the item gave them, in the order the variables first appear. */
	given: Array<string | number>;
	rendered: string;
}

/** The template, the item's values and the text they make for this contact. */
export function renderForItem(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameters: ItemParameters,
	item: INodeExecutionData,
): RenderedText {
	const template = readText(ctx, parameters, 'template', 'Message Template', itemIndex);
	const variables = templateVariables(template);
	if (variables.length === 0) {
		throw itemError(
			ctx,
			itemIndex,
			'Message Template',
			'has no variables such as {$name}',
			'Write variables as {$name}, or use the Send operation to send the same text to every number.',
		);
	}
	const given = readValues(ctx, itemIndex, parameters, item, variables);
	// Auto decides on what this number receives: the rendered text, not the template.
	const rendered = renderTemplate(template, given);
	// A template of variables alone, filled with invisible values, would be sent and billed as an empty text.
	const blank = invisibleCharacters(rendered);
	if (blank !== undefined) {
		throw itemError(
			ctx,
			itemIndex,
			'Message Template',
			`gives this contact an empty text: with its values it holds ${describeInvisible(rendered, blank)}; give its variables visible values`,
		);
	}
	return { template, given, rendered };
}
