/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The trigger as n8n sees it: a webhook trigger with nothing to register at the service, whose
 * body n8n leaves unread for the node to read.
 */
import type { Readable } from 'node:stream';
import { NodeHelpers, Workflow } from 'n8n-workflow';
import type {
	IHookFunctions,
	INode,
	INodeParameters,
	INodeProperties,
	INodeTypes,
	IWebhookFunctions,
} from 'n8n-workflow';

import { SmsOnlineGhTrigger } from '../../../nodes/SmsOnlineGhTrigger/SmsOnlineGhTrigger.node';
import { BATCH, dest, jsonReport } from './reports';
import { requestOf } from './webhookContext';

describe('SMSOnlineGH Trigger: the node', () => {
	const node = new SmsOnlineGhTrigger();

	it('is a POST webhook trigger with no input, whose answer time the Respond option picks and whose answer holds no data', () => {
		const { description } = node;
		expect(description.group).toEqual(['trigger']);
		expect(description.inputs).toEqual([]);
		expect(description.usableAsTool).toBeUndefined();
		expect(description.credentials).toBeUndefined();
		expect(description.webhooks).toEqual([
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode:
					'={{ $parameter["options"]["respond"] === "immediately" ? "onReceived" : "lastNode" }}',
				responseData: 'noData',
				path: 'delivery-report',
			},
		]);
	});

	it('Respond: When the Workflow Has Finished by default, or Immediately', () => {
		const options = node.description.properties.find(
			(p) => p.name === 'options',
		) as INodeProperties;
		const respond = options.options?.find((o) => o.name === 'respond') as INodeProperties;
		expect(respond).toMatchObject({
			displayName: 'Respond',
			type: 'options',
			default: 'whenFinished',
		});
		expect(
			respond.options?.map((o) => [(o as { name: string }).name, (o as { value: string }).value]),
		).toEqual([
			['Immediately', 'immediately'],
			['When the Workflow Has Finished', 'whenFinished'],
		]);
	});

	it('Secret Token: the node id by default, hidden like a password', () => {
		const token = node.description.properties.find((p) => p.name === 'token');
		expect(token).toMatchObject({
			default: '={{ $nodeId }}',
			required: true,
			typeOptions: { password: true },
		});
	});

	it('the webhook lifecycle registers nothing at the service and always succeeds', async () => {
		const hooks = node.webhookMethods.default;
		const ctx = {} as IHookFunctions;
		expect(await hooks.checkExists.call(ctx)).toBe(false);
		expect(await hooks.create.call(ctx)).toBe(true);
		expect(await hooks.delete.call(ctx)).toBe(true);
	});

	/** A webhook context around `request`, the node's token `k`, pushed with `token`. */
	function contextOf(request: object, token: string): IWebhookFunctions {
		const written: { status?: number } = {};
		const response = {
			status: (code: number) => ((written.status = code), response),
			json: () => response,
		};
		return {
			getRequestObject: () => request,
			getResponseObject: () => response,
			getQueryData: () => ({ token }),
			getNodeParameter: (name: string, fallback: unknown) => (name === 'token' ? 'k' : fallback),
			helpers: { returnJsonArray: (items: object[]) => items.map((json) => ({ json })) },
			written,
		} as unknown as IWebhookFunctions;
	}

	it('reads the body from the request stream, which n8n leaves unread for it', async () => {
		const body = jsonReport([dest('a3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d', '233241234567', 2110)]);
		const request = requestOf(Buffer.from(body), {
			'content-type': 'application/vnd.zenoph.zbm.gzbin+xml',
		});
		const result = await node.webhook.call(contextOf(request, 'k'));
		expect(result.workflowData?.[0].map((i) => [i.json.batch, i.json.verdict])).toEqual([
			[BATCH, 'delivered'],
		]);
	});

	it('a wrong token: 401 without reading a byte of the body', async () => {
		const request = requestOf(Buffer.from('{"handshake":'), {
			'content-type': 'application/json',
		}) as Readable;
		const ctx = contextOf(request, 'guess');
		expect(await node.webhook.call(ctx)).toEqual({ noWebhookResponse: true });
		expect((ctx as unknown as { written: object }).written).toEqual({ status: 401 });
		expect(request.listenerCount('data')).toBe(0);
		expect(request.readableEnded).toBe(false);
	});
});

/*
 * n8n parses a webhook's body before the node runs unless, for a version-1 start node,
 * `$parameter["options"]["binaryData"]` is true (n8n's webhook-helpers, parseRequestBody). These
 * resolve that very expression with n8n's own Workflow (which fills parameter defaults) for the
 * parameters a node can be saved with.
 */
describe('SMSOnlineGH Trigger: n8n leaves the body unread for it', () => {
	const trigger = new SmsOnlineGhTrigger();
	const TYPE = 'n8n-nodes-smsonlinegh.smsOnlineGhTrigger';
	const nodeTypes = {
		getByName: () => trigger,
		getByNameAndVersion: () => trigger,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;

	/** An expression as n8n resolves it for the trigger (`webhook` mode), the node saved with `parameters`. */
	function resolved(
		parameters: INodeParameters,
		expression: string | undefined,
		fallback: unknown,
	): unknown {
		const node: INode = {
			id: 'n',
			name: 'Trigger',
			type: TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters,
		};
		const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
		// The node as the Workflow holds it: with the defaults it fills in.
		return workflow.expression.getSimpleParameterValue(
			workflow.nodes[node.name],
			expression,
			'webhook',
			{},
			undefined,
			fallback as never,
		);
	}

	/** What n8n reads before running the node, for a node saved with `parameters`. */
	function binaryDataOf(parameters: INodeParameters): unknown {
		return resolved(parameters, '={{$parameter["options"]["binaryData"]}}', false);
	}

	const options = (): INodeProperties =>
		trigger.description.properties.find((p) => p.name === 'options') as INodeProperties;

	it('the node is version 1 (n8n looks at the option only for version 1)', () => {
		expect(trigger.description.version).toBe(1);
	});

	it('Options holds binaryData: true by default, as a hidden option the editor neither shows nor offers', () => {
		expect(options().default).toEqual({ binaryData: true });
		expect(options().options).toContainEqual(
			expect.objectContaining({ name: 'binaryData', type: 'hidden', default: true }),
		);
	});

	it('a new node, as the editor makes it, carries it', () => {
		const parameters = NodeHelpers.getNodeParameters(
			trigger.description.properties,
			{},
			true,
			false,
			null,
			trigger.description,
		);
		expect(parameters?.options).toEqual({ binaryData: true });
	});

	it.each([
		['saved without Options (the default fills them)', { token: 'k' }],
		['as the editor saves a new node', { token: 'k', options: { binaryData: true } }],
		[
			'after the user adds every option',
			{
				token: 'k',
				options: { binaryData: true, verdicts: ['expired'], shape: 'report', maxBodySizeMb: 8 },
			},
		],
	])('%s: n8n resolves it to true', (_name, parameters) => {
		expect(binaryDataOf(parameters)).toBe(true);
	});

	it('the options the user adds are kept beside it, saved with or without defaults', () => {
		const saved = { token: 'k', options: { binaryData: true, verdicts: ['expired'] } };
		for (const returnDefaults of [true, false]) {
			const parameters = NodeHelpers.getNodeParameters(
				trigger.description.properties,
				saved,
				returnDefaults,
				false,
				null,
				trigger.description,
			);
			expect(parameters?.options).toEqual({ binaryData: true, verdicts: ['expired'] });
		}
	});

	it('a node written by hand with Options but without binaryData is parsed by n8n first (docs/trigger.md says so)', () => {
		expect(binaryDataOf({ token: 'k', options: { verdicts: ['expired'] } })).toBeFalsy();
	});
});

/*
 * n8n evaluates the webhook description's responseMode and responseData on the node's parameters
 * (evaluateResponseOptions in n8n's webhook-helpers, default onReceived and firstEntryJson), here
 * with n8n's own Workflow, for every way a node can be saved.
 */
describe('SMSOnlineGH Trigger: when n8n answers a push', () => {
	const trigger = new SmsOnlineGhTrigger();
	const nodeTypes = {
		getByName: () => trigger,
		getByNameAndVersion: () => trigger,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
	const [webhook] = trigger.description.webhooks ?? [];

	function answerOf(parameters: INodeParameters): { mode: unknown; data: unknown } {
		const node: INode = {
			id: 'n',
			name: 'Trigger',
			type: 'x.smsOnlineGhTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters,
		};
		const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
		const held = workflow.nodes[node.name];
		return {
			mode: workflow.expression.getSimpleParameterValue(
				held,
				webhook.responseMode,
				'webhook',
				{},
				undefined,
				'onReceived',
			),
			data: workflow.expression.getComplexParameterValue(
				held,
				webhook.responseData,
				'webhook',
				{},
				undefined,
				'firstEntryJson',
			),
		};
	}

	it.each([
		['saved without Options (a node made before the option existed)', { token: 'k' }],
		['as the editor saves a new node', { token: 'k', options: { binaryData: true } }],
		[
			'with other options',
			{ token: 'k', options: { binaryData: true, verdicts: ['expired'], shape: 'report' } },
		],
		[
			'When the Workflow Has Finished chosen',
			{ token: 'k', options: { binaryData: true, respond: 'whenFinished' } },
		],
		['an unknown value (written by hand)', { token: 'k', options: { respond: 'later' } }],
	])('%s: lastNode, answered with no data', (_name, parameters) => {
		expect(answerOf(parameters)).toEqual({ mode: 'lastNode', data: 'noData' });
	});

	it('Immediately: onReceived, answered with no data', () => {
		expect(answerOf({ token: 'k', options: { binaryData: true, respond: 'immediately' } })).toEqual(
			{ mode: 'onReceived', data: 'noData' },
		);
	});
});
