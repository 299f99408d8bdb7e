import type { IHttpRequestOptions } from 'n8n-workflow';

import { authorizationHeader, SmsOnlineGhApi } from '../../credentials/SmsOnlineGhApi.credentials';
import { serviceRoot } from '../../nodes/shared/transport/credentialType';
import type { SimAccount } from '../../simulator';
import { DEMO_ACCOUNT } from '../../simulator';
import { resolveExpression } from '../harness/workflow';
import { API_KEY, LOGIN, PASSWORD, useSimulator } from './fixtures';

const credential = new SmsOnlineGhApi();

describe('credential', () => {
	it('builds the API Key header', () => {
		expect(authorizationHeader({ authModel: 'apiKey', apiKey: 'abc123' })).toBe('key abc123');
	});

	it('builds the Portal Pass header as factor base64(login + "__::" + password)', () => {
		expect(
			authorizationHeader({ authModel: 'portalPass', login: 'me@x.com', password: 'p@ss:1' }),
		).toBe(`factor ${Buffer.from('me@x.com__::p@ss:1').toString('base64')}`);
	});

	it('authenticate adds the header and keeps the request’s own headers', async () => {
		const request: IHttpRequestOptions = {
			url: '/v5/account/balance',
			headers: { Accept: 'application/xml' },
		};
		const authenticated = await credential.authenticate(
			{ authModel: 'apiKey', apiKey: 'k' },
			request,
		);
		expect(authenticated.headers).toEqual({ Accept: 'application/xml', Authorization: 'key k' });
		expect(request.headers).toEqual({ Accept: 'application/xml' });
	});

	it('keeps secrets in password fields', () => {
		const secret = credential.properties.filter(
			(p) => p.name === 'apiKey' || p.name === 'password',
		);
		expect(secret.map((p) => p.typeOptions?.password)).toEqual([true, true]);
	});

	it('defaults the Base URL to the service host', () => {
		expect(credential.properties.find((p) => p.name === 'baseUrl')?.default).toBe(
			'https://api.smsonlinegh.com',
		);
	});
});

/**
 * The credential test as n8n runs it: the test request, authenticated, then each rule on the
 * parsed body; the first rule whose key has its value fails the test with its message.
 */
describe('Base URL', () => {
	// The credential test's URL is an n8n expression (n8n resolves it, not our code); the node calls
	// serviceRoot. Both must reach the same place for whatever a user types.
	it.each([
		['https://api.smsonlinegh.com', 'https://api.smsonlinegh.com'],
		['https://api.smsonlinegh.com/', 'https://api.smsonlinegh.com'],
		['https://api.smsonlinegh.com/v5', 'https://api.smsonlinegh.com'],
		['https://api.smsonlinegh.com/v5//', 'https://api.smsonlinegh.com'],
		['  https://sms.reseller.example:8443/gateway/  ', 'https://sms.reseller.example:8443/gateway'],
		['https://sms.reseller.example/v50', 'https://sms.reseller.example/v50'],
		['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
		['', 'https://api.smsonlinegh.com'],
		['   ', 'https://api.smsonlinegh.com'],
		[undefined, 'https://api.smsonlinegh.com'],
	])('%j → %s, in the node and in the credential test', (baseUrl, root) => {
		expect(serviceRoot(baseUrl)).toBe(root);
		expect(
			resolveExpression(credential.test.request.baseURL!, {
				$credentials: { apiKey: 'k', baseUrl },
			}),
		).toBe(root);
	});
});

describe('credential test against the simulator', () => {
	const accounts: SimAccount[] = [
		{ ...DEMO_ACCOUNT, senders: [...DEMO_ACCOUNT.senders] },
		{ id: 'noapi', apiKey: 'key-noapi', balance: 1, senders: [], apiAccess: false },
		{
			id: 'nopp',
			apiKey: 'key-nopp',
			login: 'nopp',
			password: 'pw',
			balance: 1,
			senders: [],
			portalPass: false,
		},
		{ id: 'inactive', apiKey: 'key-inactive', balance: 1, senders: [], state: 'inactive' },
		{ id: 'suspended', apiKey: 'key-suspended', balance: 1, senders: [], state: 'suspended' },
	];
	const t = useSimulator(accounts);

	async function runTest(data: Record<string, string>): Promise<string> {
		const { request, rules } = credential.test;
		const authenticated = await credential.authenticate(data, {
			...request,
			url: request.url ?? '',
		} as IHttpRequestOptions);
		const baseURL = resolveExpression(request.baseURL!, { $credentials: data }) as string;
		const response = await fetch(`${baseURL}${request.url}`, {
			method: request.method,
			headers: authenticated.headers as Record<string, string>,
		});
		if (response.status !== 200) return `HTTP ${response.status}`;
		const text = await response.text();
		let body: unknown;
		try {
			body = JSON.parse(text);
		} catch {
			body = text;
		}
		const handshakeId = (body as { handshake?: { id?: unknown } })?.handshake?.id;
		for (const rule of rules ?? []) {
			if (rule.type === 'responseSuccessBody' && handshakeId === rule.properties.value)
				return rule.properties.message;
		}
		return 'OK';
	}

	it('passes with a good API key and with a good login', async () => {
		expect(await runTest({ authModel: 'apiKey', apiKey: API_KEY, baseUrl: t.baseUrl })).toBe('OK');
		expect(
			await runTest({
				authModel: 'portalPass',
				login: LOGIN,
				password: PASSWORD,
				baseUrl: t.baseUrl,
			}),
		).toBe('OK');
	});

	it.each([
		[{ authModel: 'apiKey', apiKey: 'nope' }, 1203, 'refused the API key'],
		[{ authModel: 'apiKey', apiKey: 'key-noapi' }, 1204, 'API access is disabled'],
		[
			{ authModel: 'portalPass', login: 'nopp', password: 'pw' },
			1205,
			'(Portal Pass) over the API',
		],
		[{ authModel: 'apiKey', apiKey: 'key-inactive' }, 1408, 'inactive'],
		[{ authModel: 'apiKey', apiKey: 'key-suspended' }, 1409, 'suspended'],
	])('fails and says why: %j → handshake %d', async (data, id, words) => {
		const message = await runTest({ ...data, baseUrl: t.baseUrl } as Record<string, string>);
		expect(message).toContain(words);
		expect(message).toContain(`(handshake ${id})`);
	});

	it('forgives a trailing slash or /v5 on the Base URL, as the node does', async () => {
		for (const baseUrl of [
			`${t.baseUrl}/`,
			`${t.baseUrl}/v5`,
			`${t.baseUrl}/v5/`,
			` ${t.baseUrl} `,
		]) {
			expect(await runTest({ authModel: 'apiKey', apiKey: API_KEY, baseUrl })).toBe('OK');
		}
		expect(t.sim.journal.map((entry) => entry.path)).toEqual(Array(4).fill('/v5/account/balance'));
	});

	it('fails for a Base URL that answers but is not this service', async () => {
		t.sim.addFault({ kind: 'malformed' });
		const message = await runTest({ authModel: 'apiKey', apiKey: API_KEY, baseUrl: t.baseUrl });
		expect(message).toContain('not like the SMSOnlineGH v5 API');
	});
});
