/**
 * The trigger's parameters: the secret token and the options that choose what starts an execution.
 */
import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_MAX_BODY_MB } from './reception';

/** The verdicts a delivery report can carry (shared/meanings/statuses.ts, read as a report reads them). */
const VERDICTS = ['pending', 'scheduled', 'delivered', 'undelivered', 'expired', 'rejected', 'cancelled', 'alreadySent', 'unknown'];

/** n8n's own ceiling on a request body (its default N8N_PAYLOAD_SIZE_MAX), in MB. */
const N8N_PAYLOAD_MAX_MB = 16;

/*
 * n8n parses a webhook's body before the node runs, by its Content-Type, and answers HTTP 422
 * itself when that parse fails: XML labelled application/json, a gzbin body labelled
 * `…gzbin+xml`, JSON cut short would never reach the trigger, which reads every form whatever the
 * label says and keeps an unreadable report as a warning item. n8n skips that parse for a
 * version-1 start node whose `$parameter["options"]["binaryData"]` is true (its own Webhook node's
 * "Binary Data" option): `parseRequestBody` in n8n-io/n8n packages/cli/src/webhooks/webhook-helpers.ts.
 * So the trigger carries that option, hidden (the editor neither shows nor offers a `hidden`
 * option, so it cannot be removed) and set by default:
 * - the collection's default holds it, so a node saved without Options (n8n fills a missing
 *   collection from its default, NodeHelpers.getNodeParameters) and a new node get it;
 * - the option is declared, so n8n keeps it beside the options the user adds (it drops the members
 *   of a collection it does not declare).
 * The node then reads the body itself (body.ts), with its own Maximum Body Size.
 */
const READ_BODY_ITSELF = 'binaryData';

/*
 * When n8n answers a push. n8n evaluates the webhook description's `responseMode` as an expression
 * on the node's parameters (evaluateResponseOptions in n8n-io/n8n
 * packages/cli/src/webhooks/webhook-helpers.ts), so the option picks it:
 * - `lastNode` (When the Workflow Has Finished, the default, also for a node saved without the
 *   option): n8n answers once the execution's post-execute promise settles. In regular mode that
 *   is after the `workflowExecuteAfter` hooks, whose save hook (hookFunctionsSave) awaits the
 *   execution's update in the database (WorkflowExecute.processSuccessExecution awaits the hooks
 *   before WorkflowRunner.runMainProcess calls finalizeExecution): a 2xx is only given for a
 *   stored execution (n8n 2.40.7 run; n8n 1.123 reads the same). A failed execution is answered
 *   500; an n8n that stops or dies first answers nothing, the connection breaks.
 * - `onReceived` (Immediately): answered as soon as the execution is started, before it is stored.
 * Anything but `immediately` means `lastNode`: the safe one is what a missing value gets.
 */
export const RESPOND_WHEN_FINISHED = 'whenFinished';
export const RESPOND_IMMEDIATELY = 'immediately';
export const RESPONSE_MODE = `={{ $parameter["options"]["respond"] === "${RESPOND_IMMEDIATELY}" ? "onReceived" : "lastNode" }}`;

/*
 * What a 2xx carries: nothing (`noData`), in both modes. With `lastNode` any other value answers
 * the workflow's own items (or fails when the last node has none): the service has no use for
 * them and they are the user's data.
 */
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
			'Open <b>Webhook URLs</b> at the top of this panel, copy the Production URL, add <code>?token=</code> and the Secret Token below, and use it as the Delivery Report URL of the SMSOnlineGH node\'s send operations. Publish the workflow (in n8n 1.x: activate it) so that the service can reach it.',
		name: 'notice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Secret Token',
		name: 'token',
		type: 'string',
		typeOptions: { password: true },
		// The node's own id, a random UUID the editor gives each node: a secret by default that
		// nobody has to invent, which the field's expression shows; any other value can replace it.
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
					{ name: 'One Item per Destination', value: 'destination', description: 'Each number of the report in its own item' },
					{ name: 'One Item per Report', value: 'report', description: 'One item holding the report\'s destinations as a list' },
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
				description: 'When n8n answers the service\'s push',
			},
			{
				displayName: 'Only Verdicts',
				name: 'verdicts',
				type: 'multiOptions',
				options: VERDICTS.map((verdict) => ({ name: verdict.charAt(0).toUpperCase() + verdict.slice(1).replace(/[A-Z]/g, ' $&'), value: verdict })),
				default: [],
				description:
					'Start an execution only for destinations with these verdicts (empty: every verdict). A push that cannot be read always starts one.',
			},
		],
	},
];
