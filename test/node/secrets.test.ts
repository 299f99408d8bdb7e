/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
import { inspect } from 'node:util';

import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';

import type { FaultSpec, SimAccount } from '../../simulator';
import { personalisedParameters, sendParameters, useSimulator } from './fixtures';

const KEY = 'SECRET-KEY-7f3a9c1e5b';
const LOGIN = 'secret.login@example.com';
const PASSWORD = 'S3cret-Pa55word!9';
const FACTOR = Buffer.from(`${LOGIN}__::${PASSWORD}`).toString('base64');

/** Every form a secret could leak in: raw, base64, and the whole header values. */
const NEEDLES = [
	KEY,
	PASSWORD,
	FACTOR,
	Buffer.from(KEY).toString('base64'),
	Buffer.from(PASSWORD).toString('base64'),
	`key ${KEY}`,
	`factor ${FACTOR}`,
];

const account: SimAccount = {
	id: 'secret',
	apiKey: KEY,
	login: LOGIN,
	password: PASSWORD,
	balance: 100,
	senders: ['SMSDemo'],
};

describe('Secrets never appear in outputs, errors or logs, on any path', () => {
	const t = useSimulator([account]);
	let logged: string[] = [];
	const spies: jest.SpyInstance[] = [];

	beforeEach(() => {
		logged = [];
		for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
			spies.push(
				jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
					logged.push(args.map((a) => inspect(a, { depth: 20 })).join(' '));
				}),
			);
		}
	});
	afterEach(() => {
		spies.splice(0).forEach((spy) => spy.mockRestore());
	});

	const credentials: Array<[string, () => ICredentialDataDecryptedObject]> = [
		['API Key', () => ({ authModel: 'apiKey', apiKey: KEY, baseUrl: t.baseUrl })],
		[
			'Portal Pass',
			() => ({ authModel: 'portalPass', login: LOGIN, password: PASSWORD, baseUrl: t.baseUrl }),
		],
	];

	const paths: Array<[string, FaultSpec | undefined, INodeParameters, Record<string, unknown>]> = [
		['success', undefined, sendParameters(), {}],
		['personalised success', undefined, personalisedParameters(), { first_name: 'A', amount: 1 }],
		['handshake refusal', { kind: 'handshake', handshakeId: 1203 }, sendParameters(), {}],
		['HTTP 500', { kind: 'http500' }, sendParameters(), {}],
		[
			'HTTP 429 beyond the budget',
			{ kind: 'http429', retryAfter: 60 },
			sendParameters({ options: { retryMaxWait: 1 } }),
			{},
		],
		['reset after processing', { kind: 'resetAfter' }, sendParameters(), {}],
		['malformed answer', { kind: 'malformed' }, sendParameters(), {}],
		['timeout', { kind: 'hang' }, sendParameters({ options: { timeout: 1 } }), {}],
		['bad input', undefined, sendParameters({ phoneNumbers: 'not a number' }), {}],
		[
			'balance refusal',
			{ kind: 'handshake', handshakeId: 1409 },
			{ resource: 'account', operation: 'getBalance' },
			{},
		],
	];

	describe.each(credentials)('%s', (_model, credential) => {
		describe.each([
			['Continue On Fail', { onError: 'continueRegularOutput' as const }],
			['failing the execution', {}],
		])('%s', (_mode, settings) => {
			it.each(paths)('%s', async (_path, fault, parameters, extra) => {
				if (fault) t.sim.addFault(fault);
				const result = await t.run({
					items: [{ phone: '0241234567', ...extra }],
					parameters,
					credentials: credential(),
					settings,
				});
				const error = result.error as
					| (Error & { description?: unknown; context?: unknown; cause?: unknown })
					| undefined;
				const haystacks = [
					JSON.stringify(result.items),
					inspect(result.items, { depth: 30 }),
					inspect(result.run, { depth: 30 }),
					error ? inspect(error, { depth: 30, showHidden: true }) : '',
					error ? JSON.stringify(error) : '',
					error ? String(error.message) + String(error.description) : '',
					error ? inspect(error.cause, { depth: 30 }) + inspect(error.context, { depth: 30 }) : '',
					...logged,
				].join('\n');
				// The request did reach the simulator with the secret, so the test is not vacuous (a
				// refused credential stops the run at the sender check's profile request: it counts).
				if (!_path.startsWith('bad input')) {
					expect(t.allRequests().length).toBeGreaterThan(0);
					// and the search does find a secret where one is: in the service's own journal.
					expect(
						NEEDLES.some((needle) => inspect(t.allRequests(), { depth: 10 }).includes(needle)),
					).toBe(true);
				}
				for (const needle of NEEDLES)
					expect(haystacks.includes(needle) ? needle : 'absent').toBe('absent');
			});
		});
	});
});
