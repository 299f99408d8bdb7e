/**
 * dispatch with Client References: the exact bodies (each destination with its own message id),
 * answers paired by message id before number, status 2131 on a referenced number reported as
 * alreadySent, a request whose every number has an id tried again inside the call after a lost
 * answer (and one without ids not), and Retry On Fail sending such a request again instead of
 * repeating the uncertainty. n8n-workflow's `sleep` is replaced so retries cost no time.
 */
import { sleep } from 'n8n-workflow';

import { dispatch } from '../../../nodes/SmsOnlineGh/sending/dispatch';
import type { Recipient } from '../../../nodes/SmsOnlineGh/sending/message';
import { customMessageId } from '../../../nodes/shared/referenceIds';
import { fakeContext, sendAnswer, sentBodies } from '../../harness/fakeContext';
import { ABOUT_THE_NUMBER, LOCAL, message, newExecutionId, OTHER, recipient, settings } from './dispatchFixtures';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const sleepMock = jest.mocked(sleep);
beforeEach(() => sleepMock.mockClear());

const PENDING = { id: 2105, label: 'DS_PENDING_ENROUTE' };
const DUPLICATE = { id: 2131, label: 'DS_REJECTED_MSGID_DUPLICATE' };

function referenced(r: Recipient, reference: string): Recipient {
	return { ...r, reference, messageId: customMessageId(reference, r.key, r.text) };
}

const A = referenced(LOCAL, 'ORD-1');
const C = referenced(OTHER, 'ORD-3');
const ID_A = customMessageId('ORD-1', '233241234567', 'Hello');
const ID_C = customMessageId('ORD-3', '233201234567', 'Hello');

const RETRYING = settings({ transport: { format: 'json', timeoutMs: 5000, retry: { maxAttempts: 3, maxWaitMs: 30_000 } } });

function accepted(r: Recipient, to: string, batch: string, status = PENDING, verdict = 'accepted', reason = 'pending en route') {
	return {
		items: r.itemIndex,
		json: {
			input: r.input,
			to,
			verdict,
			reason,
			status,
			messageId: r.messageId,
			batch,
			category: 'sms',
			delivery: false,
			...ABOUT_THE_NUMBER,
			clientReference: r.reference,
		},
	};
}

describe('dispatch with references: the request', () => {
	it('JSON: each destination as {number, id}; each output with its message id and reference', async () => {
		const fake = fakeContext({
			executionId: newExecutionId(),
			answers: [sendAnswer('b1', [{ id: ID_A, to: '233241234567' }, { id: ID_C, to: '233201234567' }])],
		});
		const outcomes = await dispatch(fake.ctx, [message([A, C])], settings());
		expect(fake.calls.map((c) => c.options.body)).toEqual([
			`{"text":"Hello","type":0,"sender":"SMSDemo","destinations":[{"number":"0241234567","id":"${ID_A}"},{"number":"0201234567","id":"${ID_C}"}]}`,
		]);
		expect(outcomes).toEqual([accepted(A, '233241234567', 'b1'), accepted(C, '233201234567', 'b1')]);
	});

	it('XML: <to><number/><id/></to> for each destination', async () => {
		const transport = { ...settings().transport, format: 'xml' as const };
		const fake = fakeContext({ executionId: newExecutionId(), answers: [sendAnswer('b1', [{ id: ID_A, to: '233241234567' }])] });
		await dispatch(fake.ctx, [message([A])], settings({ transport }));
		expect(fake.calls[0].options.body).toBe(
			'<request><text>Hello</text><type>0</type><sender>SMSDemo</sender>' +
				`<destinations><to><number>0241234567</number><id>${ID_A}</id></to></destinations></request>`,
		);
	});

	it('a dry run shows the ids in the body, and each item its message id and reference', async () => {
		const fake = fakeContext();
		const outcomes = await dispatch(fake.ctx, [message([A, C])], settings({ dryRun: true }));
		expect(fake.calls).toEqual([]);
		expect(outcomes.map((o) => o.json)).toEqual([
			{
				input: '0241234567',
				to: '0241234567',
				verdict: 'dryRun',
				reason: 'not sent (dry run)',
				messageId: ID_A,
				...ABOUT_THE_NUMBER,
				clientReference: 'ORD-1',
				request: {
					number: 1,
					method: 'POST',
					path: '/v5/message/sms/send',
					contentType: 'application/json',
					estimatedParts: 2,
					body: `{"text":"Hello","type":0,"sender":"SMSDemo","destinations":[{"number":"0241234567","id":"${ID_A}"},{"number":"0201234567","id":"${ID_C}"}]}`,
				},
			},
			{
				input: '0201234567',
				to: '0201234567',
				verdict: 'dryRun',
				reason: 'not sent (dry run)',
				messageId: ID_C,
				...ABOUT_THE_NUMBER,
				clientReference: 'ORD-3',
				request: { number: 1, method: 'POST', path: '/v5/message/sms/send', contentType: 'application/json', estimatedParts: 2 },
			},
		]);
	});
});

describe('dispatch with references: the answer', () => {
	it('one number under two references: each answer goes to the item whose id it carries, whatever the order', async () => {
		const first = referenced(recipient(0, '0241234567', '0241234567', '233241234567'), 'ORD-1');
		const second = referenced(recipient(1, '+233241234567', '233241234567', '233241234567'), 'ORD-2');
		const answer = sendAnswer('b1', [
			{ id: second.messageId as string, to: '233241234567' },
			{ id: first.messageId as string, to: '233241234567', status: DUPLICATE },
		]);
		const fake = fakeContext({ executionId: newExecutionId(), answers: [answer] });
		const outcomes = await dispatch(fake.ctx, [message([first, second])], settings());
		expect(outcomes.map((o) => [o.items, o.json.clientReference, o.json.messageId, o.json.verdict])).toEqual([
			[1, 'ORD-2', second.messageId, 'accepted'],
			[0, 'ORD-1', first.messageId, 'alreadySent'],
		]);
	});

	it('2131 on a referenced number: alreadySent, naming the reference', async () => {
		const answer = sendAnswer('b2', [
			{ id: ID_A, to: '233241234567', status: DUPLICATE },
			{ id: ID_C, to: '233201234567' },
		]);
		const fake = fakeContext({ executionId: newExecutionId(), answers: [answer] });
		const outcomes = await dispatch(fake.ctx, [message([A, C])], settings());
		expect(outcomes).toEqual([
			accepted(A, '233241234567', 'b2', DUPLICATE, 'alreadySent', 'already sent: the service already has this message for client reference ORD-1'),
			accepted(C, '233201234567', 'b2'),
		]);
	});

	it('2131 on a number without a reference is the service’s rejection', async () => {
		const fake = fakeContext({ executionId: newExecutionId(), answers: [sendAnswer('b3', [{ id: 'x'.repeat(30), to: '233241234567', status: DUPLICATE }])] });
		const outcomes = await dispatch(fake.ctx, [message([LOCAL])], settings());
		expect(outcomes[0].json).toMatchObject({ verdict: 'rejected', reason: 'duplicate custom message id', status: DUPLICATE });
		expect(outcomes[0].json).not.toHaveProperty('clientReference');
	});

	it('other refusals of a custom id stay rejections', async () => {
		const answer = sendAnswer('b4', [{ id: ID_A, to: '233241234567', status: { id: 2133, label: 'DS_REJECTED_MSGID_INVALID' } }]);
		const fake = fakeContext({ executionId: newExecutionId(), answers: [answer] });
		const outcomes = await dispatch(fake.ctx, [message([A])], settings());
		expect(outcomes[0].json).toMatchObject({ verdict: 'rejected', reason: 'invalid custom message id', clientReference: 'ORD-1' });
	});
});

describe('dispatch with references: a lost answer', () => {
	it('every number with an id: HTTP 500, then the same body again inside the call, and its answer read', async () => {
		const answers = [{ status: 500 }, sendAnswer('b5', [{ id: ID_A, to: '233241234567', status: DUPLICATE }, { id: ID_C, to: '233201234567' }])];
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
		const fake = fakeContext({ executionId: newExecutionId(), answers: [{ status: 500 }, sendAnswer('never', [])] });
		const outcomes = await dispatch(fake.ctx, [message([LOCAL, OTHER])], RETRYING);
		expect(fake.calls).toHaveLength(1);
		expect(sleepMock).not.toHaveBeenCalled();
		expect(outcomes.map((o) => o.json.verdict)).toEqual(['maybeSent', 'maybeSent']);
	});

	it('one number of the request without an id: the request is not identified, not sent again', async () => {
		const fake = fakeContext({ executionId: newExecutionId(), answers: [{ status: 500 }, sendAnswer('never', [])] });
		const outcomes = await dispatch(fake.ctx, [message([A, OTHER])], RETRYING);
		expect(fake.calls).toHaveLength(1);
		expect(outcomes.map((o) => o.json.verdict)).toEqual(['maybeSent', 'maybeSent']);
		expect(outcomes[0].error?.description).toContain(
			'With the Client Reference option set, running the node again would have been safe: the service refuses a message it already has.',
		);
	});

	it('every attempt lost: maybeSent with the ids and references, and the description says a re-run is safe', async () => {
		const fake = fakeContext({ executionId: newExecutionId(), answers: [{ status: 500 }, { status: 500 }, { status: 500 }] });
		const outcomes = await dispatch(fake.ctx, [message([A, C])], RETRYING);
		expect(fake.calls).toHaveLength(3);
		const error = outcomes[0].error;
		expect(error?.message).toBe('The SMS service failed with HTTP 500: check the sent messages in your SMSOnlineGH account before sending again');
		expect(error?.description?.split('\n').slice(1)).toEqual([
			'May have been sent: 2 numbers of the failed request (0241234567, 0201234567).',
			'Each number has a message id derived from its Client Reference: running the node again sends only what the service does not have.',
		]);
		expect(outcomes.map((o) => o.json)).toEqual([
			{
				input: '0241234567',
				to: '0241234567',
				verdict: 'maybeSent',
				reason: 'unknown: may have been sent (The SMS service failed with HTTP 500: check the sent messages in your SMSOnlineGH account before sending again)',
				messageId: ID_A,
				...ABOUT_THE_NUMBER,
				clientReference: 'ORD-1',
			},
			{
				input: '0201234567',
				to: '0201234567',
				verdict: 'maybeSent',
				reason: 'unknown: may have been sent (The SMS service failed with HTTP 500: check the sent messages in your SMSOnlineGH account before sending again)',
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
			{ input: '0241234567', to: '0241234567', verdict: 'notSent', reason: 'not sent (The SMS service rejected the request with HTTP 400: check the API key and Base URL in the SMSOnlineGH credential)', messageId: ID_A, ...ABOUT_THE_NUMBER, clientReference: 'ORD-1' },
			{ input: '0201234567', to: '0201234567', verdict: 'notSent', reason: 'not sent: an earlier request failed', messageId: ID_C, ...ABOUT_THE_NUMBER, clientReference: 'ORD-3' },
		]);
	});
});

describe('dispatch with references: Retry On Fail', () => {
	it('a request whose fate was unknown is sent again, and the service’s 2131 tells what it had', async () => {
		const executionId = newExecutionId();
		const first = fakeContext({ executionId, answers: [sendAnswer('b1', [{ id: ID_A, to: '233241234567' }]), { status: 502 }] });
		const firstRun = await dispatch(first.ctx, [message([A, C])], settings({ batchSize: 1 }));
		expect(firstRun.map((o) => o.json.verdict)).toEqual(['accepted', 'maybeSent']);

		const retry = fakeContext({ executionId, answers: [sendAnswer('b2', [{ id: ID_C, to: '233201234567', status: DUPLICATE }])] });
		const outcomes = await dispatch(retry.ctx, [message([A, C])], settings({ batchSize: 1 }));
		// The accepted request is given back from memory; only the uncertain one goes out again.
		expect(sentBodies(retry.calls)).toEqual([{ text: 'Hello', type: 0, sender: 'SMSDemo', destinations: [{ number: '0201234567', id: ID_C }] }]);
		expect(outcomes).toEqual([
			accepted(A, '233241234567', 'b1'),
			accepted(C, '233201234567', 'b2', DUPLICATE, 'alreadySent', 'already sent: the service already has this message for client reference ORD-3'),
		]);
	});

	it('lost again on the retry: still maybeSent, and a third try sends it once more', async () => {
		const executionId = newExecutionId();
		await dispatch(fakeContext({ executionId, answers: [{ status: 500 }] }).ctx, [message([A])], settings());
		const second = fakeContext({ executionId, answers: [{ error: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) }] });
		const secondRun = await dispatch(second.ctx, [message([A])], settings());
		expect(second.calls).toHaveLength(1);
		expect(secondRun[0].json.verdict).toBe('maybeSent');
		expect(secondRun[0].error?.message).toBe('The connection to the SMS service broke before its answer arrived: check the sent messages in your SMSOnlineGH account before sending again');

		const third = fakeContext({ executionId, answers: [sendAnswer('b9', [{ id: ID_A, to: '233241234567' }])] });
		const thirdRun = await dispatch(third.ctx, [message([A])], settings());
		expect(third.calls).toHaveLength(1);
		expect(thirdRun).toEqual([accepted(A, '233241234567', 'b9')]);
	});

	it('a resend that fails for sure keeps the first attempt’s uncertainty: maybeSent, not notSent', async () => {
		const executionId = newExecutionId();
		await dispatch(fakeContext({ executionId, answers: [{ status: 500 }] }).ctx, [message([A])], settings());
		const retry = fakeContext({ executionId, answers: [{ status: 400 }] });
		const outcomes = await dispatch(retry.ctx, [message([A])], settings());
		expect(retry.calls).toHaveLength(1);
		expect(outcomes[0].json.verdict).toBe('maybeSent');
	});
});
