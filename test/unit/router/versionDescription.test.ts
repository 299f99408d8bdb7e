/**
 * What the node's description derives from the registry: one Operation list per resource with
 * every operation once, every field shown for its own resource and operation only, and a subtitle
 * (an n8n expression, resolved here by n8n-workflow's own engine) that names each operation as the
 * Operation list does.
 */
import type {
	INode,
	INodeProperties,
	INodeType,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { SmsOnlineGh } from '../../../nodes/SmsOnlineGh/SmsOnlineGh.node';
import type { Operation, Resource } from '../../../nodes/SmsOnlineGh/items/operation';
import { resources } from '../../../nodes/SmsOnlineGh/router/registry';
import {
	operationProperties,
	resourceOptions,
} from '../../../nodes/SmsOnlineGh/router/versionDescription';

const NODE_TYPE = 'n8n-nodes-smsonlinegh.smsOnlineGh';
const nodeType = new SmsOnlineGh();
const { properties } = nodeType.description;

/** Every [resource, operation value, operation] of the registry. */
const registered = (Object.entries(resources) as Array<[string, Resource]>).flatMap(
	([resource, { operations }]) =>
		Object.entries(operations).map(([value, operation]): [string, string, Operation] => [
			resource,
			value,
			operation,
		]),
);

function operationSelectors(resource: string): INodeProperties[] {
	return properties.filter(
		(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource),
	);
}

describe('the Resource list', () => {
	it('lists every resource of the registry, in registry order, and the node starts on the first', () => {
		const expected = Object.entries(resources).map(([value, { name }]) => ({ name, value }));
		expect(resourceOptions).toEqual(expected);
		const selector = properties.find((p) => p.name === 'resource');
		expect(selector).toMatchObject({
			type: 'options',
			noDataExpression: true,
			options: expected,
			default: expected[0].value,
		});
		expect(selector?.displayOptions).toBeUndefined();
		expect(properties.filter((p) => p.name === 'resource')).toHaveLength(1);
	});

	it('the registry has the resources and operations the node documents', () => {
		expect(registered.map(([resource, value]) => `${resource}.${value}`)).toEqual([
			'sms.send',
			'sms.sendPersonalised',
			'sms.getDeliveryReport',
			'voice.send',
			'voice.getDeliveryReport',
			'scheduledSms.getMany',
			'scheduledSms.get',
			'scheduledSms.update',
			'scheduledSms.sendNow',
			'scheduledSms.cancel',
			'scheduledVoice.getMany',
			'scheduledVoice.get',
			'scheduledVoice.update',
			'scheduledVoice.sendNow',
			'scheduledVoice.cancel',
			'account.getBalance',
			'account.getProfile',
		]);
	});
});

describe('the Operation lists', () => {
	it.each(Object.keys(resources))(
		'%s: one Operation selector, shown for that resource alone',
		(resource) => {
			const selectors = operationSelectors(resource);
			expect(selectors).toHaveLength(1);
			expect(selectors[0].displayOptions).toEqual({ show: { resource: [resource] } });
			expect(selectors[0]).toMatchObject({
				displayName: 'Operation',
				type: 'options',
				noDataExpression: true,
			});
		},
	);

	it.each(registered)(
		'%s.%s appears exactly once in its resource’s list, with name, description and action',
		(resource, value, operation) => {
			const [selector] = operationSelectors(resource);
			const matches = (selector.options ?? []).filter(
				(option) => 'value' in option && option.value === value,
			);
			expect(matches).toEqual([
				{
					name: operation.option.name,
					description: operation.option.description,
					action: operation.option.action,
					value,
				},
			]);
			// Another resource lists the value only when it registers an operation of that value itself
			// (Voice → Send and SMS → Send share `send`), and then with its own entry.
			for (const other of Object.keys(resources).filter((r) => r !== resource)) {
				const registersIt = Object.hasOwn(
					resources[other as keyof typeof resources].operations,
					value,
				);
				expect(
					operationSelectors(other)[0].options?.some((o) => 'value' in o && o.value === value),
				).toBe(registersIt);
			}
		},
	);

	it.each(Object.entries(resources) as Array<[string, Resource]>)(
		'%s: the list is the registry’s operations by name, the registry’s first the default',
		(resource, definition) => {
			const [selector] = operationSelectors(resource);
			const byName = Object.entries(definition.operations)
				.sort(([, a], [, b]) => a.option.name.localeCompare(b.option.name))
				.map(([value]) => value);
			expect(selector.options?.map((o) => ('value' in o ? o.value : undefined))).toEqual(byName);
			expect(selector.default).toBe(Object.keys(definition.operations)[0]);
		},
	);

	it('every option has a name, a description and an action sentence', () => {
		for (const [, , { option }] of registered) {
			expect(option.name).toMatch(/^[A-Z][a-z]*( [A-Z][a-z]*)*$/);
			expect(option.description.length).toBeGreaterThan(0);
			expect(option.action.length).toBeGreaterThan(0);
		}
	});
});

describe('the fields', () => {
	const fields = operationProperties.filter((p) => p.name !== 'operation');

	it('are every operation’s properties, in order, each shown for its resource and operation only', () => {
		const expected = registered.flatMap(([resource, value, operation]) =>
			operation.properties.map((p) => [p.name, p.displayName, resource, value]),
		);
		expect(
			fields.map((p) => [
				p.name,
				p.displayName,
				...(p.displayOptions?.show?.resource ?? []),
				...(p.displayOptions?.show?.operation ?? []),
			]),
		).toEqual(expected);
	});

	it('each field’s show names exactly one registered resource and one of its operations', () => {
		for (const field of fields) {
			const show = field.displayOptions?.show ?? {};
			expect(show.resource).toHaveLength(1);
			expect(show.operation).toHaveLength(1);
			const [resource] = show.resource as string[];
			const [operation] = show.operation as string[];
			expect(registered.some(([r, o]) => r === resource && o === operation)).toBe(true);
		}
	});

	it('keep what the operation said about them, and the operations’ own properties are left unchanged', () => {
		for (const [resource, value, operation] of registered) {
			for (const property of operation.properties) {
				const field = fields.find(
					(f) =>
						f.name === property.name &&
						f.displayOptions?.show?.operation?.[0] === value &&
						f.displayOptions?.show?.resource?.[0] === resource,
				);
				const { displayOptions, ...rest } = field as INodeProperties;
				const { displayOptions: own, ...ownRest } = property;
				expect(rest).toEqual(ownRest);
				expect(own?.show?.resource).toBeUndefined();
				expect(displayOptions?.show).toEqual({
					...(own?.show ?? {}),
					resource: [resource],
					operation: [value],
				});
			}
		}
	});

	it('the node’s properties are the Resource selector and then exactly these', () => {
		expect(properties.length).toBe(1 + operationProperties.length);
		expect(properties.slice(1)).toEqual(operationProperties);
	});
});

describe('the subtitle, resolved by n8n’s expression engine', () => {
	class NodeTypes implements INodeTypes {
		getByName(): INodeType | IVersionedNodeType {
			return nodeType;
		}

		getByNameAndVersion(type: string): INodeType {
			if (type !== NODE_TYPE) throw new Error(`Unknown node type ${type}`);
			return nodeType;
		}

		getKnownTypes() {
			return {};
		}
	}

	/** As the editor does: the expression against a workflow holding the node with its parameters. */
	function subtitleFor(resource: string, operation: string): unknown {
		const node: INode = {
			id: 'n',
			name: 'SMS',
			type: NODE_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: { resource, operation },
		};
		const workflow = new Workflow({
			nodes: [node],
			connections: {},
			active: false,
			nodeTypes: new NodeTypes(),
		});
		return workflow.expression.getParameterValue(
			nodeType.description.subtitle as string,
			null,
			0,
			0,
			'SMS',
			[],
			'internal',
			{},
		);
	}

	it.each(registered)('%s.%s → the operation’s name', (resource, value, operation) => {
		expect(subtitleFor(resource, value)).toBe(operation.option.name);
	});

	it('is an expression on the operation alone', () => {
		expect(nodeType.description.subtitle).toMatch(/^=\{\{.*\}\}$/);
		expect(subtitleFor('account', 'sendPersonalised')).toBe('Send Personalised');
	});
});
