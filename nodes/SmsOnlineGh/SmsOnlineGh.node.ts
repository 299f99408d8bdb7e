import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { SMSONLINEGH_CREDENTIAL_TYPE } from '../../credentials/SmsOnlineGhApi.credentials';
import * as account from './actions/account';
import { router } from './actions/router';
import * as sms from './actions/sms';

export class SmsOnlineGh implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SMSOnlineGH',
		name: 'smsOnlineGh',
		icon: { light: 'file:smsOnlineGh.svg', dark: 'file:smsOnlineGh.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle:
			'={{ {"send": "Send SMS", "sendPersonalised": "Send personalised SMS", "getBalance": "Get balance"}[$parameter["operation"]] }}',
		description: 'Send SMS, plain or personalised, and check your credit with SMSOnlineGH',
		defaults: { name: 'SMSOnlineGH' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: SMSONLINEGH_CREDENTIAL_TYPE, required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'SMS', value: 'sms' },
					{ name: 'Account', value: 'account' },
				],
				default: 'sms',
			},
			...sms.description,
			...account.description,
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
