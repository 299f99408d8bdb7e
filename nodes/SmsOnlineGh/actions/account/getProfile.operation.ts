import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { profileItem } from '../../../shared/transport/endpoints/profile';
import { readProfile } from '../../account/profileCache';
import { queryOptions } from '../../items/common.descriptions';
import type { Operation } from '../../items/operation';
import { accountQuery } from './accountQuery';

const properties: INodeProperties[] = [queryOptions];

export const getProfile: Operation<null> = {
	option: {
		name: 'Get Profile',
		description:
			'Get the account’s time zone, home country, registered senders (SMS and voice) and message types',
		action: 'Get the account profile',
	},
	properties,
	// Always asks the service, refreshing the sender check's copy (account/profileCache.ts).
	...accountQuery(
		(ctx, transport) => readProfile(ctx, transport),
		(profile) => profileItem(profile) as unknown as IDataObject,
	),
};
