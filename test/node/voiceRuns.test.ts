/**
 * Voice → Send's guarantees in real workflows against the simulator (both dialects): grouping,
 * Client Reference, 1505 naming the template, Continue On Fail, Dry Run, Maximum Destinations,
 * the sender check against the voice senders, and the report of a voice batch.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { customVoiceMessageId } from '../../nodes/shared/referenceIds';
import { DEMO_ACCOUNT } from '../../simulator';
import { DATE_TIME, hintsOf, useSimulator } from './fixtures';
import { VOICE_PATH, voiceParameters } from './voiceFixtures';

const field = (key: string) => `={{ $json.${key} }}`;

describe('Voice → Send: the guarantees of Send', () => {
	const t = useSimulator();

	it('groups items by template, sender, schedule and callback: one request each, items paired in order', async () => {
		const { items, error } = await t.run({
			items: [
				{ phone: '0241234567', template: 'appointment_reminder', sender: 'DemoVoice' },
				{ phone: '0201234567', template: 'payment_due', sender: 'DemoVoice' },
				{ phone: '0501234567', template: 'appointment_reminder', sender: '' },
				{ phone: '0551234567', template: 'appointment_reminder', sender: 'DemoVoice' },
				{
					phone: '0261234567',
					template: 'appointment_reminder',
					sender: 'DemoVoice',
					url: 'http://127.0.0.1:9/dlr',
				},
			],
			parameters: voiceParameters({
				template: field('template'),
				sender: field('sender'),
				options: { callbackUrl: field('url') },
			}),
		});
		expect(error).toBeUndefined();
		expect(t.requests().map((r) => [r.path, r.rawBody])).toEqual([
			[
				VOICE_PATH,
				'{"template":"appointment_reminder","sender":"DemoVoice","destinations":["0241234567","0551234567"]}',
			],
			[VOICE_PATH, '{"template":"payment_due","sender":"DemoVoice","destinations":["0201234567"]}'],
			[VOICE_PATH, '{"template":"appointment_reminder","destinations":["0501234567"]}'],
			[
				VOICE_PATH,
				'{"template":"appointment_reminder","sender":"DemoVoice","callback":{"url":"http://127.0.0.1:9/dlr","accept":"application/json"},"destinations":["0261234567"]}',
			],
		]);
		expect(
			items.map((item) => [
				item.pairedItem,
				item.json.template,
				item.json.verdict,
				item.json.category,
			]),
		).toEqual([
			[{ item: 0 }, 'appointment_reminder', 'accepted', 'voice'],
			[{ item: 3 }, 'appointment_reminder', 'accepted', 'voice'],
			[{ item: 1 }, 'payment_due', 'accepted', 'voice'],
			[{ item: 2 }, 'appointment_reminder', 'accepted', 'voice'],
			[{ item: 4 }, 'appointment_reminder', 'accepted', 'voice'],
		]);
	});

	it('Client Reference: ids from reference, number and template; the same run again is alreadySent, one call per number', async () => {
		const orders = [{ phone: '0241234567', ref: 'APT-7' }];
		const parameters = voiceParameters({ options: { clientReference: field('ref') } });
		const id = customVoiceMessageId('APT-7', '233241234567', 'appointment_reminder');
		expect(id).toMatch(/^APT-7-[0-9a-f]{34}$/);
		const first = await t.run({ items: orders, parameters });
		expect(first.error).toBeUndefined();
		expect(t.requests()[0].rawBody).toBe(
			`{"template":"appointment_reminder","sender":"DemoVoice","destinations":[{"number":"0241234567","id":"${id}"}]}`,
		);
		expect(first.items[0].json).toMatchObject({
			verdict: 'accepted',
			messageId: id,
			clientReference: 'APT-7',
			category: 'voice',
		});
		const again = await t.run({ items: orders, parameters });
		expect(again.error).toBeUndefined();
		expect(again.items[0].json).toMatchObject({
			verdict: 'alreadySent',
			reason: 'already sent: the service already has this message for client reference APT-7',
			status: { id: 2131, label: expect.any(String) },
			clientReference: 'APT-7',
		});
		expect(again.items[0].pairedItem).toEqual({ item: 0 });
		expect(t.sim.submissionCount('233241234567')).toBe(1);
	});

	it('an answer lost after the service called (reset after processing), with a Client Reference: sent again, alreadySent, once', async () => {
		t.sim.addFault({ path: VOICE_PATH, kind: 'resetAfter', nth: 1 });
		const { items, error } = await t.run({
			items: [
				{ phone: '0241234567', ref: 'APT-1' },
				{ phone: '0201234567', ref: 'APT-2' },
			],
			parameters: voiceParameters({ options: { clientReference: field('ref') } }),
		});
		expect(error).toBeUndefined();
		expect(t.requests()).toHaveLength(2);
		expect(items.map((item) => [item.json.verdict, item.pairedItem])).toEqual([
			['alreadySent', { item: 0 }],
			['alreadySent', { item: 1 }],
		]);
		expect(t.sim.submissionCounts()).toEqual({ '233241234567': 1, '233201234567': 1 });
	});

	it("n8n's Retry On Fail: a retry sends only what surely did not go out, and re-emits what did", async () => {
		t.sim.addFault({ path: VOICE_PATH, kind: 'http503', nth: 2 });
		const { items, error } = await t.run({
			items: [{ phone: '0241234567' }, { phone: '0201234567' }, { phone: '0501234567' }],
			parameters: voiceParameters({ options: { batchSize: 2, retryAttempts: 1 } }),
			settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 },
		});
		expect(error).toBeUndefined();
		expect(t.requests().map((r) => JSON.parse(r.rawBody).destinations)).toEqual([
			['0241234567', '0201234567'],
			['0501234567'],
			['0501234567'],
		]);
		expect(t.requests().map((r) => r.submitted)).toEqual([true, false, true]);
		expect(items.map((item) => [item.json.verdict, item.json.category, item.pairedItem])).toEqual([
			['accepted', 'voice', { item: 0 }],
			['accepted', 'voice', { item: 1 }],
			['accepted', 'voice', { item: 2 }],
		]);
		expect(t.sim.submissionCounts()).toEqual({
			'233241234567': 1,
			'233201234567': 1,
			'233501234567': 1,
		});
	});

	it('1505: a template the account does not have is refused, the error naming it; nothing sent', async () => {
		const { items, error } = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: voiceParameters({ template: 'welcome_tpl' }),
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			"Template 'welcome_tpl' is not a voice template of this account: create it in the account's portal (SMSOnlineGH, voice messaging) or correct the name in the Template field, which must match the stored name exactly",
		);
		expect(error?.description).toContain('Handshake 1505 (HSHK_ERR_MR_VOICE_FILE');
		expect(error?.description).toContain('Not sent: 1 number of the failed request (0241234567).');
		expect(t.sim.submissionCount('233241234567')).toBe(0);
	});

	it('Continue On Fail: a bad item is an error item, the good ones go, each paired with its own item', async () => {
		const { items, error } = await t.run({
			items: [{ phone: '0241234567' }, { phone: 'call me' }, { phone: '0201234567' }],
			parameters: voiceParameters(),
			settings: { continueOnFail: true },
		});
		expect(error).toBeUndefined();
		expect(t.requests()).toHaveLength(1);
		expect(t.requests()[0].rawBody).toBe(
			'{"template":"appointment_reminder","sender":"DemoVoice","destinations":["0241234567","0201234567"]}',
		);
		expect(
			items.map((item) => [item.pairedItem, item.json.verdict, item.json.error ?? null]),
		).toEqual([
			[
				{ item: 1 },
				'notSent',
				expect.stringMatching(/^Phone Numbers has an invalid phone number "call me"/),
			],
			[{ item: 0 }, 'accepted', null],
			[{ item: 2 }, 'accepted', null],
		]);
	});

	it('Dry Run sends nothing: each item names its request, the first carries the exact body; the hint counts numbers', async () => {
		const result = await t.run({
			items: [{ phone: '0241234567' }, { phone: '0201234567' }],
			parameters: voiceParameters({
				options: { dryRun: true, dataFormat: 'xml', maximumDestinations: 5 },
			}),
		});
		expect(result.error).toBeUndefined();
		expect(t.requests()).toEqual([]);
		const request = {
			number: 1,
			method: 'POST',
			path: VOICE_PATH,
			contentType: 'application/xml',
			estimatedDestinations: 2,
		};
		expect(result.items.map((item) => item.json)).toEqual([
			{
				input: '0241234567',
				to: '0241234567',
				verdict: 'dryRun',
				reason: 'not sent (dry run)',
				template: 'appointment_reminder',
				request: {
					...request,
					body: '<request><template>appointment_reminder</template><sender>DemoVoice</sender><destinations><to>0241234567</to><to>0201234567</to></destinations></request>',
				},
			},
			{
				input: '0201234567',
				to: '0201234567',
				verdict: 'dryRun',
				reason: 'not sent (dry run)',
				template: 'appointment_reminder',
				request,
			},
		]);
		expect(hintsOf(result)).toContain(
			'Dry run, nothing was sent: this run would call 2 numbers with a voice message (Maximum Destinations: 5).',
		);
	});

	it('Dry Run with Output Summary: destinations and the ceiling, no parts', async () => {
		const { items } = await t.run({
			items: [{ phone: '0241234567, 0201234567' }],
			parameters: voiceParameters({ options: { dryRun: true, output: 'summary' } }),
		});
		expect(items.map((item) => item.json)).toEqual([
			{
				destinations: 2,
				verdicts: { dryRun: 2 },
				batches: [],
				maximumDestinations: 0,
				notAccepted: [],
			},
		]);
	});

	it('Maximum Destinations: a run over it is refused before anything is sent, repeated numbers counted once', async () => {
		const { items, error } = await t.run({
			items: [{ phone: '0241234567, 0201234567' }, { phone: '0501234567, +233 24 123 4567' }],
			parameters: voiceParameters({ options: { maximumDestinations: 2 } }),
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			'This run would call 3 numbers, over the limit of 2 set by Maximum Destinations: nothing was sent. Send to fewer numbers (split the run), or raise Maximum Destinations (0 = no limit)',
		);
		expect(t.requests()).toEqual([]);
	});
});

describe('Voice → Send: the sender check against the voice senders', () => {
	const t = useSimulator();

	it('an SMS sender is not a voice sender: refused before anything is sent, the voice senders named', async () => {
		const { error } = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: voiceParameters({ sender: 'SMSDemo' }),
		});
		expect(error?.message).toBe(
			'Sender "SMSDemo" is not a voice sender of your account for Ghana (GH) (number 0241234567): use one of the account\'s voice senders, or leave Sender empty',
		);
		expect(error?.description).toContain('Voice senders registered on the account: DemoVoice.');
		expect(t.requests()).toEqual([]);
	});

	it('no sender: not checked, the request goes without one', async () => {
		const { items, error } = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: voiceParameters({ sender: '' }),
		});
		expect(error).toBeUndefined();
		expect(t.requests()[0].rawBody).toBe(
			'{"template":"appointment_reminder","destinations":["0241234567"]}',
		);
		expect(items[0].json.verdict).toBe('accepted');
	});
});

describe('Voice → Send: a profile with no voice senders', () => {
	const t = useSimulator([{ ...DEMO_ACCOUNT, voiceSenders: [] }]);

	it('the sender goes unchecked with a warning hint (the list is optional), and the service decides', async () => {
		const result = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: voiceParameters({ sender: 'DemoVoice' }),
		});
		expect(result.error).toBeUndefined();
		expect(t.requests()).toHaveLength(1);
		expect(hintsOf(result)).toContain(
			'The account’s profile lists no voice senders, so the voice sender "DemoVoice" was not checked: the service may reject its messages (status 2128). Check the output’s verdicts, or leave Sender empty.',
		);
		expect(result.items[0].json).toMatchObject({
			verdict: 'rejected',
			status: { id: 2128, label: expect.any(String) },
			senderUnchecked:
				'the account’s profile lists no voice senders, so the voice sender was not checked',
		});
	});
});

describe('Get Delivery Report of a voice batch', () => {
	const t = useSimulator();
	const PHONES = ['0241234567', '0201234567', '0240000000', '0559999999'];

	function core(json: IDataObject): IDataObject {
		const { submittedAt, reportedAt, country, partsBilled, ...rest } = json;
		if (submittedAt !== undefined) expect(submittedAt).toMatch(DATE_TIME);
		if (reportedAt !== undefined) expect(reportedAt).toMatch(DATE_TIME);
		if (country !== undefined) expect(country).toBe('GH');
		// A voice message has no parts: its items never say partsBilled.
		expect(partsBilled).toBeUndefined();
		return rest;
	}

	it.each(['voice', 'sms'])(
		'under %s: read as voice, one item per number paired with the Send output',
		async (resource) => {
			const sent = await t.run({
				items: PHONES.map((phone) => ({ phone })),
				parameters: voiceParameters(),
			});
			expect(sent.error).toBeUndefined();
			const sentJson = sent.items.map((item) => item.json);
			const before = t.requests().length;
			const parameters: INodeParameters = { resource, operation: 'getDeliveryReport' };
			const { items, error } = await t.run({ items: sentJson, parameters });
			expect(error).toBeUndefined();
			const [request] = t.requests().slice(before);
			expect(request.path).toBe(
				`/v5/report/message/delivery/destinations/${String(sentJson[0].batch)}`,
			);
			expect(JSON.parse(request.rawBody)).toEqual({
				destinations: sentJson.map((s) => s.messageId),
			});
			expect(items.map((item) => item.pairedItem)).toEqual([
				{ item: 0 },
				{ item: 1 },
				{ item: 2 },
				{ item: 3 },
			]);
			const verdicts = ['delivered', 'delivered', 'undelivered', 'expired'];
			const statuses = [2110, 2110, 2112, 2111];
			items.forEach((item, k) => {
				expect(core(item.json)).toEqual({
					batch: sentJson[k].batch,
					messageId: sentJson[k].messageId,
					to: sentJson[k].to,
					verdict: verdicts[k],
					reason: verdicts[k],
					final: true,
					status: { id: statuses[k], label: expect.any(String) },
					category: 'voice',
				});
			});
		},
	);
});
