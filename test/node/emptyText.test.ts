/**
 * Empty is empty: a Message, a Message Template, a contact's rendered text or Scheduled Update's
 * new text that shows nothing (U+0000, a zero-width space, U+FEFF and spaces) is refused before
 * anything is sent, naming the item, the field, what it holds by code point, and the fix; with
 * Continue On Fail the other items go.
 */
import type { IDataObject } from 'n8n-workflow';

import { keptProfiles } from '../../nodes/SmsOnlineGh/account/kept';
import {
	personalisedParameters,
	scheduledUpdateParameters,
	sendParameters,
	useSimulator,
} from './fixtures';

const SEND_PATH = '/v5/message/sms/send';

describe('Send: a Message that shows nothing is refused as empty', () => {
	const t = useSimulator();

	it('with Continue On Fail: U+0000 and U+200B become error items, the real text (a ZWSP inside) goes', async () => {
		const { items, error } = await t.run({
			items: [
				{ phone: '0241234567', text: '\u0000' },
				{ phone: '0201234567', text: '\u200B' },
				{ phone: '0501234567', text: 'See\u200B you' },
				{ phone: '0261234567', text: '\uFEFF  ' },
			],
			parameters: sendParameters({
				message: '={{ $json.text }}',
				options: { smartEncoding: false },
			}),
			settings: { onError: 'continueRegularOutput' },
		});
		expect(error).toBeUndefined();
		expect(t.requests().map((r) => r.rawBody)).toEqual([
			'{"text":"See\u200B you","type":1,"sender":"SMSDemo","destinations":["0501234567"]}',
		]);
		const refused = (problem: string, item: number) => ({
			json: {
				verdict: 'notSent',
				reason: `not sent (Message is empty: ${problem}; type a text or map a field that holds one)`,
				error: `Message is empty: ${problem}; type a text or map a field that holds one`,
			},
			pairedItem: { item },
		});
		expect(items.filter((i) => i.json.error !== undefined)).toEqual([
			refused('it holds only invisible characters (U+0000)', 0),
			refused('it holds only invisible characters (U+200B)', 1),
			refused('it holds only invisible characters (U+FEFF) and white space', 3),
		]);
		expect(
			items
				.filter((i) => i.json.error === undefined)
				.map((i) => [i.json.input, i.json.verdict, i.pairedItem]),
		).toEqual([['0501234567', 'accepted', { item: 2 }]]);
	});

	it('without Continue On Fail: the run stops, nothing is sent', async () => {
		const { error } = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({ message: '\u200B' }),
			typeVersion: 2,
		});
		expect(error?.message).toBe(
			'Message is empty: it holds only invisible characters (U+200B); type a text or map a field that holds one',
		);
		expect(t.requests().filter((r) => r.path === SEND_PATH)).toEqual([]);
	});
});

describe('Send Personalised: the template and each contact’s rendered text', () => {
	const t = useSimulator();

	it('a template of U+0000 alone is refused as empty', async () => {
		const { error } = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: personalisedParameters({ template: '\u0000' }),
		});
		expect(error?.message).toBe(
			'Message Template is empty: it holds only invisible characters (U+0000); type a text or map a field that holds one',
		);
		expect(t.requests().filter((r) => r.path === SEND_PATH)).toEqual([]);
	});

	it('a contact whose values leave nothing visible is refused; the others go', async () => {
		const { items, error } = await t.run({
			items: [
				{ phone: '0241234567', first_name: '\u200B' },
				{ phone: '0201234567', first_name: 'Ama' },
			],
			parameters: personalisedParameters({ template: '{$first_name}' }),
			settings: { onError: 'continueRegularOutput' },
		});
		expect(error).toBeUndefined();
		const bodies = t
			.requests()
			.filter((r) => r.path === SEND_PATH)
			.map((r) => JSON.parse(r.rawBody) as IDataObject);
		expect(bodies).toEqual([
			{
				text: '{$va}',
				type: 0,
				sender: 'SMSDemo',
				destinations: [{ number: '0201234567', values: ['Ama'] }],
			},
		]);
		const message =
			'Message Template gives this contact an empty text: with its values it holds only invisible characters (U+200B); give its variables visible values';
		expect(items[0]).toEqual({
			json: { verdict: 'notSent', reason: `not sent (${message})`, error: message },
			pairedItem: { item: 0 },
		});
		expect(items.slice(1).map((i) => [i.json.input, i.json.verdict])).toEqual([
			['0201234567', 'accepted'],
		]);
	});
});

describe('Scheduled SMS → Update: a new text that shows nothing', () => {
	const t = useSimulator();

	it('is refused as empty before anything is loaded or changed', async () => {
		const tomorrow = `${new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 16)}:00`;
		const sent = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({
				message: 'See you.',
				options: { scheduleAt: tomorrow, scheduleOffset: '+00:00' },
			}),
		});
		keptProfiles.clear();
		const batch = sent.items[0].json.batch as string;
		const before = t.requests().length;
		const { error } = await t.run({
			items: [{ batch }],
			parameters: scheduledUpdateParameters({ text: '\u200B\u200B' }),
		});
		expect(error?.message).toBe(
			'Message is empty: it holds only invisible characters (U+200B); type a text or map a field that holds one, or remove the field to keep it as it is',
		);
		expect(t.requests()).toHaveLength(before);
	});
});
