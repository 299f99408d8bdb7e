/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * A hand-made n8n execution context for direct tests of the transport, the dispatch and the
 * router: only the members the node reads, an HTTP helper that answers from a prepared list and
 * records every request exactly as the node built it, and a credential store that counts reads.
 */
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	INodeParameters,
} from 'n8n-workflow';

/** One prepared answer: an HTTP response (status 200 unless said), or an error the HTTP client throws. */
export type Answer =
	| { status?: number; body?: unknown; headers?: Record<string, unknown> }
	| { error: unknown };

export interface HttpCall {
	/** `this` the helper was called with. */
	self: unknown;
	credentialType: string;
	options: IHttpRequestOptions;
	extra: unknown;
}

export interface FakeContextOptions {
	credentials?: ICredentialDataDecryptedObject;
	/** Answers in the order of the requests. */
	answers?: Answer[];
	/** The node's raw parameters (`=`-prefixed strings are expressions). */
	parameters?: INodeParameters;
	/** Input items: json objects, or full items. */
	items?: Array<IDataObject | INodeExecutionData>;
	continueOnFail?: boolean;
	executionId?: string;
	runIndex?: number;
	nodeName?: string;
}

export interface FakeContext {
	ctx: IExecuteFunctions;
	calls: HttpCall[];
	/** Answers still unused; more can be pushed between runs. */
	answers: Answer[];
	/** How many times the credential was read. */
	credentialReads(): number;
	/** The next credential reads fail with this error, once each. */
	failCredentialReads(error: Error, times?: number): void;
}

export const API_KEY = 'sk-live-3f9a2c7e51d84b06';

export const CREDENTIAL_REFERENCE = { id: 'cred-7', name: 'SMS account' };

export function fakeNode(parameters: INodeParameters = {}, name = 'SMSOnlineGH'): INode {
	return {
		id: 'node-1',
		name,
		type: 'n8n-nodes-smsonlinegh.smsOnlineGh',
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { smsOnlineGhApi: CREDENTIAL_REFERENCE },
	};
}

function toItem(item: IDataObject | INodeExecutionData): INodeExecutionData {
	return 'json' in item && typeof item.json === 'object'
		? (item as INodeExecutionData)
		: { json: item as IDataObject };
}

function respond(answer: Answer | undefined): unknown {
	if (!answer) throw new Error('the test prepared no answer for this request');
	if ('error' in answer) throw answer.error;
	return { statusCode: answer.status ?? 200, headers: answer.headers ?? {}, body: answer.body };
}

export function fakeContext(options: FakeContextOptions = {}): FakeContext {
	const credentials = options.credentials ?? {
		authModel: 'apiKey',
		apiKey: API_KEY,
		baseUrl: 'https://sms.example',
	};
	const parameters = options.parameters ?? {};
	const items = (options.items ?? [{}]).map(toItem);
	const node = fakeNode(parameters, options.nodeName);
	const answers = [...(options.answers ?? [])];
	const calls: HttpCall[] = [];
	let reads = 0;
	const failures: Error[] = [];

	const ctx = {
		getNode: () => node,
		getInputData: () => items,
		getNodeParameter: (name: string, _itemIndex: number, fallback?: unknown) =>
			Object.hasOwn(parameters, name) ? parameters[name] : fallback,
		continueOnFail: () => options.continueOnFail === true,
		addExecutionHints: () => {},
		getExecutionId: () => options.executionId ?? 'execution-1',
		getWorkflowDataProxy: () => ({ $thisRunIndex: options.runIndex ?? 0 }),
		getTimezone: () => 'UTC',
		getCredentials: async (type: string) => {
			reads++;
			const failure = failures.shift();
			if (failure) throw failure;
			if (type !== 'smsOnlineGhApi') throw new Error(`unexpected credential type ${type}`);
			return { ...credentials };
		},
		helpers: {
			async httpRequestWithAuthentication(
				this: unknown,
				credentialType: string,
				requestOptions: IHttpRequestOptions,
				extra?: unknown,
			) {
				calls.push({ self: this, credentialType, options: requestOptions, extra });
				return respond(answers.shift());
			},
		},
	} as unknown as IExecuteFunctions;

	return {
		ctx,
		calls,
		answers,
		credentialReads: () => reads,
		failCredentialReads: (error, times = 1) => {
			for (let i = 0; i < times; i++) failures.push(error);
		},
	};
}

/** An HTTP 200 answer with the service's envelope, in JSON. */
export function serviceAnswer(data: unknown, handshake = { id: 0, label: 'HSHK_OK' }): Answer {
	return { body: JSON.stringify({ handshake, data }) };
}

export interface Destination {
	id: string;
	to: string;
	status?: { id: number; label: string };
}

/** A send answer: the batch and one entry per destination (status 2105 pending en route unless said). */
export function sendAnswer(batch: string, destinations: Destination[]): Answer {
	return serviceAnswer({
		batch,
		category: 1,
		delivery: false,
		destinations: destinations.map((d) => ({
			...d,
			status: d.status ?? { id: 2105, label: 'DS_PENDING_ENROUTE' },
		})),
	});
}

/** The request bodies the node sent, parsed from JSON. */
export function sentBodies(calls: HttpCall[]): unknown[] {
	return calls.map((call) => JSON.parse(call.options.body as string));
}
