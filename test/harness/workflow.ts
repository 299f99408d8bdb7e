/**
 * Runs real workflows in-process with n8n-core's WorkflowExecute: the SMS node gets real
 * parameters, real expressions, real credentials handling (through our credential's
 * `authenticate`) and real HTTP to the simulator, as it would inside n8n.
 */
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IConnections,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	IRunExecutionData,
	IVersionedNodeType,
	IWorkflowDataProxyAdditionalKeys,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { createRunExecutionData, ICredentialsHelper, NodeHelpers, Workflow } from 'n8n-workflow';

import { randomUUID } from 'node:crypto';

import { SmsOnlineGhApi } from '../../credentials/SmsOnlineGhApi.credentials';
import { SmsOnlineGh } from '../../nodes/SmsOnlineGh/SmsOnlineGh.node';

export const SMS_NODE_TYPE = 'n8n-nodes-smsonlinegh.smsOnlineGh';
const SOURCE_NODE_TYPE = 'test.itemsSource';

/** Emits the items of its `items` parameter: stands in for whatever feeds the SMS node. */
class ItemsSource implements INodeType {
	description = {
		displayName: 'Items Source',
		name: 'itemsSource',
		group: ['input'],
		version: 1,
		description: 'Test source of items',
		defaults: { name: 'Items Source' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[]' }],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = JSON.parse(this.getNodeParameter('items', 0) as string) as IDataObject[];
		return [items.map((json, index) => ({ json, pairedItem: { item: index } }))];
	}
}

/** The node types of a test workflow: the SMS node, the items source, and any the caller adds. */
export class NodeTypes implements INodeTypes {
	private readonly types: Record<string, INodeType>;

	constructor(extra: Record<string, INodeType> = {}) {
		this.types = {
			[SMS_NODE_TYPE]: new SmsOnlineGh(),
			[SOURCE_NODE_TYPE]: new ItemsSource(),
			...extra,
		};
	}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		return this.getByNameAndVersion(nodeType);
	}

	getByNameAndVersion(nodeType: string): INodeType {
		const type = this.types[nodeType];
		if (!type) throw new Error(`Unknown node type ${nodeType}`);
		return type;
	}

	getKnownTypes() {
		return {};
	}
}

/** Resolves our one credential type and applies its `authenticate`, as n8n's own helper does. */
class CredentialsHelper extends ICredentialsHelper {
	private readonly types: Record<string, ICredentialType>;

	/** How many times n8n loaded and decrypted the credential during the execution. */
	reads = 0;

	constructor(
		private readonly data: ICredentialDataDecryptedObject | undefined,
		credentialType: ICredentialType = new SmsOnlineGhApi(),
	) {
		super();
		this.types = { smsOnlineGhApi: credentialType };
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const authenticate = this.types[typeName]?.authenticate;
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		return requestOptions;
	}

	async preAuthentication() {
		return undefined;
	}

	async runPreAuthentication() {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('not used');
	}

	async getDecrypted(): Promise<ICredentialDataDecryptedObject> {
		this.reads++;
		if (!this.data) throw new Error('No credentials given to the test workflow');
		// n8n applies the defaults of the credential type's fields; so do we.
		const defaults: ICredentialDataDecryptedObject = {};
		for (const property of this.types.smsOnlineGhApi.properties) {
			if (property.type !== 'notice') defaults[property.name] = property.default as string;
		}
		return { ...defaults, ...this.data };
	}

	async updateCredentials() {}

	async updateCredentialsOauthTokenData() {}

	getCredentialsProperties() {
		return this.types.smsOnlineGhApi.properties;
	}
}

/**
 * Resolves an expression the way n8n resolves the credential test's request (its routing node calls
 * the workflow's expression engine with `$credentials` among the additional keys).
 */
export function resolveExpression(
	expression: string,
	additionalKeys: IWorkflowDataProxyAdditionalKeys,
	parameters: INodeParameters = {},
	typeVersion = 1,
): unknown {
	const workflow = new Workflow({
		nodes: [
			{
				id: randomUUID(),
				name: 'SMS',
				type: SMS_NODE_TYPE,
				typeVersion,
				position: [0, 0],
				parameters,
			},
		],
		connections: {},
		active: false,
		nodeTypes: new NodeTypes(),
	});
	return workflow.expression.getParameterValue(
		expression,
		null,
		0,
		0,
		'SMS',
		[],
		'internal',
		additionalKeys,
	);
}

export interface RunOptions {
	/** The items that reach the SMS node (from a source node before it). */
	items: IDataObject[];
	/** The SMS node's parameters. */
	parameters: INodeParameters;
	credentials?: ICredentialDataDecryptedObject;
	/** Node settings as n8n stores them. */
	settings?: Partial<
		Pick<INode, 'continueOnFail' | 'onError' | 'retryOnFail' | 'maxTries' | 'waitBetweenTries'>
	>;
	/** The SMS node's version (1 unless given). */
	typeVersion?: number;
	/** Another build of the node and credential (today's unless given): test/compat runs 0.1.0's. */
	implementation?: Implementation;
}

export interface Implementation {
	node: INodeType;
	credential: ICredentialType;
}

export interface RunResult {
	/** The SMS node's output items (first output), as n8n recorded them. */
	items: INodeExecutionData[];
	/** The execution's error, when it failed. */
	error?: IRun['data']['resultData']['error'];
	run: IRun;
	/** How many times the credential was loaded and decrypted. */
	credentialReads: number;
}

/** Fills in a node's parameter defaults the way n8n does when a workflow is saved from the editor. */
export function fillDefaults(node: INode, nodeTypes: NodeTypes): void {
	const { description } = nodeTypes.getByNameAndVersion(node.type);
	node.parameters =
		NodeHelpers.getNodeParameters(
			description.properties,
			node.parameters,
			true,
			false,
			node,
			description,
		) ?? node.parameters;
}

export async function runSmsWorkflow(options: RunOptions): Promise<RunResult> {
	const nodes: INode[] = [
		{
			id: 'source',
			name: 'Contacts',
			type: SOURCE_NODE_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: { items: JSON.stringify(options.items) },
		},
		{
			id: 'sms',
			name: 'SMS',
			type: SMS_NODE_TYPE,
			typeVersion: options.typeVersion ?? 1,
			position: [200, 0],
			parameters: options.parameters,
			credentials: { smsOnlineGhApi: { id: '1', name: 'SMSOnlineGH account' } },
			...options.settings,
		},
	];
	const nodeTypes = new NodeTypes(
		options.implementation ? { [SMS_NODE_TYPE]: options.implementation.node } : {},
	);
	fillDefaults(nodes[1], nodeTypes);

	const connections: IConnections = {
		Contacts: { main: [[{ node: 'SMS', type: 'main', index: 0 }]] },
	};
	const { run, credentialReads } = await executeNodes(
		nodes,
		connections,
		nodeTypes,
		options.credentials,
		options.implementation?.credential,
	);
	const smsRuns = run.data.resultData.runData.SMS ?? [];
	const last = smsRuns[smsRuns.length - 1];
	return {
		items: last?.data?.main?.[0] ?? [],
		error: run.data.resultData.error,
		run,
		credentialReads,
	};
}

/**
 * Runs the nodes as one manual execution, from the first node (given one empty item): the SMS
 * nodes with the credential data given, whatever credential id the nodes name.
 */
export async function executeNodes(
	nodes: INode[],
	connections: IConnections,
	nodeTypes: NodeTypes,
	credentials: ICredentialDataDecryptedObject | undefined,
	credentialType?: ICredentialType,
): Promise<{ run: IRun; credentialReads: number }> {
	const workflow = new Workflow({
		id: 'test-workflow',
		nodes,
		connections,
		active: false,
		nodeTypes,
	});

	// Each run is its own execution, as in n8n: the node remembers sends per execution.
	const executionId = randomUUID();
	const hooks = new ExecutionLifecycleHooks('manual', executionId, {
		id: 'test-workflow',
		name: 'test',
		active: false,
		isArchived: false,
		nodes,
		connections: workflow.connectionsBySourceNode,
		createdAt: new Date(),
		updatedAt: new Date(),
		activeVersionId: null,
	} as never);
	let finished: (run: IRun) => void = () => {};
	const done = new Promise<IRun>((resolve) => (finished = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => finished(run));

	const credentialsHelper = new CredentialsHelper(credentials, credentialType);
	const additionalData = {
		hooks,
		credentialsHelper,
		executionId,
		restApiUrl: 'http://localhost/rest',
		instanceBaseUrl: 'http://localhost/',
		webhookBaseUrl: 'http://localhost/webhook',
		webhookWaitingBaseUrl: 'http://localhost/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost/webhook-test',
		formWaitingBaseUrl: 'http://localhost/form-waiting',
		variables: {},
		currentNodeParameters: undefined,
		executeWorkflow: async () => {
			throw new Error('not used');
		},
		getRunExecutionData: async () => undefined,
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('not used');
		},
	} as unknown as IWorkflowExecuteAdditionalData;

	const runData: IRunExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node: nodes[0], data: { main: [[{ json: {} }]] }, source: null }],
		},
	});

	const execute = new WorkflowExecute(additionalData, 'manual', runData);
	await execute.processRunExecutionData(workflow);
	return { run: await done, credentialReads: credentialsHelper.reads };
}
