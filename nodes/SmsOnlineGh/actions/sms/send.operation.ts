import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { MessageTypeName, OutgoingMessage, Recipient } from '../../model';
import {
	messageTypeProperty,
	readMessageType,
	readPhoneNumbers,
	readSender,
	readSettings,
	readText,
	sendOptionsProperty,
	senderProperty,
	toRecipient,
} from '../common';
import type { ItemParameters } from '../parameters';
import type { ItemInput, Operation, Outcome } from '../types';
import { dispatch } from './dispatch';

const show = { resource: ['sms'], operation: ['send'] };

export const description: INodeProperties[] = [
	{ ...senderProperty, displayOptions: { show } },
	{
		displayName: 'Phone Numbers',
		name: 'phoneNumbers',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. {{ $json.phone }} or 0241234567, +233201234567',
		description:
			'Numbers to send to, for each input item: one, or several separated by commas, semicolons, spaces or new lines, or an array. Local (024…), international (233…) and +233… forms are accepted.',
		displayOptions: { show },
	},
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		description:
			'The text every number receives. Items with the same sender, message and type are sent together in one request.',
		displayOptions: { show },
	},
	{ ...messageTypeProperty, displayOptions: { show } },
	{ ...sendOptionsProperty, displayOptions: { show } },
];

export interface SendInput {
	sender: string;
	text: string;
	type: MessageTypeName;
	recipients: Recipient[];
}

function readItem(this: IExecuteFunctions, itemIndex: number, parameters: ItemParameters): SendInput {
	const sender = readSender(this, parameters, itemIndex);
	const pieces = readPhoneNumbers(this, parameters, 'phoneNumbers', 'Phone Numbers', itemIndex);
	const recipients = pieces.map((piece) => toRecipient(this, itemIndex, 'Phone Numbers', piece));
	const text = readText(this, parameters, 'message', 'Message', itemIndex);
	return { sender, text, type: readMessageType(this, parameters, itemIndex), recipients };
}

/**
 * Items whose sender, text and type are the same become one message unit carrying all their
 * numbers in item order: one request where one will do, not one per item.
 */
export function groupMessages(inputs: Array<ItemInput<SendInput>>): OutgoingMessage[] {
	const groups = new Map<string, OutgoingMessage>();
	for (const { input } of inputs) {
		const key = JSON.stringify([input.sender, input.type, input.text]);
		let message = groups.get(key);
		if (!message) {
			message = { sender: input.sender, text: input.text, type: input.type, personalised: false, recipients: [] };
			groups.set(key, message);
		}
		for (const recipient of input.recipients) message.recipients.push(recipient);
	}
	return [...groups.values()];
}

async function execute(
	this: IExecuteFunctions,
	inputs: Array<ItemInput<SendInput>>,
	parameters: ItemParameters,
): Promise<Outcome[]> {
	return await dispatch(this, groupMessages(inputs), readSettings(parameters));
}

export const send: Operation<SendInput> = { description, readItem, execute };
