/**
 * Numbers without a country code are read in the account's home country (the profile's default
 * destination) when Default Country Code is empty: a reseller's account at home in Nigeria sends
 * 08031234567 to Nigeria, not to a Ghanaian reading of it (sending/homeCountry.ts).
 */

import { keptProfiles } from '../../nodes/SmsOnlineGh/account/kept';
import * as plans from '../../nodes/SmsOnlineGh/numbers/plans';
import * as reading from '../../nodes/SmsOnlineGh/numbers/reading';
import { PROFILE_PATH } from '../../nodes/shared/transport/endpoints/profile';
import { SEND_PATH } from '../../nodes/shared/transport/endpoints/send';
import { DEMO_ACCOUNT } from '../../simulator';
import {
	hintsOf,
	personalisedParameters,
	scheduledUpdateParameters,
	sendParameters,
	useSimulator,
} from './fixtures';
import { voiceParameters } from './voiceFixtures';

const NIGERIA = {
	countryName: 'Nigeria',
	countryCode: 'NG',
	dialCode: 234,
	minNumLen: 10,
	maxNumLen: 10,
};

const sentTo = (body: string): unknown => JSON.parse(body).destinations;

describe('The account’s home country, for numbers without a country code', () => {
	const t = useSimulator([{ ...DEMO_ACCOUNT, home: NIGERIA }]);

	it('an account at home in Nigeria: local numbers, and one that lost its 0, go to Nigeria; one profile read for the run', async () => {
		const { items, error } = await t.run({
			items: [{ phone: '08031234567' }, { phone: 8051234567 }, { phone: '+233241234567' }],
			parameters: sendParameters(),
		});
		expect(error).toBeUndefined();
		expect(t.allRequests().map((r) => r.path)).toEqual([PROFILE_PATH, SEND_PATH]);
		expect(sentTo(t.requests()[0].rawBody)).toEqual([
			'2348031234567',
			'2348051234567',
			'233241234567',
		]);
		expect(items.map((i) => [i.json.input, i.json.to, i.json.verdict])).toEqual([
			['08031234567', '2348031234567', 'accepted'],
			['8051234567', '2348051234567', 'accepted'],
			['+233241234567', '233241234567', 'accepted'],
		]);
	});

	it('each number is read once, in the account’s country: none is read in Ghana first, no item read again', async () => {
		const national = jest.spyOn(plans, 'readNational');
		const read = jest.spyOn(reading, 'readPhoneNumber');
		const phones = ['+233241234567', '08031234567', '08051234567', '+447911123456', '07031234567'];
		const answered = () =>
			read.mock.results.flatMap((result, i) =>
				result.type === 'return' ? [read.mock.calls[i][0]] : [],
			);
		try {
			// With Continue On Fail, the first number without a country code pauses the reading, before it is read at home.
			const first = await t.run({
				items: phones.map((phone) => ({ phone })),
				parameters: sendParameters(),
				settings: { continueOnFail: true },
			});
			expect(first.error).toBeUndefined();
			expect(sentTo(t.requests()[0].rawBody)).toEqual([
				'233241234567',
				'2348031234567',
				'2348051234567',
				'447911123456',
				'2347031234567',
			]);
			// A number without a country code is read at home once, in Nigeria's plan: never in Ghana's first.
			expect(national.mock.calls.map(([digits, code]) => `${code} ${digits}`)).toEqual([
				'234 08031234567',
				'234 08051234567',
				'234 07031234567',
			]);
			expect(answered()).toEqual(phones);
			expect(read.mock.results.filter((result) => result.type === 'throw')).toHaveLength(1);
			// Without it, a later item's error must stop the run before the profile is asked: the rest is read in
			// Ghana first, here up to the first number refused there, and read again in Nigeria from the paused item.
			national.mockClear();
			read.mockClear();
			keptProfiles.clear();
			await t.run({ items: phones.map((phone) => ({ phone })), parameters: sendParameters() });
			expect(sentTo(t.requests()[1].rawBody)).toEqual([
				'233241234567',
				'2348031234567',
				'2348051234567',
				'447911123456',
				'2347031234567',
			]);
			expect(national.mock.calls.map(([, code]) => code)).toEqual(['233', '234', '234', '234']);
			expect(answered()).toEqual([
				'+233241234567',
				'08031234567',
				'08031234567',
				'08051234567',
				'+447911123456',
				'07031234567',
			]);
		} finally {
			national.mockRestore();
			read.mockRestore();
		}
	});

	it('a number refused before the first that needs the home country is refused in the home country’s words too', async () => {
		const { items, error } = await t.run({
			items: [{ phone: '+99912345678' }, { phone: '08031234567' }],
			parameters: sendParameters(),
			settings: { continueOnFail: true },
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => [i.json.input, i.json.verdict])).toEqual([
			['+99912345678', 'notSent'],
			['08031234567', 'accepted'],
		]);
		expect(items[0].json.error).toBe(
			'Phone Numbers has an invalid phone number "+99912345678": it does not begin with a known country code; give it with its country code and a plus sign (+234…), or in the local form of Nigeria (+234) with its trunk 0',
		);
	});

	it('a number impossible there is refused in the home country’s words, and nothing of its item is sent', async () => {
		const { items, error } = await t.run({
			items: [{ phone: '241234567' }, { phone: '08031234567' }],
			parameters: sendParameters(),
			settings: { continueOnFail: true },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ verdict: 'notSent', input: '241234567' });
		expect(items[0].json.error).toBe(
			'Phone Numbers has an invalid phone number "241234567": it is too short for Nigeria (+234); give it with its country code and a plus sign (+234…), or in the local form of Nigeria (+234) with its trunk 0',
		);
		// The fix gives the forms once: no description repeats them.
		expect(items[0].json).not.toHaveProperty('description');
		expect(sentTo(t.requests()[0].rawBody)).toEqual(['2348031234567']);
	});

	it('the profile kept from a run before gives the home country: the next run asks only the send', async () => {
		await t.run({ items: [{ phone: '08031234567' }], parameters: sendParameters() });
		await t.run({ items: [{ phone: '08051234567' }], parameters: sendParameters() });
		expect(t.allRequests().map((r) => r.path)).toEqual([PROFILE_PATH, SEND_PATH, SEND_PATH]);
		expect(t.requests().map((r) => sentTo(r.rawBody))).toEqual([
			['2348031234567'],
			['2348051234567'],
		]);
	});

	it('Default Country Code set: numbers are read in it, Ghana’s local form goes out as given', async () => {
		await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({ options: { countryCode: '233', checkSender: false } }),
		});
		expect(t.allRequests().map((r) => r.path)).toEqual([SEND_PATH]);
		expect(sentTo(t.requests()[0].rawBody)).toEqual(['0241234567']);
	});

	it('Dry Run shows the numbers as they would go out, in the home country, and sends nothing', async () => {
		const { items } = await t.run({
			items: [{ phone: '08031234567' }],
			parameters: sendParameters({ options: { dryRun: true } }),
		});
		expect(items.map((i) => [i.json.to, i.json.verdict])).toEqual([['2348031234567', 'dryRun']]);
		expect(t.requests()).toEqual([]);
	});

	it('Scheduled SMS → Update reads the numbers it adds there too', async () => {
		const tomorrow = `${new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 16)}:00`;
		const sent = await t.run({
			items: [{ phone: '+233241234567' }],
			parameters: sendParameters({ options: { scheduleAt: tomorrow, scheduleOffset: '+00:00' } }),
		});
		const batch = sent.items[0].json.batch as string;
		const { items, error } = await t.run({
			items: [{ batch }],
			parameters: scheduledUpdateParameters({ addNumbers: '08031234567' }),
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.to).sort()).toEqual(['233241234567', '2348031234567']);
	});

	it('Send Personalised and Voice → Send read them the same way', async () => {
		await t.run({
			items: [{ phone: '08031234567', first_name: 'Ada', amount: '5' }],
			parameters: personalisedParameters(),
		});
		await t.run({ items: [{ phone: '08051234567' }], parameters: voiceParameters() });
		const [personalised, voice] = t.requests();
		expect(JSON.stringify(JSON.parse(personalised.rawBody).destinations)).toContain(
			'2348031234567',
		);
		expect(sentTo(voice.rawBody)).toEqual(['2348051234567']);
	});
});

describe('The home country is never guessed: a profile that cannot be read, or names none', () => {
	const t = useSimulator();
	const fix =
		'set the option Default Country Code (233 for Ghana), or write the number with its country code and a plus sign (+…)';
	const items = [
		{ phone: 241234567 },
		{ phone: '+233 20 123 4567' },
		{ phone: '0551234567' },
		{ phone: '00447911123456' },
	];

	it('a failed profile read: numbers without a country code are refused on their items, the others go', async () => {
		t.sim.addFault({ path: PROFILE_PATH, kind: 'handshake', handshakeId: 1403 });
		const result = await t.run({
			items,
			parameters: sendParameters({ options: { checkSender: false } }),
			settings: { continueOnFail: true },
		});
		expect(result.error).toBeUndefined();
		expect(t.requests()).toHaveLength(1);
		expect(sentTo(t.requests()[0].rawBody)).toEqual(['233201234567', '447911123456']);
		expect(result.items.map((i) => [i.json.input, i.json.to, i.json.verdict])).toEqual([
			['241234567', null, 'notSent'],
			['0551234567', null, 'notSent'],
			['+233 20 123 4567', '233201234567', 'accepted'],
			['00447911123456', '447911123456', 'accepted'],
		]);
		const refusal = String(result.items[0].json.error);
		expect(refusal).toMatch(
			/^Phone Numbers has an invalid phone number "241234567": it has no country code, and the account’s home country could not be read from its profile \(.+\); /,
		);
		expect(refusal.endsWith(fix)).toBe(true);
		expect(result.items[0].json.reason).toEqual(expect.stringContaining('not sent ('));
		expect(hintsOf(result)).toEqual([
			expect.stringMatching(
				/^Numbers written without a country code were not sent: the account’s home country could not be read from its profile \(.+\)\. Set the option Default Country Code/,
			),
		]);
	});

	it('without Continue On Fail the run stops before anything is sent, naming the item and the fix', async () => {
		t.sim.addFault({ path: PROFILE_PATH, kind: 'http500' });
		const result = await t.run({
			items,
			parameters: sendParameters({ options: { checkSender: false } }),
		});
		expect(t.requests()).toEqual([]);
		expect(result.error?.message).toMatch(
			/^Phone Numbers has an invalid phone number "241234567": it has no country code, and the account’s home country could not be read from its profile/,
		);
		expect(result.error?.message.endsWith(fix)).toBe(true);
	});

	it('Dry Run says the same on its items', async () => {
		t.sim.addFault({ path: PROFILE_PATH, kind: 'http503' });
		const result = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({ options: { dryRun: true } }),
			settings: { continueOnFail: true },
		});
		expect(result.items.map((i) => i.json.verdict)).toEqual(['notSent']);
		expect(String(result.items[0].json.error)).toContain(
			'it has no country code, and the account’s home country could not be read from its profile',
		);
	});

	it('Default Country Code set: nothing needs the profile, every number goes', async () => {
		t.sim.addFault({ path: PROFILE_PATH, kind: 'http500' });
		const result = await t.run({
			items,
			parameters: sendParameters({ options: { checkSender: false, countryCode: '233' } }),
		});
		expect(result.error).toBeUndefined();
		expect(t.allRequests().map((r) => r.path)).toEqual([SEND_PATH]);
		expect(sentTo(t.requests()[0].rawBody)).toEqual([
			'233241234567',
			'233201234567',
			'0551234567',
			'447911123456',
		]);
	});

	it('Send Personalised and Voice → Send refuse them the same way, and send the numbers with their country code', async () => {
		t.sim.addFault({ path: PROFILE_PATH, kind: 'http503' });
		const personalised = await t.run({
			items: [
				{ phone: '0241234567', first_name: 'Ama', amount: '5' },
				{ phone: '+233201234567', first_name: 'Kofi', amount: '7' },
			],
			parameters: personalisedParameters(),
			settings: { continueOnFail: true },
		});
		const voice = await t.run({
			items: [{ phone: '0241234567' }, { phone: '+233201234567' }],
			parameters: voiceParameters(),
			settings: { continueOnFail: true },
		});
		for (const result of [personalised, voice]) {
			expect(result.items.map((i) => [i.json.input, i.json.verdict])).toEqual([
				['0241234567', 'notSent'],
				['+233201234567', 'accepted'],
			]);
			expect(String(result.items[0].json.error)).toContain(
				'it has no country code, and the account’s home country could not be read from its profile',
			);
		}
		const [sentPersonalised, sentVoice] = t.requests();
		expect(
			JSON.parse(sentPersonalised.rawBody).destinations.map((d: { number: string }) => d.number),
		).toEqual(['233201234567']);
		expect(sentTo(sentVoice.rawBody)).toEqual(['233201234567']);
	});

	it('the profile answers again: the next run reads the home country and sends them', async () => {
		t.sim.addFault({ path: PROFILE_PATH, kind: 'http500' });
		const failed = await t.run({
			items: [{ phone: 241234567 }],
			parameters: sendParameters({ options: { checkSender: false } }),
			settings: { continueOnFail: true },
		});
		expect(failed.items[0].json.verdict).toBe('notSent');
		t.sim.clearFaults();
		const again = await t.run({
			items: [{ phone: 241234567 }],
			parameters: sendParameters({ options: { checkSender: false } }),
		});
		expect(again.items.map((i) => [i.json.to, i.json.verdict])).toEqual([
			['233241234567', 'accepted'],
		]);
	});
});

describe('A profile that names no home country', () => {
	const noHome = useSimulator([{ ...DEMO_ACCOUNT, home: null }]);
	const noDialCode = useSimulator([
		{
			...DEMO_ACCOUNT,
			apiKey: `${DEMO_ACCOUNT.apiKey}-2`,
			home: { countryName: 'Ghana', countryCode: 'GH' },
		},
	]);

	it('no default destination: numbers without a country code are refused, saying so; +… goes', async () => {
		const result = await noHome.run({
			items: [{ phone: '0241234567' }, { phone: '+233241234567' }],
			parameters: sendParameters({ options: { checkSender: false } }),
			settings: { continueOnFail: true },
		});
		expect(sentTo(noHome.requests()[0].rawBody)).toEqual(['233241234567']);
		expect(result.items[0].json).toMatchObject({ input: '0241234567', verdict: 'notSent' });
		expect(result.items[0].json.error).toBe(
			'Phone Numbers has an invalid phone number "0241234567": it has no country code, and the account’s profile names no home country (no dial code in its default destination); set the option Default Country Code (233 for Ghana), or write the number with its country code and a plus sign (+…)',
		);
	});

	it('a default destination without a dial code: the same', async () => {
		const result = await noDialCode.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({ options: { checkSender: false } }),
			credentials: noDialCode.apiKey({ apiKey: `${DEMO_ACCOUNT.apiKey}-2` }),
			settings: { continueOnFail: true },
		});
		expect(noDialCode.requests()).toEqual([]);
		expect(String(result.items[0].json.error)).toContain(
			'it has no country code, and the account’s profile names no home country',
		);
	});
});
