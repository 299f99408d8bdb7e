// The send operations' options in pieces (every send, SMS only, voice only): an option added to one
// kind's pieces appears on that kind alone. Reading the values is in settings.ts and the pipeline.
import type { INodeProperties } from 'n8n-workflow';

import {
	checkSenderOption,
	dataFormatOption,
	DEFAULT_BATCH_SIZE,
	maximumPartsPerMessageOption,
	maximumTotalPartsOption,
	retryAttemptsOption,
	retryMaxWaitOption,
	scheduleOffsetOption,
	sendNonGsmAsGivenOption,
	smartEncodingOption,
	timeoutOption,
	voiceCheckSenderOption,
} from './common.descriptions';

export const batchSizeOption: INodeProperties = {
	displayName: 'Batch Size',
	name: 'batchSize',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: DEFAULT_BATCH_SIZE,
	description:
		'Most phone numbers sent in one request. Larger lists are split into several requests.',
};

export const callbackFormatOption: INodeProperties = {
	...dataFormatOption,
	displayName: 'Delivery Report Format',
	name: 'callbackFormat',
	description: 'Format of the delivery reports posted to the Delivery Report URL',
};

export const callbackUrlOption: INodeProperties = {
	displayName: 'Delivery Report URL',
	name: 'callbackUrl',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://example.com/webhook/sms-reports',
	description:
		'The service posts delivery reports for these messages to this URL. To receive them in n8n: add an SMSOnlineGH Trigger to an active workflow, copy its Production URL and add ?token= and its Secret Token.',
};

export const dryRunOption: INodeProperties = {
	displayName: 'Dry Run',
	name: 'dryRun',
	type: 'boolean',
	default: false,
	description:
		'Whether to check, render and count everything and show the requests that would go out, without sending anything or spending credit',
};

export const outputOption: INodeProperties = {
	displayName: 'Output',
	name: 'output',
	type: 'options',
	options: [
		{
			name: 'Per Destination',
			value: 'perDestination',
			description: 'One item per phone number, with its verdict, status, message ID and batch',
		},
		{
			name: 'Summary',
			value: 'summary',
			description:
				'One item: how many numbers got each verdict, the batch IDs, and only the numbers not accepted, each with its reason',
		},
	],
	default: 'perDestination',
	description:
		'What the node outputs. Without this option: Per Destination in a workflow, Summary when an AI agent runs the node as a tool.',
};

export const scheduleAtOption: INodeProperties = {
	displayName: 'Schedule At',
	name: 'scheduleAt',
	type: 'dateTime',
	default: '',
	description: 'Send later, at this date and time (to the minute). Leave empty to send now.',
};

// Not in Send Personalised: one number per item, so no repeats.
export const removeDuplicatesOption: INodeProperties = {
	displayName: 'Remove Duplicate Numbers',
	name: 'removeDuplicates',
	type: 'boolean',
	default: true,
	description:
		'Whether to send a message once to a number that appears several times (024… and 23324… are the same number); the repeats come out as skipped',
};

export const commonSendOptions: INodeProperties[] = [
	batchSizeOption,
	dataFormatOption,
	callbackFormatOption,
	callbackUrlOption,
	dryRunOption,
	outputOption,
	retryAttemptsOption,
	retryMaxWaitOption,
	scheduleAtOption,
	scheduleOffsetOption,
	timeoutOption,
];

export const smsClientReferenceOption: INodeProperties = {
	displayName: 'Client Reference',
	name: 'clientReference',
	type: 'string',
	default: '',
	placeholder: 'e.g. {{ $json.orderId }}',
	description:
		'Your own key for each item’s message, such as an order or invoice number (at most 200 characters). Each number’s message ID is derived from it, the number and the text, so sending the same message again (a retried or repeated run) is refused by the service and reported as already sent.',
};

export const includeTextOption: INodeProperties = {
	displayName: 'Include Text',
	name: 'includeText',
	type: 'boolean',
	default: false,
	description: 'Whether to add to each output item the exact text that number receives',
};

export const smsSendOptions: INodeProperties[] = [
	checkSenderOption,
	smsClientReferenceOption,
	includeTextOption,
	maximumPartsPerMessageOption,
	maximumTotalPartsOption,
	sendNonGsmAsGivenOption,
	smartEncodingOption,
];

export const voiceClientReferenceOption: INodeProperties = {
	displayName: 'Client Reference',
	name: 'clientReference',
	type: 'string',
	default: '',
	placeholder: 'e.g. {{ $json.appointmentId }}',
	description:
		'Your own key for each item’s message, such as an appointment or invoice number (at most 200 characters). Each number’s message ID is derived from it, the number and the template, so sending the same voice message again (a retried or repeated run) is refused by the service and reported as already sent.',
};

// Voice's Maximum Destinations sits with its reader (sending/ceilings.ts).
export const voiceSendOptions: INodeProperties[] = [
	voiceCheckSenderOption,
	voiceClientReferenceOption,
];
