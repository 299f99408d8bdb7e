/**
 * The field-reference fast path of ItemParameters against n8n's own evaluation, in the same
 * process: for every case the value read with the fast path must equal what n8n's
 * `getNodeParameter` gives (the same ItemParameters with the fast path switched off), or n8n's
 * error when n8n fails. Both of n8n's expression engines are the oracle: `legacy` (Tournament in
 * the host) and `quickjs`, which shares the data bridge of the `vm` engine (isolated-vm, n8n's
 * default, which needs Node 24 and so cannot run here).
 */
import fc from 'fast-check';
import { ExecuteContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeProperties,
	INodeTypes,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { createRunExecutionData, Expression, isSafeObjectProperty, Workflow, WorkflowExpression } from 'n8n-workflow';
import { readFileSync } from 'node:fs';
import { ExpressionEvaluator, QuickJsBridge } from '@n8n/expression-runtime';
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';

import { ItemParameters, parseFieldReference } from '../../nodes/SmsOnlineGh/actions/parameters';
import { SmsOnlineGh } from '../../nodes/SmsOnlineGh/SmsOnlineGh.node';
import { runSmsWorkflow, SMS_NODE_TYPE } from '../harness/workflow';
import { DEMO_ACCOUNT, Simulator } from '../../simulator';

const smsType = new SmsOnlineGh();
const nodeTypes = {
	getByName: () => smsType,
	getByNameAndVersion: () => smsType,
	getKnownTypes: () => ({}),
} as unknown as INodeTypes;

const additionalData = {
	variables: {},
	executionId: 'parameters-test',
	restApiUrl: 'http://localhost/rest',
	instanceBaseUrl: 'http://localhost/',
	webhookBaseUrl: 'http://localhost/webhook',
	webhookWaitingBaseUrl: 'http://localhost/webhook-waiting',
	webhookTestBaseUrl: 'http://localhost/webhook-test',
	formWaitingBaseUrl: 'http://localhost/form-waiting',
} as unknown as IWorkflowExecuteAdditionalData;

function smsNode(parameters: INodeParameters): INode {
	return { id: 'sms', name: 'SMS', type: SMS_NODE_TYPE, typeVersion: 1, position: [0, 0], parameters };
}

/** The execute context n8n's WorkflowExecute gives the SMS node for these input items. */
function contextFor(workflow: Workflow, items: INodeExecutionData[], parameters: INodeParameters): ExecuteContext {
	const node = smsNode({ resource: 'sms', operation: 'send', sender: 'SMSDemo', message: 'Hi', ...parameters });
	return new ExecuteContext(
		workflow,
		node,
		additionalData,
		'manual',
		createRunExecutionData({}),
		0,
		items,
		{ main: [items] },
		{ node, data: { main: [items] }, source: null },
		[],
	);
}

type Read = { value: unknown } | { error: string };

function read(get: () => unknown): Read {
	try {
		return { value: get() };
	} catch (error) {
		return { error: `${(error as Error).constructor.name}: ${(error as Error).message}` };
	}
}

/** The parameter read with the fast path and by n8n, and whether the fast path answered alone. */
function compare(ctx: ExecuteContext, name: string, itemIndex: number) {
	const spy = jest.spyOn(ctx, 'getNodeParameter');
	const fast = read(() => new ItemParameters(ctx).get(name, itemIndex, ''));
	const taken = spy.mock.calls.length === 0;
	spy.mockRestore();
	const n8n = read(() => new ItemParameters(ctx, { fieldReferences: false }).get(name, itemIndex, ''));
	return { fast, n8n, taken };
}

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

function expectAgreement(result: ReturnType<typeof compare>) {
	expect(result.fast).toStrictEqual(result.n8n);
}

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

const engines = ['legacy', 'quickjs'] as const;

/**
 * What `Expression.initExpressionEngine({ engine: 'quickjs' })` sets up, with the QuickJS module
 * loaded by require: n8n loads it with `import()`, which jest cannot run without
 * --experimental-vm-modules. Same bridge, same runtime bundle, same sandbox hooks.
 */
async function installQuickJsEngine() {
	/* eslint-disable @typescript-eslint/no-require-imports */
	const { expressionSandboxHooks } = require('n8n-workflow/expression-sandboxing') as {
		expressionSandboxHooks: ConstructorParameters<typeof ExpressionEvaluator>[0]['hooks'];
	};
	const variant = {
		type: 'sync' as const,
		importFFI: async () => (require('@jitl/quickjs-wasmfile-release-sync/ffi') as { QuickJSFFI: unknown }).QuickJSFFI,
		importModuleLoader: async () => require('@jitl/quickjs-wasmfile-release-sync/emscripten-module') as unknown,
	};
	/* eslint-enable @typescript-eslint/no-require-imports */
	const wasm: QuickJSWASMModule = await newQuickJSWASMModuleFromVariant(variant as never);
	const bundle = readFileSync(require.resolve('@n8n/expression-runtime/dist/bundle/runtime.iife.js'), 'utf-8');
	const silent = { error() {}, warn() {}, info() {}, debug() {} };
	const evaluator = new ExpressionEvaluator({
		createBridge: () => {
			const bridge = new QuickJsBridge({ timeout: 5000, memoryLimit: 128, logger: silent });
			// QuickJsBridge.initialize() is getQuickJS() (the import) then setupContext().
			bridge.initialize = async () =>
				(bridge as unknown as { setupContext(module: QuickJSWASMModule, source: string): void }).setupContext(wasm, bundle);
			return bridge;
		},
		maxCodeCacheSize: 1024,
		poolSize: 1,
		hooks: expressionSandboxHooks,
		logger: silent,
	});
	await evaluator.initialize();
	(Expression as unknown as { vmEvaluator: ExpressionEvaluator }).vmEvaluator = evaluator;
}

beforeAll(async () => await installQuickJsEngine(), 60_000);

afterAll(async () => {
	Expression.setExpressionEngine('legacy');
	await Expression.disposeExpressionEngine();
});

describe.each(engines)('fast path against n8n (%s engine)', (engine) => {
	let workflow: Workflow;

	beforeAll(async () => {
		Expression.setExpressionEngine(engine);
		workflow = new Workflow({ id: 'parameters-test', nodes: [smsNode({})], connections: {}, active: false, nodeTypes });
		await workflow.expression.acquireIsolate();
	}, 60_000);

	afterAll(async () => {
		await workflow.expression.releaseIsolate();
	});

	it('runs on the engine it claims', () => {
		expect(Expression.getActiveImplementation()).toBe(engine);
	});

	it.each(cases)('$label', ({ expression = '={{ $json.v }}', json, n8n, fast, itemIndex = 0 }) => {
		const ctx = contextFor(workflow, [{ json: json as IDataObject }], { phoneNumbers: expression });
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
				const ctx = contextFor(workflow, [{ json: { ...json, a: json } }], { phoneNumbers: expression });
				const result = compare(ctx, 'phoneNumbers', 0);
				expectAgreement(result);
				expect(result.taken).toBe(false);
				expect(result.n8n).toHaveProperty('error');
			}
		}
	});

	it('reads each item from its own json, other parameters and items aside', () => {
		const items = [{ phone: '0241234567' }, { phone: 233201234567 }, {}, { phone: null }, { phone: ['0551234567'] }];
		const ctx = contextFor(
			workflow,
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

	describe('property: any expression, any data', () => {
		const specialKeys = [
			'phone',
			'first name',
			'a.b',
			'0',
			'1',
			'01',
			'$',
			'_',
			'',
			'class',
			'length',
			'__proto__',
			'constructor',
			'prototype',
			'toString',
			'hasOwnProperty',
			'valueOf',
			'caller',
			'arguments',
			'__sanitize',
			'___n8n_data',
			'isEmpty',
			'$json',
			'}}',
			'"',
			"'",
			'\\',
		];
		const key = fc.oneof(
			fc.constantFrom(...specialKeys),
			fc.string({ maxLength: 5 }),
			fc.string({ maxLength: 4, unit: 'binary' }),
			fc.stringMatching(/^[A-Za-z_$][\w$]{0,5}$/),
		);
		const space = fc.constantFrom('', '', ' ', '  ', '\n', '\t', '\u00a0');
		/** How one key is written after `$json`: mostly in a style that fits it, else in any style. */
		const accessor = (k: string) => {
			const fitting = [`["${k}"]`, `['${k}']`];
			if (/^[A-Za-z_$][\w$]*$/.test(k)) fitting.push(`.${k}`, `.${k}`);
			if (/^\d+$/.test(k)) fitting.push(`[${k}]`, `[${k}]`);
			return fc.oneof(
				{ weight: 4, arbitrary: fc.constantFrom(...fitting) },
				{ weight: 1, arbitrary: fc.constantFrom(`.${k}`, `[${k}]`, `[ "${k}" ]`, `?.${k}`, `["${k}"`) },
			);
		};
		const path = fc.array(key, { minLength: 1, maxLength: 3 });
		const expression = path.chain((keys) =>
			fc
				.tuple(
					fc.tuple(...keys.map(accessor)),
					space,
					space,
					fc.oneof({ weight: 5, arbitrary: fc.constant('={{') }, fc.constantFrom('= {{', '{{', '=x{{')),
					fc.oneof({ weight: 5, arbitrary: fc.constant('}}') }, fc.constantFrom('}} ', '}}x', '.length }}')),
				)
				.map(([accessors, before, after, open, close]) => ({
					keys,
					text: `${open}${before}$json${accessors.join('')}${after}${close}`,
				})),
		);
		const primitive = fc.oneof(
			fc.string(),
			fc.double(),
			fc.integer(),
			fc.boolean(),
			fc.constant(null),
			fc.constant(undefined),
		);
		const value = fc.oneof(
			{ weight: 4, arbitrary: primitive },
			fc.jsonValue(),
			fc.array(primitive, { maxLength: 4 }),
			fc.sparseArray(fc.integer(), { maxLength: 4 }),
			fc.date({ noInvalidDate: true }),
			fc.bigInt(),
		);

		/** An own data property, even for `__proto__`, as JSON.parse makes it. */
		function put(target: Record<string, unknown>, name: string, content: unknown) {
			Object.defineProperty(target, name, { value: content, writable: true, enumerable: true, configurable: true });
		}

		/** Json where the path leads to the value (through objects or lists), or is cut short. */
		function build(keys: string[], content: unknown, shapes: boolean[], cut: number): unknown {
			let leaf: unknown = content;
			for (let i = keys.length - 1; i >= 0; i--) {
				if (i === cut) leaf = shapes[i] ? null : 'cut';
				const index = Number(keys[i]);
				if (shapes[i] && /^\d$/.test(keys[i])) {
					const list: unknown[] = Array.from({ length: index + 1 }, (_, n) => n);
					list[index] = leaf;
					leaf = list;
				} else {
					const object: Record<string, unknown> = shapes[i] ? (Object.create(null) as Record<string, unknown>) : {};
					put(object, keys[i], leaf);
					put(object, 'sibling', 'other');
					leaf = object;
				}
			}
			return leaf;
		}

		const itemJson = (keys: string[]) =>
			fc.oneof(
				{ weight: 4, arbitrary: fc.tuple(value, fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), fc.integer({ min: -1, max: 5 })).map(([content, shapes, cut]) => build(keys, content, shapes, cut)) },
				{ weight: 1, arbitrary: fc.dictionary(key, value, { maxKeys: 3 }) },
			);

		// PARAMETERS_RUNS=<n> runs the property longer (QuickJS evaluates at about 10 ms a call).
		const runs = Number(process.env.PARAMETERS_RUNS) || (engine === 'legacy' ? 400 : 80);

		it(`fast path equals n8n (${runs} runs)`, () => {
			let taken = 0;
			let compared = 0;
			fc.assert(
				fc.property(
					expression.chain(({ keys, text }) =>
						fc.tuple(fc.constant(text), fc.array(itemJson(keys), { minLength: 1, maxLength: 3 })),
					),
					([text, jsons]) => {
						const ctx = contextFor(
							workflow,
							jsons.map((json) => ({ json: json as IDataObject })),
							{ phoneNumbers: text },
						);
						for (let i = 0; i < jsons.length; i++) {
							const result = compare(ctx, 'phoneNumbers', i);
							expectAgreement(result);
							compared++;
							if (result.taken) taken++;
						}
					},
				),
				{ numRuns: runs },
			);
			// The property is not vacuous: the fast path answered a good share of the cases.
			expect(taken).toBeGreaterThan(compared / 8);
		}, 120_000);
	});
});

describe('parseFieldReference', () => {
	it.each([
		['={{ $json.phone }}', ['phone']],
		['={{$json.phone}}', ['phone']],
		['={{ $json["first name"] }}', ['first name']],
		["={{ $json['x'] }}", ['x']],
		['={{ $json.a.b }}', ['a', 'b']],
		['={{ $json.a["b c"].d }}', ['a', 'b c', 'd']],
		['={{ $json.list[0] }}', ['list', '0']],
		['={{ $json.list[12].n }}', ['list', '12', 'n']],
	])('%s → %j', (raw, keys) => {
		expect(parseFieldReference(raw)).toEqual(keys);
	});

	it.each([
		'{{ $json.phone }}',
		'={{ $json }}',
		'={{ $json.phone }} ',
		'= {{ $json.phone }}',
		'={{ $json.phone.trim() }}',
		'={{ $json.phone || "" }}',
		'={{ $json["a\\"b"] }}',
		'={{ $json[01] }}',
		'={{ $json[-1] }}',
		'={{ $json.constructor }}',
		'={{ $json["x.constructor"] }}',
		'={{ $json.__proto__ }}',
		'={{ $json.a.prototype }}',
		'={{ $item(0).$json.phone }}',
		'={{ $("Contacts").item.json.phone }}',
		'={{ $json.phone }}{{ $json.phone }}',
	])('%j is left to n8n', (raw) => {
		expect(parseFieldReference(raw)).toBeUndefined();
	});

	it('no property of the node declares validateType (n8n would cast or check the value)', () => {
		const declared: string[] = [];
		const walk = (properties: unknown[]) => {
			for (const property of properties as Array<INodeProperties & { values?: unknown[] }>) {
				if ('validateType' in property) declared.push(property.name);
				if (Array.isArray(property.options)) walk(property.options);
				if (Array.isArray(property.values)) walk(property.values);
			}
		};
		walk(smsType.description.properties);
		expect(declared).toEqual([]);
	});
});

describe('Send with {{ $json.phone }} in a real workflow', () => {
	const sim = new Simulator({ accounts: [{ ...DEMO_ACCOUNT, balance: 1_000_000 }] });
	let baseUrl = '';

	beforeAll(async () => {
		Expression.setExpressionEngine('legacy');
		baseUrl = await sim.start();
	});

	afterAll(async () => await sim.stop());

	it('sends 2,000 items in 2 requests of 1,000, numbers in item order, without evaluating the mapping', async () => {
		const numbers = Array.from({ length: 2000 }, (_, i) => `024${String(i).padStart(7, '0')}`);
		const evaluations = jest.spyOn(WorkflowExpression.prototype, 'getParameterValue');
		const { items, error } = await runSmsWorkflow({
			items: numbers.map((phone) => ({ phone })),
			parameters: { resource: 'sms', operation: 'send', sender: 'SMSDemo', phoneNumbers: '={{ $json.phone }}', message: 'Hello' },
			credentials: { authModel: 'apiKey', apiKey: DEMO_ACCOUNT.apiKey as string, baseUrl },
		});
		const evaluated = evaluations.mock.calls.filter(([value]) => value === '={{ $json.phone }}').length;
		evaluations.mockRestore();

		expect(error).toBeUndefined();
		const sends = sim.journal.filter((entry) => entry.path === '/v5/message/sms/send');
		expect(sends).toHaveLength(2);
		expect(sends.map((entry) => entry.unit?.destinations)).toEqual([numbers.slice(0, 1000), numbers.slice(1000)]);
		expect(items).toHaveLength(2000);
		expect(items.map((item) => item.json.input)).toEqual(numbers);
		expect(items.map((item) => item.pairedItem)).toEqual(numbers.map((_, item) => ({ item })));
		expect(evaluated).toBe(0);
	});

	it('evaluates Options once per item when it holds an expression, though several fields read it', async () => {
		const when = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
		const numbers = Array.from({ length: 200 }, (_, i) => `024${String(i).padStart(7, '0')}`);
		const evaluations = jest.spyOn(WorkflowExpression.prototype, 'getParameterValue');
		const { items, error } = await runSmsWorkflow({
			items: numbers.map((phone) => ({ phone, when: `${when}T09:30:00` })),
			parameters: {
				resource: 'sms',
				operation: 'send',
				sender: 'SMSDemo',
				phoneNumbers: '={{ $json.phone }}',
				message: 'Hello',
				options: { scheduleAt: '={{ $json.when }}', scheduleOffset: '+00:00', dataFormat: 'xml' },
			},
			credentials: { authModel: 'apiKey', apiKey: DEMO_ACCOUNT.apiKey as string, baseUrl },
		});
		const optionReads = evaluations.mock.calls.filter(([value]) => (value as IDataObject)?.scheduleAt === '={{ $json.when }}').length;
		evaluations.mockRestore();

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.verdict)).toEqual(numbers.map(() => 'scheduled'));
		// One per item, and one more at item 0 for the run's settings (read after the last item).
		expect(optionReads).toBe(numbers.length + 1);
	});
});
