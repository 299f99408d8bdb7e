import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { SMSONLINEGH_CREDENTIAL_TYPE } from '../shared/transport/credentialType';
import { searchSenders, searchVoiceSenders } from './methods/listSearch';
import { router } from './router/router';
import {
	descriptionHints,
	operationProperties,
	resourceOptions,
} from './router/versionDescription';

export class SmsOnlineGh implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SMSOnlineGH',
		name: 'smsOnlineGh',
		icon: { light: 'file:smsOnlineGh.svg', dark: 'file:smsOnlineGh.dark.svg' },
		group: ['output'],
		// Version 1 keeps Smart Encoding off by default, so saved workflows send what they always sent.
		version: [1, 2],
		defaultVersion: 2,
		// A unit test holds this Title Case reading of the camelCase value to every operation's name.
		subtitle:
			'={{ $parameter["operation"].charAt(0).toUpperCase() + $parameter["operation"].slice(1).replace(/([A-Z])/g, " $1") }}',
		description:
			'Send SMS, plain or personalised, and voice messages, follow them to delivery, manage scheduled ones and check your account with SMSOnlineGH',
		defaults: { name: 'SMSOnlineGH' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: SMSONLINEGH_CREDENTIAL_TYPE, required: true }],
		hints: descriptionHints,
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: resourceOptions,
				default: 'sms',
			},
			...operationProperties,
		],
	};

	methods = { listSearch: { searchSenders, searchVoiceSenders } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
