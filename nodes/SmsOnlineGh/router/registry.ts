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
import { getMany, getManyVoice } from '../actions/scheduled/getMany.operation';
import { sendNow } from '../actions/scheduled/sendNow.operation';
import { update } from '../actions/scheduled/update.operation';
import { updateVoice } from '../actions/scheduled/updateVoice.operation';
import { getDeliveryReport } from '../actions/sms/getDeliveryReport.operation';
import { send } from '../actions/sms/send.operation';
import { sendPersonalised } from '../actions/sms/sendPersonalised.operation';
import { send as sendVoice } from '../actions/voice/send.operation';
import type { Operation, Resource } from '../items/operation';

/** The same operation under another resource, with that resource's sentence for it. */
function listedAs<T>(operation: Operation<T>, action: string): Operation<T> {
	return { ...operation, option: { ...operation.option, action } };
}

export const resources = {
	sms: { name: 'SMS', operations: { send, sendPersonalised, getDeliveryReport } },
	// Get Delivery Report reads a voice batch as well: Voice lists it too, the same operation.
	voice: {
		name: 'Voice',
		operations: {
			send: sendVoice,
			getDeliveryReport: listedAs(getDeliveryReport, 'Get the delivery report of voice messages'),
		},
	},
	scheduledSms: { name: 'Scheduled SMS', operations: { getMany, get, update, sendNow, cancel } },
	/*
	 * Scheduled voice messages: a resource of their own, so a user looking for voice finds them and
	 * each operation shows only voice fields. Get, Send Now and Cancel act on a batch whatever its
	 * category (the service takes only the batch), so they are the Scheduled SMS operations; Get Many
	 * asks for category 2, and Update carries the voice properties.
	 */
	scheduledVoice: {
		name: 'Scheduled Voice',
		operations: {
			getMany: getManyVoice,
			get: listedAs(get, 'Get a scheduled voice message'),
			update: updateVoice,
			sendNow: listedAs(sendNow, 'Send a scheduled voice message now'),
			cancel: listedAs(cancel, 'Cancel a scheduled voice message'),
		},
	},
	account: { name: 'Account', operations: { getBalance, getProfile } },
} satisfies Record<string, Resource>;

type Resources = typeof resources;

/** Each resource with its operations' values, as n8n's modular nodes type them. */
export type SmsOnlineGhType = AllEntities<{
	[R in keyof Resources]: keyof Resources[R]['operations'] & string;
}>;
