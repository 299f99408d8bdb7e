/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The account's profile kept in the process between runs (account/profileCache.ts), seen from
 * workflows: the simulator's journal counts the profile requests (`POST /v5/auth`).
 */

import * as kept from '../../nodes/SmsOnlineGh/account/kept';
import { PROFILE_TTL_MS } from '../../nodes/SmsOnlineGh/account/profileCache';
import { BALANCE_PATH } from '../../nodes/shared/transport/endpoints/balance';
import { PROFILE_PATH } from '../../nodes/shared/transport/endpoints/profile';
import { SEND_PATH } from '../../nodes/shared/transport/endpoints/send';
import { DEMO_ACCOUNT } from '../../simulator';
import { hintsOf, sendParameters, useSimulator } from './fixtures';

const OTHER = {
	id: 'other',
	apiKey: 'other-api-key-0123456789abcdef',
	senders: ['OtherCo'],
	balance: 100,
};

const ONE = [{ phone: '0241234567' }];
const notRegistered = (sender: string) =>
	`Sender "${sender}" is not registered on your account for Ghana (GH) (number 0241234567): pick a sender registered there from the list`;

describe('The account’s profile, kept in the process for the sender check', () => {
	const t = useSimulator([{ ...DEMO_ACCOUNT, senders: [...DEMO_ACCOUNT.senders] }, OTHER]);
	const paths = () => t.allRequests().map((r) => r.path);
	let clock = 1_000_000;
	beforeEach(() => {
		clock = 1_000_000;
		// The ages of the kept profiles are read on this clock (kept.ts's now), the rest of the run on the real one.
		jest.spyOn(kept, 'now').mockImplementation(() => clock);
	});
	afterAll(() => jest.restoreAllMocks());

	it('two runs of Send with the same credential: one profile request in all, then one request (the send) per run', async () => {
		for (let run = 0; run < 2; run++) {
			const result = await t.run({ items: ONE, parameters: sendParameters() });
			expect(result.items.map((i) => i.json.verdict)).toEqual(['accepted']);
		}
		expect(paths()).toEqual([PROFILE_PATH, SEND_PATH, SEND_PATH]);
		expect(t.sim.submissionCounts()).toEqual({ '233241234567': 2 });
	});

	it('a sender registered between two runs is accepted on the second after one re-read of the profile', async () => {
		await t.run({ items: ONE, parameters: sendParameters() });
		t.sim.setSenders('demo', ['SMSDemo', 'Alerts', 'Fresh']);
		const result = await t.run({ items: ONE, parameters: sendParameters({ sender: 'Fresh' }) });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.verdict)).toEqual(['accepted']);
		expect(hintsOf(result)).toEqual([]);
		expect(paths()).toEqual([PROFILE_PATH, SEND_PATH, PROFILE_PATH, SEND_PATH]);
		// The re-read is kept: a third run with the new sender makes the send only.
		await t.run({ items: ONE, parameters: sendParameters({ sender: 'Fresh' }) });
		expect(paths()).toEqual([PROFILE_PATH, SEND_PATH, PROFILE_PATH, SEND_PATH, SEND_PATH]);
	});

	it('a wrong sender is still refused after the one re-read, with the same error, and nothing is sent', async () => {
		await t.run({ items: ONE, parameters: sendParameters() });
		const { items, error } = await t.run({
			items: [...ONE, { phone: '0201234567' }],
			parameters: sendParameters({
				sender: '={{ $json.phone === "0241234567" ? "Unknown" : "Nope" }}',
			}),
			settings: { continueOnFail: true },
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.error)).toEqual([
			notRegistered('Unknown'),
			'Sender "Nope" is not registered on your account for Ghana (GH) (number 0201234567): pick a sender registered there from the list',
		]);
		// One re-read for the run, not one per refused item.
		expect(paths()).toEqual([PROFILE_PATH, SEND_PATH, PROFILE_PATH]);
		expect(t.sim.submissionCounts()).toEqual({ '233241234567': 1 });
	});

	it('a sender removed from the account passes on the kept profile until it expires; the service then decides (2128, no credit)', async () => {
		await t.run({ items: ONE, parameters: sendParameters({ sender: 'Alerts' }) });
		t.sim.setSenders('demo', ['SMSDemo']);
		const result = await t.run({ items: ONE, parameters: sendParameters({ sender: 'Alerts' }) });
		expect(result.items.map((i) => [i.json.verdict, (i.json.status as { id: number }).id])).toEqual(
			[['rejected', 2128]],
		);
		expect(paths()).toEqual([PROFILE_PATH, SEND_PATH, SEND_PATH]);
	});

	it('two credentials each read their own profile and never see the other’s senders', async () => {
		const other = t.apiKey({ apiKey: OTHER.apiKey });
		expect((await t.run({ items: ONE, parameters: sendParameters() })).items[0].json.verdict).toBe(
			'accepted',
		);
		expect(
			(
				await t.run({
					items: ONE,
					parameters: sendParameters({ sender: 'OtherCo' }),
					credentials: other,
				})
			).items[0].json.verdict,
		).toBe('accepted');
		const wrong = await t.run({ items: ONE, parameters: sendParameters(), credentials: other });
		expect(wrong.error?.message).toBe(notRegistered('SMSDemo'));
		expect(t.allRequests().map((r) => [r.path, r.accountId])).toEqual([
			[PROFILE_PATH, 'demo'],
			[SEND_PATH, 'demo'],
			[PROFILE_PATH, 'other'],
			[SEND_PATH, 'other'],
			[PROFILE_PATH, 'other'], // the re-read before refusing SMSDemo
		]);
		// Portal Pass to the same account is another credential: its own read.
		await t.run({ items: ONE, parameters: sendParameters(), credentials: t.portalPass() });
		expect(paths().slice(5)).toEqual([PROFILE_PATH, SEND_PATH]);
	});

	it('an edited credential (another Base URL form of the same service) is a new key only when the service root differs', async () => {
		await t.run({ items: ONE, parameters: sendParameters() });
		// A trailing slash or /v5 is forgiven: the same service root, the same key.
		await t.run({
			items: ONE,
			parameters: sendParameters(),
			credentials: t.apiKey({ baseUrl: `${t.baseUrl}/v5/` }),
		});
		expect(paths()).toEqual([PROFILE_PATH, SEND_PATH, SEND_PATH]);
		await t.run({
			items: ONE,
			parameters: sendParameters(),
			credentials: t.apiKey({ baseUrl: t.baseUrl.replace('127.0.0.1', 'localhost') }),
		});
		expect(paths()).toEqual([PROFILE_PATH, SEND_PATH, SEND_PATH, PROFILE_PATH, SEND_PATH]);
	});

	it('the profile is read again once its ten minutes are over, not before', async () => {
		expect(PROFILE_TTL_MS).toBe(10 * 60 * 1000);
		await t.run({ items: ONE, parameters: sendParameters() });
		clock += PROFILE_TTL_MS - 1;
		await t.run({ items: ONE, parameters: sendParameters() });
		expect(paths()).toEqual([PROFILE_PATH, SEND_PATH, SEND_PATH]);
		clock += 1;
		await t.run({ items: ONE, parameters: sendParameters() });
		expect(paths()).toEqual([PROFILE_PATH, SEND_PATH, SEND_PATH, PROFILE_PATH, SEND_PATH]);
	});

	it('a failed profile read is not kept: the next run reads again (and the failed one went out unchecked, with its hint)', async () => {
		t.sim.addFault({ path: PROFILE_PATH, kind: 'handshake', handshakeId: 1403, nth: 1 });
		const first = await t.run({
			items: [{ phone: '+233241234567' }],
			parameters: sendParameters(),
		});
		expect(first.items.map((i) => i.json.verdict)).toEqual(['accepted']);
		// The sender check's hint (this number needs no home country).
		expect(hintsOf(first)).toHaveLength(1);
		const second = await t.run({ items: ONE, parameters: sendParameters() });
		expect(hintsOf(second)).toEqual([]);
		await t.run({ items: ONE, parameters: sendParameters() });
		expect(paths()).toEqual([PROFILE_PATH, SEND_PATH, PROFILE_PATH, SEND_PATH, SEND_PATH]);
	});

	it('a refused credential on the re-read stops the run, and what was kept for it is dropped', async () => {
		await t.run({ items: ONE, parameters: sendParameters() });
		t.sim.addFault({ path: PROFILE_PATH, kind: 'handshake', handshakeId: 1204 });
		const { error } = await t.run({
			items: ONE,
			parameters: sendParameters({ sender: 'Unknown' }),
		});
		expect(error?.message).toBe(
			'API access is disabled for this account: enable it in the SMSOnlineGH account settings',
		);
		expect(kept.keptProfiles.size).toBe(0);
		expect(paths()).toEqual([PROFILE_PATH, SEND_PATH, PROFILE_PATH]);
		expect(t.sim.submissionCounts()).toEqual({ '233241234567': 1 });
	});

	it('Dry Run uses the kept profile too: once it is kept, only the balance is read (for the cost)', async () => {
		await t.run({ items: ONE, parameters: sendParameters() });
		const dry = await t.run({
			items: ONE,
			parameters: sendParameters({ options: { dryRun: true } }),
		});
		expect(dry.error).toBeUndefined();
		expect(paths()).toEqual([PROFILE_PATH, SEND_PATH, BALANCE_PATH]);
	});

	it('Get Profile always asks the service, and what it reads is kept for the next send', async () => {
		await t.run({ items: ONE, parameters: sendParameters() });
		t.sim.setSenders('demo', ['SMSDemo', 'Alerts', 'Fresh']);
		const profile = await t.run({
			items: [{}],
			parameters: { resource: 'account', operation: 'getProfile' },
		});
		expect((profile.items[0].json.senders as Array<{ name: string }>).map((s) => s.name)).toEqual([
			'SMSDemo',
			'Alerts',
			'Fresh',
		]);
		await t.run({ items: ONE, parameters: sendParameters({ sender: 'Fresh' }) });
		// No re-read before the send: the profile Get Profile read was kept.
		expect(paths()).toEqual([PROFILE_PATH, SEND_PATH, PROFILE_PATH, SEND_PATH]);
	});

	it('runs that start together on a cold cache share one profile request', async () => {
		const results = await Promise.all(
			[0, 1, 2].map(() => t.run({ items: ONE, parameters: sendParameters() })),
		);
		expect(results.map((r) => r.items[0].json.verdict)).toEqual([
			'accepted',
			'accepted',
			'accepted',
		]);
		expect(paths().filter((path) => path === PROFILE_PATH)).toHaveLength(1);
		expect(paths().filter((path) => path === SEND_PATH)).toHaveLength(3);
	});

	it('a typed sender no route covers gets its hint only after the kept profile was read again', async () => {
		await t.run({ items: ONE, parameters: sendParameters() });
		t.sim.setSenders('demo', ['SMSDemo', 'Alerts', 'Abroad']);
		const result = await t.run({
			items: [{ phone: '+44 7911 123456' }],
			parameters: sendParameters({ sender: 'Abroad' }),
		});
		expect(hintsOf(result)).toEqual([]);
		expect(paths()).toEqual([PROFILE_PATH, SEND_PATH, PROFILE_PATH, SEND_PATH]);
	});
});
