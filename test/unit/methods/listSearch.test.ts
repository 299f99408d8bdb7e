/**
 * The Sender lists the editor shows: the account's registered senders from its profile
 * (`POST /v5/auth`), SMS or voice, searchable, each with its countries; a failed call is an error
 * the editor shows.
 */
import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { searchSenders, searchVoiceSenders } from '../../../nodes/SmsOnlineGh/methods/listSearch';
import { fakeContext, serviceAnswer } from '../../harness/fakeContext';

const PROFILE = {
	settings: {
		user: {
			timeZone: 'Africa/Accra',
			routeFilters: [{ countryCode: 'GH', registerSender: true }],
			messageSenders: {
				sms: [
					{ name: 'SMSDemo', caseSensitive: true, countryCodes: ['GH'] },
					{ name: 'Alerts', caseSensitive: false, countryCodes: ['GH', 'NG'] },
					{ name: 'NoCountry', caseSensitive: false, countryCodes: [] },
				],
				voice: [{ name: 'DemoVoice', caseSensitive: true, countryCodes: ['GH'] }],
			},
		},
		general: { messageTypes: [] },
	},
};

function context(answer = serviceAnswer(PROFILE)) {
	const fake = fakeContext({ answers: [answer] });
	return { fake, ctx: fake.ctx as unknown as ILoadOptionsFunctions };
}

describe('searchSenders', () => {
	it('asks the profile (POST /v5/auth, JSON, no body) and lists every registered sender with its countries', async () => {
		const { fake, ctx } = context();
		await expect(searchSenders.call(ctx)).resolves.toEqual({
			results: [
				{ name: 'SMSDemo (GH)', value: 'SMSDemo' },
				{ name: 'Alerts (GH, NG)', value: 'Alerts' },
				{ name: 'NoCountry', value: 'NoCountry' },
			],
		});
		expect(fake.calls).toHaveLength(1);
		expect(fake.calls[0].options).toMatchObject({
			method: 'POST',
			url: '/v5/auth',
			headers: { Accept: 'application/json' },
		});
		expect(fake.calls[0].options.body).toBeUndefined();
	});

	it('filters by what the user types, in any case', async () => {
		const { ctx } = context();
		await expect(searchSenders.call(ctx, 'aLe')).resolves.toEqual({
			results: [{ name: 'Alerts (GH, NG)', value: 'Alerts' }],
		});
	});

	it('an account without registered senders: an empty list', async () => {
		const { ctx } = context(serviceAnswer({ settings: { user: { timeZone: 'Africa/Accra' } } }));
		await expect(searchSenders.call(ctx)).resolves.toEqual({ results: [] });
	});

	it('a refused key: the error the editor shows says so, with the handshake', async () => {
		const { ctx } = context(serviceAnswer(null, { id: 1203, label: 'HSHK_ERR_UA_AUTH' }));
		await expect(searchSenders.call(ctx)).rejects.toMatchObject({
			description: expect.stringContaining('(handshake 1203'),
		});
	});
});

describe('searchVoiceSenders', () => {
	it('lists the voice senders alone, from the same profile request', async () => {
		const { fake, ctx } = context();
		await expect(searchVoiceSenders.call(ctx)).resolves.toEqual({
			results: [{ name: 'DemoVoice (GH)', value: 'DemoVoice' }],
		});
		expect(fake.calls).toHaveLength(1);
		expect(fake.calls[0].options).toMatchObject({ method: 'POST', url: '/v5/auth' });
	});

	it('filters by what the user types; a profile listing no voice senders gives an empty list', async () => {
		await expect(searchVoiceSenders.call(context().ctx, 'demov')).resolves.toEqual({
			results: [{ name: 'DemoVoice (GH)', value: 'DemoVoice' }],
		});
		await expect(searchVoiceSenders.call(context().ctx, 'sms')).resolves.toEqual({ results: [] });
		const { ctx } = context(
			serviceAnswer({
				settings: {
					user: { messageSenders: { sms: [{ name: 'SMSDemo', countryCodes: ['GH'] }] } },
				},
			}),
		);
		await expect(searchVoiceSenders.call(ctx)).resolves.toEqual({ results: [] });
	});

	it('a refused key: the error the editor shows', async () => {
		const { ctx } = context(serviceAnswer(null, { id: 1203, label: 'HSHK_ERR_UA_AUTH' }));
		await expect(searchVoiceSenders.call(ctx)).rejects.toMatchObject({
			description: expect.stringContaining('(handshake 1203'),
		});
	});
});
