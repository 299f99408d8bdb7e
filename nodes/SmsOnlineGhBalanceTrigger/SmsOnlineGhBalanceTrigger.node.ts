import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { SMSONLINEGH_CREDENTIAL_TYPE } from '../shared/transport/credentialType';
import { pollBalance } from './poll';

export class SmsOnlineGhBalanceTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SMSOnlineGH Balance Trigger',
		name: 'smsOnlineGhBalanceTrigger',
		icon: {
			light: 'file:smsOnlineGhBalanceTrigger.svg',
			dark: 'file:smsOnlineGhBalanceTrigger.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{ "Balance below " + $parameter["threshold"] }}',
		description:
			'Starts the workflow when the SMSOnlineGH account’s balance falls below a threshold, checked at the poll times',
		defaults: { name: 'SMSOnlineGH Balance Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: SMSONLINEGH_CREDENTIAL_TYPE, required: true }],
		properties: [
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Balance Below',
						value: 'balanceBelow',
						description:
							'Once when the balance falls below the threshold; again only after it has been at or above it (a top-up)',
					},
				],
				default: 'balanceBelow',
				description:
					'What starts the workflow: the balance falling below the threshold, once for each fall',
			},
			{
				displayName: 'Threshold',
				name: 'threshold',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 100,
				description:
					'The balance below which the alert fires, in the account’s model: credits for a quantity account, money for a currency account (Account → Get Balance shows which)',
			},
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollBalance(this);
	}
}
