import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { PROFILE_PATH } from '../../nodes/shared/transport/endpoints/profile';
import { SEND_PATH } from '../../nodes/shared/transport/endpoints/send';
import { personalisedParameters, sendParameters, useSimulator } from './fixtures';

describe('Errors: bad input, handshake refusals, Continue On Fail', () => {
	const t = useSimulator();

	describe('bad input stops before anything is sent, naming the item and the field', () => {
		const cases: Array<[string, INodeParameters, IDataObject, string]> = [
			[
				'empty number',
				sendParameters(),
				{ phone: '' },
				'Phone Numbers is empty: map a phone number field, for example {{ $json.phone }}',
			],
			[
				'missing number field',
				sendParameters(),
				{ name: 'x' },
				'Phone Numbers is empty: map a phone number field, for example {{ $json.phone }}',
			],
			[
				'letters in a number',
				sendParameters(),
				{ phone: '02412abc67' },
				'Phone Numbers has an invalid phone number "02412abc67": it contains letters ("abc"); give it as 0241234567, 233241234567 or +233241234567',
			],
			[
				'a number too short',
				sendParameters(),
				{ phone: '12345' },
				'Phone Numbers has an invalid phone number "12345": it has 5 digits; a phone number has 8 to 13; give it as 0241234567, 233241234567 or +233241234567',
			],
			[
				'a number too long',
				sendParameters(),
				{ phone: '23324123456789' },
				'Phone Numbers has an invalid phone number "23324123456789": it has 14 digits; a phone number has 8 to 13; give it as 0241234567, 233241234567 or +233241234567',
			],
			[
				'an object as numbers',
				sendParameters(),
				{ phone: { a: 1 } },
				'Phone Numbers is not usable: Phone Numbers must be text or a list of numbers, but found an object ({"a":1})',
			],
			[
				'empty message from an expression',
				sendParameters({ message: '={{ $json.text }}' }),
				{ phone: '0241234567', text: '' },
				'Message is empty: type a text or map a field that holds one',
			],
			[
				'a non-string text from an expression',
				sendParameters({ message: '={{ $json.n }}' }),
				{ phone: '0241234567', n: 42 },
				'Message must be text, but the expression gave a number (42)',
			],
			[
				'empty sender from an expression',
				sendParameters({ sender: '={{ $json.from }}' }),
				{ phone: '0241234567', from: ' ' },
				'Sender is empty: pick a sender from the list, or type one registered on your SMSOnlineGH account',
			],
			[
				'a sender too long',
				sendParameters({ sender: 'TwelveLetter' }),
				{ phone: '0241234567' },
				'Sender "TwelveLetter" is 12 characters long: use a sender registered on your SMSOnlineGH account, at most 11 characters',
			],
			[
				'a template without variables',
				personalisedParameters({ template: 'Hello there' }),
				{ phone: '0241234567' },
				'Message Template has no variables such as {$name}',
			],
			[
				'a values count mismatch',
				personalisedParameters({ valuesSource: 'defined', values: { value: [{ value: 'A' }] } }),
				{ phone: '0241234567' },
				'Values has 1 value but the template has 2 variables ({$first_name}, {$amount})',
			],
			[
				'a missing field in "from item fields"',
				personalisedParameters(),
				{ phone: '0241234567', first_name: 'Ama' },
				'Variable {$amount} has no value: the field "amount" is missing',
			],
			[
				'an empty value',
				personalisedParameters(),
				{ phone: '0241234567', first_name: ' ', amount: 1 },
				'Variable {$first_name} has an empty value (the field "first_name")',
			],
			[
				'an object as a value',
				personalisedParameters(),
				{ phone: '0241234567', first_name: { x: 1 }, amount: 1 },
				'Variable {$first_name} got an object from the field "first_name"; a value must be text or a number',
			],
			[
				'an array as a value',
				personalisedParameters(),
				{ phone: '0241234567', first_name: 'A', amount: [1] },
				'Variable {$amount} got an array from the field "amount"; a value must be text or a number',
			],
			[
				'an empty value defined in the node',
				personalisedParameters({
					valuesSource: 'defined',
					values: { value: [{ value: 'Ama' }, { value: ' ' }] },
				}),
				{ phone: '0241234567' },
				'Variable {$amount} has an empty value (value 2 of Values)',
			],
			[
				'a missing field under Fields Path',
				personalisedParameters({ fieldsPath: 'contact' }),
				{ phone: '0241234567', contact: { first_name: 'Ama' } },
				'Variable {$amount} has no value: the field "contact.amount" is missing',
			],
			[
				'several numbers for a personalised message',
				personalisedParameters(),
				{ phone: '0241234567, 0201234567', first_name: 'A', amount: 1 },
				'Phone Number holds 2 numbers; a personalised message goes to one number per item',
			],
			[
				'a control character XML cannot carry',
				sendParameters({ message: '={{ "page\\fbreak" }}', options: { dataFormat: 'xml' } }),
				{ phone: '0241234567' },
				'Message contains the control character U+000C, which XML cannot carry: remove it, or set the Data Format option to JSON',
			],
			[
				'a Batch Size that is not a number',
				sendParameters({ options: { batchSize: '={{ "abc" }}' } }),
				{ phone: '0241234567' },
				'Batch Size must be a number of at least 1, but the expression gave a string ("abc")',
			],
			[
				'a dry run with a Batch Size of 0',
				sendParameters({ options: { batchSize: '={{ 0 }}', dryRun: true } }),
				{ phone: '0241234567' },
				'Batch Size must be a number of at least 1, but the expression gave a number (0)',
			],
			[
				'Retry Attempts out of range',
				personalisedParameters({ options: { retryAttempts: '={{ 11 }}' } }),
				{ phone: '0241234567', first_name: 'A', amount: 1 },
				'Retry Attempts must be a number from 1 to 10, but the expression gave a number (11)',
			],
		];

		it.each(cases)('%s', async (_name, parameters, item, message) => {
			const { error, items } = await t.run({ items: [item], parameters });
			expect(error?.message).toBe(message);
			expect(items).toEqual([]);
			expect(t.requests()).toHaveLength(0);
		});
	});

	it('with Continue On Fail, bad items come out as error items paired to themselves and good ones are sent', async () => {
		const { items, error } = await t.run({
			items: [{ phone: '0241234567' }, { phone: 'call me' }, { phone: '0201234567' }],
			parameters: sendParameters(),
			settings: { onError: 'continueRegularOutput' },
		});
		expect(error).toBeUndefined();
		expect(t.requests()).toHaveLength(1);
		expect(t.requests()[0].unit?.destinations).toEqual(['0241234567', '0201234567']);
		expect(items).toHaveLength(3);
		expect(items[0]).toEqual({
			json: {
				input: 'call me',
				to: null,
				verdict: 'notSent',
				reason:
					'not sent (Phone Numbers has an invalid phone number "call me": it contains letters ("callme"); give it as 0241234567, 233241234567 or +233241234567)',
				// The fix gives the number's forms once: no description says them again.
				error:
					'Phone Numbers has an invalid phone number "call me": it contains letters ("callme"); give it as 0241234567, 233241234567 or +233241234567',
			},
			pairedItem: { item: 1 },
		});
		expect(items.slice(1).map((i) => [i.json.input, i.json.verdict, i.pairedItem])).toEqual([
			['0241234567', 'accepted', { item: 0 }],
			['0201234567', 'accepted', { item: 2 }],
		]);
	});

	it('a wrong API key fails the execution with the handshake in plain words, and nothing is sent', async () => {
		const { error, items } = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters(),
			credentials: t.apiKey({ apiKey: 'wrong-key' }),
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			'The service refused the API key or login: check them in the SMSOnlineGH credential',
		);
		expect(error?.description).toContain(
			'Check the API key (or login and password) in the SMSOnlineGH credential.',
		);
		expect(error?.description).toContain('(handshake 1203 HSHK_ERR_UA_AUTH)');
		expect(error?.description).toContain('Nothing was sent.');
		// The sender check's profile request met the refusal: the send request never went out.
		expect(t.allRequests().map((r) => r.path)).toEqual([PROFILE_PATH]);
		expect(t.sim.submissionCounts()).toEqual({});
	});

	it('a wrong API key with Check Sender off: the send is refused, its numbers named as not sent', async () => {
		const { error, items } = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({ options: { checkSender: false } }),
			credentials: t.apiKey({ apiKey: 'wrong-key' }),
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			'The service refused the API key or login: check them in the SMSOnlineGH credential',
		);
		expect(error?.description).toContain('Not sent: 1 number of the failed request (0241234567).');
		expect(t.sim.submissionCounts()).toEqual({});
	});

	it('with Continue On Fail, a refused request yields error items for exactly the numbers it carried', async () => {
		t.sim.addFault({ kind: 'handshake', handshakeId: 1409 });
		const { items, error } = await t.run({
			items: [{ phone: '0241234567' }, { phone: '0201234567' }],
			parameters: sendParameters(),
			settings: { onError: 'continueRegularOutput' },
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => [i.json.input, i.json.verdict, i.json.error, i.pairedItem])).toEqual([
			[
				'0241234567',
				'notSent',
				'The account is suspended: contact SMSOnlineGH support to lift the suspension',
				{ item: 0 },
			],
			[
				'0201234567',
				'notSent',
				'The account is suspended: contact SMSOnlineGH support to lift the suspension',
				{ item: 1 },
			],
		]);
	});

	it('an HTTP 500 marks the request’s numbers as possibly sent, never retried', async () => {
		t.sim.addFault({ path: SEND_PATH, kind: 'http500', nth: 1 });
		const { items } = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters(),
			settings: { onError: 'continueRegularOutput' },
		});
		expect(t.requests()).toHaveLength(1);
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			input: '0241234567',
			verdict: 'maybeSent',
			error:
				'The SMS service failed with HTTP 500: check the sent messages in your SMSOnlineGH account before sending again',
		});
		expect(items[0].json.reason).toBe(
			'unknown: may have been sent (The SMS service failed with HTTP 500: check the sent messages in your SMSOnlineGH account before sending again)',
		);
	});

	it('a Base URL that is not this service says so', async () => {
		const { error } = await t.run({
			items: [{ phone: '+233241234567' }],
			parameters: sendParameters(),
			credentials: t.apiKey({ baseUrl: `${t.baseUrl}/elsewhere` }),
		});
		expect(error?.message).toBe(
			'The SMS service rejected the request with HTTP 404: check the Base URL in the SMSOnlineGH credential',
		);
		expect(error?.description).toContain(
			'The Base URL does not serve the v5 SMS API at this path.',
		);
		// A number without a country code needs the profile that Base URL cannot give: refused, saying why.
		const local = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters(),
			credentials: t.apiKey({ baseUrl: `${t.baseUrl}/elsewhere` }),
		});
		expect(local.error?.message).toContain(
			'it has no country code, and the account’s home country could not be read from its profile (The SMS service rejected the request with HTTP 404: check the Base URL in the SMSOnlineGH credential)',
		);
	});
});
