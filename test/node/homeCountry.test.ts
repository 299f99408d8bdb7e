/**
 * Numbers without a country code are read in the account's home country (the profile's default
 * destination) when Default Country Code is empty: a reseller's account at home in Nigeria sends
 * 08031234567 to Nigeria, not to a Ghanaian reading of it (sending/homeCountry.ts).
 */
import type { NodeExecutionHint } from 'n8n-workflow';

import { PROFILE_PATH } from '../../nodes/shared/transport/endpoints/profile';
import { SEND_PATH } from '../../nodes/shared/transport/endpoints/send';
import { DEMO_ACCOUNT } from '../../simulator';
import type { RunResult } from '../harness/workflow';
import { personalisedParameters, scheduledUpdateParameters, sendParameters, useSimulator } from './fixtures';
import { voiceParameters } from './voiceFixtures';

const NIGERIA = { countryName: 'Nigeria', countryCode: 'NG', dialCode: 234, minNumLen: 10, maxNumLen: 10 };

function hintsOf(result: RunResult): string[] {
	const runs = result.run.data.resultData.runData.SMS ?? [];
	return runs.flatMap((run) => (run.hints ?? []) as NodeExecutionHint[]).map((hint) => hint.message);
}

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
		expect(sentTo(t.requests()[0].rawBody)).toEqual(['2348031234567', '2348051234567', '233241234567']);
		expect(items.map((i) => [i.json.input, i.json.to, i.json.verdict])).toEqual([
			['08031234567', '2348031234567', 'accepted'],
			['8051234567', '2348051234567', 'accepted'],
			['+233241234567', '233241234567', 'accepted'],
		]);
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
		expect(items[0].json.description).toBe('Give numbers in the local form of Nigeria (+234), with its trunk 0, or with their country code and a plus sign (+234…).');
		expect(sentTo(t.requests()[0].rawBody)).toEqual(['2348031234567']);
	});

	it('the profile kept from a run before gives the home country: the next run asks only the send', async () => {
		await t.run({ items: [{ phone: '08031234567' }], parameters: sendParameters() });
		await t.run({ items: [{ phone: '08051234567' }], parameters: sendParameters() });
		expect(t.allRequests().map((r) => r.path)).toEqual([PROFILE_PATH, SEND_PATH, SEND_PATH]);
		expect(t.requests().map((r) => sentTo(r.rawBody))).toEqual([['2348031234567'], ['2348051234567']]);
	});

	it('Default Country Code set: numbers are read in it, Ghana’s local form goes out as given', async () => {
		await t.run({ items: [{ phone: '0241234567' }], parameters: sendParameters({ options: { countryCode: '233', checkSender: false } }) });
		expect(t.allRequests().map((r) => r.path)).toEqual([SEND_PATH]);
		expect(sentTo(t.requests()[0].rawBody)).toEqual(['0241234567']);
	});

	it('Dry Run shows the numbers as they would go out, in the home country, and sends nothing', async () => {
		const { items } = await t.run({ items: [{ phone: '08031234567' }], parameters: sendParameters({ options: { dryRun: true } }) });
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
		const { items, error } = await t.run({ items: [{ batch }], parameters: scheduledUpdateParameters({ addNumbers: '08031234567' }) });
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.to).sort()).toEqual(['233241234567', '2348031234567']);
	});

	it('Send Personalised and Voice → Send read them the same way', async () => {
		await t.run({ items: [{ phone: '08031234567', first_name: 'Ada', amount: '5' }], parameters: personalisedParameters() });
		await t.run({ items: [{ phone: '08051234567' }], parameters: voiceParameters() });
		const [personalised, voice] = t.requests();
		expect(JSON.stringify(JSON.parse(personalised.rawBody).destinations)).toContain('2348031234567');
		expect(sentTo(voice.rawBody)).toEqual(['2348051234567']);
	});
});

describe('The home country when the profile cannot be read', () => {
	const t = useSimulator();

	it('numbers are read in Ghana, and the run says so', async () => {
		t.sim.addFault({ path: PROFILE_PATH, kind: 'handshake', handshakeId: 1403 });
		const result = await t.run({ items: [{ phone: 241234567 }], parameters: sendParameters({ options: { checkSender: false } }) });
		expect(result.error).toBeUndefined();
		expect(sentTo(t.requests()[0].rawBody)).toEqual(['233241234567']);
		expect(hintsOf(result)).toEqual([
			expect.stringMatching(/^The account’s home country could not be read from its profile \(.+\), so numbers written without a country code were read as numbers of Ghana \(\+233\)\./),
		]);
	});
});
