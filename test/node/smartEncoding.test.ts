/**
 * Smart Encoding in real workflows against the simulator, in both dialects: the request that goes
 * out, the parts before and after, the items, the Summary, the hints, and the default by version
 * (off in version 1, so a saved workflow sends what it always sent; on in version 2).
 */
import type { IDataObject } from 'n8n-workflow';

import { SmsOnlineGh } from '../../nodes/SmsOnlineGh/SmsOnlineGh.node';
import { resolveExpression } from '../harness/workflow';
import {
	hintsOf,
	personalisedParameters,
	scheduledUpdateParameters,
	scheduleOne,
	sendParameters,
	useSimulator,
} from './fixtures';

/** The example: 160 characters, Unicode only for ’ and –: 3 parts; 1 part as GSM. */
const TEXT = `We’re open – see you tomorrow${'.'.repeat(131)}`;
const SENT = `We're open - see you tomorrow${'.'.repeat(131)}`;

// Item 1: the editor's hint, read with the first item's values, says nothing of a later item's text.
const LOOK_ALIKE_HINT =
	'The text of item 1 is Unicode only because of characters that have GSM look-alikes: ’ (character 3), – (character 12). It takes 3 SMS parts a number; without them, 1. Turn on Options → Smart Encoding: they are replaced by their GSM look-alikes and the text goes as GSM.';

describe('Smart Encoding, Send', () => {
	const t = useSimulator();
	const sent = (t_: typeof t) => JSON.parse(t_.requests()[0].rawBody) as IDataObject;

	it('version 1 without the option: the text goes as given, Unicode, 3 parts; the run’s hint says why and how to fix it', async () => {
		const result = await t.run({
			...mapped(),
			parameters: sendParameters({ message: '={{ $json.text }}' }),
		});
		expect(sent(t)).toMatchObject({ text: TEXT, type: 1 });
		expect(result.items[0].json).toMatchObject({
			messageType: 'unicode',
			characters: 160,
			parts: 3,
		});
		expect(result.items[0].json).not.toHaveProperty('partsSaved');
		// The editor's hint shows for this first item's text: the run does not say it again.
		expect(hintsOf(result)).toEqual([]);
		const later = await t.run({
			...plainFirst(),
			parameters: sendParameters({ message: '={{ $json.text }}' }),
		});
		expect(later.items[1].json).toMatchObject({
			messageType: 'unicode',
			characters: 160,
			parts: 3,
		});
		expect(hintsOf(later)).toEqual([LOOK_ALIKE_HINT]);
	});

	it('version 2 by default: the look-alikes replaced, GSM, 1 part; the item says 2 parts saved, Include Text shows the text sent', async () => {
		const result = await t.run({
			items: [{ phone: '0241234567', text: TEXT }],
			parameters: sendParameters({ message: '={{ $json.text }}', options: { includeText: true } }),
			typeVersion: 2,
		});
		expect(t.requests()[0].rawBody).toBe(
			`{"text":"${SENT}","type":0,"sender":"SMSDemo","destinations":["0241234567"]}`,
		);
		expect(result.items[0].json).toMatchObject({
			messageType: 'gsm',
			characters: 160,
			parts: 1,
			partsSaved: 2,
			text: SENT,
		});
		expect(hintsOf(result)).toEqual([]);
	});

	it('version 1 with the option on: the same', async () => {
		const result = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({ message: TEXT, options: { smartEncoding: true } }),
		});
		expect(sent(t)).toMatchObject({ text: SENT, type: 0 });
		expect(result.items[0].json).toMatchObject({ messageType: 'gsm', parts: 1, partsSaved: 2 });
	});

	it('version 2 with the option off: as given, with the hint', async () => {
		const result = await t.run({
			...plainFirst(),
			parameters: sendParameters({
				message: '={{ $json.text }}',
				options: { smartEncoding: false },
			}),
			typeVersion: 2,
		});
		expect(JSON.parse(t.requests()[1].rawBody)).toMatchObject({ text: TEXT, type: 1 });
		expect(hintsOf(result)).toEqual([LOOK_ALIKE_HINT]);
	});

	it('the hint shows an invisible look-alike by its code point', async () => {
		const text = `GHS\u00A0100 due\u200B today${'.'.repeat(60)}`;
		const result = await t.run({
			items: [
				{ phone: '0201234567', text: 'See you.' },
				{ phone: '0241234567', text },
			],
			parameters: sendParameters({ message: '={{ $json.text }}' }),
		});
		expect(hintsOf(result)).toEqual([
			'The text of item 1 is Unicode only because of characters that have GSM look-alikes: a non-breaking space U+00A0 (character 4), an invisible character U+200B (character 12). It takes 2 SMS parts a number; without them, 1. Turn on Options → Smart Encoding: they are replaced by their GSM look-alikes and the text goes as GSM.',
		]);
	});

	it('no hint where turning it on would save nothing (1 Unicode part, 1 GSM part)', async () => {
		const result = await t.run({
			items: [{ phone: '0241234567', text: 'GHS\u00A0100 due\u200B today' }],
			parameters: sendParameters({ message: '={{ $json.text }}' }),
		});
		expect(sent(t)).toMatchObject({ text: 'GHS\u00A0100 due\u200B today', type: 1 });
		expect(hintsOf(result)).toEqual([]);
	});

	it('a typed text: the editor’s hint says it before the run, so the run does not say it again', async () => {
		const result = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({ message: TEXT }),
		});
		expect(sent(t)).toMatchObject({ text: TEXT, type: 1 });
		expect(hintsOf(result)).toEqual([]);
	});

	it('several items: the item list worded once, the places and parts of the first', async () => {
		const items = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({
			phone: `024123456${i}`,
			text: i === 0 ? 'See you.' : TEXT,
		}));
		const result = await t.run({
			items,
			parameters: sendParameters({ message: '={{ $json.text }}' }),
		});
		expect(hintsOf(result)).toEqual([
			'The texts of items 1, 2, 3, 4, 5 and 2 more are Unicode only because of characters that have GSM look-alikes. Item 1’s has ’ (character 3), – (character 12) and takes 3 SMS parts a number; without them, 1. Turn on Options → Smart Encoding: they are replaced by their GSM look-alikes and the text goes as GSM.',
		]);
	});

	it.each([
		['Twi', 'Yɛbɛhyia ɔkyena – “ok”'],
		['Ewe', 'Akpe – ŋdi nyuie, ʋu ƒe'],
		['an emoji', 'See you tomorrow – 🎉'],
	])(
		'a text that needs Unicode for real (%s) is never touched, and no hint',
		async (_what, text) => {
			const result = await t.run({
				items: [{ phone: '0241234567' }],
				parameters: sendParameters({ message: text }),
				typeVersion: 2,
			});
			expect(sent(t)).toMatchObject({ text, type: 1 });
			expect(result.items[0].json).not.toHaveProperty('partsSaved');
			expect(hintsOf(result)).toEqual([]);
		},
	);

	it('Unicode chosen as the type: the text is not touched', async () => {
		await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({ message: TEXT, messageType: 'unicode' }),
			typeVersion: 2,
		});
		expect(sent(t)).toMatchObject({ text: TEXT, type: 1 });
	});

	it('Summary: the parts taken and the parts saved', async () => {
		const result = await t.run({
			items: [{ phone: '0241234567' }, { phone: '0201234567' }],
			parameters: sendParameters({ message: TEXT, options: { output: 'summary' } }),
			typeVersion: 2,
		});
		expect(result.items[0].json).toMatchObject({
			destinations: 2,
			verdicts: { accepted: 2 },
			parts: 2,
			partsSaved: 4,
		});
	});

	it('Dry Run: the estimate counts the parts of the text that would go', async () => {
		const result = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({ message: TEXT, options: { dryRun: true, output: 'summary' } }),
			typeVersion: 2,
		});
		expect(result.items[0].json).toMatchObject({ estimatedParts: 1, partsSaved: 2 });
		expect(t.requests()).toEqual([]);
	});

	/** The text mapped from the item, as a workflow fed by a form or a sheet gives it. */
	function mapped() {
		return { items: [{ phone: '0241234567', text: TEXT }] };
	}

	/** A GSM text first, then the look-alike one. */
	function plainFirst() {
		return {
			items: [
				{ phone: '0201234567', text: 'See you.' },
				{ phone: '0241234567', text: TEXT },
			],
		};
	}
});

describe('Smart Encoding, Send Personalised: each contact’s rendered text decides', () => {
	const t = useSimulator();

	it('a contact whose text becomes GSM gets the template and values without look-alikes; one whose name needs Unicode keeps both', async () => {
		const result = await t.run({
			items: [
				{ phone: '0241234567', first_name: 'Ama’s mum', amount: 120 },
				{ phone: '0201234567', first_name: 'Ɔkomfo', amount: 75 },
			],
			parameters: personalisedParameters({
				template: 'Hello {$first_name} – you owe GHS {$amount}.',
				options: { includeText: true },
			}),
			typeVersion: 2,
		});
		const bodies = t.requests().map((r) => JSON.parse(r.rawBody) as IDataObject);
		// The template as it goes on the wire (its variables renamed: helpers/template.ts).
		expect(
			bodies.map((b) => [b.text, b.type, (b.destinations as IDataObject[]).map((d) => d.values)]),
		).toEqual([
			['Hello {$va} - you owe GHS {$vb}.', 0, [["Ama's mum", 120]]],
			['Hello {$va} – you owe GHS {$vb}.', 1, [['Ɔkomfo', 75]]],
		]);
		// The first contact's text was changed, so its item says what and the parts saved, 0 included.
		expect(
			result.items.map((i) => [
				i.json.text,
				i.json.messageType,
				i.json.parts,
				i.json.replaced,
				i.json.partsSaved,
			]),
		).toEqual([
			["Hello Ama's mum - you owe GHS 120.", 'gsm', 1, "’ → ', – → -", 0],
			['Hello Ɔkomfo – you owe GHS 75.', 'unicode', 1, undefined, undefined],
		]);
	});

	it('version 1: the hint names the item Auto made Unicode for look-alikes, not the one that needs Unicode', async () => {
		// A template of one Unicode part (no editor hint): the long value makes the text two.
		const template = 'Hello {$first_name} – you owe GHS {$amount}.';
		const name = 'Ama Serwaa Akyeampomaa Boatemaa Owusu-Ansah Jnr';
		const result = await t.run({
			items: [
				{ phone: '0241234567', first_name: `Ɔkomfo ${name}`, amount: 75 },
				{ phone: '0201234567', first_name: name, amount: 120 },
			],
			parameters: personalisedParameters({ template }),
		});
		expect(result.items.map((i) => i.json.parts)).toEqual([2, 2]);
		expect(hintsOf(result)).toEqual([
			`The text of item 1 is Unicode only because of characters that have GSM look-alikes: – (character ${name.length + 8}). It takes 2 SMS parts a number; without them, 1. Turn on Options → Smart Encoding: they are replaced by their GSM look-alikes and the text goes as GSM.`,
		]);
	});
});

describe('Smart Encoding, Scheduled SMS → Update’s new text', () => {
	const t = useSimulator();

	const schedule = () => scheduleOne(t);

	const updateBody = () =>
		JSON.parse(
			t.requests().find((r) => r.path.includes('/scheduled/update/'))?.rawBody ?? '{}',
		) as IDataObject;

	it.each([
		[1, {}, TEXT, 1],
		[1, { smartEncoding: true }, SENT, 0],
		[2, {}, SENT, 0],
		[2, { smartEncoding: false }, TEXT, 1],
	])(
		'version %s, options %j: the text sent and its type',
		async (typeVersion, options, text, type) => {
			const batch = await schedule();
			const result = await t.run({
				items: [{ batch }],
				parameters: scheduledUpdateParameters({ text: TEXT, messageType: 'auto' }, options),
				typeVersion,
			});
			expect(result.error).toBeUndefined();
			expect(updateBody()).toMatchObject({ text, type });
		},
	);

	it('without a new type, a GSM message’s new text loses its look-alikes (they would arrive garbled in GSM)', async () => {
		const batch = await schedule();
		await t.run({
			items: [{ batch }],
			parameters: scheduledUpdateParameters({ text: TEXT }),
			typeVersion: 2,
		});
		expect(updateBody()).toMatchObject({ text: SENT, type: 0 });
	});
});

describe('The editor’s hint: a typed text made Unicode by look-alikes', () => {
	const hint = (new SmsOnlineGh().description.hints ?? [])[1];
	const shown = (parameters: Record<string, unknown>, version = 1) =>
		resolveExpression(
			hint.displayCondition as string,
			{},
			{ messageType: 'auto', options: {}, ...parameters } as never,
			version,
		);

	it('is a warning in the node’s panel naming the option', () => {
		expect(hint).toMatchObject({ type: 'warning', location: 'ndv', whenToDisplay: 'always' });
		expect(hint.message).toContain('Options → Smart Encoding');
	});

	it.each([
		[{ message: TEXT }, 1, true],
		[{ message: TEXT }, 2, false],
		[{ message: TEXT, options: { smartEncoding: false } }, 2, true],
		[{ message: TEXT, options: { smartEncoding: true } }, 1, false],
		[{ operation: 'sendPersonalised', template: `Hello {$name} – ${'x'.repeat(60)}` }, 1, true],
		// One Unicode part: GSM would save nothing.
		[{ operation: 'sendPersonalised', template: 'Hello {$name} – ok' }, 1, false],
		[{ message: TEXT, messageType: 'unicode' }, 1, false],
		[{ message: TEXT, messageType: 'flashAuto' }, 1, true],
		[{ message: 'Yɛbɛhyia – ok' }, 1, false],
		[{ message: 'See you – 🎉' }, 1, false],
		[{ message: 'Plain GSM text' }, 1, false],
	])('%j in version %s: shown %s', (parameters, version, expected) => {
		expect(shown(parameters, version)).toBe(expected);
	});
});
