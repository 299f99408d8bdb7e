import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_MAX_BODY_MB } from './reception';

const VERDICTS = [
	'pending',
	'scheduled',
	'delivered',
	'undelivered',
	'expired',
	'rejected',
	'cancelled',
	'alreadySent',
	'unknown',
];

/** n8n's default N8N_PAYLOAD_SIZE_MAX, in MB. */
const N8N_PAYLOAD_MAX_MB = 16;

// n8n parses a webhook's body by its Content-Type (422 when that fails) unless the start node's `options.binaryData` is true
// (`parseRequestBody`, n8n-io/n8n packages/cli/src/webhooks/webhook-helpers.ts): hidden, so it cannot be removed, and in the
// collection's default, so it is set for every node (docs/trigger.md). The node then reads the body itself (body.ts).
const READ_BODY_ITSELF = 'binaryData';

// n8n evaluates `responseMode` as an expression (evaluateResponseOptions, same file): anything but `immediately` is `lastNode`,
// answered only once the execution is stored, the safe one for a node saved without the option (docs/trigger.md).
export const RESPOND_WHEN_FINISHED = 'whenFinished';
export const RESPOND_IMMEDIATELY = 'immediately';
export const RESPONSE_MODE = `={{ $parameter["options"]["respond"] === "${RESPOND_IMMEDIATELY}" ? "onReceived" : "lastNode" }}`;

// Nothing in a 2xx: otherwise `lastNode` answers the workflow's own items (the user's data), or fails when there are none.
export const RESPONSE_DATA = 'noData';

const readBodyItself: INodeProperties = {
	displayName: 'Read the Body in the Node',
	name: READ_BODY_ITSELF,
	type: 'hidden',
	default: true,
};

export const triggerProperties: INodeProperties[] = [
	{
		displayName:
			"Open <b>Webhook URLs</b> at the top of this panel, copy the Production URL, add <code>?token=</code> and the Secret Token below, and use it as the Delivery Report URL of the SMSOnlineGH node's send operations. Publish the workflow (in n8n 1.x: activate it) so that the service can reach it.",
		name: 'notice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Secret Token',
		name: 'token',
		type: 'string',
		typeOptions: { password: true },
		// The node's own id, a random UUID: a secret by default that nobody has to invent.
		default: '={{ $nodeId }}',
		required: true,
		description:
			'Pushes must carry it as the <code>token</code> query parameter of the URL; any other request gets HTTP 401 and starts no execution. The service does not sign its pushes, so this token is what keeps strangers out: keep it secret.',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: { [READ_BODY_ITSELF]: true },
		options: [
			readBodyItself,
			{
				displayName: 'Maximum Body Size (MB)',
				name: 'maxBodySizeMb',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: N8N_PAYLOAD_MAX_MB },
				default: DEFAULT_MAX_BODY_MB,
				description: 'Larger pushes get HTTP 413 and start no execution',
			},
			{
				displayName: 'Output',
				name: 'shape',
				type: 'options',
				options: [
					{
						name: 'One Item per Destination',
						value: 'destination',
						description: 'Each number of the report in its own item',
					},
					{
						name: 'One Item per Report',
						value: 'report',
						description: "One item holding the report's destinations as a list",
					},
				],
				default: 'destination',
			},
			{
				displayName: 'Respond',
				name: 'respond',
				type: 'options',
				options: [
					{
						name: 'Immediately',
						value: RESPOND_IMMEDIATELY,
						description:
							'Answer as soon as the execution starts: the fastest, but a report can be lost if n8n stops or crashes before the execution is saved',
					},
					{
						name: 'When the Workflow Has Finished',
						value: RESPOND_WHEN_FINISHED,
						description:
							'Answer once the execution has finished and been saved: a report answered with success is not lost if n8n then stops or crashes; a failed execution or a stopped n8n answers an error instead, and the service waits for the workflow',
					},
				],
				default: RESPOND_WHEN_FINISHED,
				description: "When n8n answers the service's push",
			},
			{
				displayName: 'Only Verdicts',
				name: 'verdicts',
				type: 'multiOptions',
				options: VERDICTS.map((verdict) => ({
					name: verdict.charAt(0).toUpperCase() + verdict.slice(1).replace(/[A-Z]/g, ' $&'),
					value: verdict,
				})),
				default: [],
				description:
					'Start an execution only for destinations with these verdicts (empty: every verdict). A push that cannot be read always starts one.',
			},
		],
	},
];
