// Derived from the registry; the description itself stays in the node class, where n8n's tools look for it.
import type { INodeProperties, INodePropertyOptions, NodeHint } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Resource } from '../items/operation';
import { resources } from './registry';

const entries = Object.entries(resources) as Array<[string, Resource]>;

function operationOptions({ operations }: Resource): INodePropertyOptions[] {
	return Object.entries(operations).map(([value, { option }]) => ({ ...option, value }));
}

function operationSelector(resource: string, definition: Resource): INodeProperties {
	const inRegistryOrder = operationOptions(definition);
	// n8n lists options alphabetically; the registry's order decides only the default.
	const options = [...inRegistryOrder].sort((a, b) => a.name.localeCompare(b.name));
	const selector: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options,
		default: '',
	};
	selector.default = inRegistryOrder[0].value;
	return selector;
}

function resourceProperties(resource: string, definition: Resource): INodeProperties[] {
	const fields = Object.entries(definition.operations).map(([operation, { properties }]) =>
		updateDisplayOptions({ show: { resource: [resource], operation: [operation] } }, properties),
	);
	return [operationSelector(resource, definition), ...fields.flat()];
}

// Registry order: the first resource is the default.
export const resourceOptions: INodePropertyOptions[] = entries.map(([value, { name }]) => ({
	name,
	value,
}));

export const operationProperties: INodeProperties[] = entries.flatMap(([resource, definition]) =>
	resourceProperties(resource, definition),
);

export const descriptionHints: NodeHint[] = [
	...new Set(
		entries.flatMap(([, { operations }]) =>
			Object.values(operations).flatMap((operation) => operation.hints ?? []),
		),
	),
];
