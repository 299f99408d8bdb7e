/**
 * dispatch against a hand-made context whose HTTP helper gives prepared answers: each number's
 * output after a failure part-way (request 2 of 3), and that a Retry On Fail try of the same
 * execution sends nothing twice. The dry run and a full success are in dispatch.test.ts.
 */
import { NodeApiError } from 'n8n-workflow';

import { dispatch } from '../../../nodes/SmsOnlineGh/sending/dispatch';
import type { Answer } from '../../harness/fakeContext';
import { fakeContext, sendAnswer, sentBodies, serviceAnswer } from '../../harness/fakeContext';
import {
	ABOUT_THE_NUMBER,
	accepted,
	LOCAL,
	message,
	newExecutionId,
	OTHER,
	PLUS,
	recipient,
	settings,
} from './dispatchFixtures';

const CHECK = 'Check the sent messages in your SMSOnlineGH account before sending again.';

/** The three recipients, one request each; request 1 accepted, request 2 answered with `second`. */
async function failSecondOfThree(second: Answer, executionId = newExecutionId()) {
	const fake = fakeContext({
		executionId,
		answers: [sendAnswer('b1', [{ id: 'm1', to: '233241234567' }]), second],
	});
	const outcomes = await dispatch(
		fake.ctx,
		[message([LOCAL, PLUS, OTHER])],
		settings({ batchSize: 1 }),
	);
	return { ...fake, outcomes };
}

describe('dispatch: a failure in request 2 of 3', () => {
	it('maybe processed (HTTP 500): request 1 kept, request 2 maybeSent, request 3 notSent, each with the error', async () => {
		const { outcomes, calls } = await failSecondOfThree({ status: 500 });
		expect(calls).toHaveLength(2);
		expect(sentBodies(calls).map((b) => (b as { destinations: string[] }).destinations)).toEqual([
			['0241234567'],
			['233551234567'],
		]);
		const error = outcomes[1].error as NodeApiError;
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe(
			'The SMS service failed with HTTP 500: check the sent messages in your SMSOnlineGH account before sending again',
		);
		expect(error.httpCode).toBe('500');
		expect(error.description).toBe(
			[
				`The service reported an error after receiving the request: it may have sent some or all of the messages. ${CHECK}`,
				'Went out before the failure: 1 number in 1 request (batch b1).',
				'May have been sent: 1 number of the failed request (233551234567).',
				'With the Client Reference option set, running the node again would have been safe: the service refuses a message it already has.',
				'Not sent, since the node stopped at the failure: 1 number (0201234567).',
			].join('\n'),
		);
		expect(outcomes).toEqual([
			accepted(LOCAL, '233241234567', 'm1', 'b1'),
			{
				items: 1,
				json: {
					input: '+233 55 123 4567',
					to: '233551234567',
					verdict: 'maybeSent',
					reason:
						'unknown: may have been sent (The SMS service failed with HTTP 500: check the sent messages in your SMSOnlineGH account before sending again)',
					...ABOUT_THE_NUMBER,
				},
				error,
			},
			{
				items: 2,
				json: {
					input: '0201234567',
					to: '0201234567',
					verdict: 'notSent',
					reason: 'not sent: an earlier request failed',
					...ABOUT_THE_NUMBER,
				},
				error,
			},
		]);
		expect(outcomes[2].error).toBe(error);
		expect(outcomes[0].error).toBeUndefined();
	});

	it.each([
		[
			'not processed (HTTP 400)',
			{ status: 400 },
			'The SMS service rejected the request with HTTP 400: check the API key and Base URL in the SMSOnlineGH credential',
		],
		[
			'refused (handshake 1402)',
			serviceAnswer(null, { id: 1402, label: 'HSHK_ERR_BAD_REQUEST' }),
			undefined,
		],
	])('%s: the failed request’s numbers are notSent', async (_case, answer, message) => {
		const { outcomes } = await failSecondOfThree(answer);
		const error = outcomes[1].error as NodeApiError;
		if (message) expect(error.message).toBe(message);
		expect(outcomes.map((o) => [o.items, o.json.verdict, o.error])).toEqual([
			[0, 'accepted', undefined],
			[1, 'notSent', error],
			[2, 'notSent', error],
		]);
		expect(outcomes[1].json.reason).toBe(`not sent (${error.message})`);
		expect(error.description).toContain(
			'\nNot sent: 1 number of the failed request (233551234567).\n',
		);
	});

	it('a failure in the first request: no “went out” line, and long lists are cut after ten numbers', async () => {
		const many = Array.from({ length: 13 }, (_, i) =>
			recipient(i, `05400000${10 + i}`, `05400000${10 + i}`, `2335400000${10 + i}`),
		);
		const fake = fakeContext({ executionId: newExecutionId(), answers: [{ status: 503 }] });
		const outcomes = await dispatch(fake.ctx, [message(many)], settings({ batchSize: 12 }));
		expect(outcomes).toHaveLength(13);
		expect(outcomes[0].error?.description).toBe(
			[
				'The service turned the request away without processing it, so nothing was sent. Try again later.',
				'Not sent: 12 numbers of the failed request (0540000010, 0540000011, 0540000012, 0540000013, 0540000014, 0540000015, 0540000016, 0540000017, 0540000018, 0540000019 and 2 more).',
				'Not sent, since the node stopped at the failure: 1 number (0540000022).',
			].join('\n'),
		);
	});
});

describe('dispatch: Retry On Fail never sends twice', () => {
	it('a second run of the same execution re-emits the accepted request and sends only the rest', async () => {
		const executionId = newExecutionId();
		const first = await failSecondOfThree({ status: 400 }, executionId);
		expect(first.calls).toHaveLength(2);

		const retry = fakeContext({
			executionId,
			answers: [
				sendAnswer('b2', [{ id: 'm2', to: '233551234567' }]),
				sendAnswer('b3', [{ id: 'm3', to: '233201234567' }]),
			],
		});
		const outcomes = await dispatch(
			retry.ctx,
			[message([LOCAL, PLUS, OTHER])],
			settings({ batchSize: 1 }),
		);
		expect(
			sentBodies(retry.calls).map((b) => (b as { destinations: string[] }).destinations),
		).toEqual([['233551234567'], ['0201234567']]);
		expect(outcomes).toEqual([
			accepted(LOCAL, '233241234567', 'm1', 'b1'),
			accepted(PLUS, '233551234567', 'm2', 'b2'),
			accepted(OTHER, '233201234567', 'm3', 'b3'),
		]);

		// That run ended without a failure: its memory is dropped, a later run sends again.
		const later = fakeContext({ executionId, answers: [sendAnswer('b4', [])] });
		await dispatch(later.ctx, [message([LOCAL])], settings());
		expect(later.calls).toHaveLength(1);
	});

	it('a request that may have gone through is not sent again, and no longer holds back the requests after it', async () => {
		const executionId = newExecutionId();
		const first = await failSecondOfThree({ status: 500 }, executionId);
		expect(first.outcomes.map((o) => o.json.verdict)).toEqual(['accepted', 'maybeSent', 'notSent']);
		const retry = fakeContext({
			executionId,
			answers: [sendAnswer('b3', [{ id: 'm3', to: '233201234567' }])],
		});
		const outcomes = await dispatch(
			retry.ctx,
			[message([LOCAL, PLUS, OTHER])],
			settings({ batchSize: 1 }),
		);
		// Only the request that surely was not sent goes out.
		expect(
			sentBodies(retry.calls).map((body) => (body as { destinations: string[] }).destinations),
		).toEqual([['0201234567']]);
		expect(outcomes.map((o) => [o.json.verdict, o.json.reason])).toEqual([
			['accepted', 'pending en route'],
			[
				'maybeSent',
				'unknown: may have been sent by an earlier try (The SMS service failed with HTTP 500: check the sent messages in your SMSOnlineGH account before sending again)',
			],
			['accepted', 'pending en route'],
		]);
		expect(outcomes[1].error?.message).toBe(
			'The SMS service failed with HTTP 500: check the sent messages in your SMSOnlineGH account before sending again',
		);
		// Written when the try is over: it also names what went out after the unknown request.
		expect(outcomes[1].error?.description).toBe(
			[
				'The service reported an error after receiving the request: it may have sent some or all of the messages. Check the sent messages in your SMSOnlineGH account before sending again.',
				'Went out, on this try or an earlier one: 2 numbers in 2 requests (batch b1, b3).',
				'May have been sent by an earlier try: 1 number (233551234567).',
				'With the Client Reference option set, running the node again would have been safe: the service refuses a message it already has.',
			].join('\n'),
		);
		expect(outcomes[2].error).toBeUndefined();
		// The unknown one stays unknown on a third try, which sends nothing more.
		const third = fakeContext({ executionId, answers: [] });
		const again = await dispatch(
			third.ctx,
			[message([LOCAL, PLUS, OTHER])],
			settings({ batchSize: 1 }),
		);
		expect(third.calls).toEqual([]);
		expect(again.map((o) => o.json.verdict)).toEqual(['accepted', 'maybeSent', 'accepted']);
	});

	it('a retry stopped by a later request: the error of the unknown request says so too', async () => {
		const executionId = newExecutionId();
		await failSecondOfThree({ status: 500 }, executionId);
		const retry = fakeContext({ executionId, answers: [{ status: 503 }] });
		const outcomes = await dispatch(
			retry.ctx,
			[message([LOCAL, PLUS, OTHER])],
			settings({ batchSize: 1 }),
		);
		expect(outcomes.map((o) => o.json.verdict)).toEqual(['accepted', 'maybeSent', 'notSent']);
		expect(outcomes[1].error?.description).toMatch(
			/\nMay have been sent by an earlier try: 1 number \(233551234567\)\.\n.*\nThen a later request failed: The SMS service is unavailable \(HTTP 503\): try again later\nThe service turned the request away without processing it, so nothing was sent\. Try again later\.\nWent out before the failure: 1 number in 1 request \(batch b1\)\.\nNot sent: 1 number of the failed request \(0201234567\)\.$/,
		);
	});

	it('another execution, or another run index, is not a retry: everything is sent', async () => {
		const executionId = newExecutionId();
		await failSecondOfThree({ status: 500 }, executionId);
		for (const other of [{ executionId: newExecutionId() }, { executionId, runIndex: 1 }]) {
			const fresh = fakeContext({
				...other,
				answers: [sendAnswer('c1', []), sendAnswer('c2', []), sendAnswer('c3', [])],
			});
			await dispatch(fresh.ctx, [message([LOCAL, PLUS, OTHER])], settings({ batchSize: 1 }));
			expect(fresh.calls).toHaveLength(3);
		}
	});
});
