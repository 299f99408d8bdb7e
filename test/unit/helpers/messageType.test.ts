import { measure, resolveMessageType } from '../../../nodes/SmsOnlineGh/helpers/messageType';

describe('resolveMessageType', () => {
	it('Auto and Flash (Auto) pick Unicode for a text GSM cannot carry', () => {
		expect(resolveMessageType('auto', 'Hello')).toBe('gsm');
		expect(resolveMessageType('auto', 'ça va')).toBe('unicode');
		expect(resolveMessageType('flashAuto', 'Hello')).toBe('flash');
		expect(resolveMessageType('flashAuto', 'ça va')).toBe('flashUnicode');
	});
});

describe('measure', () => {
	it('counts billed units and parts by the type sent', () => {
		expect(measure('x'.repeat(200), 'gsm')).toEqual({ characters: 200, parts: 2 });
		expect(measure('x'.repeat(200), 'unicode')).toEqual({ characters: 200, parts: 3 });
	});

	it('a count cut off at one ceiling is never given back for another (the same text, counted again)', () => {
		const text = 'x'.repeat(2000);
		expect(measure(text, 'gsm', 5).parts).toBe(6);
		expect(measure(text, 'gsm')).toEqual({ characters: 2000, parts: 14 });
		expect(measure(text, 'gsm', 5).parts).toBe(6);
		expect(measure(text, 'gsm', 20)).toEqual({ characters: 2000, parts: 14 });
	});
});
