/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The trigger e2e suite's ports, token and workflows (trigger.e2e.test.ts): four workflows, each
 * one SMSOnlineGH Trigger with its own webhook. The second is saved with the trigger's first type
 * name (smsOnlineGhTrigger, hidden from the picker), the others with the one the picker lists.
 */
const PORT_BASE = Number(process.env.E2E_TRIGGER_PORT_BASE ?? 5740);
export const N8N_PORT = PORT_BASE; // its task runners' broker: PORT_BASE + 1
export const CLI_PORT = PORT_BASE + 2; // the import commands (broker PORT_BASE + 3)
export const SIM_PORT = PORT_BASE + 4;

export const TOKEN = 'e2e-trigger-token-7f3a9c51d2';
const WEBHOOK_ID = '5e2e0000-0000-4000-8000-00000000a001';
export const WORKFLOW_ID = 'E2eTrigger000001';
export const TRIGGER_NAME = 'SMSOnlineGH Trigger';
export const PRODUCTION_URL = `http://127.0.0.1:${N8N_PORT}/webhook/${WEBHOOK_ID}/delivery-report`;

/** Numbers whose fate the simulator decides: delivered, undelivered, expired. */
export const OUTCOMES: Record<string, string> = {
	'233241234567': 'delivered',
	'233240000000': 'undelivered',
	'233559999999': 'expired',
};

export const workflow = {
	id: WORKFLOW_ID,
	name: 'e2e delivery reports',
	nodes: [
		{
			id: '5e2e0000-0000-4000-8000-00000000b001',
			name: TRIGGER_NAME,
			type: 'n8n-nodes-smsonlinegh.smsOnlineGhReportTrigger',
			typeVersion: 1,
			position: [0, 0] as [number, number],
			webhookId: WEBHOOK_ID,
			// Saved without Options: n8n fills them from their default, as for a node never opened.
			parameters: { token: TOKEN },
		},
	],
	connections: {},
	settings: { executionOrder: 'v1' },
	pinData: {},
	active: false,
};

/** A second trigger: the Secret Token left at its default (the node's id), only failures start it. */
export const FAILURES_WORKFLOW_ID = 'E2eTrigger000002';
const FAILURES_NODE_ID = '5e2e0000-0000-4000-8000-00000000b002';
const FAILURES_WEBHOOK_ID = '5e2e0000-0000-4000-8000-00000000a002';
export const FAILURES_URL = `http://127.0.0.1:${N8N_PORT}/webhook/${FAILURES_WEBHOOK_ID}/delivery-report?token=${FAILURES_NODE_ID}`;

export const failuresWorkflow = {
	...workflow,
	id: FAILURES_WORKFLOW_ID,
	name: 'e2e failed deliveries',
	nodes: [
		{
			...workflow.nodes[0],
			// Saved before the trigger's type name changed: it runs as before.
			type: 'n8n-nodes-smsonlinegh.smsOnlineGhTrigger',
			id: FAILURES_NODE_ID,
			webhookId: FAILURES_WEBHOOK_ID,
			// As the editor saves a node whose user added Only Verdicts (the hidden option kept).
			parameters: { options: { binaryData: true, verdicts: ['undelivered', 'expired'] } },
		},
	],
};

/**
 * A third, written by hand: Options given without the hidden binaryData (as no editor saves them),
 * so n8n parses the body by its Content-Type before the trigger runs, as it does for any webhook.
 */
export const PARSED_WORKFLOW_ID = 'E2eTrigger000003';
const PARSED_WEBHOOK_ID = '5e2e0000-0000-4000-8000-00000000a003';
export const PARSED_URL = `http://127.0.0.1:${N8N_PORT}/webhook/${PARSED_WEBHOOK_ID}/delivery-report?token=${TOKEN}`;

export const parsedWorkflow = {
	...workflow,
	id: PARSED_WORKFLOW_ID,
	name: 'e2e delivery reports parsed by n8n',
	nodes: [
		{
			...workflow.nodes[0],
			id: '5e2e0000-0000-4000-8000-00000000b003',
			webhookId: PARSED_WEBHOOK_ID,
			parameters: { token: TOKEN, options: { shape: 'destination' } },
		},
	],
};

/** A fourth: the trigger followed by a node that fails, so the execution fails. */
export const FAILING_WORKFLOW_ID = 'E2eTrigger000004';
const FAILING_WEBHOOK_ID = '5e2e0000-0000-4000-8000-00000000a004';
export const FAILING_URL = `http://127.0.0.1:${N8N_PORT}/webhook/${FAILING_WEBHOOK_ID}/delivery-report?token=${TOKEN}`;

export const failingWorkflow = {
	...workflow,
	id: FAILING_WORKFLOW_ID,
	name: 'e2e delivery reports into a failing node',
	nodes: [
		{
			...workflow.nodes[0],
			id: '5e2e0000-0000-4000-8000-00000000b004',
			webhookId: FAILING_WEBHOOK_ID,
		},
		{
			id: '5e2e0000-0000-4000-8000-00000000c004',
			name: 'Fails',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [220, 0] as [number, number],
			parameters: { jsCode: "throw new Error('the reports could not be filed');" },
		},
	],
	connections: { [TRIGGER_NAME]: { main: [[{ node: 'Fails', type: 'main', index: 0 }]] } },
};
