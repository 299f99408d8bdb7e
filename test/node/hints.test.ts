import { SmsOnlineGh } from '../../nodes/SmsOnlineGh/SmsOnlineGh.node';
import { resolveExpression } from '../harness/workflow';
import { hintsOf, personalisedParameters, sendParameters, useSimulator } from './fixtures';

describe('The editor’s hint: GSM Default or Flash on a text the GSM alphabet cannot carry', () => {
	const [hint] = new SmsOnlineGh().description.hints ?? [];

	/** The hint's display condition, evaluated by n8n's expression engine on the node's parameters. */
	function shown(parameters: Record<string, unknown>, version = 1): unknown {
		return resolveExpression(hint.displayCondition as string, {}, parameters as never, version);
	}

	it('is a warning in the node’s panel naming Smart Encoding, the Auto types and the option', () => {
		expect(hint).toMatchObject({ type: 'warning', location: 'ndv', whenToDisplay: 'always' });
		expect(hint.message).toBe(
			'GSM Default and Flash send the text in the GSM alphabet, which cannot carry some characters of this text. Look-alikes such as ’ “ – … go as GSM with Options → Smart Encoding; for accents, other scripts and emoji choose Auto or Flash (Auto). Otherwise the item is refused before sending (node version 1 sends it garbled), unless Options → Send Non-GSM Text As Given is on.',
		);
	});

	it.each([
		[{ messageType: 'flash', message: 'Fête 🎉' }, 1, true],
		[{ messageType: 'flash', message: 'Привет' }, 2, true],
		[
			{ operation: 'sendPersonalised', messageType: 'flash', template: 'Hello {$name}, ça va?' },
			1,
			true,
		],
		[
			{ operation: 'sendPersonalised', messageType: 'flash', template: 'Hello {$name}, ok?' },
			1,
			false,
		],
		[{ messageType: 'flash', message: 'Price 10€ [x] {ok} ~ | ^ \\ é @£$¥' }, 1, false],
		[{ messageType: 'flash', message: 'Your order {{ $json.id }} has shipped.' }, 1, false],
		[{ messageType: 'flashAuto', message: 'Fête 🎉' }, 1, false],
		[{ messageType: 'auto', message: 'Fête 🎉' }, 1, false],
		// Look-alikes: Smart Encoding (on in version 2) replaces them, so the hint shows only where it is off.
		[{ messageType: 'gsm', message: 'It’s ready – come by at 9.' }, 1, true],
		[{ messageType: 'gsm', message: 'It’s ready – come by at 9.' }, 2, false],
		[
			{
				messageType: 'gsm',
				message: 'It’s ready – come by at 9.',
				options: { smartEncoding: false },
			},
			2,
			true,
		],
		[
			{
				messageType: 'gsm',
				message: 'It’s ready – come by at 9.',
				options: { smartEncoding: true },
			},
			1,
			false,
		],
		[{ messageType: 'gsm', message: 'Yɛbɛhyia – ok' }, 2, true],
	])('%j in version %s: shown %s', (parameters, version, expected) => {
		expect(shown(parameters, version)).toBe(expected);
	});
});

describe('The run’s hint: a GSM type on a text it cannot carry', () => {
	const t = useSimulator();

	it('Flash on a Unicode text in version 1: sent as asked, with one hint naming the items and characters', async () => {
		const result = await t.run({
			items: [{ phone: '0551234567' }, { phone: '0241234567' }, { phone: '0201234567' }],
			parameters: sendParameters({
				messageType: 'flash',
				message: '={{ ($json.phone === "0551234567" ? "Plain " : "Fête 🎉 ") + $json.phone }}',
			}),
		});
		expect(result.items.map((i) => i.json.messageType)).toEqual(['flash', 'flash', 'flash']);
		expect(hintsOf(result)).toEqual([
			'The text of items 1, 2 has characters the GSM alphabet cannot carry (ê 🎉), sent as GSM Default or Flash: they arrive garbled. Choose Auto or Flash (Auto), which pick Unicode when the text needs it. Node version 2 refuses such an item unless Options → Send Non-GSM Text As Given is on.',
		]);
	});

	it('the first item’s text has them: the editor’s hint shows it, the run adds none', async () => {
		const result = await t.run({
			items: [{ phone: '0241234567' }, { phone: '0201234567' }],
			parameters: sendParameters({
				messageType: 'flash',
				message: '={{ "Fête 🎉 " + $json.phone }}',
			}),
		});
		expect(result.items.map((i) => i.json.sentAsGiven)).toEqual([
			'ê (character 2), 🎉 (character 6): not in the GSM alphabet, sent as given as Flash, so they arrive garbled',
			'ê (character 2), 🎉 (character 6): not in the GSM alphabet, sent as given as Flash, so they arrive garbled',
		]);
		expect(hintsOf(result)).toEqual([]);
	});

	it('Send Personalised: the rendered text counts, only the item whose value is not GSM is named', async () => {
		const result = await t.run({
			items: [
				{ phone: '0241234567', first_name: 'Ama', amount: 5 },
				{ phone: '0201234567', first_name: 'Zoë', amount: 7 },
			],
			parameters: personalisedParameters({ messageType: 'gsm' }),
		});
		expect(hintsOf(result)).toEqual([
			expect.stringMatching(
				/^The text of item 1 has characters the GSM alphabet cannot carry \(ë\)/,
			),
		]);
	});

	it('Flash (Auto) and GSM text: no hint', async () => {
		for (const [messageType, message] of [
			['flashAuto', 'Fête 🎉'],
			['flash', 'Plain text'],
		]) {
			const result = await t.run({
				items: [{ phone: '0241234567' }],
				parameters: sendParameters({ messageType, message }),
			});
			expect(hintsOf(result)).toEqual([]);
		}
	});
});
