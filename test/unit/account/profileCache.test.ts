/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The profile cache's key and bounds (account/profileCache.ts); its behaviour across workflow
 * runs is in test/node/profileCache.test.ts.
 */
import * as kept from '../../../nodes/SmsOnlineGh/account/kept';
import {
	keptProfile,
	MAX_PROFILES,
	profileKey,
	readProfile,
} from '../../../nodes/SmsOnlineGh/account/profileCache';
import { DEFAULT_RETRY } from '../../../nodes/shared/transport/service';
import { fakeContext, serviceAnswer } from '../../harness/fakeContext';

const PROFILE = {
	settings: {
		user: {
			timeZone: 'Africa/Accra',
			routeFilters: [],
			messageSenders: { sms: [{ name: 'A', caseSensitive: true, countryCodes: ['GH'] }] },
		},
	},
};
const TRANSPORT = { format: 'json' as const, timeoutMs: 1000, retry: DEFAULT_RETRY };

describe('profileKey', () => {
	const key = {
		authModel: 'apiKey',
		apiKey: 'secret-key-value-123',
		baseUrl: 'https://api.smsonlinegh.com',
	};

	it('is a 64-hex digest that holds neither the key nor the password', () => {
		expect(profileKey(key)).toMatch(/^[0-9a-f]{64}$/);
		const portal = {
			authModel: 'portalPass',
			login: 'me@example.com',
			password: 'Pa55-word',
			baseUrl: '',
		};
		for (const secret of [
			'secret-key-value-123',
			'Pa55-word',
			Buffer.from('me@example.com__::Pa55-word').toString('base64'),
		]) {
			expect(profileKey(key) + profileKey(portal)).not.toContain(secret);
		}
	});

	it('differs for another key, another password, another model or another service root', () => {
		const keys = new Set([
			profileKey(key),
			profileKey({ ...key, apiKey: 'secret-key-value-124' }),
			profileKey({ ...key, baseUrl: 'https://other.example' }),
			profileKey({ authModel: 'portalPass', login: 'a', password: 'b', baseUrl: key.baseUrl }),
			profileKey({ authModel: 'portalPass', login: 'a', password: 'c', baseUrl: key.baseUrl }),
			profileKey({ authModel: 'portalPass', login: 'a__::b', password: '', baseUrl: key.baseUrl }),
		]);
		expect(keys.size).toBe(6);
	});

	it('is the same for the same service written differently, and ignores fields the model does not use', () => {
		expect(profileKey({ ...key, baseUrl: 'https://api.smsonlinegh.com/v5/' })).toBe(
			profileKey(key),
		);
		expect(profileKey({ ...key, baseUrl: '' })).toBe(profileKey(key));
		expect(profileKey({ ...key, login: 'left over', password: 'from portal pass' })).toBe(
			profileKey(key),
		);
		// An absent model is the API key model, as the credential's default.
		expect(profileKey({ apiKey: key.apiKey, baseUrl: key.baseUrl })).toBe(profileKey(key));
	});
});

describe('the kept profiles', () => {
	beforeEach(() => kept.keptProfiles.clear());
	afterEach(() => jest.restoreAllMocks());

	it(`keeps at most ${MAX_PROFILES} credentials, dropping the oldest read first`, async () => {
		let clock = 0;
		jest.spyOn(kept, 'now').mockImplementation(() => clock);
		const credentials = (k: number) => ({
			authModel: 'apiKey',
			apiKey: `key-${k}`,
			baseUrl: 'https://sms.example',
		});
		for (let k = 0; k <= MAX_PROFILES; k++) {
			clock = k;
			const { ctx } = fakeContext({
				credentials: credentials(k),
				answers: [serviceAnswer(PROFILE)],
			});
			expect((await readProfile(ctx, TRANSPORT)).ok).toBe(true);
		}
		expect(kept.keptProfiles.size).toBe(MAX_PROFILES);
		expect(keptProfile(profileKey(credentials(0)))).toBeUndefined();
		expect(keptProfile(profileKey(credentials(1)))?.profile.senders.map((s) => s.name)).toEqual([
			'A',
		]);
		expect(keptProfile(profileKey(credentials(MAX_PROFILES)))).toBeDefined();
	});

	it('a clock that went back does not make an old profile young: it is read again', async () => {
		let clock = 1000;
		jest.spyOn(kept, 'now').mockImplementation(() => clock);
		const { ctx } = fakeContext({ answers: [serviceAnswer(PROFILE)] });
		await readProfile(ctx, TRANSPORT);
		clock = 999;
		expect(kept.keptProfiles.size).toBe(1);
		const { ctx: other } = fakeContext({});
		const credentials = await other.getCredentials('smsOnlineGhApi');
		expect(keptProfile(profileKey(credentials))).toBeUndefined();
	});
});
