/**
 * Workflows saved with version 1 of the SMS node, as 0.1.0 (the first release) could save them:
 * only the fields and options 0.1.0 had. test/compat/record.ts runs them on 0.1.0's code and
 * keeps its requests; version1.test.ts runs them on today's version 1 and compares.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

export interface CompatCase {
	name: string;
	items: IDataObject[];
	parameters: INodeParameters;
	portalPass?: true;
	continueOnFail?: true;
}

// Frozen as 0.1.0 could save them: not test/node/fixtures.ts's sendParameters, which may grow with the node.
const send = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'sms',
	operation: 'send',
	sender: 'SMSDemo',
	phoneNumbers: '={{ $json.phone }}',
	message: 'Your order has shipped.',
	...extra,
});

const personalised = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'sms',
	operation: 'sendPersonalised',
	sender: 'SMSDemo',
	phoneNumber: '={{ $json.phone }}',
	template: 'Hello {$name}, your code is {$code}.',
	...extra,
});

const contacts = [{ phone: '0241234567' }, { phone: '0551234567' }, { phone: '0201234567' }];

export const COMPAT_CASES: CompatCase[] = [
	{ name: 'send: local numbers, JSON', items: contacts, parameters: send() },
	{
		name: 'send: local numbers, XML',
		items: contacts,
		parameters: send({ options: { dataFormat: 'xml' } }),
	},
	{
		name: 'send: every form in one field, duplicates removed',
		items: [
			{ phone: '+233 24 123 4567, 233551234567; 0201234567\n0241234567' },
			{ phone: 241234567 },
		],
		parameters: send(),
	},
	{
		name: 'send: duplicates kept',
		items: [{ phone: '0241234567, +233241234567' }],
		parameters: send({ options: { removeDuplicates: false } }),
	},
	{
		name: 'send: batches of two',
		items: [...contacts, { phone: '0271234567' }, { phone: '0261234567' }],
		parameters: send({ options: { batchSize: 2 } }),
	},
	{
		name: 'send: Unicode text, Message Type Auto',
		items: contacts.slice(0, 1),
		parameters: send({ message: 'Akwaaba! Ɛyɛ ready 🎉' }),
	},
	{
		name: 'send: GSM Default with curly quotes',
		items: contacts.slice(0, 1),
		parameters: send({ message: 'It’s ready – come by at 9.', messageType: 'gsm' }),
	},
	{ name: 'send: Flash', items: contacts.slice(0, 1), parameters: send({ messageType: 'flash' }) },
	{
		name: 'send: Flash Unicode, XML',
		items: contacts.slice(0, 1),
		parameters: send({ messageType: 'flashUnicode', options: { dataFormat: 'xml' } }),
	},
	{
		name: 'send: scheduled, with a delivery report URL',
		items: contacts.slice(0, 2),
		parameters: send({
			options: {
				scheduleAt: '2031-05-01T09:30:00',
				scheduleOffset: '+00:00',
				callbackUrl: 'https://example.com/hook',
				callbackFormat: 'xml',
			},
		}),
	},
	{
		name: 'send: Dry Run',
		items: contacts,
		parameters: send({ options: { dryRun: true, includeText: true } }),
	},
	{ name: 'send: Portal Pass', items: contacts.slice(0, 1), parameters: send(), portalPass: true },
	{
		name: 'send: a number outside every Ghanaian range',
		items: [{ phone: '0301234567' }, { phone: '0241234567' }],
		parameters: send(),
		continueOnFail: true,
	},
	{
		name: 'send: a UK number with Default Country Code 44',
		items: [{ phone: '07911123456' }],
		parameters: send({ options: { countryCode: '44' } }),
		continueOnFail: true,
	},
	{
		name: 'send: a typo that reads as Gabon',
		items: [{ phone: '2417350912' }, { phone: '0241234567' }],
		parameters: send(),
		continueOnFail: true,
	},
	{
		name: 'send: a number too short, Continue On Fail',
		items: [{ phone: '02412' }, { phone: '0551234567' }],
		parameters: send(),
		continueOnFail: true,
	},
	{
		name: 'personalised: item fields, JSON',
		items: [
			{ phone: '0241234567', name: 'Ama', code: 4711 },
			{ phone: '0551234567', name: 'Kofi', code: 815 },
		],
		parameters: personalised(),
	},
	{
		name: 'personalised: item fields, XML',
		items: [
			{ phone: '0241234567', name: 'Ama', code: 4711 },
			{ phone: '+233551234567', name: 'Kofi', code: 815 },
		],
		parameters: personalised({ options: { dataFormat: 'xml' } }),
	},
	{
		name: 'personalised: defined values',
		items: [{ phone: '0241234567' }],
		parameters: personalised({
			valuesSource: 'defined',
			values: { value: [{ value: 'Ama' }, { value: '4711' }] },
		}),
	},
	{
		name: 'balance: JSON',
		items: [{}],
		parameters: { resource: 'account', operation: 'getBalance' },
	},
	{
		name: 'balance: XML',
		items: [{}],
		parameters: { resource: 'account', operation: 'getBalance', options: { dataFormat: 'xml' } },
	},
];
