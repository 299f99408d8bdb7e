import { DEMO_ACCOUNT } from '../../simulator';
import { BALANCE, SEND, account, factorAuth, plainUnit, post, raw, useSimulator } from './helpers';

const sim = useSimulator({
	accounts: [
		{ ...DEMO_ACCOUNT, senders: [...DEMO_ACCOUNT.senders] },
		account({ id: 'noapi', apiKey: 'noapi-key', login: 'noapi@example.com', apiAccess: false }),
		account({
			id: 'noportal',
			apiKey: 'noportal-key',
			login: 'noportal@example.com',
			portalPass: false,
		}),
		account({
			id: 'inactive',
			apiKey: 'inactive-key',
			login: 'inactive@example.com',
			state: 'inactive',
		}),
		account({
			id: 'suspended',
			apiKey: 'suspended-key',
			login: 'suspended@example.com',
			state: 'suspended',
		}),
		account({
			id: 'keyless',
			apiKey: undefined,
			login: 'keyless@example.com',
			password: 'pw with spaces:and__::',
		}),
	],
});

async function handshakeFor(
	authorization: string | undefined,
	path = BALANCE,
): Promise<{ id: number; label: string }> {
	const headers: Record<string, string> = { accept: 'application/json' };
	if (authorization !== undefined) headers.authorization = authorization;
	const res = await raw(sim().baseUrl, { path, headers });
	expect(res.status).toBe(200);
	const body = JSON.parse(res.body);
	if (body.handshake.id !== 0) expect(body.data).toBeNull();
	return body.handshake;
}

describe('Authorization', () => {
	it('accepts the API key model', async () => {
		expect(await handshakeFor(`key ${DEMO_ACCOUNT.apiKey}`)).toEqual({ id: 0, label: 'HSHK_OK' });
		expect(sim().journal[0].accountId).toBe('demo');
	});

	it('accepts the Portal Pass model', async () => {
		expect((await handshakeFor(factorAuth('demo@example.com', 'Demo-Passw0rd'))).id).toBe(0);
		expect(sim().journal[0].accountId).toBe('demo');
	});

	it('takes the whole password, even when it contains the separator', async () => {
		expect(
			(await handshakeFor(factorAuth('keyless@example.com', 'pw with spaces:and__::'))).id,
		).toBe(0);
		expect(sim().journal[0].accountId).toBe('keyless');
	});

	it('answers 1201 for a missing header', async () => {
		expect(await handshakeFor(undefined)).toEqual({ id: 1201, label: 'HSHK_ERR_UA_MODEL' });
	});

	it.each(['Bearer abc', 'Key demo-api-key-0123456789abcdef', 'basic xyz', 'keydemo', ''])(
		'answers 1201 for the unknown model in %j',
		async (authorization) => {
			expect((await handshakeFor(authorization)).id).toBe(1201);
		},
	);

	it.each(['key', 'factor', 'key ', 'factor    '])(
		'answers 1202 when %j carries no credential',
		async (authorization) => {
			expect(await handshakeFor(authorization)).toEqual({ id: 1202, label: 'HSHK_ERR_UA_PID' });
		},
	);

	it('answers 1203 for a wrong key', async () => {
		expect(await handshakeFor('key not-a-key')).toEqual({ id: 1203, label: 'HSHK_ERR_UA_AUTH' });
	});

	it('answers 1203 for a key model on an account without a key', async () => {
		expect((await handshakeFor('key undefined')).id).toBe(1203);
	});

	it.each([
		['a wrong password', factorAuth('demo@example.com', 'wrong')],
		['a wrong login', factorAuth('nobody@example.com', 'Demo-Passw0rd')],
		['no separator', `factor ${Buffer.from('demo@example.comDemo-Passw0rd').toString('base64')}`],
		['undecodable base64', 'factor ***not base64***'],
		[
			'base64 with a space inside',
			`factor ${Buffer.from('demo@example.com__::Demo-Passw0rd')
				.toString('base64')
				.replace(/^(.{8})/, '$1 ')}`,
		],
		[
			'base64 with a byte cut off',
			`factor ${Buffer.from('demo@example.com__::Demo-Passw0rd').toString('base64').slice(0, -1)}`,
		],
		['the API key as a factor', `factor ${DEMO_ACCOUNT.apiKey}`],
		['a login/password pair as a key', 'key demo@example.com__::Demo-Passw0rd'],
	])('answers 1203 for %s', async (_label, authorization) => {
		expect((await handshakeFor(authorization)).id).toBe(1203);
	});

	it('answers 1204 when API access is disabled, whatever the model', async () => {
		expect(await handshakeFor('key noapi-key')).toEqual({
			id: 1204,
			label: 'HSHK_ERR_UA_API_NO_ACCESS',
		});
		expect(
			(await handshakeFor(factorAuth('noapi@example.com', DEMO_ACCOUNT.password as string))).id,
		).toBe(1204);
	});

	it('answers 1205 for Portal Pass on an account that forbids it, but lets its key in', async () => {
		const factor = factorAuth('noportal@example.com', DEMO_ACCOUNT.password as string);
		expect(await handshakeFor(factor)).toEqual({ id: 1205, label: 'HSHK_ERR_UA_API_NO_PPASS' });
		expect((await handshakeFor('key noportal-key')).id).toBe(0);
	});

	it('answers 1408 for an inactive account and 1409 for a suspended one', async () => {
		expect(await handshakeFor('key inactive-key')).toEqual({
			id: 1408,
			label: 'HSHK_ERR_ACCT_INACTIVE',
		});
		expect(await handshakeFor('key suspended-key')).toEqual({
			id: 1409,
			label: 'HSHK_ERR_ACCT_SUSPENDED',
		});
	});

	it('checks authentication before the body, and takes no credit on failure', async () => {
		const res = await post(sim().baseUrl, SEND, plainUnit(['0241234567']), {
			accept: 'application/json',
			'content-type': 'application/json',
			authorization: 'key wrong',
		});
		expect(res.json.handshake.id).toBe(1203);
		expect(sim().balance('demo')).toBe(1000);
		expect(sim().journal[0].submitted).toBe(false);
		expect(sim().journal[0].accountId).toBeUndefined();
	});

	it('does not send a suspended account past the gate even with a good body', async () => {
		const res = await post(sim().baseUrl, SEND, plainUnit(['0241234567']), {
			accept: 'application/json',
			'content-type': 'application/json',
			authorization: 'key suspended-key',
		});
		expect(res.json.handshake.id).toBe(1409);
		expect(sim().submissionCount('233241234567')).toBe(0);
	});
});
