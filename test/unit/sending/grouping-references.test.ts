/**
 * groupRequests with Client References: a recipient is a repeat only of one with the same message
 * id (the same reference, number and text), anywhere in the run and whatever Remove Duplicates
 * says, since the service would refuse the second as already sent; different references to one
 * number are different messages and all go out.
 */
import type { MessageRequest } from '../../../nodes/SmsOnlineGh/sending/grouping';
import { groupRequests } from '../../../nodes/SmsOnlineGh/sending/grouping';
import type { Recipient } from '../../../nodes/SmsOnlineGh/sending/message';
import { customMessageId } from '../../../nodes/shared/referenceIds';
import { recipient } from './dispatchFixtures';

function request(recipients: Recipient[], extra: Partial<MessageRequest> = {}): MessageRequest {
	return { sender: 'SMSDemo', text: 'Hello', type: 'gsm', scheduling: {}, recipients, ...extra };
}

/** A recipient of item `itemIndex` stamped as stampReference does. */
function referenced(
	itemIndex: number,
	input: string,
	number: string,
	key: string,
	reference: string,
	text = 'Hello',
): Recipient {
	return {
		...recipient(itemIndex, input, number, key),
		text,
		reference,
		messageId: customMessageId(reference, key, text),
	};
}

const A0 = referenced(0, '0241234567', '0241234567', '233241234567', 'ORD-1');
const B0 = referenced(0, '0201234567', '0201234567', '233201234567', 'ORD-1');

describe('groupRequests: recipients with a Client Reference', () => {
	it.each([true, false])(
		'the same reference, number and text again is skipped (removeDuplicates %s)',
		(removeDuplicates) => {
			const again = referenced(1, '+233 24 123 4567', '233241234567', '233241234567', 'ORD-1');
			const { messages, skipped } = groupRequests([request([A0, B0]), request([again])], {
				personalised: false,
				removeDuplicates,
			});
			expect(messages).toEqual([
				{
					sender: 'SMSDemo',
					text: 'Hello',
					type: 'gsm',
					personalised: false,
					recipients: [A0, B0],
				},
			]);
			expect(skipped).toEqual([
				{
					items: 1,
					json: {
						input: '+233 24 123 4567',
						to: '233241234567',
						verdict: 'skipped',
						reason: 'skipped: the same client reference, number and text as 0241234567 (item 0)',
						clientReference: 'ORD-1',
					},
				},
			]);
		},
	);

	it('a repeat within one item is skipped too', () => {
		const twice = referenced(0, '024 123 4567', '0241234567', '233241234567', 'ORD-1');
		const { messages, skipped } = groupRequests([request([A0, twice, B0])], {
			personalised: false,
			removeDuplicates: false,
		});
		expect(messages[0].recipients).toEqual([A0, B0]);
		expect(skipped.map((s) => [s.items, s.json.input, s.json.reason])).toEqual([
			[
				0,
				'024 123 4567',
				'skipped: the same client reference, number and text as 0241234567 (item 0)',
			],
		]);
	});

	it('the same message id in another message of the run (another sender or schedule) is skipped', () => {
		const otherSender = referenced(1, '0241234567', '0241234567', '233241234567', 'ORD-1');
		const later = referenced(2, '0241234567', '0241234567', '233241234567', 'ORD-1');
		const { messages, skipped } = groupRequests(
			[
				request([A0]),
				request([otherSender], { sender: 'Alerts' }),
				request([later], { scheduling: { schedule: { dateTime: '2030-01-01 08:00' } } }),
			],
			{ personalised: false, removeDuplicates: false },
		);
		expect(messages.flatMap((m) => m.recipients)).toEqual([A0]);
		expect(skipped.map((s) => [s.items, s.json.verdict])).toEqual([
			[1, 'skipped'],
			[2, 'skipped'],
		]);
	});

	it('different references to one number are different messages: all sent, even removing duplicates', () => {
		const second = referenced(1, '0241234567', '0241234567', '233241234567', 'ORD-2');
		const { messages, skipped } = groupRequests([request([A0]), request([second])], {
			personalised: false,
			removeDuplicates: true,
		});
		expect(messages.flatMap((m) => m.recipients)).toEqual([A0, second]);
		expect(skipped).toEqual([]);
	});

	it('a plain message never names one number twice (the service refuses that with 2120): the second reference goes apart', () => {
		const second = referenced(1, '+233 24 123 4567', '233241234567', '233241234567', 'ORD-2');
		const third = referenced(2, '0241234567', '0241234567', '233241234567', 'ORD-3');
		const { messages } = groupRequests([request([A0, B0]), request([second]), request([third])], {
			personalised: false,
			removeDuplicates: false,
		});
		for (const m of messages)
			expect(new Set(m.recipients.map((r) => r.key)).size).toBe(m.recipients.length);
		expect(messages.map((m) => m.recipients.map((r) => r.itemIndex))).toEqual([[0, 0], [1], [2]]);
		expect(messages.map((m) => [m.sender, m.text, m.type])).toEqual(
			Array(3).fill(['SMSDemo', 'Hello', 'gsm']),
		);
	});

	it('one reference, one number, another text: another message, sent', () => {
		const bye = referenced(1, '0241234567', '0241234567', '233241234567', 'ORD-1', 'Bye');
		const { messages, skipped } = groupRequests([request([A0]), request([bye], { text: 'Bye' })], {
			personalised: false,
			removeDuplicates: true,
		});
		expect(messages.map((m) => m.recipients)).toEqual([[A0], [bye]]);
		expect(skipped).toEqual([]);
	});

	it('personalised: one template, one number, other values render another text, so both go out', () => {
		const ama = {
			...referenced(0, '0241234567', '0241234567', '233241234567', 'ORD-1', 'Hi Ama'),
			values: ['Ama'],
		};
		const kofi = {
			...referenced(1, '0241234567', '0241234567', '233241234567', 'ORD-1', 'Hi Kofi'),
			values: ['Kofi'],
		};
		const same = {
			...referenced(2, '0241234567', '0241234567', '233241234567', 'ORD-1', 'Hi Ama'),
			values: ['Ama'],
		};
		const template = { text: 'Hi {$name}' };
		const { messages, skipped } = groupRequests(
			[request([ama], template), request([kofi], template), request([same], template)],
			{ personalised: true, removeDuplicates: true },
		);
		expect(messages[0].recipients).toEqual([ama, kofi]);
		expect(skipped.map((s) => [s.items, s.json.reason])).toEqual([
			[2, 'skipped: the same client reference, number and text as 0241234567 (item 0)'],
		]);
	});

	it('the skipped item keeps its own input and item, paired with the first by its input and item', () => {
		const first = referenced(3, '+233241234567', '233241234567', '233241234567', 'ORD-1');
		const repeat = referenced(5, '0241234567', '0241234567', '233241234567', 'ORD-1');
		const { skipped } = groupRequests([request([first]), request([repeat])], {
			personalised: false,
			removeDuplicates: false,
		});
		expect(skipped).toEqual([
			{
				items: 5,
				json: {
					input: '0241234567',
					to: '0241234567',
					verdict: 'skipped',
					reason: 'skipped: the same client reference, number and text as +233241234567 (item 3)',
					clientReference: 'ORD-1',
				},
			},
		]);
	});
});
