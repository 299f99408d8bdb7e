import type { INodeProperties } from 'n8n-workflow';

import { send } from './send.operation';
import { sendPersonalised } from './sendPersonalised.operation';

export { send, sendPersonalised };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['sms'] } },
		options: [
			{
				name: 'Send',
				value: 'send',
				description: 'Send one text to one or many phone numbers',
				action: 'Send an SMS',
			},
			{
				name: 'Send Personalised',
				value: 'sendPersonalised',
				description: 'Send each phone number its own text, filled in from a template',
				action: 'Send a personalised SMS',
			},
		],
		default: 'send',
	},
	...send.description,
	...sendPersonalised.description,
];
