/**
 * dispatch against a hand-made context whose HTTP helper gives prepared answers: the dry run and
 * what each number's output says after a success. A failure part-way and Retry On Fail are in
 * dispatch-failures.test.ts.
 */
import { dispatch } from '../../../nodes/SmsOnlineGh/sending/dispatch';
import { fakeContext, sendAnswer, sentBodies } from '../../harness/fakeContext';
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

const PENDING = { id: 2105, label: 'DS_PENDING_ENROUTE' };

describe('dispatch: dry run', () => {
	it('makes no call, reads no credential, and the first item of each request carries the exact body', async () => {
		const fake = fakeContext();
		const outcomes = await dispatch(
			fake.ctx,
			[message([LOCAL, PLUS, OTHER])],
			settings({ dryRun: true, batchSize: 2 }),
		);
		expect(fake.calls).toEqual([]);
		expect(fake.credentialReads()).toBe(0);
		// Each request's parts: 2 numbers of 1 part, then 1.
		const request = (number: number) => ({
			number,
			method: 'POST',
			path: '/v5/message/sms/send',
			contentType: 'application/json',
			estimatedParts: number === 1 ? 2 : 1,
		});
		const dry = (r: typeof LOCAL) => ({
			input: r.input,
			to: r.number,
			verdict: 'dryRun',
			reason: 'not sent (dry run)',
			...ABOUT_THE_NUMBER,
		});
		expect(outcomes).toEqual([
			{
				items: 0,
				json: {
					...dry(LOCAL),
					request: {
						...request(1),
						body: '{"text":"Hello","type":0,"sender":"SMSDemo","destinations":["0241234567","233551234567"]}',
					},
				},
			},
			{ items: 1, json: { ...dry(PLUS), request: request(1) } },
			{
				items: 2,
				json: {
					...dry(OTHER),
					request: {
						...request(2),
						body: '{"text":"Hello","type":0,"sender":"SMSDemo","destinations":["0201234567"]}',
					},
				},
			},
		]);
	});

	it('XML, personalised, with the text: the XML body, the values and the text in each item', async () => {
		const a = {
			...recipient(0, '0241234567', '0241234567', '233241234567'),
			values: ['Ama', 5],
			text: 'Hi Ama, 5',
		};
		const fake = fakeContext();
		const personalised = message([a], { text: 'Hi {$name}, {$n}', personalised: true });
		const transport = { ...settings().transport, format: 'xml' as const };
		const outcomes = await dispatch(
			fake.ctx,
			[personalised],
			settings({ dryRun: true, includeText: true, transport }),
		);
		expect(fake.calls).toEqual([]);
		expect(outcomes).toEqual([
			{
				items: 0,
				json: {
					input: '0241234567',
					to: '0241234567',
					verdict: 'dryRun',
					reason: 'not sent (dry run)',
					...ABOUT_THE_NUMBER,
					text: 'Hi Ama, 5',
					values: ['Ama', 5],
					request: {
						number: 1,
						method: 'POST',
						path: '/v5/message/sms/send',
						contentType: 'application/xml',
						estimatedParts: 1,
						body:
							'<request><text>Hi {$va}, {$vb}</text><type>0</type><sender>SMSDemo</sender>' +
							'<destinations><to><number>0241234567</number><values><value>Ama</value><value>5</value></values></to></destinations></request>',
					},
				},
			},
		]);
	});
});

describe('dispatch: every request answered', () => {
	it('one outcome per number, paired by number whatever the order of the answer', async () => {
		const answer = sendAnswer('b1', [
			{ id: 'm2', to: '233551234567' },
			{ id: 'm1', to: '233241234567' },
		]);
		const fake = fakeContext({ executionId: newExecutionId(), answers: [answer] });
		const outcomes = await dispatch(fake.ctx, [message([LOCAL, PLUS])], settings());
		expect(sentBodies(fake.calls)).toEqual([
			{ text: 'Hello', type: 0, sender: 'SMSDemo', destinations: ['0241234567', '233551234567'] },
		]);
		expect(outcomes).toEqual([
			accepted(PLUS, '233551234567', 'm2', 'b1'),
			accepted(LOCAL, '233241234567', 'm1', 'b1'),
		]);
	});

	it('a number the answer says nothing about may have been sent', async () => {
		const answer = sendAnswer('b9', [{ id: 'm1', to: '233241234567' }]);
		const fake = fakeContext({ executionId: newExecutionId(), answers: [answer] });
		const outcomes = await dispatch(fake.ctx, [message([LOCAL, OTHER])], settings());
		expect(outcomes).toEqual([
			accepted(LOCAL, '233241234567', 'm1', 'b9'),
			{
				items: 2,
				json: {
					input: '0201234567',
					to: '0201234567',
					verdict: 'maybeSent',
					reason:
						'unknown: the service accepted the request but returned no status for this number',
					batch: 'b9',
					...ABOUT_THE_NUMBER,
				},
			},
		]);
	});

	it('answers about unknown numbers take the numbers left over; one too many belongs to every item of its request', async () => {
		const stray = sendAnswer('b10', [
			{ id: 'x', to: '111' },
			{ id: 'y', to: '222' },
			{ id: 'z', to: '333' },
		]);
		const fake = fakeContext({ executionId: newExecutionId(), answers: [stray] });
		const outcomes = await dispatch(fake.ctx, [message([LOCAL, PLUS])], settings());
		expect(fake.calls).toHaveLength(1);
		expect(outcomes.map((o) => [o.items, o.json.input, o.json.to])).toEqual([
			[0, '0241234567', '111'],
			[1, '+233 55 123 4567', '222'],
			[[0, 1], null, '333'],
		]);
		expect(outcomes[2].json).toEqual({
			input: null,
			to: '333',
			verdict: 'accepted',
			reason: 'pending en route',
			status: PENDING,
			messageId: 'z',
			batch: 'b10',
			category: 'sms',
			delivery: false,
		});
	});
});
