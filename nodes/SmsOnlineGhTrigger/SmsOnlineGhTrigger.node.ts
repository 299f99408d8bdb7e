import type {
	IBinaryData,
	IDataObject,
	INodeExecutionData,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { readBody, type BodySource } from './body';
import { RESPONSE_DATA, RESPONSE_MODE, triggerProperties } from './description';
import {
	receive,
	refuseEncoding,
	refuseStranger,
	refuseTooLarge,
	refuseUnreadable,
	DEFAULT_MAX_BODY_MB,
	type ReceptionSettings,
	type Refusal,
} from './reception';
import { RAW_BODY, type ItemShape } from './push';

function settingsOf(ctx: IWebhookFunctions): ReceptionSettings {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const maxMb =
		typeof options.maxBodySizeMb === 'number' ? options.maxBodySizeMb : DEFAULT_MAX_BODY_MB;
	return {
		secret: String(ctx.getNodeParameter('token', '')),
		maxBodyBytes: maxMb * 1024 * 1024,
		verdicts: Array.isArray(options.verdicts) ? options.verdicts.map(String) : [],
		shape: options.shape === 'report' ? 'report' : ('destination' satisfies ItemShape),
	};
}

/** Answered here, so that n8n neither starts an execution nor logs anything of the request. */
function refuse(ctx: IWebhookFunctions, refusal: Refusal): IWebhookResponseData {
	ctx.getResponseObject().status(refusal.httpStatus).json({ message: refusal.message });
	return { noWebhookResponse: true };
}

function warns(item: IDataObject): boolean {
	return (
		item.warning !== undefined ||
		(Array.isArray(item.destinations) &&
			item.destinations.some((d) => (d as IDataObject)?.warning !== undefined))
	);
}

// Items with a warning carry the whole body as binary data: kept where n8n keeps binary data, not in the JSON.
async function emitted(
	ctx: IWebhookFunctions,
	items: IDataObject[],
	body: Buffer,
	contentType: string,
): Promise<INodeExecutionData[]> {
	let binary: IBinaryData | undefined;
	const out: INodeExecutionData[] = [];
	for (const json of items) {
		if (!warns(json)) {
			out.push({ json });
			continue;
		}
		binary ??= await ctx.helpers.prepareBinaryData(
			body,
			'delivery-report',
			contentType.split(';')[0].trim() || 'application/octet-stream',
		);
		out.push({ json, binary: { [RAW_BODY]: binary } });
	}
	return out;
}

/** What the trigger's two type names share (SmsOnlineGhReportTrigger.node.ts says why two). */
export const TRIGGER_DESCRIPTION: Omit<INodeTypeDescription, 'name' | 'icon' | 'subtitle'> = {
	displayName: 'SMSOnlineGH Trigger',
	group: ['trigger'],
	version: 1,
	description:
		'Starts the workflow when SMSOnlineGH pushes the delivery report of a message sent with a Delivery Report URL',
	defaults: { name: 'SMSOnlineGH Trigger' },
	inputs: [],
	outputs: [NodeConnectionTypes.Main],
	webhooks: [
		{
			name: 'default',
			httpMethod: 'POST',
			responseMode: RESPONSE_MODE,
			responseData: RESPONSE_DATA,
			path: 'delivery-report',
		},
	],
	properties: triggerProperties,
};

export const TRIGGER_SUBTITLE =
	'={{ ($parameter["options"]["verdicts"] || []).length ? "Only " + $parameter["options"]["verdicts"].join(", ") : "Every delivery report" }}';

/**
 * The trigger's first type name, kept for the workflows saved with it (they run and open as
 * before) and hidden from the node picker, which lists SMSOnlineGH Trigger under its new one.
 */
export class SmsOnlineGhTrigger implements INodeType {
	description: INodeTypeDescription = {
		...TRIGGER_DESCRIPTION,
		name: 'smsOnlineGhTrigger',
		icon: { light: 'file:smsOnlineGhTrigger.svg', dark: 'file:smsOnlineGhTrigger.dark.svg' },
		subtitle: TRIGGER_SUBTITLE,
		hidden: true,
	};

	// Nothing to register: the service has no webhook subscription, the URL travels with each send (`callback`).
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

	// The token before a byte of the body is read: a stranger's push costs nothing and learns nothing of the limits.
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const request: BodySource = this.getRequestObject();
		const contentType = String(request.headers['content-type'] ?? '');
		const token = (this.getQueryData() as IDataObject).token;
		const settings = settingsOf(this);
		const stranger = refuseStranger(token, settings);
		if (stranger !== undefined) return refuse(this, stranger);
		const read = await readBody(request, settings.maxBodyBytes);
		if (read === 'tooLarge') return refuse(this, refuseTooLarge(settings));
		if (read === 'unreadable') return refuse(this, refuseUnreadable());
		if (read === 'unsupportedEncoding') return refuse(this, refuseEncoding());
		const reception = receive({ token, body: read.bytes, contentType }, settings);
		if (reception.httpStatus !== 200) return refuse(this, reception);
		if (reception.items.length === 0)
			return { webhookResponse: { message: "No destination matched the trigger's verdicts" } };
		return { workflowData: [await emitted(this, reception.items, read.bytes, contentType)] };
	}
}
