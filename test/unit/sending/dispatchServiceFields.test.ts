/**
 * What the service says of a destination beyond its status reaches the output item: the category
 * (always `sms`), `partsBilled` beside the node's own `parts`, `submittedAt`, `reportedAt` and
 * `country`, each only when the answer gave it, for plain and personalised sends, JSON and XML.
 */
import { dispatch } from '../../../nodes/SmsOnlineGh/sending/dispatch';
import { fakeContext, serviceAnswer } from '../../harness/fakeContext';
import {
	ABOUT_THE_NUMBER,
	LOCAL,
	message,
	newExecutionId,
	PLUS,
	recipient,
	settings,
} from './dispatchFixtures';

const PENDING = { id: 2105, label: 'DS_PENDING_ENROUTE' };

async function run(answerData: unknown, messages = [message([LOCAL])]) {
	const fake = fakeContext({ executionId: newExecutionId(), answers: [serviceAnswer(answerData)] });
	return await dispatch(fake.ctx, messages, settings());
}

describe('dispatch: the service’s own words about each destination', () => {
	it('partsBilled beside parts, the times and the country, as the answer gave them', async () => {
		const outcomes = await run({
			batch: 'b1',
			category: 'sms',
			delivery: false,
			destinations: [
				{
					id: 'm1',
					to: '233241234567',
					country: 'Ghana',
					messageCount: 2,
					status: PENDING,
					submitDateTime: '2025-03-01 09:30:00',
					reportDateTime: '2025-03-01 09:30:07',
					validation: { id: 2401 },
				},
			],
		});
		expect(outcomes).toEqual([
			{
				items: 0,
				json: {
					input: LOCAL.input,
					to: '233241234567',
					verdict: 'accepted',
					reason: 'pending en route',
					status: PENDING,
					messageId: 'm1',
					batch: 'b1',
					category: 'sms',
					delivery: false,
					country: 'Ghana',
					submittedAt: '2025-03-01 09:30:00',
					reportedAt: '2025-03-01 09:30:07',
					...ABOUT_THE_NUMBER,
					partsBilled: 2,
				},
			},
		]);
	});

	it('members the answer left out are left out of the item, and the category is sms all the same', async () => {
		const outcomes = await run({
			batch: 'b1',
			delivery: false,
			destinations: [{ id: 'm1', to: '233241234567', status: PENDING }],
		});
		expect(Object.keys(outcomes[0].json)).toEqual([
			'input',
			'to',
			'verdict',
			'reason',
			'status',
			'messageId',
			'batch',
			'category',
			'delivery',
			'messageType',
			'characters',
			'parts',
		]);
		expect(outcomes[0].json.category).toBe('sms');
	});

	it.each([1, '1', 'SMS', 'sms', undefined])(
		'category %j: sms on every item, rejected numbers included',
		async (category) => {
			const outcomes = await run(
				{
					batch: 'b1',
					category,
					delivery: false,
					destinations: [
						{ id: 'm1', to: '233241234567', status: PENDING },
						{ id: 'm2', to: '233551234567', status: { id: 2119, label: 'DS_REJECTED' } },
					],
				},
				[message([LOCAL, PLUS])],
			);
			expect(outcomes.map((o) => [o.json.verdict, o.json.category])).toEqual([
				['accepted', 'sms'],
				['rejected', 'sms'],
			]);
		},
	);

	it('personalised, XML: category sms and the service’s parts, whatever the answer echoes', async () => {
		const ama = {
			...recipient(0, '0241234567', '0241234567', '233241234567'),
			values: ['Ama'],
			text: 'Hi Ama',
		};
		const personalised = message([ama], { text: 'Hi {$name}', personalised: true });
		const fake = fakeContext({
			executionId: newExecutionId(),
			answers: [
				{
					body:
						'<response><handshake><id>0</id><label>HSHK_OK</label></handshake><data><batch>b7</batch><text>Hi {$name}</text>' +
						'<type>0</type><sender>SMSDemo</sender><personalised>true</personalised><category>sms</category><delivery>false</delivery>' +
						'<destinationsCount>1</destinationsCount><destinations><item><to>233241234567</to><id>m1</id><message>Hi Ama</message>' +
						'<messageCount>1</messageCount><status><id>2105</id></status><submitDateTime>2025-03-01 09:30:00</submitDateTime>' +
						'<values><value>Ama</value></values></item></destinations></data></response>',
					headers: { 'content-type': 'application/xml; charset=utf-8' },
				},
			],
		});
		const transport = { ...settings().transport, format: 'xml' as const };
		const outcomes = await dispatch(fake.ctx, [personalised], settings({ transport }));
		expect(outcomes[0].json).toEqual({
			input: '0241234567',
			to: '233241234567',
			verdict: 'accepted',
			reason: 'pending en route',
			status: { id: 2105, label: '' },
			messageId: 'm1',
			batch: 'b7',
			category: 'sms',
			delivery: false,
			submittedAt: '2025-03-01 09:30:00',
			...ABOUT_THE_NUMBER,
			partsBilled: 1,
			values: ['Ama'],
		});
	});

	it('an answer about a number the node cannot tell apart still carries the service’s parts', async () => {
		const outcomes = await run({
			batch: 'b1',
			category: 1,
			delivery: false,
			destinations: [
				{ id: 'm1', to: '233241234567', status: PENDING, messageCount: 1 },
				{ id: 'm9', to: '999', status: PENDING, messageCount: 3 },
			],
		});
		expect(outcomes[1]).toEqual({
			items: [0],
			json: {
				input: null,
				to: '999',
				verdict: 'accepted',
				reason: 'pending en route',
				status: PENDING,
				messageId: 'm9',
				batch: 'b1',
				category: 'sms',
				delivery: false,
				partsBilled: 3,
			},
		});
	});
});
