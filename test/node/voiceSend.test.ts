/**
 * Voice → Send in a real workflow against the simulator (run in both dialects): the exact request
 * in JSON and XML, the items paired with their input items, grouping, Client Reference, 1505,
 * Continue On Fail, Dry Run, Maximum Destinations, the report of a voice batch, and the Sender
 * picked from the voice senders list or typed.
 */
import type { IDataObject } from 'n8n-workflow';

import { API_KEY, BATCH, DATE_TIME, UUID, useSimulator } from './fixtures';
import { VOICE_PATH, voiceParameters } from './voiceFixtures';

/** An item without what the service may add about a destination, each checked for its form. */
function core(json: IDataObject): IDataObject {
	const { partsBilled, submittedAt, reportedAt, country, ...rest } = json;
	// A voice message has no parts: its items never say partsBilled.
	expect(partsBilled).toBeUndefined();
	if (submittedAt !== undefined) expect(submittedAt).toMatch(DATE_TIME);
	if (reportedAt !== undefined) expect(reportedAt).toMatch(DATE_TIME);
	if (country !== undefined) expect(country).toBe('GH');
	return rest;
}

const ACCEPTED = {
	verdict: 'accepted',
	reason: 'pending en route',
	status: { id: 2105, label: 'DS_PENDING_ENROUTE' },
};

describe('Voice → Send, in a real workflow against the simulator', () => {
	const t = useSimulator();

	it('says what to do after a credit shortfall without naming SMS parts, which a voice message has none of', async () => {
		t.sim.setBalance('demo', 1);
		const result = await t.run({
			items: [{ phone: '0241234567' }, { phone: '0201234567' }, { phone: '0551234567' }],
			parameters: voiceParameters({ options: { output: 'summary' } }),
		});
		expect(result.error).toBeUndefined();
		const advice =
			'2 numbers were not sent: the account ran out of credit. Top up the SMSOnlineGH account (Account → Get Balance shows what is left), then send to them again.';
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({
			verdicts: { accepted: 1, rejected: 2 },
			nextStep: advice,
		});
		const hints = (result.run.data.resultData.runData.SMS ?? [])
			.flatMap((run) => run.hints ?? [])
			.map((hint) => hint.message);
		expect(hints).toContain(advice);
	});

	it('sends one JSON request for all items and emits one voice item per destination, paired to its item', async () => {
		const { items, error } = await t.run({
			items: [{ phone: '0241234567' }, { phone: '+233 20 123 4567' }, { phone: '233501234567' }],
			parameters: voiceParameters(),
		});
		expect(error).toBeUndefined();
		const requests = t.requests();
		expect(requests).toHaveLength(1);
		const [request] = requests;
		expect(request.method).toBe('POST');
		expect(request.path).toBe(VOICE_PATH);
		expect(request.headers.accept).toBe('application/json');
		expect(request.headers['content-type']).toBe('application/json');
		expect(request.headers.authorization).toBe(`key ${API_KEY}`);
		expect(request.rawBody).toBe(
			'{"template":"appointment_reminder","sender":"DemoVoice","destinations":["0241234567","233201234567","233501234567"]}',
		);
		const batch = items[0].json.batch as string;
		expect(batch).toMatch(BATCH);
		const expected = [
			{ input: '0241234567', to: '233241234567' },
			{ input: '+233 20 123 4567', to: '233201234567' },
			{ input: '233501234567', to: '233501234567' },
		];
		expect(items).toHaveLength(3);
		items.forEach((item, index) => {
			expect(core(item.json)).toEqual({
				...expected[index],
				...ACCEPTED,
				messageId: expect.stringMatching(UUID),
				batch,
				category: 'voice',
				delivery: false,
				template: 'appointment_reminder',
			});
			expect(item.pairedItem).toEqual({ item: index });
		});
	});

	it('speaks XML when asked: template, sender, schedule, callback, destinations in the SDK order', async () => {
		const { items, error } = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: voiceParameters({
				options: {
					dataFormat: 'xml',
					scheduleAt: '2030-01-31T08:30:00',
					scheduleOffset: '+00:00',
					callbackUrl: 'http://127.0.0.1:9/dlr',
					callbackFormat: 'json',
				},
			}),
		});
		expect(error).toBeUndefined();
		const [request] = t.requests();
		expect(request.path).toBe(VOICE_PATH);
		expect(request.headers['content-type']).toBe('application/xml');
		expect(request.headers.accept).toBe('application/xml');
		expect(request.rawBody).toBe(
			'<request><template>appointment_reminder</template><sender>DemoVoice</sender><schedule><dateTime>2030-01-31 08:30</dateTime><offset>+00:00</offset></schedule><callback><url>http://127.0.0.1:9/dlr</url><accept>application/json</accept></callback><destinations><to>0241234567</to></destinations></request>',
		);
		expect(core(items[0].json)).toEqual({
			input: '0241234567',
			to: '233241234567',
			verdict: 'scheduled',
			reason: 'scheduled',
			status: { id: 2104, label: expect.any(String) },
			messageId: expect.stringMatching(UUID),
			batch: expect.stringMatching(BATCH),
			category: 'voice',
			delivery: false,
			template: 'appointment_reminder',
		});
	});

	it('Sender picked from the voice senders list, or typed by name as an expression: the same request', async () => {
		const picked = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: voiceParameters({ sender: { __rl: true, mode: 'list', value: 'DemoVoice' } }),
		});
		const typed = await t.run({
			items: [{ phone: '0201234567', voice: 'DemoVoice' }],
			parameters: voiceParameters({
				sender: { __rl: true, mode: 'name', value: '={{ $json.voice }}' },
			}),
		});
		expect([picked.error, typed.error]).toEqual([undefined, undefined]);
		expect(t.requests().map((r) => r.rawBody)).toEqual([
			'{"template":"appointment_reminder","sender":"DemoVoice","destinations":["0241234567"]}',
			'{"template":"appointment_reminder","sender":"DemoVoice","destinations":["0201234567"]}',
		]);
		const empty = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: voiceParameters({ sender: { __rl: true, mode: 'list', value: '' } }),
		});
		expect(empty.error).toBeUndefined();
		expect(t.requests().at(-1)?.rawBody).toBe(
			'{"template":"appointment_reminder","destinations":["0241234567"]}',
		);
	});
});
