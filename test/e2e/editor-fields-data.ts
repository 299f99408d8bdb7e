/**
 * What editor-fields.e2e.test.ts opens and expects: its workflows (created through the REST API by
 * the test itself) and the option lists each operation shows.
 */
import { smsSendOptions, voiceSendOptions } from '../../nodes/SmsOnlineGh/items/send.descriptions';
import {
	DEMO_CREDENTIAL_ID,
	DEMO_CREDENTIAL_NAME,
	type WorkflowFile,
} from '../../tools/n8n/runtime';
import { smsWorkflow } from './helpers';

/**
 * Three contacts, one of them twice in another form, and a text with an accent and an emoji: the
 * options test sets Dry Run and the rest in the UI and runs it, so nothing is sent. Created through
 * the REST API by the test itself.
 */
export const OPTIONS: WorkflowFile = smsWorkflow({
	id: 'E2eEditorOptions',
	name: 'e2e editor options',
	items: [
		{ name: 'Ama', phone: '0241234567' },
		{ name: 'Kofi', phone: '0201234567' },
		{ name: 'Ama again', phone: '+233241234567' },
	],
	parameters: {
		resource: 'sms',
		operation: 'send',
		sender: { __rl: true, mode: 'list', value: 'SMSDemo' },
		phoneNumbers: '={{ $json.phone }}',
		message: 'Café opens at 9 ☕',
	},
	credential: { id: DEMO_CREDENTIAL_ID, name: DEMO_CREDENTIAL_NAME },
});

/** Options offered by both send operations, in the order the editor lists them. */
export const SHARED_OPTIONS = [
	'Batch Size',
	'Check Sender',
	'Client Reference',
	'Data Format',
	'Default Country Code',
	'Delivery Report Format',
	'Delivery Report URL',
	'Dry Run',
	'Include Text',
	'Maximum Parts per Message',
	'Maximum Total Parts',
	'Number Check',
	'Output',
	'Retry Attempts',
	'Retry Max Wait (Seconds)',
	'Schedule At',
	'Schedule UTC Offset',
	'Send Non-GSM Text As Given',
	'Smart Encoding',
	'Timeout (Seconds)',
];
export const SEND_OPTIONS = [...SHARED_OPTIONS, 'Remove Duplicate Numbers'].sort((a, b) =>
	a.localeCompare(b),
);

/** Options of the operations that read or change what was sent (Get Delivery Report, Get Many…). */
export const QUERY_OPTIONS = [
	'Data Format',
	'Retry Attempts',
	'Retry Max Wait (Seconds)',
	'Timeout (Seconds)',
];

/** Scheduled SMS → Update's "Add Field" list, in the order the node declares them. */
export const UPDATE_FIELDS = [
	'Add Numbers',
	'Message Type',
	'Message',
	'Remove Message IDs',
	'Schedule At',
	'Schedule UTC Offset',
	'Sender',
];

/** A Send node with the demo credential and no sender picked yet, as a new node starts. */
export const SENDER: WorkflowFile = smsWorkflow({
	id: 'E2eEditorSender',
	name: 'e2e editor sender',
	parameters: {
		resource: 'sms',
		operation: 'send',
		sender: { __rl: true, mode: 'list', value: '' },
		phoneNumbers: '0241234567',
		message: 'Hello',
	},
	credential: { id: DEMO_CREDENTIAL_ID, name: DEMO_CREDENTIAL_NAME },
});

/** A Voice → Send node with the demo credential and no sender picked yet, as a new node starts. */
export const VOICE: WorkflowFile = smsWorkflow({
	id: 'E2eEditorVoice01',
	name: 'e2e editor voice',
	parameters: {
		resource: 'voice',
		operation: 'send',
		template: 'appointment_reminder',
		sender: { __rl: true, mode: 'list', value: '' },
		phoneNumbers: '0241234567',
	},
	credential: { id: DEMO_CREDENTIAL_ID, name: DEMO_CREDENTIAL_NAME },
});

/** Voice → Send's options: Send's, less the SMS sends' own that voice lacks, plus Maximum Destinations. */
const VOICE_OWN = new Set(voiceSendOptions.map((option) => option.displayName));
const NOT_FOR_VOICE = smsSendOptions
	.map((option) => option.displayName)
	.filter((name) => !VOICE_OWN.has(name));
export const VOICE_OPTIONS = [
	...SEND_OPTIONS.filter((o) => !NOT_FOR_VOICE.includes(o)),
	'Maximum Destinations',
].sort((a, b) => a.localeCompare(b));
