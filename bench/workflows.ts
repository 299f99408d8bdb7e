/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The workflows the bench imports into n8n: Manual Trigger → Code node making N contacts → the
 * measured node of one scenario; the credential for the simulator they use; importing them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import {
	type CredentialFile,
	DEMO_API_KEY,
	importIfChanged,
	PROJECT_ROOT,
	type Runtime,
	type WorkflowFile,
} from '../tools/n8n/runtime';
import { say } from './clock';
import { FLOOR_NODE_TYPE } from './floor-node-type';
import { enabled, type Scenario, type ScenarioKey } from './scenarios';
import {
	BATCH,
	BIG_BATCH,
	BROKER_PORT,
	CREDENTIAL_ID,
	MESSAGE,
	N8N_PORT,
	SEND_PATH,
	SIZES,
	TEMPLATE,
	USER_FOLDER,
	VOICE_SENDER,
	VOICE_TEMPLATE,
} from './settings';

type WorkflowNode = WorkflowFile['nodes'][number];

const CREDENTIAL_NAME = 'SMSOnlineGH (bench simulator)';
const credentials = { smsOnlineGhApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };
const position = [440, 0];

export function workflowId(code: string, n: number): string {
	return `Bench${code}${String(n).padStart(7, '0')}`; // 16 characters, like n8n's own ids
}

/** N contacts {phone: '024' + 7 digits, first_name, amount}, all numbers different. */
function contactsCode(n: number): string {
	return [
		`// ${n.toLocaleString('en')} contacts, every number different.`,
		`const n = ${n};`,
		'const items = new Array(n);',
		'for (let i = 0; i < n; i++) {',
		"  items[i] = { json: { phone: '024' + String(i).padStart(7, '0'), first_name: 'Name' + i, amount: (i % 500) + 0.5 } };",
		'}',
		'return items;',
	].join('\n');
}

// Edit Fields (Set) 3.4, manual mode: per item, n8n evaluates the three expressions of the
// assignments collection (getNodeParameter('assignments', i)) and builds one output item.
function floorNode(): WorkflowNode {
	return {
		name: 'Read fields (Set)',
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		position,
		parameters: {
			mode: 'manual',
			assignments: {
				assignments: [
					{
						id: 'f0000000-0000-4000-8000-000000000001',
						name: 'phone',
						value: '={{ $json.phone }}',
						type: 'string',
					},
					{
						id: 'f0000000-0000-4000-8000-000000000002',
						name: 'first_name',
						value: '={{ $json.first_name }}',
						type: 'string',
					},
					{
						id: 'f0000000-0000-4000-8000-000000000003',
						name: 'amount',
						value: '={{ $json.amount }}',
						type: 'number',
					},
				],
			},
			includeOtherFields: false,
			options: {},
		},
	};
}

// The floor node (bench/floor-node/) with Send (b)'s parameters; `reading` says how it reads them.
function readNode(key: 'readN8n' | 'readNode' | 'readPost', simUrl: string): WorkflowNode {
	return {
		name: 'Read Parameters',
		type: FLOOR_NODE_TYPE,
		typeVersion: 1,
		position,
		parameters: {
			reading: key === 'readN8n' ? 'n8n' : key === 'readNode' ? 'node' : 'nodePost',
			...(key === 'readPost'
				? { url: `${simUrl}${SEND_PATH}`, authorization: `key ${DEMO_API_KEY}` }
				: {}),
			sender: 'SMSDemo',
			phoneNumbers: '={{ $json.phone }}',
			message: MESSAGE,
			messageType: 'gsm',
			options: BATCH === 1000 ? {} : { batchSize: BATCH },
		},
	};
}

function sendNode(key: 'send' | 'sendBig'): WorkflowNode {
	return {
		name: 'Send SMS',
		type: 'n8n-nodes-smsonlinegh.smsOnlineGh',
		typeVersion: 1,
		position,
		parameters: {
			resource: 'sms',
			operation: 'send',
			sender: 'SMSDemo',
			phoneNumbers: '={{ $json.phone }}',
			message: MESSAGE,
			messageType: 'gsm',
			options:
				key === 'sendBig' ? { batchSize: BIG_BATCH } : BATCH === 1000 ? {} : { batchSize: BATCH },
		},
		credentials,
	};
}

// Voice → Send as Send (b) is set: one template for every contact, the demo account's voice
// sender (Check Sender on, its default: one profile request), default options.
function voiceNode(): WorkflowNode {
	return {
		name: 'Voice Send',
		type: 'n8n-nodes-smsonlinegh.smsOnlineGh',
		typeVersion: 1,
		position,
		parameters: {
			resource: 'voice',
			operation: 'send',
			template: VOICE_TEMPLATE,
			sender: VOICE_SENDER,
			phoneNumbers: '={{ $json.phone }}',
			options: BATCH === 1000 ? {} : { batchSize: BATCH },
		},
		credentials,
	};
}

function personalisedNode(): WorkflowNode {
	return {
		name: 'Send Personalised SMS',
		type: 'n8n-nodes-smsonlinegh.smsOnlineGh',
		typeVersion: 1,
		position,
		parameters: {
			resource: 'sms',
			operation: 'sendPersonalised',
			sender: 'SMSDemo',
			phoneNumber: '={{ $json.phone }}',
			template: TEMPLATE,
			valuesSource: 'itemFields',
			messageType: 'gsm',
			options: BATCH === 1000 ? {} : { batchSize: BATCH },
		},
		credentials,
	};
}

// n8n's HTTP Request node as a user would set it up to call this API without the node:
// one POST per item with the number mapped into a JSON body, default options (n8n sends
// every item's request at once and waits for all).
function httpNode(simUrl: string): WorkflowNode {
	return {
		name: 'HTTP Request',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position,
		parameters: {
			method: 'POST',
			url: `${simUrl}${SEND_PATH}`,
			sendHeaders: true,
			headerParameters: {
				parameters: [
					{ name: 'Authorization', value: `key ${DEMO_API_KEY}` },
					{ name: 'Accept', value: 'application/json' },
				],
			},
			sendBody: true,
			specifyBody: 'json',
			jsonBody: `={"text": ${JSON.stringify(MESSAGE)}, "type": 0, "sender": "SMSDemo", "destinations": ["{{ $json.phone }}"]}`,
			options: {},
		},
	};
}

// Get Delivery Report as its defaults have it: Batch ID {{ $json.batch }}, Message IDs
// {{ $json.messageId }}, straight on the Send output.
function reportNode(): WorkflowNode {
	return {
		name: 'Get Delivery Report',
		type: 'n8n-nodes-smsonlinegh.smsOnlineGh',
		typeVersion: 1,
		position: [660, 0],
		parameters: {
			resource: 'sms',
			operation: 'getDeliveryReport',
			batch: '={{ $json.batch }}',
			messageIds: '={{ $json.messageId }}',
			options: {},
		},
		credentials,
	};
}

/** The nodes after Contacts, in order; the last one is measured. */
function measuredChain(key: ScenarioKey, simUrl: string): WorkflowNode[] {
	return key === 'report' ? [sendNode('send'), reportNode()] : [measuredNode(key, simUrl)];
}

function measuredNode(key: ScenarioKey, simUrl: string): WorkflowNode {
	switch (key) {
		case 'floor':
			return floorNode();
		case 'readN8n':
		case 'readNode':
		case 'readPost':
			return readNode(key, simUrl);
		case 'send':
		case 'sendBig':
			return sendNode(key);
		case 'voice':
			return voiceNode();
		case 'personalised':
			return personalisedNode();
		case 'http':
			return httpNode(simUrl);
		default:
			throw new Error(`no workflow for ${key}`);
	}
}

export function workflow(scenario: Scenario, n: number, simUrl: string): WorkflowFile {
	const id = workflowId(scenario.code!, n);
	const chain = measuredChain(scenario.key, simUrl);
	const names = ['Start', 'Contacts', ...chain.map((node) => node.name)];
	const connections: Record<string, unknown> = {};
	for (let i = 0; i + 1 < names.length; i++)
		connections[names[i]] = { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] };
	return {
		id,
		name: `Bench: ${scenario.short}, ${n.toLocaleString('en')} contacts`,
		nodes: [
			{
				id: `${id}-trigger`,
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: `${id}-contacts`,
				name: 'Contacts',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [220, 0],
				parameters: { jsCode: contactsCode(n) },
			},
			// The measured node keeps its id suffix of earlier versions (n8n re-imports a changed workflow only).
			...chain.map((node, i) => ({
				id: i === chain.length - 1 ? `${id}-measured` : `${id}-step${i + 1}`,
				...node,
			})),
		],
		connections,
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
}

export function benchCredential(simUrl: string): CredentialFile {
	return {
		id: CREDENTIAL_ID,
		name: CREDENTIAL_NAME,
		type: 'smsOnlineGhApi',
		data: { baseUrl: simUrl, authModel: 'apiKey', apiKey: DEMO_API_KEY },
	};
}

/** A copy of the 10,000-contact workflows in bench/workflows/, for reading or importing by hand. */
export function writeWorkflowCopies(scenarios: Scenario[]): void {
	const wfDir = path.join(PROJECT_ROOT, 'bench', 'workflows');
	fs.mkdirSync(wfDir, { recursive: true });
	for (const s of scenarios) {
		const copy = workflow(s, 10_000, 'http://127.0.0.1:8095');
		fs.writeFileSync(
			path.join(wfDir, `${s.key}-10000.json`),
			JSON.stringify(copy, null, '\t') + '\n',
		);
	}
}

/** Imports the credential and every enabled scenario's workflow at every size, when they changed. */
export async function importWorkflows(
	runtime: Runtime,
	n8nScenarios: Scenario[],
	simUrl: string,
): Promise<void> {
	const workflows: WorkflowFile[] = [];
	for (const n of SIZES)
		for (const s of n8nScenarios) if (enabled(s, n)) workflows.push(workflow(s, n, simUrl));
	const imported = await importIfChanged(
		runtime,
		USER_FOLDER,
		[benchCredential(simUrl)],
		workflows,
		{ port: N8N_PORT, brokerPort: BROKER_PORT },
	);
	say(
		imported
			? `imported ${workflows.length} workflows and the credential`
			: 'workflows already imported',
	);
}
