/**
 * The workflow the queue suite and the bench run: Webhook → Code → SMS. The webhook takes
 * `{"numbers": [...]}`, the Code node makes one item per number, the SMS node sends them all
 * (Continue On Fail on, so every number comes out as an item, sent or not) and the webhook answers
 * with every item of the last node.
 */
import { createHash } from 'node:crypto';
import { DEMO_API_KEY, type CredentialFile, type WorkflowFile } from '../n8n/runtime';

export const SMS_NODE = 'SMS';
const CREDENTIAL = { id: 'QueueSmsCred0001', name: 'SMSOnlineGH (queue suite)' };

export interface SmsWorkflowSettings {
	/** The workflow's id; several variants can live in one n8n. */
	id: string;
	/** The webhook's path: POST /webhook/<path>. */
	path: string;
	/** The node's Batch Size: most numbers in one request to the service. */
	batchSize: number;
	/**
	 * The node's Client Reference option, when the package has it: the expression of a reference
	 * per item, from which the node derives the message ids the service uses to refuse repeats.
	 */
	clientReference?: string;
}

export function queueCredential(simUrl: string): CredentialFile {
	return {
		...CREDENTIAL,
		type: 'smsOnlineGhApi',
		data: { baseUrl: simUrl, authModel: 'apiKey', apiKey: DEMO_API_KEY },
	};
}

/** A node id (a UUID) from the workflow id and the node's place, stable from one import to the next. */
function uuid(workflowId: string, place: number): string {
	const hex = createHash('sha256').update(`${workflowId}/${place}`).digest('hex');
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function node(
	workflowId: string,
	name: string,
	type: string,
	typeVersion: number,
	place: number,
	parameters: Record<string, unknown>,
) {
	return {
		id: uuid(workflowId, place),
		name,
		type,
		typeVersion,
		position: [place * 220, 0],
		parameters,
	};
}

export function queueWorkflow(settings: SmsWorkflowSettings): WorkflowFile {
	const options: Record<string, unknown> = { batchSize: settings.batchSize };
	if (settings.clientReference !== undefined) options.clientReference = settings.clientReference;
	const webhook = {
		...node(settings.id, 'Webhook', 'n8n-nodes-base.webhook', 2.1, 0, {
			httpMethod: 'POST',
			path: settings.path,
			responseMode: 'lastNode',
			responseData: 'allEntries',
			options: {},
		}),
		webhookId: uuid(settings.id, 9),
	};
	const code = node(settings.id, 'Numbers', 'n8n-nodes-base.code', 2, 1, {
		jsCode: 'return $input.first().json.body.numbers.map((phone) => ({ json: { phone } }));',
	});
	const sms = {
		...node(settings.id, SMS_NODE, 'n8n-nodes-smsonlinegh.smsOnlineGh', 1, 2, {
			resource: 'sms',
			operation: 'send',
			sender: 'SMSDemo',
			phoneNumbers: '={{ $json.phone }}',
			message: 'Queue mode test',
			messageType: 'gsm',
			options,
		}),
		credentials: { smsOnlineGhApi: CREDENTIAL },
		onError: 'continueRegularOutput',
	};
	return {
		id: settings.id,
		name: `Queue mode: webhook to SMS (${settings.path})`,
		nodes: [webhook, code, sms],
		connections: {
			Webhook: { main: [[{ node: 'Numbers', type: 'main', index: 0 }]] },
			Numbers: { main: [[{ node: SMS_NODE, type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
}
