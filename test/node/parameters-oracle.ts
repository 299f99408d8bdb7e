/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The oracle of the field-reference fast path, shared by parameters.test.ts (a table of cases) and
 * parameters-property.test.ts (a property): ItemParameters reads a parameter with the fast path,
 * and again with the fast path switched off, which is n8n's own `getNodeParameter`, in the same
 * process. Both of n8n's expression engines serve: `legacy` (Tournament in the host) and `quickjs`,
 * which shares the data bridge of the `vm` engine (isolated-vm, n8n's default, which needs Node 24
 * and so cannot run here).
 */
import { ExecuteContext } from 'n8n-core';
import type {
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeTypes,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { createRunExecutionData, Expression, Workflow } from 'n8n-workflow';
import { readFileSync } from 'node:fs';
import { ExpressionEvaluator, QuickJsBridge } from '@n8n/expression-runtime';
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';

import { SmsOnlineGh } from '../../nodes/SmsOnlineGh/SmsOnlineGh.node';
import { ItemParameters } from '../../nodes/SmsOnlineGh/items/parameters';
import { SMS_NODE_TYPE } from '../harness/workflow';

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
	return {
		id: 'sms',
		name: 'SMS',
		type: SMS_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
}

/** The execute context n8n's WorkflowExecute gives the SMS node for these input items. */
export function contextFor(
	workflow: Workflow,
	items: INodeExecutionData[],
	parameters: INodeParameters,
): ExecuteContext {
	const node = smsNode({
		resource: 'sms',
		operation: 'send',
		sender: 'SMSDemo',
		message: 'Hi',
		...parameters,
	});
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
export function compare(ctx: ExecuteContext, name: string, itemIndex: number) {
	const spy = jest.spyOn(ctx, 'getNodeParameter');
	const fast = read(() => new ItemParameters(ctx).get(name, itemIndex, ''));
	const taken = spy.mock.calls.length === 0;
	spy.mockRestore();
	const n8n = read(() =>
		new ItemParameters(ctx, { fieldReferences: false }).get(name, itemIndex, ''),
	);
	return { fast, n8n, taken };
}

export function expectAgreement(result: ReturnType<typeof compare>) {
	expect(result.fast).toStrictEqual(result.n8n);
}

export const engines = ['legacy', 'quickjs'] as const;

/**
 * What `Expression.initExpressionEngine({ engine: 'quickjs' })` sets up, with the QuickJS module
 * loaded by require: n8n loads it with `import()`, which jest cannot run without
 * --experimental-vm-modules. Same bridge, same runtime bundle, same sandbox hooks.
 */
async function installQuickJsEngine() {
	// jest's require (no module here is mocked): the package subpaths' types do not resolve under
	// this project's module resolution, and import() is the thing jest cannot run.
	const { expressionSandboxHooks } = jest.requireActual<{
		expressionSandboxHooks: ConstructorParameters<typeof ExpressionEvaluator>[0]['hooks'];
	}>('n8n-workflow/expression-sandboxing');
	const variant = {
		type: 'sync' as const,
		importFFI: async () =>
			jest.requireActual<{ QuickJSFFI: unknown }>('@jitl/quickjs-wasmfile-release-sync/ffi')
				.QuickJSFFI,
		importModuleLoader: async () =>
			jest.requireActual<object>('@jitl/quickjs-wasmfile-release-sync/emscripten-module'),
	};
	const wasm: QuickJSWASMModule = await newQuickJSWASMModuleFromVariant(variant as never);
	const bundle = readFileSync(
		require.resolve('@n8n/expression-runtime/dist/bundle/runtime.iife.js'),
		'utf-8',
	);
	const silent = { error() {}, warn() {}, info() {}, debug() {} };
	const evaluator = new ExpressionEvaluator({
		createBridge: () => {
			const bridge = new QuickJsBridge({ timeout: 5000, memoryLimit: 128, logger: silent });
			// QuickJsBridge.initialize() is getQuickJS() (the import) then setupContext().
			bridge.initialize = async () =>
				(
					bridge as unknown as { setupContext(module: QuickJSWASMModule, source: string): void }
				).setupContext(wasm, bundle);
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

/** Call at the top of a test file: installs the QuickJS engine before its tests, puts legacy back after. */
export function useExpressionEngines(): void {
	beforeAll(async () => await installQuickJsEngine(), 60_000);

	afterAll(async () => {
		Expression.setExpressionEngine('legacy');
		await Expression.disposeExpressionEngine();
	});
}

/** Call inside a describe block: switches n8n to `engine` for it; gives the workflow whose expressions it evaluates. */
export function useEngineWorkflow(engine: (typeof engines)[number]): () => Workflow {
	let workflow: Workflow;

	beforeAll(async () => {
		Expression.setExpressionEngine(engine);
		workflow = new Workflow({
			id: 'parameters-test',
			nodes: [smsNode({})],
			connections: {},
			active: false,
			nodeTypes,
		});
		await workflow.expression.acquireIsolate();
	}, 60_000);

	afterAll(async () => {
		await workflow.expression.releaseIsolate();
	});

	return () => workflow;
}
