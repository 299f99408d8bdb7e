import { useSimulator } from './fixtures';

describe('Account → Get Profile, and the Sender list, against the simulator', () => {
	const t = useSimulator();
	const parameters = { resource: 'account', operation: 'getProfile' };
	const expected = {
		timeZone: 'Africa/Accra',
		defaultMessageType: 'gsm',
		defaultCountry: { name: 'Ghana', code: 'GH', dialCode: 233 },
		routes: [
			{
				countryCode: 'GH',
				country: 'Ghana',
				dialCode: 233,
				senderMustBeRegistered: true,
				numericSenderAllowed: false,
			},
		],
		senders: [
			{ name: 'SMSDemo', caseSensitive: true, countryCodes: ['GH'] },
			{ name: 'Alerts', caseSensitive: true, countryCodes: ['GH'] },
		],
		voiceSenders: [{ name: 'DemoVoice', caseSensitive: true, countryCodes: ['GH'] }],
		messageTypes: [
			{ id: 0, name: 'GSM Default', singlePartLength: 160, concatenatedPartLength: 153 },
			{ id: 1, name: 'Unicode', singlePartLength: 70, concatenatedPartLength: 67 },
			{ id: 2, name: 'Flash GSM Default', singlePartLength: 160, concatenatedPartLength: 153 },
			{ id: 3, name: 'Flash Unicode', singlePartLength: 70, concatenatedPartLength: 67 },
		],
	};

	it.each(['json', 'xml'])(
		'posts to /v5/auth with no body and emits the profile as one item paired to every input (%s)',
		async (format) => {
			const { items, error } = await t.run({
				items: [{}, {}],
				parameters: { ...parameters, options: { dataFormat: format } },
			});
			expect(error).toBeUndefined();
			const [request] = t.allRequests();
			expect(request.path).toBe('/v5/auth');
			expect(request.rawBody).toBe('');
			expect(request.headers.accept).toBe(`application/${format}`);
			expect(items).toEqual([{ json: expected, pairedItem: [{ item: 0 }, { item: 1 }] }]);
		},
	);

	it('a wrong key: the handshake in plain words, no secret in the error', async () => {
		const { error } = await t.run({
			items: [{}],
			parameters,
			credentials: t.apiKey({ apiKey: 'wrong-key-value' }),
		});
		expect(error?.description).toContain('(handshake 1203');
		expect(JSON.stringify(error)).not.toContain('wrong-key-value');
	});
});
