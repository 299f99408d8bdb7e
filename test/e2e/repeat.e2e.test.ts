/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * "Send, check delivery" run twice inside a real n8n (`n8n execute`, against the local simulator),
 * with a Client Reference and numbers as a spreadsheet holds them: the second run sends nothing
 * and its report calls every number alreadySent, final, never rejected.
 * Runs once per runtime in N8N_E2E_RUNTIMES (default: n8n 2.x, then the newest n8n 1.x).
 */
import type { CredentialFile, RuntimeName, WorkflowFile } from '../../tools/n8n/runtime';
import { useCliSuite } from './cli-suite';
import { chainWorkflow, e2eRuntimes, expectOk, simJournal } from './helpers';

const API_KEY = 'demo-api-key-0123456789abcdef';
const KEY_CRED = { id: 'E2eCredRepeatK01', name: 'e2e repeat api key' };
const PORT = 5716;
const SEND_PATH = '/v5/message/sms/send';

/** Orders from a sheet: 241234567 is a Ghanaian number stored as a number, its 0 lost. */
const ORDERS = [
	{ order: 'ORD-1041', phone: 241234567 },
	{ order: 'ORD-1042', phone: '0201234567' },
	{ order: 'ORD-1043', phone: '2.33240000000E+11' },
];

function workflows(): WorkflowFile[] {
	return [
		chainWorkflow(KEY_CRED, 'E2eRepeatReport1', ORDERS, [
			{
				name: 'Send',
				parameters: {
					resource: 'sms',
					operation: 'send',
					sender: 'SMSDemo',
					phoneNumbers: '={{ $json.phone }}',
					message: 'Your order is confirmed.',
					messageType: 'gsm',
					options: { clientReference: '={{ $json.order }}' },
				},
			},
			{
				name: 'Report',
				parameters: { resource: 'sms', operation: 'getDeliveryReport', options: {} },
			},
		]),
	];
}

function credentials(simUrl: string): CredentialFile[] {
	return [
		{
			...KEY_CRED,
			type: 'smsOnlineGhApi',
			data: { baseUrl: simUrl, authModel: 'apiKey', apiKey: API_KEY },
		},
	];
}

describe.each(e2eRuntimes())(
	'a repeated run and its report in n8n (%s)',
	(runtimeName: RuntimeName) => {
		const suite = useCliSuite(runtimeName, {
			label: 'repeat',
			port: PORT,
			credentials,
			workflows: workflows(),
		});
		const { sim } = suite;

		test('send, check delivery, twice: the second report says alreadySent for every number, never rejected', async () => {
			const first = await suite.execute('E2eRepeatReport1');
			expectOk(first);
			expect(first.items('Send').map((i) => [i.input, i.to, i.verdict])).toEqual([
				['241234567', '233241234567', 'accepted'],
				['0201234567', '233201234567', 'accepted'],
				['2.33240000000E+11', '233240000000', 'accepted'],
			]);
			expect(first.items('Report').map((i) => i.verdict)).toEqual([
				'delivered',
				'delivered',
				'undelivered',
			]);

			const again = await suite.execute('E2eRepeatReport1');
			expectOk(again);
			expect(again.items('Send').map((i) => i.verdict)).toEqual([
				'alreadySent',
				'alreadySent',
				'alreadySent',
			]);
			const report = again.items('Report');
			expect(report.map((i) => [i.to, i.verdict, i.final])).toEqual([
				['233241234567', 'alreadySent', true],
				['233201234567', 'alreadySent', true],
				['233240000000', 'alreadySent', true],
			]);
			expect(report.map((i) => i.verdict)).not.toContain('rejected');
			expect(sim.submissionCounts()).toEqual({
				'233241234567': 1,
				'233201234567': 1,
				'233240000000': 1,
			});
			const sends = (await simJournal(suite.simUrl())).filter((e) => e.path === SEND_PATH);
			expect(sends).toHaveLength(2);
		});
	},
);
