/**
 * callService's retries: only failures that prove nothing was processed are tried again, within
 * the attempts and the total wait the policy allows. n8n-workflow's `sleep` is replaced by a
 * recorder, so the waits are asserted exactly and cost no time.
 */
import { sleep } from 'n8n-workflow';

import { BALANCE_PATH, balanceReader } from '../../../../nodes/shared/transport/endpoints/balance';
import type { TransportOptions } from '../../../../nodes/shared/transport/service';
import { callService } from '../../../../nodes/shared/transport/service';
import type { Answer } from '../../../harness/fakeContext';
import { fakeContext, serviceAnswer } from '../../../harness/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const sleepMock = jest.mocked(sleep);

const BALANCE = { balance: 3, model: 'quantity', currencyName: null, currencyCode: null };
const OK = serviceAnswer(BALANCE);

function options(maxAttempts: number, maxWaitMs: number): TransportOptions {
	return { format: 'json', timeoutMs: 5_000, retry: { maxAttempts, maxWaitMs } };
}

function networkError(code: string, message = `${code} happened`): Answer {
	return { error: Object.assign(new Error(message), { code }) };
}

async function run(answers: Answer[], policy: TransportOptions) {
	const fake = fakeContext({ answers });
	const result = await callService(fake.ctx, { path: BALANCE_PATH, reader: balanceReader }, policy);
	return { result, requests: fake.calls.length, waits: sleepMock.mock.calls.map(([ms]) => ms) };
}

beforeEach(() => sleepMock.mockClear());

describe('callService: retried, since nothing was processed', () => {
	it('a refused connection is tried again with backoff and can then succeed', async () => {
		const { result, requests, waits } = await run(
			[networkError('ECONNREFUSED'), OK],
			options(3, 30_000),
		);
		expect(result).toEqual({ ok: true, value: BALANCE, handshake: { id: 0, label: 'HSHK_OK' } });
		expect(requests).toBe(2);
		expect(waits).toEqual([500]);
	});

	it('a refused connection every time: maxAttempts requests, backoff doubling, then notProcessed', async () => {
		const refused = networkError('ECONNREFUSED');
		const { result, requests, waits } = await run(
			[refused, refused, refused, refused, refused],
			options(4, 30_000),
		);
		expect(requests).toBe(4);
		expect(waits).toEqual([500, 1000, 2000]);
		expect(!result.ok && { ...result.failure }).toEqual({
			certainty: 'notProcessed',
			message:
				'Could not connect to the SMS service: check the Base URL in the SMSOnlineGH credential and the network',
			description:
				'The request did not reach the service (network error ECONNREFUSED), so nothing was sent. Check the Base URL in the credential and the network. (4 attempts over 0 s)',
			httpCode: undefined,
			handshake: undefined,
			attempts: 4,
		});
	});

	it.each(['EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH'])(
		'%s is retried like a refused connection',
		async (code) => {
			const { result, requests } = await run([networkError(code), OK], options(2, 30_000));
			expect(result.ok).toBe(true);
			expect(requests).toBe(2);
		},
	);

	it('HTTP 503 with Retry-After 0: tried again at once', async () => {
		const { result, requests, waits } = await run(
			[{ status: 503, headers: { 'retry-after': '0' } }, OK],
			options(3, 0),
		);
		expect(result.ok).toBe(true);
		expect(requests).toBe(2);
		expect(waits).toEqual([0]);
	});

	it('HTTP 503 and 429 wait what Retry-After asks, not the backoff', async () => {
		const answers: Answer[] = [
			{ status: 503, headers: { 'retry-after': '2' } },
			{ status: 429, headers: { 'retry-after': '7' } },
			OK,
		];
		const { result, requests, waits } = await run(answers, options(3, 30_000));
		expect(result.ok).toBe(true);
		expect(requests).toBe(3);
		expect(waits).toEqual([2000, 7000]);
	});

	it('HTTP 503 without Retry-After waits the backoff', async () => {
		const { waits } = await run([{ status: 503 }, { status: 503 }, OK], options(3, 30_000));
		expect(waits).toEqual([500, 1000]);
	});

	it('the total wait never exceeds maxWaitMs: it stops instead of waiting longer', async () => {
		const busy: Answer = { status: 503, headers: { 'retry-after': '20' } };
		const { result, requests, waits } = await run([busy, busy, busy, busy], options(5, 30_000));
		expect(requests).toBe(2);
		expect(waits).toEqual([20_000]);
		expect(!result.ok && result.failure).toMatchObject({
			certainty: 'notProcessed',
			message: 'The SMS service is unavailable (HTTP 503): try again later',
			httpCode: 503,
			attempts: 2,
		});
		expect(!result.ok && result.failure.description).toMatch(/\(2 attempts over 0 s\)$/);
	});

	it('a wait exactly filling maxWaitMs is allowed; the backoff counts against the same budget', async () => {
		const refused = networkError('ECONNREFUSED');
		expect((await run([refused, refused, refused, OK], options(10, 1500))).waits).toEqual([
			500, 1000,
		]);
		sleepMock.mockClear();
		expect((await run([refused, refused, refused, OK], options(10, 1499))).waits).toEqual([500]);
	});

	it('maxAttempts 1: never retried, never waits, and the description names no attempts', async () => {
		const { result, requests, waits } = await run(
			[networkError('ECONNREFUSED'), OK],
			options(1, 30_000),
		);
		expect(requests).toBe(1);
		expect(waits).toEqual([]);
		expect(!result.ok && result.failure.description).not.toContain('attempts');
		expect(!result.ok && result.failure.attempts).toBe(1);
	});

	it('a host that does not exist is not retried, but is surely not processed', async () => {
		const { result, requests } = await run([networkError('ENOTFOUND'), OK], options(3, 30_000));
		expect(requests).toBe(1);
		expect(!result.ok && result.failure.certainty).toBe('notProcessed');
	});
});

describe('callService: never retried, since the request may have been processed', () => {
	const cases: Array<[string, Answer, string]> = [
		[
			'HTTP 500',
			{ status: 500 },
			'The SMS service failed with HTTP 500: check the sent messages in your SMSOnlineGH account before sending again',
		],
		[
			'HTTP 502',
			{ status: 502, headers: { 'retry-after': '0' } },
			'The SMS service failed with HTTP 502: check the sent messages in your SMSOnlineGH account before sending again',
		],
		[
			'a reset connection',
			networkError('ECONNRESET', 'socket hang up'),
			'The connection to the SMS service broke before its answer arrived: check the sent messages in your SMSOnlineGH account before sending again',
		],
		[
			'a timeout (code)',
			networkError('ECONNABORTED', 'aborted'),
			'The SMS service did not answer within 5 s: check the sent messages in your SMSOnlineGH account before sending again',
		],
		[
			'a timeout (message)',
			{ error: new Error('timeout of 5000ms exceeded') },
			'The SMS service did not answer within 5 s: check the sent messages in your SMSOnlineGH account before sending again',
		],
		[
			'an unreadable 200',
			{ body: '{"handshake":' },
			'The SMS service sent an answer that could not be read: check the sent messages in your SMSOnlineGH account before sending again',
		],
	];

	it.each(cases)('%s: one request, maybeProcessed', async (_case, answer, message) => {
		const { result, requests, waits } = await run([answer, OK, OK], options(3, 30_000));
		expect(requests).toBe(1);
		expect(waits).toEqual([]);
		expect(!result.ok && result.failure).toMatchObject({
			certainty: 'maybeProcessed',
			message,
			attempts: 1,
		});
	});

	it('a failure after a retry keeps the count: ECONNREFUSED then HTTP 500', async () => {
		const { result, requests, waits } = await run(
			[networkError('ECONNREFUSED'), { status: 500 }, OK],
			options(3, 30_000),
		);
		expect(requests).toBe(2);
		expect(waits).toEqual([500]);
		expect(!result.ok && result.failure).toMatchObject({
			certainty: 'maybeProcessed',
			httpCode: 500,
			attempts: 2,
		});
		expect(!result.ok && result.failure.description).toMatch(/\(2 attempts over 0 s\)$/);
	});

	it('HTTP 400 and 404 are final and not processed', async () => {
		for (const status of [400, 404]) {
			sleepMock.mockClear();
			const { result, requests, waits } = await run([{ status }, OK], options(3, 30_000));
			expect([requests, waits]).toEqual([1, []]);
			expect(!result.ok && result.failure).toMatchObject({
				certainty: 'notProcessed',
				httpCode: status,
			});
		}
	});
});
