import type { INodeProperties } from 'n8n-workflow';

import { getBalance } from './getBalance.operation';

export { getBalance };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['account'] } },
		options: [
			{
				name: 'Get Balance',
				value: 'getBalance',
				description: 'Get the credit left on the account',
				action: 'Get the account balance',
			},
		],
		default: 'getBalance',
	},
	...getBalance.description,
];
