/**
 * Smart Encoding never costs more and always says so, in real workflows against the simulator
 * (both dialects): the exact request and the exact items for the marks (`replaced`, `partsSaved`
 * 0 included, `notReplaced`), Include Text, the option read per item from an expression, the
 * dearer case sent as given, the Summary, Send Personalised per contact and Scheduled Update.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	BATCH,
	hintsOf,
	personalisedParameters,
	scheduledUpdateParameters,
	scheduleOne,
	sendParameters,
	useSimulator,
	UUID,
	withoutServiceExtras,
} from './fixtures';

const SEND_PATH = '/v5/message/sms/send';
const GIVEN = 'It’s ok – «really»';
const SENT = 'It\'s ok - "really"';
const REPLACED = '’ → \', – → -, « → ", » → "';
/** 16 letters and 50 `…`: 1 Unicode part as given; 2 GSM parts with `...`, so never replaced. */
const ELLIPSES = `Thankyouverymuch${'…'.repeat(50)}`;
const NOT_REPLACED = '… → ... ×50 would take 2 parts instead of 1: sent as given';

/** What the service says of an accepted number, the same on every item. */
function accepted(input: string, to: string): IDataObject {
	return {
		input,
		to,
		verdict: 'accepted',
		reason: 'pending en route',
		status: { id: 2105, label: 'DS_PENDING_ENROUTE' },
		messageId: expect.stringMatching(UUID),
		batch: expect.stringMatching(BATCH),
		category: 'sms',
		delivery: false,
	};
}

describe('Smart Encoding’s marks, Send', () => {
	const t = useSimulator();
	const bodies = () =>
		t
			.requests()
			.filter((r) => r.path === SEND_PATH)
			.map((r) => r.rawBody);

	it('a changed text: the item names what was replaced, partsSaved 0 (1 part either way), and Include Text shows the text sent', async () => {
		const result = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({ message: GIVEN, options: { includeText: true } }),
			typeVersion: 2,
		});
		expect(bodies()).toEqual([
			`{"text":${JSON.stringify(SENT)},"type":0,"sender":"SMSDemo","destinations":["0241234567"]}`,
		]);
		expect(result.items.map((i) => withoutServiceExtras(i.json))).toEqual([
			{
				...accepted('0241234567', '233241234567'),
				messageType: 'gsm',
				characters: 18,
				parts: 1,
				replaced: REPLACED,
				partsSaved: 0,
				text: SENT,
			},
		]);
		expect(hintsOf(result)).toEqual([]);
	});

	it('the dearer case: sent as given, Unicode, 1 part; the item says why nothing was replaced', async () => {
		const result = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({ message: ELLIPSES, options: { includeText: true } }),
			typeVersion: 2,
		});
		expect(bodies()).toEqual([
			`{"text":"${ELLIPSES}","type":1,"sender":"SMSDemo","destinations":["0241234567"]}`,
		]);
		expect(result.items.map((i) => withoutServiceExtras(i.json))).toEqual([
			{
				...accepted('0241234567', '233241234567'),
				messageType: 'unicode',
				characters: 66,
				parts: 1,
				notReplaced: NOT_REPLACED,
				text: ELLIPSES,
			},
		]);
		// Turning the option on would change nothing: no hint proposes it.
		expect(hintsOf(result)).toEqual([]);
	});

	it('the option read per item from an expression: the same text goes in two requests, replaced for item 0 only; no hint, since it would save nothing', async () => {
		const result = await t.run({
			items: [
				{ phone: '0241234567', smart: true },
				{ phone: '0201234567', smart: false },
			],
			parameters: sendParameters({
				message: GIVEN,
				options: { smartEncoding: '={{ $json.smart }}' },
			}),
		});
		expect(bodies()).toEqual([
			`{"text":${JSON.stringify(SENT)},"type":0,"sender":"SMSDemo","destinations":["0241234567"]}`,
			`{"text":"${GIVEN}","type":1,"sender":"SMSDemo","destinations":["0201234567"]}`,
		]);
		expect(result.items.map((i) => withoutServiceExtras(i.json))).toEqual([
			{
				...accepted('0241234567', '233241234567'),
				messageType: 'gsm',
				characters: 18,
				parts: 1,
				replaced: REPLACED,
				partsSaved: 0,
			},
			{
				...accepted('0201234567', '233201234567'),
				messageType: 'unicode',
				characters: 18,
				parts: 1,
			},
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		// 1 Unicode part as given, 1 GSM part replaced: no hint urges a saving of nothing.
		expect(hintsOf(result)).toEqual([]);
	});

	it('Summary: the texts changed and the parts saved, 0 included', async () => {
		const result = await t.run({
			items: [
				{ phone: '0241234567', text: GIVEN },
				{ phone: '0201234567', text: 'Plain text' },
			],
			parameters: sendParameters({ message: '={{ $json.text }}', options: { output: 'summary' } }),
			typeVersion: 2,
		});
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({
			destinations: 2,
			verdicts: { accepted: 2 },
			parts: 2,
			partsSaved: 0,
			textsChanged: 1,
		});
	});
});

describe('Smart Encoding’s marks, Send Personalised: never dearer, per contact', () => {
	const t = useSimulator();

	it('a short name: replaced (1 part either way); a long one would take 2 GSM parts: as given, in a request of its own', async () => {
		const template = `{$first_name}: ${'…'.repeat(50)}`;
		const result = await t.run({
			items: [
				{ phone: '0241234567', first_name: 'Ama' },
				{ phone: '0201234567', first_name: 'Thankyouverymuch' },
			],
			parameters: personalisedParameters({ template, options: { includeText: true } }),
			typeVersion: 2,
		});
		const bodies = t
			.requests()
			.filter((r) => r.path === SEND_PATH)
			.map((r) => JSON.parse(r.rawBody) as IDataObject);
		expect(bodies).toEqual([
			{
				text: `{$va}: ${'...'.repeat(50)}`,
				type: 0,
				sender: 'SMSDemo',
				destinations: [{ number: '0241234567', values: ['Ama'] }],
			},
			{
				text: `{$va}: ${'…'.repeat(50)}`,
				type: 1,
				sender: 'SMSDemo',
				destinations: [{ number: '0201234567', values: ['Thankyouverymuch'] }],
			},
		]);
		expect(
			result.items.map((i) => [
				i.json.to,
				i.json.messageType,
				i.json.parts,
				i.json.replaced,
				i.json.partsSaved,
				i.json.notReplaced,
				i.json.text,
			]),
		).toEqual([
			['233241234567', 'gsm', 1, '… → ... ×50', 0, undefined, `Ama: ${'...'.repeat(50)}`],
			[
				'233201234567',
				'unicode',
				1,
				undefined,
				undefined,
				'… → ... ×50 would take 2 parts instead of 1: sent as given',
				`Thankyouverymuch: ${'…'.repeat(50)}`,
			],
		]);
	});
});

describe('Smart Encoding’s marks, Scheduled SMS → Update’s new text', () => {
	const t = useSimulator();
	const updateBody = () =>
		JSON.parse(
			t.requests().find((r) => r.path.includes('/scheduled/update/'))?.rawBody ?? '{}',
		) as IDataObject;

	const schedule = () => scheduleOne(t);

	it.each([
		['replaced', GIVEN, SENT, 0, { replaced: REPLACED, partsSaved: 0 }],
		['dearer, so as given', ELLIPSES, ELLIPSES, 1, { notReplaced: NOT_REPLACED }],
	])(
		'%s: the text sent, and every item of the service’s report carries the marks',
		async (_what, given, text, type, marks) => {
			const batch = await schedule();
			const result = await t.run({
				items: [{ batch }],
				parameters: scheduledUpdateParameters({ text: given, messageType: 'auto' }),
				typeVersion: 2,
			});
			expect(result.error).toBeUndefined();
			expect(updateBody()).toMatchObject({ text, type });
			expect(result.items).toHaveLength(1);
			expect(result.items[0].json).toMatchObject(marks);
			expect(result.items[0].json).not.toHaveProperty(type === 0 ? 'notReplaced' : 'replaced');
		},
	);
});
