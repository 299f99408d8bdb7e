/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Voice messages inside a real n8n, run headless with `n8n execute` against the local simulator:
 * Voice → Send in JSON with an API key and in XML with a Portal Pass, a template the account does
 * not store (1505, the error naming it), Send → Get Delivery Report read as voice, and a scheduled
 * voice message listed, updated, cancelled and read again under Scheduled Voice.
 * Runs once per runtime in N8N_E2E_RUNTIMES (default: n8n 2.x, then the newest n8n 1.x).
 */
import type { CredentialFile, RuntimeName, WorkflowFile } from '../../tools/n8n/runtime';
import { useCliSuite } from './cli-suite';
import {
	chainWorkflow,
	decodeFactor,
	e2eRuntimes,
	expectOk,
	simJournal,
	tomorrowAt,
} from './helpers';

const API_KEY = 'demo-api-key-0123456789abcdef';
const LOGIN = 'demo@example.com';
const PASSWORD = 'Demo-Passw0rd';
const KEY_CRED = { id: 'E2eCredVoiceKey1', name: 'e2e voice api key' };
const PASS_CRED = { id: 'E2eCredVoicePas1', name: 'e2e voice portal pass' };
const PORT = 5714;
const VOICE_PATH = '/v5/message/voice/send';

/** Patients to remind; the simulator delivers to 024…, fails 0240000000 and lets 0559999999 expire. */
const PATIENTS = [
	{ name: 'Ama', phone: '0241234567' },
	{ name: 'Kofi', phone: '+233 24 000 0000' },
	{ name: 'Esi', phone: '0559999999' },
];

const voiceSend = (extra: Record<string, unknown> = {}) => ({
	resource: 'voice',
	operation: 'send',
	template: 'appointment_reminder',
	sender: { __rl: true, mode: 'list', value: 'DemoVoice' },
	phoneNumbers: '={{ $json.phone }}',
	options: {},
	...extra,
});

function workflows(): WorkflowFile[] {
	return [
		chainWorkflow(KEY_CRED, 'E2eVoiceJsonKey1', PATIENTS, [
			{ name: 'Voice', parameters: voiceSend() },
		]),
		chainWorkflow(
			PASS_CRED,
			'E2eVoiceXmlPass1',
			[{}],
			[
				{
					name: 'Voice',
					parameters: voiceSend({
						phoneNumbers: '0241234567, +233201234567',
						options: { dataFormat: 'xml' },
					}),
				},
			],
		),
		chainWorkflow(KEY_CRED, 'E2eVoiceNoTempl1', PATIENTS.slice(0, 2), [
			{ name: 'Voice', parameters: voiceSend({ template: 'clinic_closed' }) },
		]),
		chainWorkflow(KEY_CRED, 'E2eVoiceReport01', PATIENTS, [
			{ name: 'Voice', parameters: voiceSend() },
			{
				name: 'Report',
				parameters: { resource: 'voice', operation: 'getDeliveryReport', options: {} },
			},
		]),
		chainWorkflow(KEY_CRED, 'E2eVoiceSchedul1', PATIENTS.slice(0, 2), [
			{
				name: 'Voice',
				parameters: voiceSend({ options: { scheduleAt: tomorrowAt(9), scheduleOffset: '+00:00' } }),
			},
			{
				name: 'List',
				parameters: { resource: 'scheduledVoice', operation: 'getMany', returnAll: true },
			},
			{
				name: 'Update',
				parameters: {
					resource: 'scheduledVoice',
					operation: 'update',
					updateFields: { template: 'payment_due', addNumbers: '0551234567' },
				},
			},
			{ name: 'Cancel', parameters: { resource: 'scheduledVoice', operation: 'cancel' } },
			{ name: 'Get', parameters: { resource: 'scheduledVoice', operation: 'get' } },
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
		{
			...PASS_CRED,
			type: 'smsOnlineGhApi',
			data: { baseUrl: simUrl, authModel: 'portalPass', login: LOGIN, password: PASSWORD },
		},
	];
}

describe.each(e2eRuntimes())('voice messages in n8n (%s)', (runtimeName: RuntimeName) => {
	const suite = useCliSuite(runtimeName, {
		label: 'voice',
		port: PORT,
		credentials,
		workflows: workflows(),
	});
	const { sim } = suite;
	const execute = suite.execute;
	const voiceSends = async () =>
		(await simJournal(suite.simUrl())).filter((e) => e.path === VOICE_PATH);

	test('Voice → Send, JSON, API key: the exact request, one voice item per number', async () => {
		const result = await execute('E2eVoiceJsonKey1');
		expectOk(result);
		const items = result.items('Voice');
		expect(items.map((i) => [i.input, i.to, i.verdict, i.category, i.template])).toEqual([
			['0241234567', '233241234567', 'accepted', 'voice', 'appointment_reminder'],
			['+233 24 000 0000', '233240000000', 'accepted', 'voice', 'appointment_reminder'],
			['0559999999', '233559999999', 'accepted', 'voice', 'appointment_reminder'],
		]);
		expect(new Set(items.map((i) => i.batch)).size).toBe(1);
		const [request, ...more] = await voiceSends();
		expect(more).toEqual([]);
		expect(request).toMatchObject({
			method: 'POST',
			format: 'json',
			accountId: 'demo',
			handshake: 0,
			submitted: true,
		});
		expect(request.headers.authorization).toBe(`key ${API_KEY}`);
		expect(request.headers['content-type']).toBe('application/json');
		expect(request.rawBody).toBe(
			'{"template":"appointment_reminder","sender":"DemoVoice","destinations":["0241234567","233240000000","0559999999"]}',
		);
		expect(sim.submissionCounts()).toEqual({
			'233241234567': 1,
			'233240000000': 1,
			'233559999999': 1,
		});
	});

	test('Voice → Send, XML, Portal Pass: the body as the documentation gives it', async () => {
		const result = await execute('E2eVoiceXmlPass1');
		expectOk(result);
		expect(result.items('Voice').map((i) => [i.to, i.verdict])).toEqual([
			['233241234567', 'accepted'],
			['233201234567', 'accepted'],
		]);
		const [request] = await voiceSends();
		expect(request).toMatchObject({ format: 'xml', accountId: 'demo', handshake: 0 });
		expect(request.headers['content-type']).toBe('application/xml');
		expect(decodeFactor(String(request.headers.authorization))).toBe(`${LOGIN}__::${PASSWORD}`);
		expect(request.rawBody).toBe(
			'<request><template>appointment_reminder</template><sender>DemoVoice</sender><destinations><to>0241234567</to><to>233201234567</to></destinations></request>',
		);
	});

	test('a template the account does not store: the run fails naming it, nothing is sent', async () => {
		const result = await execute('E2eVoiceNoTempl1');
		expect(result.ok).toBe(false);
		expect(result.errorMessage ?? '').toContain(
			"Template 'clinic_closed' is not a voice template of this account",
		);
		const requests = await voiceSends();
		expect(requests.map((r) => [r.handshake, r.submitted])).toEqual([[1505, false]]);
		expect(sim.submissionCounts()).toEqual({});
	});

	test('Voice → Send → Get Delivery Report: each number with its final verdict, read as voice', async () => {
		const result = await execute('E2eVoiceReport01');
		expectOk(result);
		const sent = result.items('Voice');
		expect(
			result.items('Report').map((i) => [i.messageId, i.to, i.verdict, i.final, i.category]),
		).toEqual([
			[sent[0].messageId, '233241234567', 'delivered', true, 'voice'],
			[sent[1].messageId, '233240000000', 'undelivered', true, 'voice'],
			[sent[2].messageId, '233559999999', 'expired', true, 'voice'],
		]);
		const paths = (await simJournal(suite.simUrl())).map((e) => e.path);
		expect(paths).toEqual([
			'/v5/auth',
			VOICE_PATH,
			`/v5/report/message/delivery/destinations/${String(sent[0].batch)}`,
		]);
	});

	test('scheduled → Scheduled Voice: Get Many → Update (template, a number) → Cancel → Get shows 2102', async () => {
		const result = await execute('E2eVoiceSchedul1');
		expectOk(result);
		const batch = result.items('Voice')[0].batch;
		expect(result.items('Voice').map((i) => i.verdict)).toEqual(['scheduled', 'scheduled']);
		expect(
			result.items('List').map((i) => [i.batch, i.category, i.template, i.destinationsCount]),
		).toEqual([[batch, 'voice', 'appointment_reminder', 2]]);
		expect(result.items('Update').map((i) => [i.to, i.verdict, i.template])).toEqual([
			['233241234567', 'scheduled', 'payment_due'],
			['233240000000', 'scheduled', 'payment_due'],
			['233551234567', 'scheduled', 'payment_due'],
		]);
		expect(result.items('Cancel')).toEqual([
			{ batch, cancelled: true },
			{ batch, cancelled: true },
			{ batch, cancelled: true },
		]);
		// The service no longer lists a cancelled message (1802): its numbers come out without its fields.
		expect(
			result
				.items('Get')
				.map((i) => [
					i.to,
					i.verdict,
					(i.status as { id: number }).id,
					i.scheduleState,
					i.template,
				]),
		).toEqual([
			['233241234567', 'cancelled', 2102, 'cancelled', undefined],
			['233240000000', 'cancelled', 2102, 'cancelled', undefined],
			['233551234567', 'cancelled', 2102, 'cancelled', undefined],
		]);
		const paths = (await simJournal(suite.simUrl())).map((e) =>
			e.path.replace(String(batch), '{batch}'),
		);
		expect(paths).toEqual([
			'/v5/auth',
			VOICE_PATH,
			'/v5/message/scheduled/load',
			'/v5/message/scheduled/load/{batch}',
			'/v5/message/scheduled/destinations/load/{batch}',
			'/v5/message/scheduled/update/{batch}',
			'/v5/message/scheduled/cancel/{batch}',
			'/v5/message/scheduled/load/{batch}',
			'/v5/message/scheduled/destinations/load/{batch}',
		]);
	});
});
