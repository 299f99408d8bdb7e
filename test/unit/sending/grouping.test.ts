import type { MessageRequest } from '../../../nodes/SmsOnlineGh/sending/grouping';
import { groupRequests } from '../../../nodes/SmsOnlineGh/sending/grouping';
import { LOCAL, OTHER, PLUS, recipient } from './dispatchFixtures';

function request(
	recipients: MessageRequest['recipients'],
	extra: Partial<MessageRequest> = {},
): MessageRequest {
	return { sender: 'SMSDemo', text: 'Hello', type: 'gsm', scheduling: {}, recipients, ...extra };
}

describe('groupRequests', () => {
	it('puts items with the same sender, text, type and schedule into one message, numbers in item order', () => {
		const { messages, skipped } = groupRequests([request([LOCAL]), request([PLUS, OTHER])], {
			personalised: false,
			removeDuplicates: true,
		});
		expect(messages).toEqual([
			{
				sender: 'SMSDemo',
				text: 'Hello',
				type: 'gsm',
				personalised: false,
				recipients: [LOCAL, PLUS, OTHER],
			},
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
			{ personalised: false, removeDuplicates: true },
		);
		expect(
			messages.map((m) => [
				m.sender,
				m.text,
				m.type,
				m.schedule?.dateTime,
				m.recipients.map((r) => r.itemIndex),
			]),
		).toEqual([
			['SMSDemo', 'Hello', 'gsm', undefined, [0, 2]],
			['Alerts', 'Hello', 'gsm', undefined, [1]],
			['SMSDemo', 'Bye', 'gsm', undefined, [2]],
			['SMSDemo', 'Hello', 'unicode', undefined, [2]],
			['SMSDemo', 'Hello', 'gsm', '2030-01-01 08:00', [1]],
		]);
		expect(messages[4]).toEqual(
			expect.objectContaining({ schedule: { dateTime: '2030-01-01 08:00' } }),
		);
	});

	it('keeps apart schedules that differ only in their offset, and reports sent to other places, coming back to a group seen before', () => {
		const at = (offset?: string) => ({
			schedule: offset
				? { dateTime: '2030-01-01 08:00', offset }
				: { dateTime: '2030-01-01 08:00' },
		});
		const report = (url: string, accept = 'application/json') => ({ callback: { url, accept } });
		const { messages } = groupRequests(
			[
				request([LOCAL], { scheduling: at() }),
				request([PLUS], { scheduling: at('+01:00') }),
				request([OTHER], { scheduling: at() }),
				request([LOCAL], { scheduling: report('https://a.example/r') }),
				request([PLUS], { scheduling: report('https://a.example/r', 'application/xml') }),
				request([OTHER], { scheduling: report('https://b.example/r') }),
				request([OTHER], { scheduling: report('https://a.example/r') }),
			],
			{ personalised: false, removeDuplicates: false },
		);
		expect(
			messages.map((m) => [
				m.schedule?.offset,
				m.callback?.url,
				m.callback?.accept,
				m.recipients.map((r) => r.input),
			]),
		).toEqual([
			[undefined, undefined, undefined, [LOCAL.input, OTHER.input]],
			['+01:00', undefined, undefined, [PLUS.input]],
			[undefined, 'https://a.example/r', 'application/json', [LOCAL.input, OTHER.input]],
			[undefined, 'https://a.example/r', 'application/xml', [PLUS.input]],
			[undefined, 'https://b.example/r', 'application/json', [OTHER.input]],
		]);
	});

	it('sends a number once per message when removing duplicates, and reports each repeat with its own item', () => {
		const sameAsLocal = recipient(3, '+233241234567', '233241234567', '233241234567');
		const again = recipient(4, '0241234567', '0241234567', '233241234567');
		const { messages, skipped } = groupRequests(
			[request([LOCAL, PLUS]), request([sameAsLocal]), request([again])],
			{ personalised: false, removeDuplicates: true },
		);
		expect(messages[0].recipients).toEqual([LOCAL, PLUS]);
		expect(skipped).toEqual([
			{
				items: 3,
				json: {
					input: '+233241234567',
					to: '233241234567',
					verdict: 'skipped',
					reason: 'skipped: duplicate of 0241234567 (item 0)',
				},
			},
			{
				items: 4,
				json: {
					input: '0241234567',
					to: '0241234567',
					verdict: 'skipped',
					reason: 'skipped: duplicate of 0241234567 (item 0)',
				},
			},
		]);
	});

	it('keeps every repeat when not removing duplicates, and a repeat in another message is no repeat', () => {
		const again = recipient(1, '0241234567', '0241234567', '233241234567');
		const kept = groupRequests([request([LOCAL]), request([again])], {
			personalised: false,
			removeDuplicates: false,
		});
		expect(kept.messages[0].recipients).toEqual([LOCAL, again]);
		expect(kept.skipped).toEqual([]);
		const apart = groupRequests([request([LOCAL]), request([again], { text: 'Bye' })], {
			personalised: false,
			removeDuplicates: true,
		});
		expect(apart.messages.map((m) => m.recipients)).toEqual([[LOCAL], [again]]);
		expect(apart.skipped).toEqual([]);
	});

	it('carries the personalised flag and a template as the text', () => {
		const { messages } = groupRequests([request([LOCAL], { text: 'Hi {$name}' })], {
			personalised: true,
			removeDuplicates: false,
		});
		expect(messages).toEqual([
			{
				sender: 'SMSDemo',
				text: 'Hi {$name}',
				type: 'gsm',
				personalised: true,
				recipients: [LOCAL],
			},
		]);
	});
});
