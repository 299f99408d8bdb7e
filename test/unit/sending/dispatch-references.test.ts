/**
 * dispatch with Client References: the exact bodies (each destination with its own message id),
 * answers paired by message id before number, status 2131 on a referenced number reported as
 * alreadySent. A lost answer and Retry On Fail are in dispatch-references-retry.test.ts.
 * n8n-workflow's `sleep` is replaced so retries cost no time.
 */
import { sleep } from 'n8n-workflow';

import { dispatch } from '../../../nodes/SmsOnlineGh/sending/dispatch';
import { fakeContext, sendAnswer } from '../../harness/fakeContext';
import {
	ABOUT_THE_NUMBER,
	LOCAL,
	message,
	newExecutionId,
	recipient,
	settings,
} from './dispatchFixtures';
import { DUPLICATE, referenced, A, C, ID_A, ID_C, accepted } from './dispatchReferenceFixtures';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const sleepMock = jest.mocked(sleep);
beforeEach(() => sleepMock.mockClear());

describe('dispatch with references: the request', () => {
	it('JSON: each destination as {number, id}; each output with its message id and reference', async () => {
		const fake = fakeContext({
			executionId: newExecutionId(),
			answers: [
				sendAnswer('b1', [
					{ id: ID_A, to: '233241234567' },
					{ id: ID_C, to: '233201234567' },
				]),
			],
		});
		const outcomes = await dispatch(fake.ctx, [message([A, C])], settings());
		expect(fake.calls.map((c) => c.options.body)).toEqual([
			`{"text":"Hello","type":0,"sender":"SMSDemo","destinations":[{"number":"0241234567","id":"${ID_A}"},{"number":"0201234567","id":"${ID_C}"}]}`,
		]);
		expect(outcomes).toEqual([
			accepted(A, '233241234567', 'b1'),
			accepted(C, '233201234567', 'b1'),
		]);
	});

	it('XML: <to><number/><id/></to> for each destination', async () => {
		const transport = { ...settings().transport, format: 'xml' as const };
		const fake = fakeContext({
			executionId: newExecutionId(),
			answers: [sendAnswer('b1', [{ id: ID_A, to: '233241234567' }])],
		});
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
				request: {
					number: 1,
					method: 'POST',
					path: '/v5/message/sms/send',
					contentType: 'application/json',
					estimatedParts: 2,
				},
			},
		]);
	});
});

describe('dispatch with references: the answer', () => {
	it('one number under two references: each answer goes to the item whose id it carries, whatever the order', async () => {
		const first = referenced(recipient(0, '0241234567', '0241234567', '233241234567'), 'ORD-1');
		const second = referenced(
			recipient(1, '+233241234567', '233241234567', '233241234567'),
			'ORD-2',
		);
		const answer = sendAnswer('b1', [
			{ id: second.messageId as string, to: '233241234567' },
			{ id: first.messageId as string, to: '233241234567', status: DUPLICATE },
		]);
		const fake = fakeContext({ executionId: newExecutionId(), answers: [answer] });
		const outcomes = await dispatch(fake.ctx, [message([first, second])], settings());
		expect(
			outcomes.map((o) => [o.items, o.json.clientReference, o.json.messageId, o.json.verdict]),
		).toEqual([
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
			accepted(
				A,
				'233241234567',
				'b2',
				DUPLICATE,
				'alreadySent',
				'already sent: the service already has this message for client reference ORD-1',
			),
			accepted(C, '233201234567', 'b2'),
		]);
	});

	it('2131 on a number without a reference is the service’s rejection', async () => {
		const fake = fakeContext({
			executionId: newExecutionId(),
			answers: [sendAnswer('b3', [{ id: 'x'.repeat(30), to: '233241234567', status: DUPLICATE }])],
		});
		const outcomes = await dispatch(fake.ctx, [message([LOCAL])], settings());
		expect(outcomes[0].json).toMatchObject({
			verdict: 'rejected',
			reason: 'duplicate custom message id',
			status: DUPLICATE,
		});
		expect(outcomes[0].json).not.toHaveProperty('clientReference');
	});

	it('other refusals of a custom id stay rejections', async () => {
		const answer = sendAnswer('b4', [
			{ id: ID_A, to: '233241234567', status: { id: 2133, label: 'DS_REJECTED_MSGID_INVALID' } },
		]);
		const fake = fakeContext({ executionId: newExecutionId(), answers: [answer] });
		const outcomes = await dispatch(fake.ctx, [message([A])], settings());
		expect(outcomes[0].json).toMatchObject({
			verdict: 'rejected',
			reason: 'invalid custom message id',
			clientReference: 'ORD-1',
		});
	});
});
