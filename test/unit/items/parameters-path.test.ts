/**
 * ItemParameters.get with a dot path into a collection (`options.clientReference`), as n8n's
 * getNodeParameter takes it: a field reference is read from the item without n8n, a constant is
 * read once for all items, any other expression is left to n8n per item; and an expression
 * elsewhere in the collection does not make a constant option cost an evaluation per item.
 */
import type { IDataObject, IExecuteFunctions, INodeParameters } from 'n8n-workflow';

import { ItemParameters } from '../../../nodes/SmsOnlineGh/items/parameters';
import { fakeContext } from '../../harness/fakeContext';

/** What n8n's getNodeParameter does with a dot path: walks the raw parameters. */
function atPath(parameters: IDataObject, path: string): unknown {
	let current: unknown = parameters;
	for (const key of path.split('.')) {
		if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key))
			return undefined;
		current = (current as IDataObject)[key];
	}
	return current;
}

/**
 * A context whose getNodeParameter takes dot paths and stands in for n8n's evaluation: it records
 * every call, and gives an expression's text with the item's index after it, so a test can tell
 * an evaluated value from a constant one.
 */
function context(parameters: INodeParameters, items: IDataObject[]) {
	const fake = fakeContext({ parameters, items });
	const calls: Array<[string, number]> = [];
	const ctx = {
		...fake.ctx,
		getNodeParameter: (name: string, itemIndex: number, fallback?: unknown) => {
			calls.push([name, itemIndex]);
			const raw = atPath(parameters, name);
			if (raw === undefined) return fallback;
			return typeof raw === 'string' && raw.startsWith('=') ? `${raw} @${itemIndex}` : raw;
		},
	} as unknown as IExecuteFunctions;
	return { parameters: new ItemParameters(ctx), calls };
}

const ITEMS = [
	{ ref: 'ORD-1', order: { id: 7 } },
	{ ref: 'ORD-2', order: { id: 8 } },
	{ order: null },
];

describe('ItemParameters.get: a dot path', () => {
	it('a field reference in a collection is read from each item, n8n never asked', () => {
		const { parameters, calls } = context(
			{ options: { clientReference: '={{ $json.ref }}' } },
			ITEMS,
		);
		expect([0, 1, 2].map((i) => parameters.get('options.clientReference', i, ''))).toEqual([
			'ORD-1',
			'ORD-2',
			undefined,
		]);
		expect(calls).toEqual([]);
	});

	it('a field reference with its own path into the item', () => {
		const { parameters, calls } = context(
			{ options: { clientReference: '={{ $json.order.id }}' } },
			ITEMS,
		);
		expect([0, 1, 2].map((i) => parameters.get('options.clientReference', i, ''))).toEqual([
			7,
			8,
			undefined,
		]);
		expect(calls).toEqual([]);
	});

	it('a constant in a collection is read once, by its path, for every item', () => {
		const { parameters, calls } = context(
			{ options: { clientReference: 'ORD-9', includeText: true } },
			ITEMS,
		);
		expect([0, 1, 2, 1].map((i) => parameters.get('options.clientReference', i, ''))).toEqual([
			'ORD-9',
			'ORD-9',
			'ORD-9',
			'ORD-9',
		]);
		expect(calls).toEqual([['options.clientReference', 0]]);
	});

	it('another expression is evaluated by n8n once per item, by its path', () => {
		const { parameters, calls } = context(
			{ options: { clientReference: '={{ $json.ref + "-a" }}' } },
			ITEMS,
		);
		const read = [0, 0, 1, 1].map((i) => parameters.get('options.clientReference', i, ''));
		expect(read).toEqual([
			'={{ $json.ref + "-a" }} @0',
			'={{ $json.ref + "-a" }} @0',
			'={{ $json.ref + "-a" }} @1',
			'={{ $json.ref + "-a" }} @1',
		]);
		expect(calls).toEqual([
			['options.clientReference', 0],
			['options.clientReference', 1],
		]);
	});

	it('an expression elsewhere in the collection leaves a constant option constant', () => {
		const { parameters, calls } = context(
			{ options: { clientReference: 'ORD-9', countryCode: '={{ $json.cc }}' } },
			ITEMS,
		);
		expect([0, 1, 2].map((i) => parameters.get('options.clientReference', i, ''))).toEqual([
			'ORD-9',
			'ORD-9',
			'ORD-9',
		]);
		expect(calls).toEqual([['options.clientReference', 0]]);
	});

	it('the whole collection, which holds an expression, is read member by member: each constant once, each expression per item', () => {
		const options = { clientReference: 'ORD-9', countryCode: '={{ $json.cc + 1 }}' };
		const { parameters, calls } = context({ options }, ITEMS);
		expect([0, 0, 1].map((i) => parameters.get('options', i, {}))).toEqual([
			{ clientReference: 'ORD-9', countryCode: '={{ $json.cc + 1 }} @0' },
			{ clientReference: 'ORD-9', countryCode: '={{ $json.cc + 1 }} @0' },
			{ clientReference: 'ORD-9', countryCode: '={{ $json.cc + 1 }} @1' },
		]);
		expect(calls).toEqual([
			['options.clientReference', 0],
			['options.countryCode', 0],
			['options.countryCode', 1],
		]);
	});

	it('a collection whose one expression is a field reference never asks n8n per item (Client Reference)', () => {
		const { parameters, calls } = context(
			{ options: { clientReference: '={{ $json.ref }}', dataFormat: 'xml' } },
			ITEMS,
		);
		expect([0, 1, 2].map((i) => parameters.get('options', i, {}))).toEqual([
			{ clientReference: 'ORD-1', dataFormat: 'xml' },
			{ clientReference: 'ORD-2', dataFormat: 'xml' },
			{ clientReference: undefined, dataFormat: 'xml' },
		]);
		expect(parameters.get('options.clientReference', 1, '')).toBe('ORD-2');
		expect(calls).toEqual([['options.dataFormat', 0]]);
	});

	it.each([
		[
			'a resource locator',
			{ sender: { __rl: true, mode: 'name', value: '={{ $json.ref }}' } },
			'sender',
		],
		['a list', { list: ['={{ $json.ref }}', 'x'] }, 'list'],
		['a member name a path cannot carry', { options: { 'a.b': '={{ $json.ref }}' } }, 'options'],
	])('%s holding an expression is left to n8n whole', (_case, nodeParameters, name) => {
		const { parameters, calls } = context(nodeParameters as INodeParameters, ITEMS);
		parameters.get(name, 1);
		expect(calls).toEqual([[name, 1]]);
	});

	it.each([
		['no collection', {}],
		['no such option', { options: { includeText: true } }],
		['a collection that is not an object', { options: 'x' }],
		['an empty collection', { options: {} }],
	])('%s: the fallback, read once', (_case, nodeParameters) => {
		const { parameters, calls } = context(nodeParameters as INodeParameters, ITEMS);
		expect([0, 1].map((i) => parameters.get('options.clientReference', i, 'none'))).toEqual([
			'none',
			'none',
		]);
		expect(calls).toEqual([['options.clientReference', 0]]);
	});

	it('names inherited from Object.prototype are not options', () => {
		const { parameters } = context({ options: { clientReference: 'ORD-9' } }, ITEMS);
		expect(parameters.get('options.toString', 0, 'none')).toBe('none');
		expect(parameters.get('options.__proto__', 0, 'none')).toBe('none');
	});

	it('a deeper path: a field reference three levels down', () => {
		const { parameters, calls } = context({ a: { b: { c: '={{ $json.ref }}' } } }, ITEMS);
		expect(parameters.get('a.b.c', 0)).toBe('ORD-1');
		expect(calls).toEqual([]);
	});

	it('a name without a dot is read as before', () => {
		const { parameters, calls } = context({ batch: '={{ $json.ref }}', sender: 'SMSDemo' }, ITEMS);
		expect([
			parameters.get('batch', 1),
			parameters.get('sender', 1),
			parameters.get('sender', 2),
		]).toEqual(['ORD-2', 'SMSDemo', 'SMSDemo']);
		expect(calls).toEqual([['sender', 1]]);
	});
});
