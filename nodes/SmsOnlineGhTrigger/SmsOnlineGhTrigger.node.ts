import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { triggerProperties } from './description';
import { receive, DEFAULT_MAX_BODY_MB, type ReceptionSettings } from './reception';
import type { ItemShape } from './push';

type RawBodyRequest = { rawBody?: Buffer; readRawBody?: () => Promise<void> };

/** The body's bytes as n8n read them (it reads them before the node runs, for every type). */
async function rawBodyOf(request: RawBodyRequest): Promise<Buffer | undefined> {
	if (request.rawBody === undefined && request.readRawBody !== undefined) await request.readRawBody();
	return request.rawBody;
}

function settingsOf(ctx: IWebhookFunctions): ReceptionSettings {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const maxMb = typeof options.maxBodySizeMb === 'number' ? options.maxBodySizeMb : DEFAULT_MAX_BODY_MB;
	return {
		secret: String(ctx.getNodeParameter('token', '')),
		maxBodyBytes: maxMb * 1024 * 1024,
		verdicts: Array.isArray(options.verdicts) ? options.verdicts.map(String) : [],
		shape: options.shape === 'report' ? 'report' : ('destination' satisfies ItemShape),
	};
}

export class SmsOnlineGhTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SMSOnlineGH Trigger',
		name: 'smsOnlineGhTrigger',
		icon: { light: 'file:smsOnlineGhTrigger.svg', dark: 'file:smsOnlineGhTrigger.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{ ($parameter["options"]["verdicts"] || []).length ? "Only " + $parameter["options"]["verdicts"].join(", ") : "Every delivery report" }}',
		description: 'Starts the workflow when SMSOnlineGH pushes the delivery report of a message sent with a Delivery Report URL',
		defaults: { name: 'SMSOnlineGH Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'delivery-report' }],
		properties: triggerProperties,
	};

	/*
	 * Nothing to register at the service: it has no webhook subscription, and the URL travels with
	 * each send (its `callback` member). The lifecycle only says so.
	 */
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return false;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const request = this.getRequestObject();
		const contentType = String(request.headers['content-type'] ?? '');
		const reception = receive(
			{ token: (this.getQueryData() as IDataObject).token, body: await rawBodyOf(request), contentType },
			settingsOf(this),
		);
		if (reception.httpStatus !== 200) {
			// Answered here, so that n8n neither starts an execution nor logs anything of the request.
			this.getResponseObject().status(reception.httpStatus).json({ message: reception.message });
			return { noWebhookResponse: true };
		}
		if (reception.items.length === 0) return { webhookResponse: { message: 'No destination matched the trigger\'s verdicts' } };
		return { workflowData: [this.helpers.returnJsonArray(reception.items)] };
	}
}
