import { dialectFromEnv, sendParameters, useSimulator } from './fixtures';

/** Number Check in a workflow: version 1's default, Strict and Lenient, and numbers that would go abroad. */
describe('Number Check: what is sent, refused or sent with a warning, in a workflow against the simulator', () => {
	const t = useSimulator();

	it('a node saved with version 1 sends that number as it did before numbering plans, saying so on its item', async () => {
		const { items, error } = await t.run({
			items: [{ phone: '0241234567' }, { phone: '0301234567' }],
			parameters: sendParameters(),
			typeVersion: 1,
		});
		expect(error).toBeUndefined();
		expect(JSON.parse(t.requests()[0].rawBody).destinations).toEqual(['0241234567', '0301234567']);
		expect(items.map((item) => [item.json.to, item.json.verdict, item.json.warning])).toEqual([
			['233241234567', 'accepted', undefined],
			[
				'233301234567',
				'accepted',
				'is not a valid number in Ghana (+233): no operator there gives out numbers that begin this way; it is sent as 0301234567 because version 1 of this node sends numbers of a possible length when Number Check is not set (set it to Strict to refuse them), and may reach no one',
			],
		]);
	});

	it('version 1 with Number Check set to Strict refuses it, as version 2 does', async () => {
		const { error } = await t.run({
			items: [{ phone: '0301234567' }],
			parameters: sendParameters({ options: { numberCheck: 'strict' } }),
			typeVersion: 1,
		});
		expect(error?.message).toMatch(
			/^Phone Numbers has an invalid phone number "0301234567": it is not a valid number in Ghana/,
		);
		expect(t.requests()).toEqual([]);
	});

	it('version 1 never sends abroad a number written without + or 00 (Gabon for a typo of a Ghanaian number)', async () => {
		const { items } = await t.run({
			items: [{ phone: '2417350912' }, { phone: '0241234567' }],
			parameters: sendParameters(),
			typeVersion: 1,
			settings: { continueOnFail: true, onError: 'continueRegularOutput' },
		});
		expect(items.map((item) => item.json.verdict)).toEqual(['notSent', 'accepted']);
		expect(items[0].json.error).toMatch(
			/without \+ or 00 it is not read as an international number \(as one, it would go to Gabon \(\+241\)\)/,
		);
		expect(JSON.parse(t.requests()[0].rawBody).destinations).toEqual(['0241234567']);
	});

	it('a number without + or 00 that is not Ghanaian never goes abroad under Strict; with Continue On Fail the others go', async () => {
		const result = await t.run({
			// 2417350912: Ghana's 247350912, as a sheet stores it, with a 1 typed in; valid in Gabon (+241).
			items: [
				{ phone: '2417350912' },
				{ phone: '0241234567' },
				{ phone: '447400123456' },
				{ phone: '(201) 555-0123' },
				{ phone: '+2417350912' },
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
				'2417350912',
				null,
				'notSent',
				'Phone Numbers has an invalid phone number "2417350912": it is too long for Ghana (+233); without + or 00 it is not read as an international number (as one, it would go to Gabon (+241)); if it is a number of Gabon (+241), write it as +2417350912; otherwise correct the digits',
				{ item: 0 },
			],
			[
				'447400123456',
				null,
				'notSent',
				'Phone Numbers has an invalid phone number "447400123456": it is too long for Ghana (+233); without + or 00 it is not read as an international number (as one, it would go to United Kingdom (+44)); if it is a number of United Kingdom (+44), write it as +447400123456; otherwise correct the digits',
				{ item: 2 },
			],
			[
				'(201) 555-0123',
				null,
				'notSent',
				'Phone Numbers has an invalid phone number "(201) 555-0123": it is too long for Ghana (+233); check the digits; a number of another country is written with its country code and a plus sign (+…); if it is a number of Ghana (+233), give it as 0241234567, 233241234567 or +233241234567',
				{ item: 3 },
			],
			['0241234567', '233241234567', 'accepted', undefined, { item: 1 }],
			['+2417350912', '2417350912', 'accepted', undefined, { item: 4 }],
		]);
		expect(t.requests()).toHaveLength(1);
		expect(JSON.parse(t.requests()[0].rawBody).destinations).toEqual(['0241234567', '2417350912']);
		expect(t.sim.submissionCounts()).toEqual({ '233241234567': 1, '2417350912': 1 });
	});

	it('Number Check Lenient sends a valid foreign number written without +, naming its country and warning on its item', async () => {
		const { items, error } = await t.run({
			items: [{ phone: '2417350912' }, { phone: '0241234567' }],
			parameters: sendParameters({ options: { numberCheck: 'lenient' } }),
		});
		expect(error).toBeUndefined();
		expect(JSON.parse(t.requests()[0].rawBody).destinations).toEqual(['2417350912', '0241234567']);
		expect(
			items.map((i) => [i.json.input, i.json.to, i.json.verdict, i.json.country, i.json.warning]),
		).toEqual([
			[
				'2417350912',
				'2417350912',
				'accepted',
				'Gabon (+241)',
				'was read as an international number of Gabon (+241) written without its plus sign (it is too long for Ghana (+233)); it is sent as 2417350912 because Number Check is Lenient',
			],
			['0241234567', '233241234567', 'accepted', items[1].json.country, undefined],
		]);
		// Ghana's own number: only the service names its country (the simulator's answers may or may not).
		expect([undefined, 'GH']).toContain(items[1].json.country);
	});

	it('Lenient: where the service’s answer names the country (the SDK dialect does), its `country` stands', async () => {
		const { items } = await t.run({
			items: [{ phone: '447400123456' }],
			parameters: sendParameters({ options: { numberCheck: 'lenient' } }),
		});
		const country = dialectFromEnv().dialect === 'contract' ? 'United Kingdom (+44)' : 'GB';
		expect(items[0].json).toMatchObject({
			to: '447400123456',
			verdict: 'accepted',
			country,
			warning: expect.stringMatching(
				/^was read as an international number of United Kingdom \(\+44\)/,
			),
		});
	});

	it('Number Check Lenient with Dry Run: the country and the warning of a foreign number written without +', async () => {
		const { items } = await t.run({
			items: [{ phone: '5355689032' }],
			parameters: sendParameters({ options: { dryRun: true, numberCheck: 'lenient' } }),
		});
		expect(items[0].json).toMatchObject({
			input: '5355689032',
			to: '5355689032',
			verdict: 'dryRun',
			country: 'Cuba (+53)',
			warning:
				'was read as an international number of Cuba (+53) written without its plus sign (it is too long for Ghana (+233)); it is sent as 5355689032 because Number Check is Lenient',
		});
		expect(t.requests()).toEqual([]);
	});
});
