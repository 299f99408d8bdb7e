/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The life of a message inside a real n8n, run headless with `n8n execute` against the local
 * simulator: send then ask for the delivery report; send scheduled, list, update, cancel and look
 * again; the account's profile; a Client Reference run twice. Each chain is one workflow whose SMS
 * nodes feed one another, as a user wires them.
 */
import type { CredentialFile, RuntimeName, WorkflowFile } from '../../tools/n8n/runtime';
import { useCliSuite } from './cli-suite';
import { chainWorkflow, e2eRuntimes, expectOk, simJournal, tomorrowAt } from './helpers';

const API_KEY = 'demo-api-key-0123456789abcdef';
const CREDENTIAL = { id: 'E2eCredLifecycle', name: 'e2e lifecycle' };
const ORDERS = [
	{ order: 'ORD-1041', phone: '0241234567' },
	{ order: 'ORD-1042', phone: '0200000000' },
];

const send = (options: Record<string, unknown> = {}) => ({
	resource: 'sms',
	operation: 'send',
	sender: { __rl: true, mode: 'list', value: 'SMSDemo' },
	phoneNumbers: '={{ $json.phone }}',
	message: 'Your order is confirmed.',
	messageType: 'gsm',
	options,
});

function workflows(): WorkflowFile[] {
	return [
		chainWorkflow(CREDENTIAL, 'E2eSendReport001', ORDERS, [
			{ name: 'Send', parameters: send() },
			{
				name: 'Report',
				parameters: { resource: 'sms', operation: 'getDeliveryReport', options: {} },
			},
		]),
		chainWorkflow(CREDENTIAL, 'E2eScheduled0001', ORDERS, [
			{ name: 'Send', parameters: send({ scheduleAt: tomorrowAt(9), scheduleOffset: '+00:00' }) },
			{
				name: 'List',
				parameters: { resource: 'scheduledSms', operation: 'getMany', returnAll: true },
			},
			{
				name: 'Update',
				parameters: {
					resource: 'scheduledSms',
					operation: 'update',
					updateFields: { text: 'New time.', addNumbers: '0551234567' },
				},
			},
			{ name: 'Cancel', parameters: { resource: 'scheduledSms', operation: 'cancel' } },
			{ name: 'Get', parameters: { resource: 'scheduledSms', operation: 'get' } },
		]),
		chainWorkflow(
			CREDENTIAL,
			'E2eProfile000001',
			[{}],
			[{ name: 'Profile', parameters: { resource: 'account', operation: 'getProfile' } }],
		),
		chainWorkflow(CREDENTIAL, 'E2eClientRef0001', ORDERS, [
			{ name: 'Send', parameters: send({ clientReference: '={{ $json.order }}' }) },
		]),
	];
}

function credentials(simUrl: string): CredentialFile[] {
	return [
		{
			...CREDENTIAL,
			type: 'smsOnlineGhApi',
			data: { baseUrl: simUrl, authModel: 'apiKey', apiKey: API_KEY },
		},
	];
}

describe.each(e2eRuntimes())('the life of a message in n8n (%s)', (runtimeName: RuntimeName) => {
	const suite = useCliSuite(runtimeName, {
		label: 'lifecycle',
		port: 5712,
		credentials,
		workflows: workflows(),
	});
	const { sim } = suite;
	const execute = async (id: string) => {
		const result = await suite.execute(id);
		expectOk(result);
		return result;
	};

	test('Send → Get Delivery Report: one request by message id, each number with its final verdict', async () => {
		const result = await execute('E2eSendReport001');
		const sent = result.items('Send');
		const report = result.items('Report');
		expect(report.map((i) => [i.messageId, i.to, i.verdict, i.final])).toEqual([
			[sent[0].messageId, '233241234567', 'delivered', true],
			[sent[1].messageId, '233200000000', 'undelivered', true],
		]);
		const paths = (await simJournal(suite.simUrl())).map((e) => e.path);
		// The sender check reads the profile once before the send.
		expect(paths).toEqual([
			'/v5/auth',
			'/v5/message/sms/send',
			`/v5/report/message/delivery/destinations/${String(sent[0].batch)}`,
		]);
	});

	test('send scheduled → Get Many → Update → Cancel → Get shows 2102', async () => {
		const result = await execute('E2eScheduled0001');
		const batch = result.items('Send')[0].batch;
		expect(result.items('List').map((i) => [i.batch, i.text])).toEqual([
			[batch, 'Your order is confirmed.'],
		]);
		expect(result.items('Update').map((i) => [i.to, i.verdict])).toEqual([
			['233241234567', 'scheduled'],
			['233200000000', 'scheduled'],
			['233551234567', 'scheduled'],
		]);
		expect(result.items('Cancel')).toEqual([
			{ batch, cancelled: true },
			{ batch, cancelled: true },
			{ batch, cancelled: true },
		]);
		const got = result.items('Get');
		expect(got.map((i) => [i.to, i.verdict, (i.status as { id: number }).id])).toEqual([
			['233241234567', 'cancelled', 2102],
			['233200000000', 'cancelled', 2102],
			['233551234567', 'cancelled', 2102],
		]);
		const paths = (await simJournal(suite.simUrl())).map((e) =>
			e.path.replace(String(batch), '{batch}'),
		);
		expect(paths).toEqual([
			'/v5/auth',
			'/v5/message/sms/send',
			'/v5/message/scheduled/load',
			// Update adds a number: the sender check reads the numbers the message keeps; the profile
			// the Send read is kept for the credential in this n8n process, so it is not asked again.
			'/v5/message/scheduled/load/{batch}',
			'/v5/message/scheduled/destinations/load/{batch}',
			'/v5/message/scheduled/update/{batch}',
			'/v5/message/scheduled/cancel/{batch}',
			'/v5/message/scheduled/load/{batch}',
			'/v5/message/scheduled/destinations/load/{batch}',
		]);
	});

	test('Get Profile: the demo account, its senders', async () => {
		const result = await execute('E2eProfile000001');
		const [profile] = result.items('Profile');
		expect(profile).toMatchObject({
			timeZone: 'Africa/Accra',
			defaultCountry: { code: 'GH', dialCode: 233 },
		});
		expect((profile.senders as Array<{ name: string }>).map((s) => s.name)).toEqual([
			'SMSDemo',
			'Alerts',
		]);
	});

	test('a Client Reference run twice: the second run says alreadySent, one accepted submission per number', async () => {
		const first = await execute('E2eClientRef0001');
		expect(first.items('Send').map((i) => [i.clientReference, i.verdict])).toEqual([
			['ORD-1041', 'accepted'],
			['ORD-1042', 'accepted'],
		]);
		const second = await execute('E2eClientRef0001');
		expect(
			second
				.items('Send')
				.map((i) => [i.clientReference, i.verdict, (i.status as { id: number }).id]),
		).toEqual([
			['ORD-1041', 'alreadySent', 2131],
			['ORD-1042', 'alreadySent', 2131],
		]);
		expect(second.items('Send').map((i) => i.messageId)).toEqual(
			first.items('Send').map((i) => i.messageId),
		);
		expect(sim.submissionCounts()).toEqual({ '233241234567': 1, '233200000000': 1 });
		const sends = (await simJournal(suite.simUrl())).filter(
			(e) => e.path === '/v5/message/sms/send',
		);
		expect(sends.map((e) => e.submitted)).toEqual([true, false]);
	});
});
