import type { IDataObject } from 'n8n-workflow';

import { keptProfiles } from '../../nodes/SmsOnlineGh/account/kept';
import { PROFILE_PATH } from '../../nodes/shared/transport/endpoints/profile';
import { SEND_PATH } from '../../nodes/shared/transport/endpoints/send';
import { hintsOf, personalisedParameters, sendParameters, useSimulator } from './fixtures';

/** The hints the SMS node's run left for the output pane. */
const TWO = [{ phone: '0241234567' }, { phone: '0201234567' }];

describe('Sender check before sending, against the account’s profile', () => {
	const t = useSimulator();

	it('a typed sender the profile does not register for Ghana: a clear error naming the item and Sender, nothing sent', async () => {
		const { items, error } = await t.run({
			items: TWO,
			parameters: sendParameters({ sender: 'Unknown' }),
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			'Sender "Unknown" is not registered on your account for Ghana (GH) (number 0241234567): pick a sender registered there from the list',
		);
		expect(error?.description).toContain('status 2128');
		expect(error?.description).toContain('Senders registered on the account: SMSDemo, Alerts.');
		expect(t.allRequests().map((r) => r.path)).toEqual([PROFILE_PATH]);
		expect(t.sim.submissionCounts()).toEqual({});
	});

	it('with Continue On Fail: the bad item is an error item paired with it, the others go, one profile request for the run', async () => {
		const result = await t.run({
			items: [
				{ phone: '0241234567', from: 'SMSDemo' },
				{ phone: '0201234567', from: 'Nobody' },
				{ phone: '0551234567', from: 'Alerts' },
			],
			parameters: sendParameters({ sender: '={{ $json.from }}', options: { batchSize: 1 } }),
			settings: { continueOnFail: true },
		});
		expect(result.error).toBeUndefined();
		expect(
			result.items.map((i) => [i.json.verdict ?? null, i.json.error ?? null, i.pairedItem]),
		).toEqual([
			[
				'notSent',
				'Sender "Nobody" is not registered on your account for Ghana (GH) (number 0201234567): pick a sender registered there from the list',
				{ item: 1 },
			],
			['accepted', null, { item: 0 }],
			['accepted', null, { item: 2 }],
		]);
		expect(t.allRequests().map((r) => r.path)).toEqual([PROFILE_PATH, SEND_PATH, SEND_PATH]);
		expect(t.sim.submissionCounts()).toEqual({ '233241234567': 1, '233551234567': 1 });
	});

	it('an all-digit sender, which Ghana’s route does not allow: refused before sending (status 2127 named)', async () => {
		const { error } = await t.run({
			items: TWO.slice(0, 1),
			parameters: sendParameters({ sender: '233241234567' }),
		});
		expect(error?.message).toBe(
			'Sender "233241234567" is all digits, which the service does not allow for Ghana (GH) (number 0241234567): use a sender name with letters',
		);
		expect(error?.description).toContain('status 2127');
		expect(t.requests()).toEqual([]);
	});

	it('the profile’s case rule: a case-sensitive sender typed in another case is refused', async () => {
		const { error } = await t.run({
			items: TWO.slice(0, 1),
			parameters: sendParameters({ sender: { __rl: true, mode: 'name', value: 'smsdemo' } }),
		});
		expect(error?.message).toMatch(/^Sender "smsdemo" is not registered/);
		expect(t.requests()).toEqual([]);
	});

	it('a sender picked from the list, and one typed by name that is registered: sent, no hint', async () => {
		for (const sender of [
			{ __rl: true, mode: 'list', value: 'Alerts' },
			{ __rl: true, mode: 'name', value: 'SMSDemo' },
		]) {
			t.sim.reset();
			keptProfiles.clear();
			const result = await t.run({ items: TWO, parameters: sendParameters({ sender }) });
			expect(result.error).toBeUndefined();
			expect(result.items.map((i) => i.json.verdict)).toEqual(['accepted', 'accepted']);
			expect(result.items.map((i) => 'senderUnchecked' in i.json)).toEqual([false, false]);
			expect(t.allRequests().map((r) => r.path)).toEqual([PROFILE_PATH, SEND_PATH]);
			expect(hintsOf(result)).toEqual([]);
		}
	});

	it('a number no route of the profile covers is not held against the sender; a typed unlisted sender gets a hint', async () => {
		const result = await t.run({
			items: [{ phone: '+44 7911 123456' }],
			parameters: sendParameters({ sender: 'Unknown' }),
		});
		expect(result.error).toBeUndefined();
		expect(t.requests().map((r) => r.path)).toEqual([SEND_PATH]);
		expect(result.items[0].json.status).toEqual(
			expect.objectContaining({ id: expect.any(Number) }),
		);
		// Unattended runs and agents read items, not hints: the decision to send it anyway is on the item.
		expect(result.items[0].json.senderUnchecked).toBe(
			'"Unknown" is not one of the senders registered on the account: the service may reject it (status 2128)',
		);
		expect(hintsOf(result)).toEqual([
			'Sender "Unknown" is not one of the senders registered on the account. The service may reject its messages (status 2128): check the output’s verdicts, or pick the sender from the list.',
		]);
	});

	it('Check Sender off: the service decides; the profile is read only for the home country of local numbers', async () => {
		const { items } = await t.run({
			items: TWO,
			parameters: sendParameters({ sender: 'Unknown', options: { checkSender: false } }),
		});
		expect(t.allRequests().map((r) => r.path)).toEqual([PROFILE_PATH, SEND_PATH]);
		expect(items.map((i) => i.json.verdict)).toEqual(['rejected', 'rejected']);
	});

	it('Check Sender off, with a Default Country Code or numbers in international form: no profile request', async () => {
		await t.run({
			items: TWO,
			parameters: sendParameters({
				sender: 'Unknown',
				options: { checkSender: false, countryCode: '233' },
			}),
		});
		await t.run({
			items: [{ phone: '+233241234567' }],
			parameters: sendParameters({ sender: 'Unknown', options: { checkSender: false } }),
		});
		expect(t.allRequests().map((r) => r.path)).toEqual([SEND_PATH, SEND_PATH]);
	});

	it('a profile that cannot be read does not stop the send of numbers with their country code: it goes out unchecked, with a hint', async () => {
		t.sim.addFault({ path: PROFILE_PATH, kind: 'handshake', handshakeId: 1403 });
		const result = await t.run({
			items: [{ phone: '+233241234567' }, { phone: '+233201234567' }],
			parameters: sendParameters(),
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.verdict)).toEqual(['accepted', 'accepted']);
		expect(result.items.map((i) => i.json.senderUnchecked)).toEqual([
			expect.stringMatching(
				/^the account’s profile could not be read \(.+\), so the sender was not checked$/,
			),
			expect.stringMatching(
				/^the account’s profile could not be read \(.+\), so the sender was not checked$/,
			),
		]);
		expect(t.allRequests().map((r) => r.path)).toEqual([PROFILE_PATH, SEND_PATH]);
		expect(hintsOf(result)).toEqual([
			expect.stringMatching(
				/^The sender was not checked against the account’s profile \(.+\); the messages went out unchecked\.$/,
			),
		]);
	});

	it('the profile refused for the credential (1203): nothing is sent, the error names the credential fix', async () => {
		t.sim.addFault({ path: PROFILE_PATH, kind: 'handshake', handshakeId: 1203 });
		const { items, error } = await t.run({ items: TWO, parameters: sendParameters() });
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			'The service refused the API key or login: check them in the SMSOnlineGH credential',
		);
		expect(error?.description).toBe(
			"Check the API key (or login and password) in the SMSOnlineGH credential. (handshake 1203 HSHK_ERR_UA_AUTH) Nothing was sent. The account's profile, read to check the sender, was refused, and every request of this run would be refused the same way.",
		);
		expect(t.allRequests().map((r) => r.path)).toEqual([PROFILE_PATH]);
		expect(t.sim.submissionCounts()).toEqual({});
	});

	it('API access disabled (1204), with Continue On Fail: an error item per input item, nothing sent', async () => {
		t.sim.addFault({ path: PROFILE_PATH, kind: 'handshake', handshakeId: 1204 });
		const result = await t.run({
			items: TWO.map((item, k) => ({ ...item, first_name: `N${k}`, amount: k })),
			parameters: personalisedParameters(),
			settings: { continueOnFail: true },
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => [i.json.error, i.pairedItem])).toEqual([
			[
				'API access is disabled for this account: enable it in the SMSOnlineGH account settings',
				{ item: 0 },
			],
			[
				'API access is disabled for this account: enable it in the SMSOnlineGH account settings',
				{ item: 1 },
			],
		]);
		expect(t.allRequests().map((r) => r.path)).toEqual([PROFILE_PATH]);
		expect(t.sim.submissionCounts()).toEqual({});
	});

	it('Dry Run checks the sender too (the profile is only read)', async () => {
		const { error } = await t.run({
			items: TWO,
			parameters: sendParameters({ sender: 'Unknown', options: { dryRun: true } }),
		});
		expect(error?.message).toMatch(
			/^Sender "Unknown" is not registered on your account for Ghana \(GH\)/,
		);
		expect(t.allRequests().map((r) => r.path)).toEqual([PROFILE_PATH]);
	});

	it('in XML too: the profile is read in XML and the check holds', async () => {
		const { error } = await t.run({
			items: TWO,
			parameters: sendParameters({ sender: 'Unknown', options: { dataFormat: 'xml' } }),
		});
		expect(error?.message).toMatch(/^Sender "Unknown" is not registered/);
		const [profile] = t.allRequests();
		expect(profile.path).toBe(PROFILE_PATH);
		expect(profile.headers.accept).toBe('application/xml');
	});

	it('Send Personalised: the item with a wrong sender is an error, the other goes', async () => {
		const result = await t.run({
			items: [
				{ phone: '0241234567', first_name: 'Ama', amount: 5, from: 'Wrong' },
				{ phone: '0201234567', first_name: 'Kofi', amount: 7, from: 'SMSDemo' },
			],
			parameters: personalisedParameters({ sender: '={{ $json.from }}' }),
			settings: { continueOnFail: true },
		});
		expect(
			result.items.map((i) => [
				(i.json as IDataObject).verdict,
				i.json.to,
				i.json.error ?? null,
				i.pairedItem,
			]),
		).toEqual([
			[
				'notSent',
				'0241234567',
				'Sender "Wrong" is not registered on your account for Ghana (GH) (number 0241234567): pick a sender registered there from the list',
				{ item: 0 },
			],
			['accepted', '233201234567', null, { item: 1 }],
		]);
		expect(t.sim.submissionCounts()).toEqual({ '233201234567': 1 });
	});

	it('Send Personalised with a profile that cannot be read: each item says its sender went unchecked', async () => {
		t.sim.addFault({ path: PROFILE_PATH, kind: 'handshake', handshakeId: 1403 });
		const items = [{ phone: '+233241234567', first_name: 'Ama', amount: 5 }];
		const result = await t.run({ items, parameters: personalisedParameters() });
		expect(result.items.map((i) => [i.json.verdict, i.json.senderUnchecked])).toEqual([
			[
				'accepted',
				expect.stringMatching(
					/^the account’s profile could not be read \(.+\), so the sender was not checked$/,
				),
			],
		]);
	});
});
