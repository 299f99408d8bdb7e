/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The node as an AI agent's tool, in a real n8n run headless with `n8n execute`: an AI Agent with
 * the OpenAI Chat Model pointed at a small OpenAI-compatible server on 127.0.0.1 (see
 * fake-chat-model.ts), which calls a tool once and then answers. What is checked is what the
 * model receives: the tool's schema, the tool's result (the summary), and, with a wrong API key or
 * a voice template the account does not store, the error message that says what to fix, with no
 * secret anywhere. With an SMS and a voice tool side by side, the model picks the voice one and
 * names its template.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { Simulator } from '../../simulator';
import {
	ensureRuntime,
	executeWorkflow,
	importAll,
	installPackage,
	type CredentialFile,
	type Runtime,
	type WorkflowFile,
} from '../../tools/n8n/runtime';
import { FakeChatModel, FINAL_ANSWER } from './fake-chat-model';
import {
	ARTIFACTS,
	expectOk,
	freshUserFolder,
	NODE_TYPE,
	readSetup,
	simJournal,
	simReset,
	timing,
} from './helpers';

const API_KEY = 'demo-api-key-0123456789abcdef';
const WRONG_KEY = 'wrong-key-5f1e0c9a7b3d4e21';
const OPENAI_KEY = 'sk-e2e-fake-openai-key-000000';
const SMS_CREDENTIAL = { id: 'E2eCredAgent0001', name: 'e2e agent sms' };
const WRONG_CREDENTIAL = { id: 'E2eCredAgentBad1', name: 'e2e agent sms, wrong key' };
const MODEL_CREDENTIAL = { id: 'E2eCredOpenAi001', name: 'e2e fake model' };
const TOOL_NAME = 'Send_SMS';
const PORT = 5750;
const VOICE_TOOL_NAME = 'Send_Voice_Message';
const VOICE_TEMPLATE_HELP =
	'The voice recording to play, by its exact name: appointment_reminder (a visit is due) or payment_due (a bill is due)';

/** The tool: Send, its numbers and text filled by the model, the sender fixed. */
function smsTool(credential: { id: string; name: string }, options: Record<string, unknown> = {}) {
	return {
		id: `${credential.id}-tool`,
		name: 'Send SMS',
		type: `${NODE_TYPE}Tool`,
		typeVersion: 1,
		position: [400, 220],
		parameters: {
			resource: 'sms',
			operation: 'send',
			sender: { __rl: true, mode: 'name', value: 'SMSDemo' },
			phoneNumbers:
				"={{ $fromAI('phoneNumbers', 'The phone numbers to text, separated by commas', 'string') }}",
			message: "={{ $fromAI('message', 'The text of the SMS', 'string') }}",
			messageType: 'gsm',
			options: { removeDuplicates: false, ...options },
		},
		credentials: { smsOnlineGhApi: credential },
	};
}

/**
 * The voice tool: Voice → Send, its template and numbers filled by the model, the voice sender
 * fixed. The templates are named in the parameter's description, so the model picks one by name.
 */
function voiceTool(credential: { id: string; name: string }) {
	return {
		id: `${credential.id}-voice`,
		name: 'Send Voice Message',
		type: `${NODE_TYPE}Tool`,
		typeVersion: 1,
		position: [600, 220],
		parameters: {
			resource: 'voice',
			operation: 'send',
			template: `={{ $fromAI('template', '${VOICE_TEMPLATE_HELP}', 'string') }}`,
			sender: { __rl: true, mode: 'name', value: 'DemoVoice' },
			phoneNumbers:
				"={{ $fromAI('phoneNumbers', 'The phone numbers to call, separated by commas', 'string') }}",
			options: {},
		},
		credentials: { smsOnlineGhApi: credential },
	};
}

type ToolNode = ReturnType<typeof smsTool> | ReturnType<typeof voiceTool>;

/** Manual Trigger → AI Agent, with the chat model and the tools plugged in. */
function agentWorkflow(
	id: string,
	tools: ToolNode[],
	prompt = 'Text our two shop numbers that we open at 9 tomorrow.',
): WorkflowFile {
	return {
		id,
		name: `e2e ${id}`,
		nodes: [
			{
				id: `${id}-start`,
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: `${id}-agent`,
				name: 'AI Agent',
				type: '@n8n/n8n-nodes-langchain.agent',
				typeVersion: 3.1,
				position: [220, 0],
				parameters: { promptType: 'define', text: prompt, options: {} },
			},
			{
				id: `${id}-model`,
				name: 'OpenAI Chat Model',
				type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
				typeVersion: 1.3,
				position: [200, 220],
				parameters: {
					model: { __rl: true, mode: 'id', value: 'any-name' },
					responsesApiEnabled: false,
					options: {},
				},
				credentials: { openAiApi: MODEL_CREDENTIAL },
			},
			...tools,
		],
		connections: {
			Start: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
			'OpenAI Chat Model': {
				ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]],
			},
			...Object.fromEntries(
				tools.map((tool) => [
					tool.name,
					{ ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
				]),
			),
		},
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
}

function credentials(simUrl: string, modelUrl: string): CredentialFile[] {
	return [
		{
			...SMS_CREDENTIAL,
			type: 'smsOnlineGhApi',
			data: { baseUrl: simUrl, authModel: 'apiKey', apiKey: API_KEY },
		},
		{
			...WRONG_CREDENTIAL,
			type: 'smsOnlineGhApi',
			data: { baseUrl: simUrl, authModel: 'apiKey', apiKey: WRONG_KEY },
		},
		{ ...MODEL_CREDENTIAL, type: 'openAiApi', data: { apiKey: OPENAI_KEY, url: modelUrl } },
	];
}

/** What the model received, kept for docs/ai-agents.md and for a look after a failure. */
function keep(name: string, value: unknown): void {
	fs.mkdirSync(ARTIFACTS, { recursive: true });
	fs.writeFileSync(path.join(ARTIFACTS, name), `${JSON.stringify(value, null, 2)}\n`);
}

describe('the SMS node as an AI agent tool (n8n-2)', () => {
	let runtime: Runtime;
	let userFolder: string;
	const sim = new Simulator();
	const model = new FakeChatModel();
	let simUrl = '';

	const execute = async (id: string) => {
		const t0 = Date.now();
		const result = await executeWorkflow(runtime, userFolder, id, {
			port: PORT,
			brokerPort: PORT + 1,
			logLevel: 'warn',
		});
		timing(`n8n-2 n8n execute ${id}`, t0);
		return result;
	};

	beforeAll(
		async () => {
			runtime = await ensureRuntime('n8n-2');
			userFolder = freshUserFolder('agent-n8n-2');
			await installPackage(userFolder, readSetup().tarball);
			simUrl = await sim.start(0);
			const modelUrl = await model.start();
			const workflows = [
				agentWorkflow('E2eAgentSend0001', [smsTool(SMS_CREDENTIAL)]),
				agentWorkflow('E2eAgentBadKey01', [smsTool(WRONG_CREDENTIAL)]),
				agentWorkflow('E2eAgentPerDest1', [smsTool(SMS_CREDENTIAL, { output: 'perDestination' })]),
				agentWorkflow(
					'E2eAgentVoice001',
					[smsTool(SMS_CREDENTIAL), voiceTool(SMS_CREDENTIAL)],
					'Call Ama on 0241234567: her bill is due.',
				),
			];
			await importAll(runtime, userFolder, credentials(simUrl, modelUrl), workflows, {
				port: PORT,
				brokerPort: PORT + 1,
			});
		},
		20 * 60 * 1000,
	);

	afterAll(async () => {
		await model.stop();
		await sim.stop();
	});

	beforeEach(async () => {
		await simReset(simUrl);
		model.reset();
		model.toolArguments = {
			phoneNumbers: '0241234567, +233 24 123 4567',
			message: 'We open at 9 tomorrow.',
		};
	});

	test('the model calls the tool: the service gets one request, the model gets the summary', async () => {
		const result = await execute('E2eAgentSend0001');
		expectOk(result);
		keep('agent-requests.json', model.requests);

		// The schema n8n made for the tool from the $fromAI() parameters.
		const tool = model.requests[0].tools?.find((t) => t.function.name === TOOL_NAME);
		expect(tool?.function.parameters).toMatchObject({
			type: 'object',
			properties: {
				phoneNumbers: {
					type: 'string',
					description: 'The phone numbers to text, separated by commas',
				},
				message: { type: 'string', description: 'The text of the SMS' },
			},
			required: expect.arrayContaining(['phoneNumbers', 'message']),
		});

		const sends = (await simJournal(simUrl)).filter((e) => e.path === '/v5/message/sms/send');
		expect(sends).toHaveLength(1);
		expect(sends[0]).toMatchObject({ accountId: 'demo', handshake: 0 });
		expect(sends[0].headers.authorization).toBe(`key ${API_KEY}`);
		expect(sends[0].unit).toEqual({
			text: 'We open at 9 tomorrow.',
			type: 0,
			sender: 'SMSDemo',
			destinations: ['0241234567', '233241234567'],
		});

		const results = model.toolResults();
		expect(results).toHaveLength(1);
		const summary = JSON.parse(results[0]) as unknown;
		keep('agent-tool-result.json', summary);
		expect(summary).toEqual([
			{
				destinations: 2,
				verdicts: { accepted: 1, rejected: 1 },
				batches: [expect.stringMatching(/^[0-9a-f]{32}$/)],
				parts: 1,
				cost: 'takes 1 SMS part from the balance: 1 credit on a quantity account, 1 × the price of a part on a currency account (Account → Get Balance gives the model and what is left)',
				notAccepted: [{ to: '233241234567', verdict: 'rejected', reason: 'duplicate destination' }],
			},
		]);
		expect(result.items('AI Agent')).toEqual([{ output: FINAL_ANSWER }]);
		process.stdout.write(`[e2e] the summary the model received: ${results[0].length} characters\n`);
	});

	test('Output set to Per Destination in the tool: the model gets one item per number', async () => {
		const result = await execute('E2eAgentPerDest1');
		expectOk(result);
		const results = model.toolResults();
		expect(results).toHaveLength(1);
		const items = JSON.parse(results[0]) as Array<Record<string, unknown>>;
		expect(items.map((i) => [i.input, i.to, i.verdict, i.reason])).toEqual([
			['0241234567', '233241234567', 'accepted', 'pending en route'],
			['+233 24 123 4567', '233241234567', 'rejected', 'duplicate destination'],
		]);
		process.stdout.write(
			`[e2e] the two per-destination items the model received: ${results[0].length} characters\n`,
		);
	});

	test('two tools, SMS and voice: the model calls the voice one with a template it picked by name', async () => {
		model.toolName = VOICE_TOOL_NAME;
		model.toolArguments = { template: 'payment_due', phoneNumbers: '0241234567' };
		const result = await execute('E2eAgentVoice001');
		expectOk(result);
		keep('agent-voice-requests.json', model.requests);
		const voice = model.requests[0].tools?.find((t) => t.function.name === VOICE_TOOL_NAME);
		expect(voice?.function.parameters).toMatchObject({
			properties: {
				template: { type: 'string', description: VOICE_TEMPLATE_HELP },
				phoneNumbers: {
					type: 'string',
					description: 'The phone numbers to call, separated by commas',
				},
			},
			required: expect.arrayContaining(['template', 'phoneNumbers']),
		});
		expect(model.requests[0].tools?.map((t) => t.function.name).sort()).toEqual([
			TOOL_NAME,
			VOICE_TOOL_NAME,
		]);
		const journal = await simJournal(simUrl);
		expect(journal.filter((e) => e.path === '/v5/message/sms/send')).toEqual([]);
		const calls = journal.filter((e) => e.path === '/v5/message/voice/send');
		expect(calls.map((e) => e.rawBody)).toEqual([
			'{"template":"payment_due","sender":"DemoVoice","destinations":["0241234567"]}',
		]);
		const [summary] = model.toolResults().map((text) => JSON.parse(text) as unknown);
		keep('agent-voice-tool-result.json', summary);
		expect(summary).toEqual([
			{
				destinations: 1,
				verdicts: { accepted: 1 },
				batches: [expect.stringMatching(/^[0-9a-f]{32}$/)],
				notAccepted: [],
			},
		]);
		expect(result.items('AI Agent')).toEqual([{ output: FINAL_ANSWER }]);
	});

	test('the model names a template the account does not store: it gets the fix in the message, nothing is called', async () => {
		model.toolName = VOICE_TOOL_NAME;
		model.toolArguments = { template: 'bill_reminder', phoneNumbers: '0241234567' };
		const result = await execute('E2eAgentVoice001');
		expectOk(result);
		const results = model.toolResults();
		expect(results).toHaveLength(1);
		const [answer] = JSON.parse(results[0]) as Array<{ error: string }>;
		expect(answer.error).toMatch(
			/^Template 'bill_reminder' is not a voice template of this account: create it in the account's portal/,
		);
		expect(sim.submissionCounts()).toEqual({});
		expect(result.items('AI Agent')).toEqual([{ output: FINAL_ANSWER }]);
	});

	test('a wrong API key: the model gets the fix in the message, and no secret', async () => {
		const result = await execute('E2eAgentBadKey01');
		keep('agent-wrong-key-requests.json', model.requests);
		const results = model.toolResults();
		expect(results).toHaveLength(1);
		expect(JSON.parse(results[0])).toEqual([
			{
				error: 'The service refused the API key or login: check them in the SMSOnlineGH credential',
			},
		]);
		const everything = JSON.stringify(model.requests);
		for (const secret of [WRONG_KEY, API_KEY, OPENAI_KEY]) expect(everything).not.toContain(secret);
		expect(everything).not.toMatch(/authorization|key wrong/i);
		const sends = (await simJournal(simUrl)).filter((e) => e.path === '/v5/message/sms/send');
		expect(sends.every((e) => e.handshake === 1203 && !e.submitted)).toBe(true);
		expect(sim.submissionCounts()).toEqual({});
		// The agent answers once the tool has answered, whatever the tool said.
		expect(result.items('AI Agent')).toEqual([{ output: FINAL_ANSWER }]);
	});
});
