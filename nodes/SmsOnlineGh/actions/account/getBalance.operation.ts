import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { readBalance } from '../../account/balance';
import {
	dataFormatOption,
	optionsCollection,
	timeoutOption,
} from '../../items/common.descriptions';
import type { Operation } from '../../items/operation';
import { accountQuery } from './accountQuery';

const properties: INodeProperties[] = [optionsCollection([dataFormatOption, timeoutOption])];

export const getBalance: Operation<null> = {
	option: {
		name: 'Get Balance',
		description: 'Get the credit left on the account',
		action: 'Get the account balance',
	},
	properties,
	// Its model, which only this answer names, words the cost of later sends (sending/cost.ts).
	...accountQuery(readBalance, (balance) => ({ ...balance }) as IDataObject),
};
