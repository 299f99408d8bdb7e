import type { MessageRequest } from '../../../../nodes/SmsOnlineGh/actions/sms/grouping';
import { groupRequests } from '../../../../nodes/SmsOnlineGh/actions/sms/grouping';
import { LOCAL, OTHER, PLUS, recipient } from './dispatchFixtures';

function request(recipients: MessageRequest['recipients'], extra: Partial<MessageRequest> = {}): MessageRequest {
	return { sender: 'SMSDemo', text: 'Hello', type: 'gsm', personalised: false, scheduling: {}, recipients, ...extra };
}

describe('groupRequests', () => {
	it('puts items with the same sender, text, type and schedule into one message, numbers in item order', () => {
		const { messages, skipped } = groupRequests([request([LOCAL]), request([PLUS, OTHER])], true);
		expect(messages).toEqual([
			{ sender: 'SMSDemo', text: 'Hello', type: 'gsm', personalised: false, recipients: [LOCAL, PLUS, OTHER] },
		]);
		expect(skipped).toEqual([]);
	});

	it('keeps apart what differs in sender, text, type or schedule, in order of first appearance', () => {
		const later = { schedule: { dateTime: '2030-01-01 08:00' } };
		const { messages } = groupRequests(
			[
				request([LOCAL]),
				request([PLUS], { sender: 'Alerts' }),
				request([OTHER], { text: 'Bye' }),
				request([OTHER], { type: 'unicode' }),
				request([PLUS], { scheduling: later }),
				request([OTHER]),
			],
			true,
		);
		expect(messages.map((m) => [m.sender, m.text, m.type, m.schedule?.dateTime, m.recipients.map((r) => r.itemIndex)])).toEqual([
			['SMSDemo', 'Hello', 'gsm', undefined, [0, 2]],
			['Alerts', 'Hello', 'gsm', undefined, [1]],
			['SMSDemo', 'Bye', 'gsm', undefined, [2]],
			['SMSDemo', 'Hello', 'unicode', undefined, [2]],
			['SMSDemo', 'Hello', 'gsm', '2030-01-01 08:00', [1]],
		]);
		expect(messages[4]).toEqual(expect.objectContaining({ schedule: { dateTime: '2030-01-01 08:00' } }));
	});

	it('sends a number once per message when removing duplicates, and reports each repeat with its own item', () => {
		const sameAsLocal = recipient(3, '+233241234567', '233241234567', '233241234567');
		const again = recipient(4, '0241234567', '0241234567', '233241234567');
		const { messages, skipped } = groupRequests([request([LOCAL, PLUS]), request([sameAsLocal]), request([again])], true);
		expect(messages[0].recipients).toEqual([LOCAL, PLUS]);
		expect(skipped).toEqual([
			{
				items: 3,
				json: { input: '+233241234567', to: '233241234567', verdict: 'skipped', reason: 'skipped: duplicate of 0241234567 (item 0)' },
			},
			{
				items: 4,
				json: { input: '0241234567', to: '0241234567', verdict: 'skipped', reason: 'skipped: duplicate of 0241234567 (item 0)' },
			},
		]);
	});

	it('keeps every repeat when not removing duplicates, and a repeat in another message is no repeat', () => {
		const again = recipient(1, '0241234567', '0241234567', '233241234567');
		const kept = groupRequests([request([LOCAL]), request([again])], false);
		expect(kept.messages[0].recipients).toEqual([LOCAL, again]);
		expect(kept.skipped).toEqual([]);
		const apart = groupRequests([request([LOCAL]), request([again], { text: 'Bye' })], true);
		expect(apart.messages.map((m) => m.recipients)).toEqual([[LOCAL], [again]]);
		expect(apart.skipped).toEqual([]);
	});

	it('carries the personalised flag and a template as the text', () => {
		const { messages } = groupRequests([request([LOCAL], { personalised: true, text: 'Hi {$name}' })], false);
		expect(messages).toEqual([
			{ sender: 'SMSDemo', text: 'Hi {$name}', type: 'gsm', personalised: true, recipients: [LOCAL] },
		]);
	});
});
