/**
 * The router map: every resource and its operations. Adding an operation is its operation file
 * and one entry here; the node's fields, its Operation lists and its subtitle are derived from it.
 */
import type { AllEntities } from 'n8n-workflow';

import { getBalance } from './account/getBalance.operation';
import { getProfile } from './account/getProfile.operation';
import { cancel } from './scheduled/cancel.operation';
import { get } from './scheduled/get.operation';
import { getMany } from './scheduled/getMany.operation';
import { sendNow } from './scheduled/sendNow.operation';
import { update } from './scheduled/update.operation';
import { getDeliveryReport } from './sms/getDeliveryReport.operation';
import { send } from './sms/send.operation';
import { sendPersonalised } from './sms/sendPersonalised.operation';
import type { Resource } from './types';
import { send as sendVoice } from './voice/send.operation';

export const resources = {
	sms: { name: 'SMS', operations: { send, sendPersonalised, getDeliveryReport } },
	// Get Delivery Report reads a voice batch as well: Voice lists it too, the same operation.
	voice: {
		name: 'Voice',
		operations: {
			send: sendVoice,
			getDeliveryReport: {
				...getDeliveryReport,
				option: { ...getDeliveryReport.option, action: 'Get the delivery report of voice messages' },
			},
		},
	},
	scheduledSms: { name: 'Scheduled SMS', operations: { getMany, get, update, sendNow, cancel } },
	account: { name: 'Account', operations: { getBalance, getProfile } },
} satisfies Record<string, Resource>;

type Resources = typeof resources;

/** Each resource with its operations' values, as n8n's modular nodes type them. */
export type SmsOnlineGhType = AllEntities<{
	[R in keyof Resources]: keyof Resources[R]['operations'] & string;
}>;
