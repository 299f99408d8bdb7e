/**
 * Smart Encoding never costs more and always says so: look-alikes are replaced only when the text
 * then takes no more parts than as given (in the type it would go as given), and the result names
 * what was replaced, or why nothing was.
 */
import { describeReplacements } from '../../../nodes/SmsOnlineGh/helpers/smartEncoding';
import { smartText } from '../../../nodes/SmsOnlineGh/sending/smartText';

/** 16 letters and 50 `…`: 66 characters, 1 Unicode part; with `...` 166 septets, 2 GSM parts. */
const ELLIPSES = `Thankyouverymuch${'…'.repeat(50)}`;

describe('smartText: never dearer', () => {
	it('16 letters and 50 … : 1 Unicode part as given, 2 GSM parts replaced, so it stays Unicode as given and says why', () => {
		expect(ELLIPSES).toHaveLength(66);
		expect(smartText('auto', ELLIPSES)).toEqual({
			text: ELLIPSES,
			type: 'unicode',
			notReplaced: '… → ... ×50 would take 2 parts instead of 1: sent as given',
		});
	});

	it('the same with GSM Default chosen: as given it is 1 GSM part (the … arrive garbled), replaced 2, so as given', () => {
		expect(smartText('gsm', ELLIPSES)).toEqual({
			text: ELLIPSES,
			type: 'gsm',
			notReplaced: '… → ... ×50 would take 2 parts instead of 1: sent as given',
		});
	});

	it('It’s ok – «really»: replaced, GSM, the field exact, 0 parts saved (1 part either way)', () => {
		expect(smartText('auto', 'It’s ok – «really»')).toEqual({
			text: 'It\'s ok - "really"',
			type: 'gsm',
			replaced: '’ → \', – → -, « → ", » → "',
			partsSaved: 0,
		});
	});

	it('a text that saves parts: 3 Unicode parts as given, 1 GSM part replaced', () => {
		const text = `We’re open – see you tomorrow${'.'.repeat(131)}`;
		expect(smartText('flashAuto', text)).toEqual({
			text: `We're open - see you tomorrow${'.'.repeat(131)}`,
			type: 'flash',
			replaced: "’ → ', – → -",
			partsSaved: 2,
		});
	});

	it('equal parts are replaced (a GSM text is what the user meant, at no cost)', () => {
		const text = `${'a'.repeat(60)}…`;
		expect(smartText('auto', text)).toMatchObject({
			text: `${'a'.repeat(60)}...`,
			type: 'gsm',
			partsSaved: 0,
		});
	});

	it.each([
		['GSM already', 'auto', 'Your order has shipped.', 'gsm'],
		['Unicode for real (Twi)', 'auto', 'Yɛbɛhyia – ok', 'unicode'],
		['Unicode chosen', 'unicode', 'It’s ok', 'unicode'],
	] as const)('%s: untouched, nothing to say', (_what, requested, text, type) => {
		expect(smartText(requested, text)).toEqual({ text, type });
	});
});

describe('describeReplacements: one line, each look-alike once in the order met', () => {
	it.each([
		['It’s 9–5… it’s “ok”', '’ → \' ×2, – → -, … → ..., “ → ", ” → "'],
		['GHS\u00A0100\u200B due\u00A0now', 'U+00A0 → space ×2, U+200B → nothing'],
		['soft\u00ADhyphen', 'U+00AD → nothing'],
	])('%j: %s', (text, expected) => {
		expect(describeReplacements(text)).toBe(expected);
	});
});
