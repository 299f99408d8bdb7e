/**
 * callService with `idempotent`: a call that only reads (or a send whose every destination carries
 * its own message id) is tried again after failures that may have reached the service (HTTP 5xx, a
 * timeout, a reset connection), within the same attempts and wait budget, and such a send also
 * after an unreadable answer; what is final stays final. n8n-workflow's `sleep` is replaced by a recorder, so the waits are asserted exactly.
 */
import { sleep } from 'n8n-workflow';

import {
	deliveryReportPath,
	deliveryReportReader,
	encodeReportQuery,
} from '../../../../nodes/shared/transport/endpoints/report';
import type { TransportOptions } from '../../../../nodes/shared/transport/service';
import { callService } from '../../../../nodes/shared/transport/service';
import type { Answer } from '../../../harness/fakeContext';
import { fakeContext, serviceAnswer } from '../../../harness/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const sleepMock = jest.mocked(sleep);

const BATCH = '4f1c2a9be07d4c55a3b6e8f01d2c3b4a';
const REPORT = {
	batch: BATCH,
	category: 'sms',
	delivery: true,
	destinations: [{ id: 'm1', to: '233241234567', status: { id: 2110, label: 'DS_DELIVERED' } }],
};
const OK = serviceAnswer(REPORT);
const BODY = encodeReportQuery(['m1'.padEnd(30, '0')], 'json');

function options(maxAttempts: number, maxWaitMs: number): TransportOptions {
	return { format: 'json', timeoutMs: 5_000, retry: { maxAttempts, maxWaitMs } };
}

function networkError(code: string, message = `${code} happened`): Answer {
	return { error: Object.assign(new Error(message), { code }) };
}

async function run(
	answers: Answer[],
	policy: TransportOptions,
	flags: { idempotent?: boolean; readOnly?: boolean } = { idempotent: true },
) {
	const fake = fakeContext({ answers });
	const call = {
		path: deliveryReportPath(BATCH),
		body: BODY,
		reader: deliveryReportReader,
		...flags,
	};
	const result = await callService(fake.ctx, call, policy);
	return {
		result,
		calls: fake.calls,
		requests: fake.calls.length,
		waits: sleepMock.mock.calls.map(([ms]) => ms),
	};
}

beforeEach(() => sleepMock.mockClear());

describe('callService, idempotent: tried again after a failure that may have reached the service', () => {
	const maybe: Array<[string, Answer]> = [
		['HTTP 500', { status: 500 }],
		['HTTP 502', { status: 502 }],
		['HTTP 504', { status: 504 }],
		['a reset connection', networkError('ECONNRESET', 'socket hang up')],
		['a timeout (code)', networkError('ECONNABORTED', 'aborted')],
		['a timeout (message)', { error: new Error('timeout of 5000ms exceeded') }],
	];

	it.each(maybe)(
		'%s, then the answer: two requests, the backoff waited, the answer read',
		async (_case, failure) => {
			const { result, requests, waits } = await run([failure, OK], options(3, 30_000));
			expect(result).toEqual({ ok: true, value: REPORT, handshake: { id: 0, label: 'HSHK_OK' } });
			expect(requests).toBe(2);
			expect(waits).toEqual([500]);
		},
	);

	it.each(maybe)('%s without idempotent: one request, maybeProcessed', async (_case, failure) => {
		const { result, requests, waits } = await run([failure, OK], options(3, 30_000), {});
		expect(requests).toBe(1);
		expect(waits).toEqual([]);
		expect(!result.ok && result.failure.certainty).toBe('maybeProcessed');
	});

	it('every attempt sends the same request: path, body and headers', async () => {
		const { calls } = await run(
			[{ status: 500 }, networkError('ECONNRESET'), OK],
			options(3, 30_000),
		);
		expect(calls).toHaveLength(3);
		expect(calls.map((c) => [c.options.url, c.options.body, c.options.headers])).toEqual(
			Array(3).fill([
				`/v5/report/message/delivery/${BATCH}`,
				BODY,
				{
					Accept: 'application/json',
					'Accept-Encoding': 'gzip, deflate',
					'Content-Type': 'application/json',
				},
			]),
		);
	});

	it('a failure every time: maxAttempts requests, backoff doubling, the last failure reported with the count', async () => {
		const { result, requests, waits } = await run(
			[{ status: 500 }, { status: 500 }, { status: 500 }, OK],
			options(3, 30_000),
		);
		expect(requests).toBe(3);
		expect(waits).toEqual([500, 1000]);
		expect(!result.ok && result.failure).toMatchObject({
			certainty: 'maybeProcessed',
			message:
				'The SMS service failed with HTTP 500: check the sent messages in your SMSOnlineGH account before sending again',
			httpCode: 500,
			attempts: 3,
		});
		expect(!result.ok && result.failure.description).toMatch(/\(3 attempts over 0 s\)$/);
	});

	it('the wait budget still bounds the retries', async () => {
		const { requests, waits } = await run(
			[{ status: 500 }, { status: 500 }, { status: 500 }, OK],
			options(5, 1_000),
		);
		expect(requests).toBe(2);
		expect(waits).toEqual([500]);
	});

	it('maxAttempts 1: never tried again', async () => {
		const { result, requests, waits } = await run([{ status: 500 }, OK], options(1, 30_000));
		expect([requests, waits]).toEqual([1, []]);
		expect(!result.ok && result.failure.attempts).toBe(1);
	});

	it('a mix: refused, then HTTP 500, then the answer', async () => {
		const { result, requests, waits } = await run(
			[networkError('ECONNREFUSED'), { status: 500 }, OK],
			options(3, 30_000),
		);
		expect(result.ok).toBe(true);
		expect(requests).toBe(3);
		expect(waits).toEqual([500, 1000]);
	});

	it('HTTP 503 still waits what Retry-After asks', async () => {
		const { requests, waits } = await run(
			[{ status: 503, headers: { 'retry-after': '3' } }, OK],
			options(3, 30_000),
		);
		expect(requests).toBe(2);
		expect(waits).toEqual([3000]);
	});
});

const UNREADABLE: Array<[string, Answer]> = [
	['an unreadable 200', { body: '{"handshake":' }],
	[
		'a 200 whose data cannot be read',
		serviceAnswer({ category: 'sms', delivery: true, destinations: [] }),
	],
];

describe('callService, idempotent: what is final stays final', () => {
	it.each([
		['HTTP 400', { status: 400 } as Answer, 'notProcessed'],
		['HTTP 404', { status: 404 } as Answer, 'notProcessed'],
		['a host that does not exist', networkError('ENOTFOUND'), 'notProcessed'],
		[
			'a handshake refusal',
			serviceAnswer(null, { id: 1501, label: 'HSHK_ERR_MR_BATCH_ID' }),
			'refused',
		],
	])('%s: one request', async (_case, answer, certainty) => {
		const { result, requests, waits } = await run([answer, OK], options(3, 30_000));
		expect(requests).toBe(1);
		expect(waits).toEqual([]);
		expect(!result.ok && result.failure.certainty).toBe(certainty);
	});

	it.each(UNREADABLE)('%s to a read: one request', async (_case, answer) => {
		const { result, requests, waits } = await run([answer, OK], options(3, 30_000), {
			readOnly: true,
		});
		expect([requests, waits]).toEqual([1, []]);
		expect(!result.ok && result.failure.certainty).toBe('maybeProcessed');
	});
});

describe('callService, idempotent send: an unreadable answer is a lost answer', () => {
	// A send whose numbers carry their own message ids: the service refuses what it already took.
	it.each(UNREADABLE)(
		'%s, then the answer: two requests, the backoff waited',
		async (_case, answer) => {
			const { result, requests, waits } = await run([answer, OK], options(3, 30_000));
			expect(result.ok).toBe(true);
			expect([requests, waits]).toEqual([2, [500]]);
		},
	);

	it.each(UNREADABLE)(
		'%s every time: maxAttempts requests, then maybeProcessed',
		async (_case, answer) => {
			const { result, requests } = await run([answer, answer, answer, OK], options(3, 30_000));
			expect(requests).toBe(3);
			expect(!result.ok && [result.failure.certainty, result.failure.attempts]).toEqual([
				'maybeProcessed',
				3,
			]);
		},
	);

	it.each(UNREADABLE)('%s without idempotent: one request', async (_case, answer) => {
		const { requests } = await run([answer, OK], options(3, 30_000), {});
		expect(requests).toBe(1);
	});
});
