import type { INodeTypeDescription } from 'n8n-workflow';

import {
	SmsOnlineGhTrigger,
	TRIGGER_DESCRIPTION,
	TRIGGER_SUBTITLE,
} from '../SmsOnlineGhTrigger/SmsOnlineGhTrigger.node';

/**
 * The delivery-report trigger as the node picker lists it. n8n's picker files a trigger whose type
 * name less "Trigger" names another node (smsOnlineGhTrigger → smsOnlineGh) under that node and
 * shows the trigger's description for both; under this name each node keeps its own.
 */
export class SmsOnlineGhReportTrigger extends SmsOnlineGhTrigger {
	description: INodeTypeDescription = {
		...TRIGGER_DESCRIPTION,
		name: 'smsOnlineGhReportTrigger',
		icon: {
			light: 'file:smsOnlineGhReportTrigger.svg',
			dark: 'file:smsOnlineGhReportTrigger.dark.svg',
		},
		subtitle: TRIGGER_SUBTITLE,
	};
}
