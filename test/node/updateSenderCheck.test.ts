import { keptProfiles } from '../../nodes/SmsOnlineGh/account/kept';
import { PROFILE_PATH } from '../../nodes/shared/transport/endpoints/profile';
import { hintsOf, scheduledUpdateParameters, sendParameters, useSimulator } from './fixtures';

/** A wall-clock time a day ahead, at the minute, as n8n's date-time field gives it. */
function tomorrow(): string {
	return `${new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 16)}:00`;
}

/** The hints the SMS node's run left for the output pane. */
const LOAD = (batch: string) => `/v5/message/scheduled/load/${batch}`;
const DESTINATIONS = (batch: string) => `/v5/message/scheduled/destinations/load/${batch}`;
const UPDATE = (batch: string) => `/v5/message/scheduled/update/${batch}`;

const notRegistered = (sender: string, number: string) =>
	`Sender "${sender}" is not registered on your account for Ghana (GH) (number ${number}): pick a sender registered there from the list`;

describe('Scheduled SMS → Update: the sender check, against the account’s profile', () => {
	const t = useSimulator();
	const update = scheduledUpdateParameters;

	/** Schedules one message to the phones; returns its batch and message ids, and where the journal stood. */
	async function schedule(phones: string[]) {
		const sent = await t.run({
			items: phones.map((phone) => ({ phone })),
			parameters: sendParameters({
				message: 'See you tomorrow.',
				options: { scheduleAt: tomorrow(), scheduleOffset: '+00:00' },
			}),
		});
		expect(sent.items.map((item) => item.json.verdict)).toEqual(phones.map(() => 'scheduled'));
		// The send kept the profile in the process; each update below is tested as the first run
		// after n8n starts, which reads it (the kept profile's own tests are in profileCache.test.ts).
		keptProfiles.clear();
		return {
			batch: sent.items[0].json.batch as string,
			ids: sent.items.map((item) => item.json.messageId as string),
		};
	}

	/** The paths of the requests made since `before` requests, the profile's included. */
	const pathsSince = (before: number) =>
		t
			.allRequests()
			.slice(before)
			.map((r) => r.path);

	/** What the service holds for the batch now: its sender and text, and each number's status. */
	async function held(batch: string) {
		const got = await t.run({
			items: [{ batch }],
			parameters: { resource: 'scheduledSms', operation: 'get' },
		});
		expect(got.error).toBeUndefined();
		return {
			sender: got.items[0].json.sender,
			text: got.items[0].json.text,
			numbers: got.items.map((item) => [item.json.to, (item.json.status as { id: number }).id]),
		};
	}

	it('a new sender not registered for Ghana: a clear error naming the item and Sender, nothing changed at the service', async () => {
		const { batch } = await schedule(['0241234567', '0201234567']);
		const before = t.allRequests().length;
		const { items, error } = await t.run({
			items: [{ batch }],
			parameters: update({ sender: 'Unknown', text: 'Changed.' }),
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe(notRegistered('Unknown', '233241234567'));
		expect(error?.description).toContain(
			'status 2128, sender not registered). Nothing was changed. Pick a sender from the list',
		);
		expect(error?.description).toContain('Senders registered on the account: SMSDemo, Alerts.');
		expect(pathsSince(before)).toEqual([PROFILE_PATH, LOAD(batch), DESTINATIONS(batch)]);
		expect(await held(batch)).toEqual({
			sender: 'SMSDemo',
			text: 'See you tomorrow.',
			numbers: [
				['233241234567', 2104],
				['233201234567', 2104],
			],
		});
	});

	it('an all-digit sender, which Ghana’s route does not allow: refused (status 2127 named)', async () => {
		const { batch } = await schedule(['0241234567']);
		const { error } = await t.run({
			items: [{ batch }],
			parameters: update({ sender: '233241234567' }),
		});
		expect(error?.message).toBe(
			'Sender "233241234567" is all digits, which the service does not allow for Ghana (GH) (number 233241234567): use a sender name with letters',
		);
		expect(error?.description).toContain('(status 2127, numeric sender). Nothing was changed.');
		expect(t.requests().some((r) => r.path === UPDATE(batch))).toBe(false);
	});

	it('checks the numbers the message goes to after the change: removed ones left out, added ones counted', async () => {
		const { batch, ids } = await schedule(['0241234567', '0201234567']);
		const removeFirst = await t.run({
			items: [{ batch }],
			parameters: update({ sender: 'Unknown', removeMessageIds: ids[0] }),
		});
		expect(removeFirst.error?.message).toBe(notRegistered('Unknown', '233201234567'));
		const replaceAll = await t.run({
			items: [{ batch }],
			parameters: update({
				sender: 'Unknown',
				removeMessageIds: ids.join(','),
				addNumbers: '0551234567',
			}),
		});
		expect(replaceAll.error?.message).toBe(notRegistered('Unknown', '0551234567'));
		expect(t.requests().some((r) => r.path === UPDATE(batch))).toBe(false);
	});

	it('with Continue On Fail: the refused item is an error item paired with it, the other is updated; one profile request', async () => {
		const first = await schedule(['0241234567']);
		const second = await schedule(['0201234567']);
		const before = t.allRequests().length;
		const result = await t.run({
			items: [
				{ batch: first.batch, from: 'Nobody' },
				{ batch: second.batch, from: 'Alerts' },
			],
			parameters: update({ sender: '={{ $json.from }}' }),
			settings: { continueOnFail: true },
		});
		expect(result.error).toBeUndefined();
		expect(
			result.items.map((i) => [
				i.json.batch,
				i.json.to ?? null,
				i.json.verdict ?? null,
				i.json.error ?? null,
				i.pairedItem,
			]),
		).toEqual([
			[first.batch, null, 'notSent', notRegistered('Nobody', '233241234567'), { item: 0 }],
			[second.batch, '233201234567', 'scheduled', null, { item: 1 }],
		]);
		expect(pathsSince(before)).toEqual([
			PROFILE_PATH,
			LOAD(first.batch),
			DESTINATIONS(first.batch),
			LOAD(second.batch),
			DESTINATIONS(second.batch),
			UPDATE(second.batch),
		]);
		expect(JSON.parse(t.allRequests().at(-1)?.rawBody ?? '{}')).toMatchObject({
			sender: 'Alerts',
			text: 'See you tomorrow.',
		});
		expect((await held(first.batch)).sender).toBe('SMSDemo');
		expect((await held(second.batch)).sender).toBe('Alerts');
	});

	it('without Continue On Fail, a refused item stops the run before the later items change', async () => {
		const first = await schedule(['0241234567']);
		const second = await schedule(['0201234567']);
		const before = t.allRequests().length;
		const { error } = await t.run({
			items: [
				{ batch: first.batch, from: 'Nobody' },
				{ batch: second.batch, from: 'Alerts' },
			],
			parameters: update({ sender: '={{ $json.from }}' }),
		});
		expect(error?.message).toBe(notRegistered('Nobody', '233241234567'));
		expect(pathsSince(before)).toEqual([
			PROFILE_PATH,
			LOAD(first.batch),
			DESTINATIONS(first.batch),
		]);
		expect((await held(second.batch)).sender).toBe('SMSDemo');
	});

	it('a sender picked from the list that is registered: updated, no hint', async () => {
		const { batch } = await schedule(['0241234567']);
		const before = t.allRequests().length;
		const result = await t.run({
			items: [{ batch }],
			parameters: update({ sender: { __rl: true, mode: 'list', value: 'Alerts' } }),
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => [i.json.to, i.json.verdict])).toEqual([
			['233241234567', 'scheduled'],
		]);
		expect(pathsSince(before)).toEqual([
			PROFILE_PATH,
			LOAD(batch),
			DESTINATIONS(batch),
			UPDATE(batch),
		]);
		expect(hintsOf(result)).toEqual([]);
	});

	it('numbers added with the sender kept: the kept sender is checked against every number, then the update goes', async () => {
		const { batch } = await schedule(['0241234567']);
		const before = t.allRequests().length;
		const result = await t.run({
			items: [{ batch }],
			parameters: update({ addNumbers: '0551234567' }),
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => [i.json.to, i.json.verdict])).toEqual([
			['233241234567', 'scheduled'],
			['233551234567', 'scheduled'],
		]);
		expect(pathsSince(before)).toEqual([
			PROFILE_PATH,
			LOAD(batch),
			DESTINATIONS(batch),
			UPDATE(batch),
		]);
	});

	it('an update that changes neither the sender nor the numbers makes no profile request', async () => {
		const { batch } = await schedule(['0241234567']);
		const before = t.allRequests().length;
		const result = await t.run({
			items: [{ batch }],
			parameters: update({
				text: 'See you on Friday.',
				scheduleAt: tomorrow(),
				scheduleOffset: '+00:00',
			}),
		});
		expect(result.error).toBeUndefined();
		expect(pathsSince(before)).toEqual([LOAD(batch), UPDATE(batch)]);
	});

	it('Check Sender off: no profile request, the service decides (every number refused, 2128)', async () => {
		const { batch } = await schedule(['0241234567']);
		const before = t.allRequests().length;
		const result = await t.run({
			items: [{ batch }],
			parameters: update({ sender: 'Unknown' }, { checkSender: false }),
		});
		expect(result.error).toBeUndefined();
		expect(pathsSince(before)).toEqual([LOAD(batch), UPDATE(batch)]);
		expect(
			result.items.map((i) => [i.json.to, i.json.verdict, (i.json.status as { id: number }).id]),
		).toEqual([['233241234567', 'rejected', 2128]]);
	});

	it('a profile that cannot be read does not stop the update: it goes out unchecked, with a hint', async () => {
		const { batch } = await schedule(['0241234567']);
		t.sim.addFault({ path: PROFILE_PATH, kind: 'handshake', handshakeId: 1403 });
		const before = t.allRequests().length;
		const result = await t.run({ items: [{ batch }], parameters: update({ sender: 'Alerts' }) });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.verdict)).toEqual(['scheduled']);
		expect(pathsSince(before)).toEqual([PROFILE_PATH, LOAD(batch), UPDATE(batch)]);
		expect(hintsOf(result)).toHaveLength(1);
		expect(hintsOf(result)[0]).toMatch(
			/^The sender was not checked against the account’s profile \(.+\); the updates went out unchecked\.$/,
		);
	});

	it('the profile refused for the credential (1203): nothing is loaded or changed, the error names the credential fix', async () => {
		const { batch } = await schedule(['0241234567']);
		t.sim.addFault({ path: PROFILE_PATH, kind: 'handshake', handshakeId: 1203 });
		const before = t.allRequests().length;
		const result = await t.run({ items: [{ batch }], parameters: update({ sender: 'Alerts' }) });
		expect(result.error?.message).toBe(
			'The service refused the API key or login: check them in the SMSOnlineGH credential',
		);
		expect(result.error?.description).toContain('Nothing was changed.');
		expect(pathsSince(before)).toEqual([PROFILE_PATH]);
	});

	it('in XML too: the profile is read in XML and the check holds', async () => {
		const { batch } = await schedule(['0241234567']);
		const before = t.allRequests().length;
		const { error } = await t.run({
			items: [{ batch }],
			parameters: update({ sender: 'Unknown' }, { dataFormat: 'xml' }),
		});
		expect(error?.message).toBe(notRegistered('Unknown', '233241234567'));
		const [profile] = t.allRequests().slice(before);
		expect(profile.path).toBe(PROFILE_PATH);
		expect(profile.headers.accept).toBe('application/xml');
		expect(pathsSince(before)).toEqual([PROFILE_PATH, LOAD(batch), DESTINATIONS(batch)]);
	});
});
