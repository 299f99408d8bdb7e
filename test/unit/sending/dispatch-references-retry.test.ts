/**
 * dispatch with Client References after a lost answer: a request whose every number has an id
 * tried again inside the call (and one without ids not), and Retry On Fail sending such a request
 * again instead of repeating the uncertainty. n8n-workflow's `sleep` is replaced so retries cost no
 * time. The bodies and the answers' pairing are in dispatch-references.test.ts.
 */
import { sleep } from 'n8n-workflow';

import { dispatch } from '../../../nodes/SmsOnlineGh/sending/dispatch';
import { fakeContext, sendAnswer, sentBodies } from '../../harness/fakeContext';
import {
	ABOUT_THE_NUMBER,
	LOCAL,
	message,
	newExecutionId,
	OTHER,
	settings,
} from './dispatchFixtures';
import { DUPLICATE, A, C, ID_A, ID_C, accepted } from './dispatchReferenceFixtures';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const sleepMock = jest.mocked(sleep);
beforeEach(() => sleepMock.mockClear());

const RETRYING = settings({
	transport: { format: 'json', timeoutMs: 5000, retry: { maxAttempts: 3, maxWaitMs: 30_000 } },
});

describe('dispatch with references: a lost answer', () => {
	it('every number with an id: HTTP 500, then the same body again inside the call, and its answer read', async () => {
		const answers = [
			{ status: 500 },
			sendAnswer('b5', [
				{ id: ID_A, to: '233241234567', status: DUPLICATE },
				{ id: ID_C, to: '233201234567' },
			]),
		];
		const fake = fakeContext({ executionId: newExecutionId(), answers });
		const outcomes = await dispatch(fake.ctx, [message([A, C])], RETRYING);
		expect(fake.calls).toHaveLength(2);
		expect(fake.calls[1].options.body).toBe(fake.calls[0].options.body);
		expect(sleepMock.mock.calls.map(([ms]) => ms)).toEqual([500]);
		expect(outcomes.map((o) => [o.items, o.json.verdict, o.error])).toEqual([
			[0, 'alreadySent', undefined],
			[2, 'accepted', undefined],
		]);
	});

	it('without ids the same HTTP 500 is not sent again: maybeSent', async () => {
		const fake = fakeContext({
			executionId: newExecutionId(),
			answers: [{ status: 500 }, sendAnswer('never', [])],
		});
		const outcomes = await dispatch(fake.ctx, [message([LOCAL, OTHER])], RETRYING);
		expect(fake.calls).toHaveLength(1);
		expect(sleepMock).not.toHaveBeenCalled();
		expect(outcomes.map((o) => o.json.verdict)).toEqual(['maybeSent', 'maybeSent']);
	});

	it('one number of the request without an id: the request is not identified, not sent again', async () => {
		const fake = fakeContext({
			executionId: newExecutionId(),
			answers: [{ status: 500 }, sendAnswer('never', [])],
		});
		const outcomes = await dispatch(fake.ctx, [message([A, OTHER])], RETRYING);
		expect(fake.calls).toHaveLength(1);
		expect(outcomes.map((o) => o.json.verdict)).toEqual(['maybeSent', 'maybeSent']);
		expect(outcomes[0].error?.description).toContain(
			'With the Client Reference option set, running the node again would have been safe: the service refuses a message it already has.',
		);
	});

	it('every attempt lost: maybeSent with the ids and references, and the description says a re-run is safe', async () => {
		const fake = fakeContext({
			executionId: newExecutionId(),
			answers: [{ status: 500 }, { status: 500 }, { status: 500 }],
		});
		const outcomes = await dispatch(fake.ctx, [message([A, C])], RETRYING);
		expect(fake.calls).toHaveLength(3);
		const error = outcomes[0].error;
		expect(error?.message).toBe(
			'The SMS service failed with HTTP 500: check the sent messages in your SMSOnlineGH account before sending again',
		);
		expect(error?.description?.split('\n').slice(1)).toEqual([
			'May have been sent: 2 numbers of the failed request (0241234567, 0201234567).',
			'Each number has a message id derived from its Client Reference: running the node again sends only what the service does not have.',
		]);
		expect(outcomes.map((o) => o.json)).toEqual([
			{
				input: '0241234567',
				to: '0241234567',
				verdict: 'maybeSent',
				reason:
					'unknown: may have been sent (The SMS service failed with HTTP 500: check the sent messages in your SMSOnlineGH account before sending again)',
				messageId: ID_A,
				...ABOUT_THE_NUMBER,
				clientReference: 'ORD-1',
			},
			{
				input: '0201234567',
				to: '0201234567',
				verdict: 'maybeSent',
				reason:
					'unknown: may have been sent (The SMS service failed with HTTP 500: check the sent messages in your SMSOnlineGH account before sending again)',
				messageId: ID_C,
				...ABOUT_THE_NUMBER,
				clientReference: 'ORD-3',
			},
		]);
	});

	it('numbers not attempted after a failure carry their ids and references too', async () => {
		const fake = fakeContext({ executionId: newExecutionId(), answers: [{ status: 400 }] });
		const outcomes = await dispatch(fake.ctx, [message([A, C])], settings({ batchSize: 1 }));
		expect(outcomes.map((o) => o.json)).toEqual([
			{
				input: '0241234567',
				to: '0241234567',
				verdict: 'notSent',
				reason:
					'not sent (The SMS service rejected the request with HTTP 400: check the API key and Base URL in the SMSOnlineGH credential)',
				messageId: ID_A,
				...ABOUT_THE_NUMBER,
				clientReference: 'ORD-1',
			},
			{
				input: '0201234567',
				to: '0201234567',
				verdict: 'notSent',
				reason: 'not sent: an earlier request failed',
				messageId: ID_C,
				...ABOUT_THE_NUMBER,
				clientReference: 'ORD-3',
			},
		]);
	});
});

describe('dispatch with references: Retry On Fail', () => {
	it('a request whose fate was unknown is sent again, and the service’s 2131 tells what it had', async () => {
		const executionId = newExecutionId();
		const first = fakeContext({
			executionId,
			answers: [sendAnswer('b1', [{ id: ID_A, to: '233241234567' }]), { status: 502 }],
		});
		const firstRun = await dispatch(first.ctx, [message([A, C])], settings({ batchSize: 1 }));
		expect(firstRun.map((o) => o.json.verdict)).toEqual(['accepted', 'maybeSent']);

		const retry = fakeContext({
			executionId,
			answers: [sendAnswer('b2', [{ id: ID_C, to: '233201234567', status: DUPLICATE }])],
		});
		const outcomes = await dispatch(retry.ctx, [message([A, C])], settings({ batchSize: 1 }));
		// The accepted request is given back from memory; only the uncertain one goes out again.
		expect(sentBodies(retry.calls)).toEqual([
			{
				text: 'Hello',
				type: 0,
				sender: 'SMSDemo',
				destinations: [{ number: '0201234567', id: ID_C }],
			},
		]);
		expect(outcomes).toEqual([
			accepted(A, '233241234567', 'b1'),
			accepted(
				C,
				'233201234567',
				'b2',
				DUPLICATE,
				'alreadySent',
				'already sent: the service already has this message for client reference ORD-3',
			),
		]);
	});

	it('lost again on the retry: still maybeSent, and a third try sends it once more', async () => {
		const executionId = newExecutionId();
		await dispatch(
			fakeContext({ executionId, answers: [{ status: 500 }] }).ctx,
			[message([A])],
			settings(),
		);
		const second = fakeContext({
			executionId,
			answers: [{ error: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) }],
		});
		const secondRun = await dispatch(second.ctx, [message([A])], settings());
		expect(second.calls).toHaveLength(1);
		expect(secondRun[0].json.verdict).toBe('maybeSent');
		expect(secondRun[0].error?.message).toBe(
			'The connection to the SMS service broke before its answer arrived: check the sent messages in your SMSOnlineGH account before sending again',
		);

		const third = fakeContext({
			executionId,
			answers: [sendAnswer('b9', [{ id: ID_A, to: '233241234567' }])],
		});
		const thirdRun = await dispatch(third.ctx, [message([A])], settings());
		expect(third.calls).toHaveLength(1);
		expect(thirdRun).toEqual([accepted(A, '233241234567', 'b9')]);
	});

	it('a resend that fails for sure keeps the first attempt’s uncertainty: maybeSent, not notSent', async () => {
		const executionId = newExecutionId();
		await dispatch(
			fakeContext({ executionId, answers: [{ status: 500 }] }).ctx,
			[message([A])],
			settings(),
		);
		const retry = fakeContext({ executionId, answers: [{ status: 400 }] });
		const outcomes = await dispatch(retry.ctx, [message([A])], settings());
		expect(retry.calls).toHaveLength(1);
		expect(outcomes[0].json.verdict).toBe('maybeSent');
	});
});
