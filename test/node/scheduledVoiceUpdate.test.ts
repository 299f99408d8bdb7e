/**
 * Scheduled Voice → Update in real workflows against the simulator, run in both dialects: the
 * exact requests (the message loaded first, its destinations when numbers are removed or the sender
 * checked, then the update with the voice properties in JSON and XML), the items, the sender check
 * against the voice senders, 1505 for an unknown template, and SMS and voice batches kept to their
 * own Update.
 */
import type { INodeParameters } from 'n8n-workflow';

import { keptProfiles } from '../../nodes/SmsOnlineGh/account/kept';
import { PROFILE_PATH } from '../../nodes/shared/transport/endpoints/profile';
import { sendParameters, useSimulator } from './fixtures';
import { listedAt, scheduledVoice, tomorrow, voiceParameters } from './voiceFixtures';

const LOAD = (batch: string) => `/v5/message/scheduled/load/${batch}`;
const DESTINATIONS = (batch: string) => `/v5/message/scheduled/destinations/load/${batch}`;
const UPDATE = (batch: string) => `/v5/message/scheduled/update/${batch}`;

describe('Scheduled Voice → Update, against the simulator', () => {
	const t = useSimulator();
	const update = (updateFields: INodeParameters, options: INodeParameters = {}) =>
		scheduledVoice('update', { updateFields, options });

	/** Schedules one voice message to the phones; returns its batch, message ids and time. */
	async function schedule(phones: string[], extra: INodeParameters = {}) {
		const at = tomorrow();
		const sent = await t.run({
			items: phones.map((phone) => ({ phone })),
			parameters: voiceParameters({
				...extra,
				options: { scheduleAt: at, scheduleOffset: '+00:00' },
			}),
		});
		expect(sent.items.map((item) => item.json.verdict)).toEqual(phones.map(() => 'scheduled'));
		// The send kept the profile in the process; each update below is tested as the first run
		// after n8n starts, which reads it (as updateSenderCheck.test.ts does for SMS).
		keptProfiles.clear();
		return {
			batch: sent.items[0].json.batch as string,
			ids: sent.items.map((item) => item.json.messageId as string),
			at,
		};
	}

	it('JSON: a new template, a number added and one removed; the template, sender and time as loaded are sent again', async () => {
		const { batch, ids, at } = await schedule(['0241234567', '0201234567']);
		const before = t.allRequests().length;
		const { items, error } = await t.run({
			items: [{ batch }],
			parameters: update({
				template: 'payment_due',
				addNumbers: '0551234567',
				removeMessageIds: ids[1],
			}),
		});
		expect(error).toBeUndefined();
		const requests = t.allRequests().slice(before);
		expect(requests.map((r) => r.path)).toEqual([
			PROFILE_PATH,
			LOAD(batch),
			DESTINATIONS(batch),
			UPDATE(batch),
		]);
		expect(requests[3].rawBody).toBe(
			`{"template":"payment_due","sender":"DemoVoice","schedule":{"dateTime":"${listedAt(at)}","offset":"+00:00"},` +
				`"destinations":{"add":["0551234567"],"delete":[{"id":"${ids[1]}"}]}}`,
		);
		expect(requests[3].headers.accept).toBe('application/vnd.zenoph.zbm.gzbin+json');
		expect(
			items.map((item) => [
				item.json.to,
				item.json.verdict,
				item.json.category,
				item.json.template,
				item.pairedItem,
			]),
		).toEqual([
			['233241234567', 'scheduled', 'voice', 'payment_due', { item: 0 }],
			['233201234567', 'cancelled', 'voice', 'payment_due', { item: 0 }],
			['233551234567', 'scheduled', 'voice', 'payment_due', { item: 0 }],
		]);
		expect(items[1].json).toMatchObject({
			batch,
			messageId: ids[1],
			status: { id: 2103, label: expect.any(String) },
		});
		const held = t.sim.batch(batch);
		expect([held?.template, held?.sender, held?.destinations.map((d) => d.to)]).toEqual([
			'payment_due',
			'DemoVoice',
			['233241234567', '233551234567'],
		]);
	});

	it('XML: the voice properties in the SDK’s order, then <destinations>; only what changes besides the loaded rest', async () => {
		const { batch } = await schedule(['0241234567']);
		const later = tomorrow(2);
		const before = t.requests().length;
		const { items, error } = await t.run({
			items: [{ batch }],
			parameters: update({ scheduleAt: later, scheduleOffset: '+00:00' }, { dataFormat: 'xml' }),
		});
		expect(error).toBeUndefined();
		const requests = t.requests().slice(before);
		expect(requests.map((r) => r.path)).toEqual([LOAD(batch), UPDATE(batch)]);
		expect(requests[1].headers['content-type']).toBe('application/xml');
		expect(requests[1].rawBody).toBe(
			'<request><template>appointment_reminder</template><sender>DemoVoice</sender>' +
				`<schedule><dateTime>${later.slice(0, 10)} ${later.slice(11, 16)}</dateTime><offset>+00:00</offset></schedule></request>`,
		);
		expect(
			items.map((item) => [
				item.json.to,
				item.json.verdict,
				item.json.category,
				item.json.template,
			]),
		).toEqual([['233241234567', 'scheduled', 'voice', 'appointment_reminder']]);
	});

	it('a voice message sent without a sender is updated without one, and its sender is not checked', async () => {
		const { batch, at } = await schedule(['0241234567'], { sender: '' });
		const before = t.requests().length;
		const { error } = await t.run({
			items: [{ batch }],
			parameters: update({ addNumbers: '0201234567' }, { dataFormat: 'xml' }),
		});
		expect(error).toBeUndefined();
		const requests = t.requests().slice(before);
		expect(requests.map((r) => r.path)).toEqual([LOAD(batch), UPDATE(batch)]);
		expect(requests[1].rawBody).toBe(
			'<request><template>appointment_reminder</template>' +
				`<schedule><dateTime>${listedAt(at)}</dateTime><offset>+00:00</offset></schedule>` +
				'<destinations><add><to>0201234567</to></add></destinations></request>',
		);
	});

	it('a new sender that is an SMS sender, not a voice one: an error naming Sender, nothing changed', async () => {
		const { batch } = await schedule(['0241234567']);
		const before = t.allRequests().length;
		const { items, error } = await t.run({
			items: [{ batch }],
			parameters: update({ sender: 'SMSDemo' }),
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			'Sender "SMSDemo" is not a voice sender of your account for Ghana (GH) (number 233241234567): use one of the account\'s voice senders, or leave Sender empty',
		);
		expect(error?.description).toContain('Nothing was changed.');
		expect(error?.description).toContain('Voice senders registered on the account: DemoVoice.');
		expect(
			t
				.allRequests()
				.slice(before)
				.map((r) => r.path),
		).toEqual([PROFILE_PATH, LOAD(batch), DESTINATIONS(batch)]);
		expect(t.sim.batch(batch)?.sender).toBe('DemoVoice');
	});

	it('a voice sender picked from the list passes the check; with Check Sender off nothing is checked', async () => {
		const { batch } = await schedule(['0241234567'], { sender: '' });
		const picked = await t.run({
			items: [{ batch }],
			parameters: update({ sender: { __rl: true, mode: 'list', value: 'DemoVoice' } }),
		});
		expect(picked.error).toBeUndefined();
		expect(t.sim.batch(batch)?.sender).toBe('DemoVoice');
		const before = t.allRequests().length;
		const unchecked = await t.run({
			items: [{ batch }],
			parameters: update({ sender: 'SMSDemo' }, { checkSender: false }),
		});
		expect(unchecked.error).toBeUndefined();
		expect(
			t
				.allRequests()
				.slice(before)
				.map((r) => r.path),
		).toEqual([LOAD(batch), UPDATE(batch)]);
		expect(unchecked.items.map((item) => item.json.status)).toEqual([
			{ id: 2128, label: expect.any(String) },
		]);
	});

	it('a template the account does not store: the service’s 1505 as the error', async () => {
		const { batch } = await schedule(['0241234567']);
		const { error } = await t.run({
			items: [{ batch }],
			parameters: update({ template: 'no_such_template' }),
		});
		expect(error?.description).toContain('(handshake 1505');
		expect(t.sim.batch(batch)?.template).toBe('appointment_reminder');
	});

	it('each Update keeps to its own category: a voice batch under Scheduled SMS, an SMS batch under Scheduled Voice', async () => {
		const { batch: voiceBatch } = await schedule(['0241234567']);
		const sms = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({ options: { scheduleAt: tomorrow(), scheduleOffset: '+00:00' } }),
		});
		const smsBatch = sms.items[0].json.batch as string;
		const before = t.requests().length;
		const asSms = await t.run({
			items: [{ batch: voiceBatch }],
			parameters: { resource: 'scheduledSms', operation: 'update', updateFields: { text: 'Hi' } },
		});
		expect(asSms.error?.message).toBe(
			`Batch ID ${voiceBatch} is a scheduled voice message, not an SMS: change it with Scheduled Voice → Update`,
		);
		const asVoice = await t.run({
			items: [{ batch: smsBatch }],
			parameters: update({ template: 'payment_due' }),
		});
		expect(asVoice.error?.message).toBe(
			`Batch ID ${smsBatch} is a scheduled SMS, not a voice message: change it with Scheduled SMS → Update`,
		);
		expect(
			t
				.requests()
				.slice(before)
				.map((r) => r.path),
		).toEqual([LOAD(voiceBatch), LOAD(smsBatch)]);
	});

	describe('Maximum Destinations: the numbers the run would add', () => {
		const OVER =
			'This run would add 4 numbers to waiting voice messages, over the limit of 3 set by Maximum Destinations: nothing was changed. Add fewer numbers (split the run), or raise Maximum Destinations (0 = no limit)';
		const batches = [{ batch: 'a'.repeat(32) }, { batch: 'b'.repeat(32) }];

		it('a run over it is refused whole before any request, the home country’s profile read included, numbers counted as given', async () => {
			// Two items adding two numbers each, one of them repeated: 4 numbers.
			const { items, error } = await t.run({
				items: batches,
				parameters: update({ addNumbers: '0551234567, 0551234567' }, { maximumDestinations: 3 }),
			});
			expect(items).toEqual([]);
			expect(error?.message).toBe(OVER);
			expect(error?.description).toContain('No message of this run was changed.');
			expect(t.requests()).toEqual([]);
			expect(t.allRequests().map((r) => r.path)).toEqual([]);
		});

		it('with Continue On Fail: one error item per item, each with its batch; still nothing loaded', async () => {
			const { items, error } = await t.run({
				items: batches,
				parameters: update({ addNumbers: '0551234567, 0501234567' }, { maximumDestinations: 3 }),
				settings: { continueOnFail: true },
			});
			expect(error).toBeUndefined();
			expect(items.map((item) => [item.json.batch, item.json.error, item.pairedItem])).toEqual([
				['a'.repeat(32), OVER, { item: 0 }],
				['b'.repeat(32), OVER, { item: 1 }],
			]);
			expect(t.allRequests().map((r) => r.path)).toEqual([]);
		});

		it('a run within it goes through: as many numbers as the limit are added', async () => {
			const { batch } = await schedule(['0241234567']);
			const { items, error } = await t.run({
				items: [{ batch }],
				parameters: update({ addNumbers: '0551234567, 0501234567' }, { maximumDestinations: 2 }),
			});
			expect(error).toBeUndefined();
			expect(items.map((item) => [item.json.to, item.json.verdict])).toEqual([
				['233241234567', 'scheduled'],
				['233551234567', 'scheduled'],
				['233501234567', 'scheduled'],
			]);
			expect(t.sim.batch(batch)?.destinations.map((d) => d.to)).toEqual([
				'233241234567',
				'233551234567',
				'233501234567',
			]);
		});

		it('0 means no limit, and is the default', async () => {
			const { batch } = await schedule(['0241234567']);
			const zero = await t.run({
				items: [{ batch }],
				parameters: update({ addNumbers: '0551234567, 0501234567' }, { maximumDestinations: 0 }),
			});
			expect(zero.error).toBeUndefined();
			const unset = await t.run({
				items: [{ batch }],
				parameters: update({ addNumbers: '0201234567' }),
			});
			expect(unset.error).toBeUndefined();
			expect(t.sim.batch(batch)?.destinations).toHaveLength(4);
		});
	});

	it('nothing to change is an error for its item; nothing is asked', async () => {
		const { error } = await t.run({ items: [{ batch: 'a'.repeat(32) }], parameters: update({}) });
		expect(error?.message).toBe('Update Fields change nothing: add at least one field to change');
		expect(t.requests()).toEqual([]);
	});
});
