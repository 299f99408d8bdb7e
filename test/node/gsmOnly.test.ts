/**
 * GSM Default and Flash carry only the GSM alphabet: a text with other characters is replaced by
 * Smart Encoding, refused before anything is sent with the fix, or sent as given only when the
 * option says so, its item saying it (docs/smart-encoding.md, "GSM Default and Flash"). Version 1
 * of the node sends as given, as it always did, and says so on the item.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	hintsOf,
	personalisedParameters,
	scheduledUpdateParameters,
	scheduleOne,
	sendParameters,
	useSimulator,
} from './fixtures';

/** The contact-list demo's message: ’ and – are outside GSM 03.38. */
const TEXT = 'It’s ready – come by at 9.';
const REPLACED = "It's ready - come by at 9.";

const GSM_REFUSAL =
	"Message has characters Message Type GSM Default cannot carry, which would arrive garbled: ’ (character 3), – (character 12). To send it, turn on Options → Smart Encoding, which replaces them (’ → ', – → -); choose Message Type Auto, which sends it as Unicode; or turn on Options → Send Non-GSM Text As Given to send it garbled";

const AS_GIVEN =
	'’ (character 3), – (character 12): not in the GSM alphabet, sent as given as GSM Default, so they arrive garbled';

describe.each([
	['GSM Default', 'gsm', 0, 'Auto'],
	['Flash', 'flash', 2, 'Flash (Auto)'],
])('%s: a text it cannot carry', (typeName, messageType, typeId, auto) => {
	const t = useSimulator();
	const bodies = () => t.requests().map((r) => r.rawBody);
	const refusal = GSM_REFUSAL.replace('GSM Default', typeName).replace(
		'Message Type Auto',
		`Message Type ${auto}`,
	);

	it('Smart Encoding on (version 2 by default): the look-alikes replaced, the item says so', async () => {
		const result = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({ message: TEXT, messageType }),
			typeVersion: 2,
		});
		expect(bodies()).toEqual([
			`{"text":"${REPLACED}","type":${typeId},"sender":"SMSDemo","destinations":["0241234567"]}`,
		]);
		expect(result.items[0].json).toMatchObject({
			verdict: 'accepted',
			messageType,
			characters: 26,
			parts: 1,
			replaced: "’ → ', – → -",
			partsSaved: 0,
		});
		expect(result.items[0].json).not.toHaveProperty('sentAsGiven');
		expect(hintsOf(result)).toEqual([]);
	});

	it('Smart Encoding off: refused before anything is sent, naming the item, the characters and the fix', async () => {
		const result = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({ message: TEXT, messageType, options: { smartEncoding: false } }),
			typeVersion: 2,
		});
		expect(result.error?.message).toBe(refusal);
		expect(t.allRequests()).toEqual([]);
	});

	it('with Continue On Fail, the refused item is an error item and the other item is sent', async () => {
		const result = await t.run({
			items: [
				{ phone: '0241234567', text: TEXT },
				{ phone: '0201234567', text: 'See you at 9.' },
			],
			parameters: sendParameters({
				message: '={{ $json.text }}',
				messageType,
				options: { smartEncoding: false },
			}),
			settings: { continueOnFail: true },
			typeVersion: 2,
		});
		expect(result.error).toBeUndefined();
		expect(bodies()).toEqual([
			`{"text":"See you at 9.","type":${typeId},"sender":"SMSDemo","destinations":["0201234567"]}`,
		]);
		expect(result.items.map((i) => [i.json.verdict, i.json.error, i.pairedItem])).toEqual([
			['notSent', refusal, { item: 0 }],
			['accepted', undefined, { item: 1 }],
		]);
	});

	it('a letter without a GSM look-alike: refused with Smart Encoding on too, the fix names only what helps', async () => {
		const result = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({ message: 'Yɛbɛhyia ɔkyena – ok', messageType }),
			typeVersion: 2,
		});
		expect(result.error?.message).toBe(
			`Message has characters Message Type ${typeName} cannot carry, which would arrive garbled: ɛ (character 2), ɔ (character 10), – (character 17). To send it, choose Message Type ${auto}, which sends it as Unicode, or turn on Options → Send Non-GSM Text As Given to send it garbled`,
		);
		expect(t.allRequests()).toEqual([]);
	});

	it('Smart Encoding on but replacing would take more parts: refused, the fix says why Smart Encoding left it', async () => {
		const result = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({ message: `Sixteen letters.${'…'.repeat(50)}`, messageType }),
			typeVersion: 2,
		});
		expect(result.error?.message).toBe(
			`Message has characters Message Type ${typeName} cannot carry, which would arrive garbled: … (character 17). To send it, Smart Encoding left it as given: … → ... ×50 would take 2 parts instead of 1; choose Message Type ${auto}, which sends it as Unicode, or turn on Options → Send Non-GSM Text As Given to send it garbled`,
		);
		expect(t.allRequests()).toEqual([]);
	});

	it('Send Non-GSM Text As Given on: sent as given, the item says so, no hint repeats it', async () => {
		const result = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({
				message: TEXT,
				messageType,
				options: { smartEncoding: false, sendNonGsmAsGiven: true },
			}),
			typeVersion: 2,
		});
		expect(bodies()).toEqual([
			`{"text":"${TEXT}","type":${typeId},"sender":"SMSDemo","destinations":["0241234567"]}`,
		]);
		expect(result.items[0].json).toMatchObject({
			verdict: 'accepted',
			messageType,
			parts: 1,
			sentAsGiven: AS_GIVEN.replace('GSM Default', typeName),
		});
		expect(hintsOf(result)).toEqual([]);
	});

	it('version 1 (a saved workflow): sent as given as before; the item says so and the hint names Smart Encoding', async () => {
		const result = await t.run({
			items: [
				{ phone: '0201234567', text: 'See you.' },
				{ phone: '0241234567', text: TEXT },
			],
			parameters: sendParameters({ message: '={{ $json.text }}', messageType }),
		});
		expect(bodies()).toEqual([
			`{"text":"See you.","type":${typeId},"sender":"SMSDemo","destinations":["0201234567"]}`,
			`{"text":"${TEXT}","type":${typeId},"sender":"SMSDemo","destinations":["0241234567"]}`,
		]);
		expect(result.items.map((i) => i.json.sentAsGiven)).toEqual([
			undefined,
			AS_GIVEN.replace('GSM Default', typeName),
		]);
		expect(hintsOf(result)).toEqual([
			'The text of item 1 has characters the GSM alphabet cannot carry (’ –), sent as GSM Default or Flash: they arrive garbled. Turn on Options → Smart Encoding to send look-alikes such as ’ and – as GSM; for accents, other scripts and emoji choose Auto or Flash (Auto), which pick Unicode when the text needs it. Node version 2 refuses such an item unless Options → Send Non-GSM Text As Given is on.',
		]);
	});
});

describe('Send Personalised: the rendered text decides', () => {
	const t = useSimulator();

	it('GSM Default, a value Smart Encoding cannot replace: that item refused, the other sent', async () => {
		const result = await t.run({
			items: [
				{ phone: '0241234567', first_name: 'Ama', amount: 5 },
				{ phone: '0201234567', first_name: 'Zoë', amount: 7 },
			],
			parameters: personalisedParameters({ messageType: 'gsm' }),
			settings: { continueOnFail: true },
			typeVersion: 2,
		});
		expect(t.requests().map((r) => r.rawBody)).toEqual([
			'{"text":"Hello {$va}, you owe GHS {$vb}.","type":0,"sender":"SMSDemo","destinations":[{"number":"0241234567","values":["Ama",5]}]}',
		]);
		// Items refused before sending come first, each paired with its input item.
		expect(result.items.map((i) => [i.json.verdict, i.json.error, i.pairedItem])).toEqual([
			[
				'notSent',
				'Message Template, with this item’s values, has characters Message Type GSM Default cannot carry, which would arrive garbled: ë (character 9). To send it, choose Message Type Auto, which sends it as Unicode, or turn on Options → Send Non-GSM Text As Given to send it garbled',
				{ item: 1 },
			],
			['accepted', undefined, { item: 0 }],
		]);
	});

	it('Smart Encoding replaces a value’s look-alikes; the option sends the other as given', async () => {
		const result = await t.run({
			items: [
				{ phone: '0241234567', first_name: 'Ama’s mum', amount: 5 },
				{ phone: '0201234567', first_name: 'Zoë', amount: 7 },
			],
			parameters: personalisedParameters({
				messageType: 'gsm',
				options: { sendNonGsmAsGiven: true },
			}),
			typeVersion: 2,
		});
		const sent = t.requests().map((r) => JSON.parse(r.rawBody) as IDataObject);
		expect(
			sent.map((b) => [b.text, b.type, (b.destinations as IDataObject[]).map((d) => d.values)]),
		).toEqual([
			[
				'Hello {$va}, you owe GHS {$vb}.',
				0,
				[
					["Ama's mum", 5],
					['Zoë', 7],
				],
			],
		]);
		expect(result.items.map((i) => [i.json.replaced, i.json.sentAsGiven])).toEqual([
			["’ → '", undefined],
			[
				undefined,
				'ë (character 9): not in the GSM alphabet, sent as given as GSM Default, so they arrive garbled',
			],
		]);
	});
});

describe('Scheduled SMS → Update: the new text under GSM Default', () => {
	const t = useSimulator();
	const updates = () => t.requests().filter((r) => r.path.includes('/scheduled/update/'));

	it('Smart Encoding off: refused before the update is sent', async () => {
		const batch = await scheduleOne(t);
		const result = await t.run({
			items: [{ batch }],
			parameters: scheduledUpdateParameters({ text: TEXT }, { smartEncoding: false }),
			settings: { continueOnFail: true },
			typeVersion: 2,
		});
		expect(updates()).toEqual([]);
		expect(result.items[0].json.error).toBe(GSM_REFUSAL);
	});

	it('a new type GSM Default for the message’s own text is checked too', async () => {
		const batch = await scheduleOne(t);
		const result = await t.run({
			items: [{ batch }],
			parameters: scheduledUpdateParameters({ text: 'Yɛbɛhyia', messageType: 'gsm' }),
			settings: { continueOnFail: true },
			typeVersion: 2,
		});
		expect(updates()).toEqual([]);
		expect(result.items[0].json.error).toBe(
			'Message has characters Message Type GSM Default cannot carry, which would arrive garbled: ɛ (character 2). To send it, choose Message Type Auto, which sends it as Unicode, or turn on Options → Send Non-GSM Text As Given to send it garbled',
		);
	});

	it('Send Non-GSM Text As Given on: updated as given, each item says so', async () => {
		const batch = await scheduleOne(t);
		const result = await t.run({
			items: [{ batch }],
			parameters: scheduledUpdateParameters(
				{ text: TEXT },
				{ smartEncoding: false, sendNonGsmAsGiven: true },
			),
			typeVersion: 2,
		});
		expect(JSON.parse(updates()[0].rawBody)).toMatchObject({ text: TEXT, type: 0 });
		expect(result.items[0].json).toMatchObject({ sentAsGiven: AS_GIVEN });
	});
});
