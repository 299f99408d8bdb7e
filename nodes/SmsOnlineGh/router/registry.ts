// Every resource and its operations; the node's fields, Operation lists and subtitle derive from it
// (adding an operation: docs/development.md).
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
	// A resource of its own so each operation shows only voice fields. The service takes only the
	// batch for Get, Send Now and Cancel, whatever its category, so those are the SMS operations.
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

export type SmsOnlineGhType = AllEntities<{
	[R in keyof Resources]: keyof Resources[R]['operations'] & string;
}>;
