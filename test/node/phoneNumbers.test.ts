import { PROFILE_PATH } from '../../nodes/shared/transport/endpoints/profile';
import { personalisedParameters, sendParameters, useSimulator } from './fixtures';
import { voiceParameters } from './voiceFixtures';

const SEND_PATH = '/v5/message/sms/send';

describe('Phone numbers as spreadsheets, forms and CRMs hold them, in a workflow against the simulator', () => {
	const t = useSimulator();

	it('spreadsheet forms and other countries go out as their owners meant them', async () => {
		const { items, error } = await t.run({
			items: [
				// Google Sheets stored 0241234567 as a number: the 0 is lost, 241 would be Gabon.
				{ phone: 241234567 },
				{ phone: '2.33201234567E+11' },
				{ phone: '0501234567.0' },
				{ phone: '+44 (0) 7911 123456' },
				{ phone: '00233 54 123 4567' },
				{ phone: '+447400123456' },
			],
			parameters: sendParameters(),
		});
		expect(error).toBeUndefined();
		const sends = t.requests();
		expect(sends).toHaveLength(1);
		expect(JSON.parse(sends[0].rawBody).destinations).toEqual([
			'233241234567',
			'233201234567',
			'0501234567',
			'447911123456',
			'233541234567',
			'447400123456',
		]);
		expect(items.map((i) => [i.json.input, i.json.to, i.json.verdict])).toEqual([
			['241234567', '233241234567', 'accepted'],
			['2.33201234567E+11', '233201234567', 'accepted'],
			['0501234567.0', '233501234567', 'accepted'],
			['+44 (0) 7911 123456', '447911123456', 'accepted'],
			['00233 54 123 4567', '233541234567', 'accepted'],
			['+447400123456', '447400123456', 'accepted'],
		]);
	});

	it('impossible numbers are refused before anything is sent; with Continue On Fail the others go', async () => {
		const result = await t.run({
			items: [
				{ phone: '-0241234567' },
				{ phone: '\u0000' },
				{ phone: '0000000000' },
				{ phone: '0241234567' },
				{ phone: '02412345' },
			],
			parameters: sendParameters(),
			settings: { continueOnFail: true },
		});
		expect(result.error).toBeUndefined();
		expect(
			result.items.map((i) => [
				i.json.input,
				i.json.to,
				i.json.verdict,
				i.json.error,
				i.pairedItem,
			]),
		).toEqual([
			[
				'-0241234567',
				null,
				'notSent',
				'Phone Numbers has an invalid phone number "-0241234567": it starts with a minus sign; a phone number is never negative; remove the sign, and store the column as text (Plain Text in Google Sheets, Text in Excel) so that the number is kept as written',
				{ item: 0 },
			],
			[
				'\u0000',
				null,
				'notSent',
				'Phone Numbers has an invalid phone number "\\u0000": it contains a control character (U+0000); remove it: give it as 0241234567, 233241234567 or +233241234567',
				{ item: 1 },
			],
			[
				'0000000000',
				null,
				'notSent',
				'Phone Numbers has an invalid phone number "0000000000": it is all zeros; give it as 0241234567, 233241234567 or +233241234567',
				{ item: 2 },
			],
			[
				'02412345',
				null,
				'notSent',
				'Phone Numbers has an invalid phone number "02412345": it has 7 digits after its leading 0, a length no number of Ghana (+233) has; give it as 0241234567, 233241234567 or +233241234567',
				{ item: 4 },
			],
			['0241234567', '233241234567', 'accepted', undefined, { item: 3 }],
		]);
		expect(JSON.parse(t.requests()[0].rawBody).destinations).toEqual(['0241234567']);
		expect(t.sim.submissionCounts()).toEqual({ '233241234567': 1 });
	});

	it('mixed separators: commas, semicolons and spaces between numbers written in groups', async () => {
		const result = await t.run({
			items: [{}],
			parameters: sendParameters({
				phoneNumbers: '024 123 4567, 020 123 4567; +233 50 123 4567 0551234567',
			}),
		});
		expect(result.error).toBeUndefined();
		expect(t.requests().map((r) => r.rawBody)).toEqual([
			'{"text":"Your order has shipped.","type":0,"sender":"SMSDemo","destinations":["0241234567","0201234567","233501234567","0551234567"]}',
		]);
		expect(result.items.map((i) => [i.json.input, i.json.to, i.json.verdict])).toEqual([
			['024 123 4567', '233241234567', 'accepted'],
			['020 123 4567', '233201234567', 'accepted'],
			['+233 50 123 4567', '233501234567', 'accepted'],
			['0551234567', '233551234567', 'accepted'],
		]);
	});

	it('spaces that cannot say where a number ends: refused with one fix, nothing of the item sent', async () => {
		const result = await t.run({
			items: [{ phone: '0241234567 024 123 4567' }, { phone: '0201234567' }],
			parameters: sendParameters(),
			settings: { continueOnFail: true },
		});
		expect(result.items.map((i) => i.json)).toEqual([
			{
				input: '0241234567 024 123 4567',
				to: null,
				verdict: 'notSent',
				reason:
					'not sent (Phone Numbers has "0241234567 024 123 4567", 20 digits: more than one number, written with spaces inside; separate the numbers with commas, semicolons or new lines)',
				error:
					'Phone Numbers has "0241234567 024 123 4567", 20 digits: more than one number, written with spaces inside; separate the numbers with commas, semicolons or new lines',
			},
			expect.objectContaining({ input: '0201234567', verdict: 'accepted' }),
		]);
		expect(t.requests().map((r) => JSON.parse(r.rawBody).destinations)).toEqual([['0201234567']]);
	});

	it('without Continue On Fail one bad number stops the run before anything is sent (the profile read says Ghana is home)', async () => {
		const { items, error } = await t.run({
			items: [{ phone: '0241234567' }, { phone: '0301234567' }],
			parameters: sendParameters(),
			typeVersion: 2,
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			'Phone Numbers has an invalid phone number "0301234567": it is not a valid number in Ghana (+233): no operator there gives out numbers that begin this way; check the number; if it is right, set the option Number Check to Lenient to send numbers of a possible length too',
		);
		// Read in another home country it might be right: the profile is read to know, nothing sent.
		expect(t.allRequests().map((r) => r.path)).toEqual([PROFILE_PATH]);
	});

	it('a number in a contact list’s direction marks is sent; another invisible character is named by its code point', async () => {
		const { items } = await t.run({
			items: [{ phone: '\u202A+233 24 123 4567\u202C' }, { phone: '024\u00AD1234567' }],
			parameters: sendParameters(),
			settings: { continueOnFail: true },
		});
		expect(JSON.parse(t.requests()[0].rawBody).destinations).toEqual(['233241234567']);
		expect(items.map((i) => [i.json.input, i.json.to, i.json.verdict, i.json.error])).toEqual([
			[
				'024\u00AD1234567',
				null,
				'notSent',
				'Phone Numbers has an invalid phone number "024\\u00AD1234567": it contains U+00AD; give it as 0241234567, 233241234567 or +233241234567',
			],
			['\u202A+233 24 123 4567\u202C', '233241234567', 'accepted', undefined],
		]);
	});

	it('Remove Duplicate Numbers finds duplicates after reading: 0241234567, 241234567 and +233 24 123 4567 are one', async () => {
		const { items } = await t.run({
			items: [{ phone: '0241234567' }, { phone: 241234567 }, { phone: '+233 24 123 4567' }],
			parameters: sendParameters(),
		});
		expect(JSON.parse(t.requests()[0].rawBody).destinations).toEqual(['0241234567']);
		expect(items.map((i) => i.json.verdict)).toEqual(['accepted', 'skipped', 'skipped']);
	});

	it('Number Check Lenient with Dry Run: the number as it would be sent, and the warning', async () => {
		const { items, error } = await t.run({
			items: [{ phone: '0301234567' }],
			parameters: sendParameters({ options: { dryRun: true, numberCheck: 'lenient' } }),
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			input: '0301234567',
			to: '233301234567',
			verdict: 'dryRun',
			warning:
				'is not a valid number in Ghana (+233): no operator there gives out numbers that begin this way; it is sent as 233301234567 because Number Check is Lenient, and may reach no one',
		});
		expect(t.requests()).toEqual([]);
	});

	it('Default Country Code reads local numbers of another country, sent in international form', async () => {
		const { items } = await t.run({
			items: [{ phone: '0803 123 4567' }],
			parameters: sendParameters({ options: { countryCode: '+234' } }),
		});
		expect(JSON.parse(t.requests()[0].rawBody).destinations).toEqual(['2348031234567']);
		expect(items[0].json).toMatchObject({ input: '0803 123 4567', to: '2348031234567' });
	});

	it('Voice → Send reads its numbers the same way', async () => {
		const { items } = await t.run({
			items: [{ phone: 241234567 }, { phone: '+44 (0) 7911 123456' }],
			parameters: voiceParameters(),
		});
		expect(JSON.parse(t.requests()[0].rawBody).destinations).toEqual([
			'233241234567',
			'447911123456',
		]);
		expect(items.map((i) => [i.json.input, i.json.to, i.json.verdict])).toEqual([
			['241234567', '233241234567', 'accepted'],
			['+44 (0) 7911 123456', '447911123456', 'accepted'],
		]);
	});

	it('Send Personalised reads its number the same way', async () => {
		const { items } = await t.run({
			items: [{ phone: 241234567, first_name: 'Ama', amount: 5 }],
			parameters: personalisedParameters(),
		});
		expect(JSON.parse(t.requests()[0].rawBody).destinations[0].number).toBe('233241234567');
		expect(items[0].json).toMatchObject({
			input: '241234567',
			to: '233241234567',
			verdict: 'accepted',
		});
	});
});

describe('Error items of a refused credential carry a verdict and their numbers', () => {
	const t = useSimulator();

	it('Check Sender on, the profile refused (1203), Continue On Fail: one notSent item per number', async () => {
		t.sim.addFault({ path: PROFILE_PATH, kind: 'handshake', handshakeId: 1203 });
		const result = await t.run({
			items: [{ phone: '0241234567, 0201234567' }, { phone: '0551234567' }],
			parameters: sendParameters(),
			settings: { continueOnFail: true },
		});
		expect(result.error).toBeUndefined();
		expect(
			result.items.map((i) => [i.json.input, i.json.to, i.json.verdict, i.pairedItem]),
		).toEqual([
			['0241234567', '0241234567', 'notSent', { item: 0 }],
			['0201234567', '0201234567', 'notSent', { item: 0 }],
			['0551234567', '0551234567', 'notSent', { item: 1 }],
		]);
		for (const item of result.items) {
			expect(item.json.reason).toBe(
				'not sent (The service refused the API key or login: check them in the SMSOnlineGH credential)',
			);
			expect(item.json.error).toBe(
				'The service refused the API key or login: check them in the SMSOnlineGH credential',
			);
		}
		expect(t.allRequests().map((r) => r.path)).toEqual([PROFILE_PATH]);
		expect(t.allRequests().map((r) => r.path)).not.toContain(SEND_PATH);
	});
});
