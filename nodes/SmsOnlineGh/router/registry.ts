/**
 * The router map: every resource and its operations. Adding an operation is its operation file,
 * its endpoint's file under shared/transport/endpoints/ where the answer is new, and one entry
 * here; the node's fields, its Operation lists and its subtitle are derived from it.
 */
import type { AllEntities } from 'n8n-workflow';

import { getBalance } from '../actions/account/getBalance.operation';
import { getProfile } from '../actions/account/getProfile.operation';
import { cancel } from '../actions/scheduled/cancel.operation';
import { get } from '../actions/scheduled/get.operation';
import { getMany } from '../actions/scheduled/getMany.operation';
import { sendNow } from '../actions/scheduled/sendNow.operation';
import { update } from '../actions/scheduled/update.operation';
import { getDeliveryReport } from '../actions/sms/getDeliveryReport.operation';
import { send } from '../actions/sms/send.operation';
import { sendPersonalised } from '../actions/sms/sendPersonalised.operation';
import { send as sendVoice } from '../actions/voice/send.operation';
import type { Resource } from '../items/operation';

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
