/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The field-reference fast path of ItemParameters against n8n's own evaluation, case by case: for
 * every case the value read with the fast path must equal what n8n's `getNodeParameter` gives, or
 * n8n's error when n8n fails, on both of n8n's expression engines (the oracle: parameters-oracle.ts).
 * The same comparison on generated expressions and data: parameters-property.test.ts; the parser
 * and the fast path in a real workflow: parameters-fastpath.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';
import { Expression, isSafeObjectProperty } from 'n8n-workflow';

import { ItemParameters } from '../../nodes/SmsOnlineGh/items/parameters';
import {
	compare,
	contextFor,
	engines,
	expectAgreement,
	useEngineWorkflow,
	useExpressionEngines,
} from './parameters-oracle';

const THROWS = Symbol('throws');
/** n8n's answer differs between the engines (only in cases the fast path leaves to n8n). */
const ENGINE_DEPENDENT = Symbol('engine dependent');

interface Case {
	label: string;
	expression?: string;
	json: unknown;
	/** What n8n returns (both engines), THROWS, or ENGINE_DEPENDENT. */
	n8n: unknown;
	/** Whether the fast path answers without n8n. */
	fast: boolean;
	itemIndex?: number;
}

const withProto = JSON.parse('{"__proto__": {"v": "from proto"}, "a": 1}') as IDataObject;
const sparse = [1, 2, 3];
delete sparse[1];
class Contact {
	v = 'class field';
}

/** What n8n returns for `={{ $json.v }}` and friends, by shape of data. */
const cases: Case[] = [
	{ label: 'string', json: { v: '0241234567' }, n8n: '0241234567', fast: true },
	{ label: 'empty string', json: { v: '' }, n8n: '', fast: true },
	{ label: 'string starting with =', json: { v: '={{ 1 + 1 }}' }, n8n: '={{ 1 + 1 }}', fast: true },
	{ label: 'string holding {{ }}', json: { v: 'a {{ $json.x }} b' }, n8n: 'a {{ $json.x }} b', fast: true },
	{ label: 'number', json: { v: 233241234567 }, n8n: 233241234567, fast: true },
	{ label: 'zero', json: { v: 0 }, n8n: 0, fast: true },
	{ label: 'negative', json: { v: -5 }, n8n: -5, fast: true },
	{ label: 'float', json: { v: 1.5 }, n8n: 1.5, fast: true },
	{ label: 'negative zero', json: { v: -0 }, n8n: -0, fast: true },
	{ label: 'NaN', json: { v: NaN }, n8n: NaN, fast: true },
	{ label: 'Infinity', json: { v: Infinity }, n8n: Infinity, fast: true },
	{ label: 'true', json: { v: true }, n8n: true, fast: true },
	{ label: 'false', json: { v: false }, n8n: false, fast: true },
	{ label: 'null', json: { v: null }, n8n: null, fast: true },
	{ label: 'undefined value', json: { v: undefined }, n8n: undefined, fast: true },
	{ label: 'missing field', json: { other: 1 }, n8n: undefined, fast: true },
	{ label: 'list of strings', json: { v: ['0241234567', '0551234567'] }, n8n: ['0241234567', '0551234567'], fast: true },
	{ label: 'list of primitives', json: { v: [1, 'a', null, true] }, n8n: [1, 'a', null, true], fast: true },
	{ label: 'empty list', json: { v: [] }, n8n: [], fast: true },
	{ label: 'object', json: { v: { a: 1, b: [1, 2] } }, n8n: { a: 1, b: [1, 2] }, fast: false },
	{ label: 'empty object', json: { v: {} }, n8n: {}, fast: false },
	{ label: 'list of objects', json: { v: [{ a: 1 }] }, n8n: [{ a: 1 }], fast: false },
	{ label: 'list holding undefined', json: { v: [undefined] }, n8n: ENGINE_DEPENDENT, fast: false },
	{ label: 'list with a hole', json: { v: sparse }, n8n: ENGINE_DEPENDENT, fast: false },
	{ label: 'Date', json: { v: new Date(0) }, n8n: new Date(0), fast: false },
	{ label: 'bigint', json: { v: BigInt(5) }, n8n: ENGINE_DEPENDENT, fast: false },
	{ label: 'function', json: { v: () => 1 }, n8n: ENGINE_DEPENDENT, fast: false },
	{ label: 'json without prototype', json: Object.assign(Object.create(null) as IDataObject, { v: 'x' }), n8n: 'x', fast: true },
	{ label: 'json of a class', json: new Contact(), n8n: 'class field', fast: false },
	{ label: 'own __proto__ key: field not on it', json: withProto, n8n: undefined, fast: true },
	{ label: 'own __proto__ key, read', expression: '={{ $json["__proto__"] }}', json: withProto, n8n: THROWS, fast: false },
	{ label: 'own __proto__ key, walked', expression: '={{ $json.__proto__.v }}', json: withProto, n8n: THROWS, fast: false },
	{ label: 'own constructor key', expression: '={{ $json.constructor }}', json: { constructor: 'c' }, n8n: THROWS, fast: false },
	{ label: 'own constructor key, quoted', expression: '={{ $json["constructor"] }}', json: { constructor: 'c' }, n8n: THROWS, fast: false },
	{ label: '"a.constructor" key', expression: '={{ $json["a.constructor"] }}', json: { 'a.constructor': 'c' }, n8n: THROWS, fast: false },
	{ label: 'own prototype key', expression: '={{ $json.prototype }}', json: { prototype: 'p' }, n8n: THROWS, fast: false },
	{ label: 'own caller key', expression: "={{ $json['caller'] }}", json: { caller: 'c' }, n8n: THROWS, fast: false },
	{ label: 'inherited method', expression: '={{ $json.toString }}', json: {}, n8n: THROWS, fast: false },
	{ label: 'inherited method, quoted', expression: '={{ $json["hasOwnProperty"] }}', json: {}, n8n: THROWS, fast: false },
	{ label: 'nested', expression: '={{ $json.a.b }}', json: { a: { b: 'x' } }, n8n: 'x', fast: true },
	{ label: 'nested, quoted', expression: '={{ $json.a["b c"].d }}', json: { a: { 'b c': { d: 7 } } }, n8n: 7, fast: true },
	{ label: 'nested, parent missing', expression: '={{ $json.a.b }}', json: {}, n8n: undefined, fast: true },
	{ label: 'nested, parent empty', expression: '={{ $json.a.b }}', json: { a: {} }, n8n: undefined, fast: true },
	{ label: 'nested, parent null', expression: '={{ $json.a.b }}', json: { a: null }, n8n: undefined, fast: true },
	{ label: 'nested, parent a string', expression: '={{ $json.a.b }}', json: { a: 'str' }, n8n: undefined, fast: false },
	{ label: 'length of a string', expression: '={{ $json.a.length }}', json: { a: 'abc' }, n8n: 3, fast: false },
	{ label: 'length of a list', expression: '={{ $json.a.length }}', json: { a: [1, 2] }, n8n: 2, fast: false },
	{ label: 'list index', expression: '={{ $json.list[0] }}', json: { list: ['x', 'y'] }, n8n: 'x', fast: true },
	{ label: 'list index, quoted', expression: '={{ $json.list["1"] }}', json: { list: ['x', 'y'] }, n8n: 'y', fast: true },
	{ label: 'list index out of range', expression: '={{ $json.list[5] }}', json: { list: ['x'] }, n8n: undefined, fast: true },
	{ label: 'list index into an object', expression: '={{ $json.list[0] }}', json: { list: { 0: 'zero' } }, n8n: 'zero', fast: true },
	{ label: 'list index 01 (octal)', expression: '={{ $json.list[01] }}', json: { list: ['x', 'y'] }, n8n: 'y', fast: false },
	{ label: 'key with a space', expression: '={{ $json["first name"] }}', json: { 'first name': 'Ama' }, n8n: 'Ama', fast: true },
	{ label: 'key with a dot', expression: "={{ $json['a.b'] }}", json: { 'a.b': 1, a: { b: 2 } }, n8n: 1, fast: true },
	{ label: 'empty key', expression: '={{ $json[""] }}', json: { '': 'e' }, n8n: 'e', fast: true },
	{ label: 'key $', expression: '={{ $json.$ }}', json: { $: 'dollar' }, n8n: 'dollar', fast: false },
	{ label: 'key $, walked', expression: '={{ $json.$.a }}', json: { $: { a: 1 } }, n8n: THROWS, fast: false },
	{ label: 'key $, quoted and walked', expression: '={{ $json["$"].a }}', json: { $: { a: 1 } }, n8n: 1, fast: true },
	{ label: 'own field named like a method', expression: '={{ $json.valueOf }}', json: { valueOf: 'v' }, n8n: ENGINE_DEPENDENT, fast: false },
	{ label: 'own field named like a method, quoted', expression: '={{ $json["toString"] }}', json: { toString: 't' }, n8n: ENGINE_DEPENDENT, fast: false },
	{ label: 'key _x', expression: '={{ $json._x }}', json: { _x: 1 }, n8n: 1, fast: true },
	{ label: 'reserved word key', expression: '={{ $json.class }}', json: { class: 'k' }, n8n: 'k', fast: true },
	{ label: 'no spaces', expression: '={{$json.v}}', json: { v: 'tight' }, n8n: 'tight', fast: true },
	{ label: 'tabs and new lines inside', expression: '={{\n\t$json.v \n}}', json: { v: 'nl' }, n8n: 'nl', fast: true },
	{ label: 'text after', expression: '={{ $json.v }} ', json: { v: 'trail' }, n8n: 'trail ', fast: false },
	{ label: 'text before', expression: '= {{ $json.v }}', json: { v: 'lead' }, n8n: ' lead', fast: false },
	{ label: 'number after text', expression: '=+{{ $json.v }}', json: { v: 233 }, n8n: '+233', fast: false },
	{ label: 'space before a dot', expression: '={{ $json .v }}', json: { v: 'x' }, n8n: 'x', fast: false },
	{ label: 'method call', expression: '={{ $json.v.trim() }}', json: { v: ' x ' }, n8n: 'x', fast: false },
	{ label: 'whole $json', expression: '={{ $json }}', json: { v: 'x' }, n8n: { v: 'x' }, fast: false },
	{ label: 'two expressions', expression: '={{ $json.a }}{{ $json.b }}', json: { a: 1, b: 2 }, n8n: '12', fast: false },
	{ label: 'escaped quote in key', expression: '={{ $json["a\\"b"] }}', json: { 'a"b': 'q' }, n8n: 'q', fast: false },
	{ label: '}} in key', expression: '={{ $json["a}}b"] }}', json: { 'a}}b': 1 }, n8n: THROWS, fast: false },
	{ label: 'non-ASCII name', expression: '={{ $json.café }}', json: { café: 'c' }, n8n: 'c', fast: false },
	{ label: 'no expression', expression: '$json.v', json: { v: 'x' }, n8n: '$json.v', fast: false },
	{ label: 'item index past the input', json: { v: 'x' }, itemIndex: 3, n8n: THROWS, fast: false },
];

/** The names n8n's sandbox refuses, among every name an object or a function may carry. */
const unsafeNames = [
	...new Set([
		...Object.getOwnPropertyNames(Object.prototype),
		...Object.getOwnPropertyNames(Function.prototype),
		...Object.getOwnPropertyNames(Object),
		...Object.getOwnPropertyNames(Error),
		...Object.getOwnPropertyNames(process),
		...Object.getOwnPropertyNames(module),
		'callee',
		'binding',
		'_linkedBinding',
		'_load',
		'getBuiltinModule',
		'dlopen',
		'execve',
		'loadEnvFile',
		'mainModule',
	]),
].filter((name) => !isSafeObjectProperty(name));

useExpressionEngines();

describe.each(engines)('fast path against n8n (%s engine)', (engine) => {
	const workflow = useEngineWorkflow(engine);

	it('runs on the engine it claims', () => {
		expect(Expression.getActiveImplementation()).toBe(engine);
	});

	it.each(cases)('$label', ({ expression = '={{ $json.v }}', json, n8n, fast, itemIndex = 0 }) => {
		const ctx = contextFor(workflow(), [{ json: json as IDataObject }], { phoneNumbers: expression });
		const result = compare(ctx, 'phoneNumbers', itemIndex);
		expectAgreement(result);
		expect(result.taken).toBe(fast);
		if (n8n === THROWS) expect(result.n8n).toHaveProperty('error');
		else if (n8n !== ENGINE_DEPENDENT) expect(result.n8n).toStrictEqual({ value: n8n });
	});

	it('leaves to n8n every name its sandbox refuses, even as an own field', () => {
		expect(unsafeNames.length).toBeGreaterThanOrEqual(20);
		for (const name of unsafeNames) {
			const json = JSON.parse(`{${JSON.stringify(name)}: "value"}`) as IDataObject;
			for (const expression of [`={{ $json[${JSON.stringify(name)}] }}`, `={{ $json.${name} }}`, `={{ $json.a[${JSON.stringify(name)}] }}`]) {
				const ctx = contextFor(workflow(), [{ json: { ...json, a: json } }], { phoneNumbers: expression });
				const result = compare(ctx, 'phoneNumbers', 0);
				expectAgreement(result);
				expect(result.taken).toBe(false);
				expect(result.n8n).toHaveProperty('error');
			}
		}
	});

	it('a collection holding expressions, read member by member, is what n8n gives for the whole of it', () => {
		const options = {
			clientReference: '={{ $json.orderId }}',
			dataFormat: 'xml',
			retryMaxWait: 5,
			checkSender: false,
			countryCode: '={{ String($json.cc ?? 233) }}',
			scheduleAt: '={{ $json.when }}',
			callback: { url: '={{ $json.url }}', accept: 'json' },
		};
		const items = [
			{ orderId: 'ORD-1', cc: 44, when: '2030-01-01T10:00:00', url: 'https://a.example' },
			{ orderId: 7, url: null },
			{ orderId: { nested: true }, when: ['x'] },
			{},
		];
		const ctx = contextFor(workflow(), items.map((json) => ({ json: json as IDataObject })), { options });
		for (let i = 0; i < items.length; i++) {
			const result = compare(ctx, 'options', i);
			expectAgreement(result);
			expect(result.n8n).toHaveProperty('value');
		}
		// Not one evaluation of the whole collection: its constants once, its one other expression; field references not at all.
		const spy = jest.spyOn(ctx, 'getNodeParameter');
		new ItemParameters(ctx).get('options', 0, {});
		expect(spy.mock.calls.map(([name]) => name).sort()).toEqual(
			['options.callback.accept', 'options.checkSender', 'options.countryCode', 'options.dataFormat', 'options.retryMaxWait'].sort(),
		);
		spy.mockRestore();
	});

	it('reads each item from its own json, other parameters and items aside', () => {
		const items = [{ phone: '0241234567' }, { phone: 233201234567 }, {}, { phone: null }, { phone: ['0551234567'] }];
		const ctx = contextFor(
			workflow(),
			items.map((json) => ({ json: json as IDataObject, pairedItem: { item: 0 } })),
			{ phoneNumbers: '={{ $json.phone }}', message: '={{ $json.phone }} here' },
		);
		const spy = jest.spyOn(ctx, 'getNodeParameter');
		const fast = new ItemParameters(ctx);
		const values = items.map((_, i) => fast.get('phoneNumbers', i, ''));
		expect(spy).not.toHaveBeenCalled();
		spy.mockRestore();
		const n8n = new ItemParameters(ctx, { fieldReferences: false });
		expect(values).toStrictEqual(items.map((_, i) => n8n.get('phoneNumbers', i, '')));
		expect(values).toStrictEqual(['0241234567', 233201234567, undefined, null, ['0551234567']]);
		// A copy: the item's own list is not handed out.
		expect(values[4]).not.toBe(items[4].phone);
	});
});
