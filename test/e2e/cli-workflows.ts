/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** The workflows and credentials cli.e2e.test.ts imports into n8n, and the data they send. */
import type { CredentialFile, WorkflowFile } from '../../tools/n8n/runtime';
import { smsWorkflow } from './helpers';

export const API_KEY = 'demo-api-key-0123456789abcdef';
export const LOGIN = 'demo@example.com';
export const PASSWORD = 'Demo-Passw0rd';

const KEY_CRED = { id: 'E2eCredApiKey001', name: 'e2e api key' };
const PASS_CRED = { id: 'E2eCredPortal001', name: 'e2e portal pass' };

export const CONTACTS = [
	{ name: 'Ama', phone: '0241234567' },
	{ name: 'Kofi', phone: '+233 20 123 4567' },
	{ name: 'Esi', phone: '233501234567' },
];
const CUSTOMERS = [
	{ phone: '0241234567', first_name: 'Ama', amount: 120.5 },
	{ phone: '0201234567', first_name: 'Kofi', amount: 75 },
];
const TEMPLATE = 'Hello {$first_name}, your balance is GHS {$amount}.';
/** Smart Encoding per item: on for the first contact, off for the second, by an expression. */
const SMART_CONTACTS = [
	{ phone: '0241234567', smart: true },
	{ phone: '0201234567', smart: false },
];
export const LOOK_ALIKE_TEXT = 'It’s ok – «really»';

/** Every workflow of the suite, imported once per runtime (each n8n CLI call costs seconds). */
export function workflows(): Record<string, WorkflowFile> {
	const send = (extra: Record<string, unknown> = {}) => ({
		resource: 'sms',
		operation: 'send',
		sender: 'SMSDemo',
		phoneNumbers: '={{ $json.phone }}',
		message: 'e2e hello',
		messageType: 'gsm',
		options: {},
		...extra,
	});
	const personalised = (extra: Record<string, unknown> = {}) => ({
		resource: 'sms',
		operation: 'sendPersonalised',
		sender: 'SMSDemo',
		phoneNumber: '={{ $json.phone }}',
		template: TEMPLATE,
		valuesSource: 'itemFields',
		messageType: 'gsm',
		options: {},
		...extra,
	});
	const list: WorkflowFile[] = [
		smsWorkflow({
			id: 'E2eSendJsonKey01',
			items: CONTACTS,
			parameters: send(),
			credential: KEY_CRED,
		}),
		smsWorkflow({
			id: 'E2eSendXmlPass01',
			parameters: send({
				sender: 'Alerts',
				phoneNumbers: '0241234567, +233201234567',
				options: { dataFormat: 'xml' },
			}),
			credential: PASS_CRED,
		}),
		smsWorkflow({
			id: 'E2ePersItemKey01',
			items: CUSTOMERS,
			parameters: personalised(),
			credential: KEY_CRED,
		}),
		smsWorkflow({
			id: 'E2ePersDefXml001',
			items: CUSTOMERS,
			parameters: personalised({
				valuesSource: 'defined',
				values: { value: [{ value: '={{ $json.first_name }}' }, { value: '={{ $json.amount }}' }] },
				options: { dataFormat: 'xml' },
			}),
			credential: PASS_CRED,
		}),
		smsWorkflow({
			id: 'E2eSmartPerItem1',
			items: SMART_CONTACTS,
			parameters: send({
				message: LOOK_ALIKE_TEXT,
				messageType: 'auto',
				options: { smartEncoding: '={{ $json.smart }}', includeText: true },
			}),
			credential: KEY_CRED,
		}),
		smsWorkflow({
			id: 'E2eBalJsonKey001',
			parameters: { resource: 'account', operation: 'getBalance' },
			credential: KEY_CRED,
		}),
		smsWorkflow({
			id: 'E2eBalXmlPass001',
			parameters: { resource: 'account', operation: 'getBalance', options: { dataFormat: 'xml' } },
			credential: PASS_CRED,
		}),
		smsWorkflow({
			id: 'E2eRejectSnd0001',
			items: CONTACTS.slice(0, 2),
			// The node's sender check off: what the service itself answers for an unregistered sender.
			parameters: send({ sender: 'NotMine', options: { checkSender: false } }),
			credential: KEY_CRED,
		}),
		smsWorkflow({
			id: 'E2eBadNumber0001',
			items: [{ phone: '0241234567' }, { phone: '12345' }],
			parameters: send(),
			credential: KEY_CRED,
		}),
		smsWorkflow({
			id: 'E2eBadNumCof0001',
			items: [{ phone: '0241234567' }, { phone: '12345' }],
			parameters: send(),
			credential: KEY_CRED,
			settings: { onError: 'continueRegularOutput' },
		}),
		smsWorkflow({
			id: 'E2eHandshake0001',
			items: CONTACTS.slice(0, 2),
			parameters: send(),
			credential: KEY_CRED,
		}),
		smsWorkflow({
			id: 'E2eHandshCof0001',
			items: CONTACTS.slice(0, 2),
			parameters: send(),
			credential: KEY_CRED,
			settings: { onError: 'continueRegularOutput' },
		}),
	];
	return Object.fromEntries(list.map((w) => [w.id, w]));
}

export function credentials(simUrl: string): CredentialFile[] {
	return [
		{
			...KEY_CRED,
			type: 'smsOnlineGhApi',
			data: { baseUrl: simUrl, authModel: 'apiKey', apiKey: API_KEY },
		},
		{
			...PASS_CRED,
			type: 'smsOnlineGhApi',
			data: { baseUrl: simUrl, authModel: 'portalPass', login: LOGIN, password: PASSWORD },
		},
	];
}
