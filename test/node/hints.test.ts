
import { SmsOnlineGh } from '../../nodes/SmsOnlineGh/SmsOnlineGh.node';
import { resolveExpression } from '../harness/workflow';
import { hintsOf, personalisedParameters, sendParameters, useSimulator } from './fixtures';

describe('The editor’s hint: Flash on a text the GSM alphabet cannot carry', () => {
	const [hint] = new SmsOnlineGh().description.hints ?? [];

	/** The hint's display condition, evaluated by n8n's expression engine on the node's parameters. */
	function shown(parameters: Record<string, string>): unknown {
		return resolveExpression(hint.displayCondition as string, {}, parameters);
	}

	it('is a warning in the node’s panel', () => {
		expect(hint).toMatchObject({ type: 'warning', location: 'ndv', whenToDisplay: 'always' });
		expect(hint.message).toContain('Flash (Auto)');
	});

	it.each([
		[{ messageType: 'flash', message: 'Fête 🎉' }, true],
		[{ messageType: 'flash', message: 'Привет' }, true],
		[{ operation: 'sendPersonalised', messageType: 'flash', template: 'Hello {$name}, ça va?' }, true],
		[{ operation: 'sendPersonalised', messageType: 'flash', template: 'Hello {$name}, ok?' }, false],
		[{ messageType: 'flash', message: 'Price 10€ [x] {ok} ~ | ^ \\ é @£$¥' }, false],
		[{ messageType: 'flash', message: 'Your order {{ $json.id }} has shipped.' }, false],
		[{ messageType: 'flashAuto', message: 'Fête 🎉' }, false],
		[{ messageType: 'auto', message: 'Fête 🎉' }, false],
	])('%j: shown %s', (parameters, expected) => {
		expect(shown(parameters)).toBe(expected);
	});
});

describe('The run’s hint: a GSM type on a text it cannot carry', () => {
	const t = useSimulator();

	it('Flash on a Unicode text: sent as asked, with a hint naming the items and characters', async () => {
		const result = await t.run({
			items: [{ phone: '0241234567' }, { phone: '0201234567' }],
			parameters: sendParameters({ messageType: 'flash', message: '={{ "Fête 🎉 " + $json.phone }}' }),
		});
		expect(result.items.map((i) => i.json.messageType)).toEqual(['flash', 'flash']);
		expect(hintsOf(result)).toEqual([
			'The text of items 0, 1 has characters the GSM alphabet cannot carry (ê 🎉), sent as a GSM type (Flash or GSM Default): they arrive garbled. Choose Flash (Auto) or Auto, which pick Unicode when the text needs it.',
		]);
	});

	it('Send Personalised: the rendered text counts, only the item whose value is not GSM is named', async () => {
		const result = await t.run({
			items: [
				{ phone: '0241234567', first_name: 'Ama', amount: 5 },
				{ phone: '0201234567', first_name: 'Zoë', amount: 7 },
			],
			parameters: personalisedParameters({ messageType: 'gsm' }),
		});
		expect(hintsOf(result)).toEqual([expect.stringMatching(/^The text of item 1 has characters the GSM alphabet cannot carry \(ë\)/)]);
	});

	it('Flash (Auto) and GSM text: no hint', async () => {
		for (const [messageType, message] of [['flashAuto', 'Fête 🎉'], ['flash', 'Plain text']]) {
			const result = await t.run({ items: [{ phone: '0241234567' }], parameters: sendParameters({ messageType, message }) });
			expect(hintsOf(result)).toEqual([]);
		}
	});
});
