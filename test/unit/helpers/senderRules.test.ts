import type { SenderRules } from '../../../nodes/SmsOnlineGh/helpers/senderRules';
import { isNumericSender, isRegistered, routeOf, senderProblem } from '../../../nodes/SmsOnlineGh/helpers/senderRules';

const GH = { countryCode: 'GH', countryName: 'Ghana', dialCode: 233, registerSender: true, numericSenderAllowed: false };
const NG = { countryCode: 'NG', countryName: 'Nigeria', dialCode: 234, registerSender: false, numericSenderAllowed: true };
/** A made-up route with a longer dial code that begins like another one, to test the longest match. */
const LONG = { countryCode: 'XA', dialCode: 2335, registerSender: false };

const RULES: SenderRules = {
	defDestination: { dialCode: 233, minNumLen: 9, maxNumLen: 9 },
	routeFilters: [GH, NG, LONG],
	senders: [
		{ name: 'SMSDemo', caseSensitive: true, countryCodes: ['GH'] },
		{ name: 'Shop', caseSensitive: false, countryCodes: ['gh', 'NG'] },
	],
};

describe('routeOf: the destination’s country from its dial code', () => {
	it.each([
		['0241234567', 'GH'],
		['241234567', 'GH'],
		['233241234567', 'GH'],
		['2348031234567', 'NG'],
		['233512345678', 'XA'],
	])('%s is read as %s', (digits, country) => {
		expect(routeOf(RULES, digits)?.countryCode).toBe(country);
	});

	it('a number no dial code begins has no route, and without a home dial code a national number has none', () => {
		expect(routeOf(RULES, '447911123456')).toBeUndefined();
		expect(routeOf({ ...RULES, defDestination: undefined }, '241234567')).toBeUndefined();
	});

	it('a 0… number is local even when the profile gives no national lengths', () => {
		expect(routeOf({ ...RULES, defDestination: { dialCode: 233 } }, '0241234567')?.countryCode).toBe('GH');
	});
});

describe('senderProblem', () => {
	it('a sender not registered for a route that requires it', () => {
		expect(senderProblem(RULES, 'Nobody', ['0241234567'])).toEqual({ kind: 'unregistered', number: '0241234567', route: GH });
	});

	it('registration counts per country, with the sender’s own case rule', () => {
		expect(senderProblem(RULES, 'SMSDemo', ['0241234567'])).toBeUndefined();
		expect(senderProblem(RULES, 'smsdemo', ['0241234567'])?.kind).toBe('unregistered');
		expect(senderProblem(RULES, 'SHOP', ['0241234567', '2348031234567'])).toBeUndefined();
		expect(isRegistered(RULES, 'sHoP', 'NG')).toBe(true);
		expect(isRegistered(RULES, 'SMSDemo', 'NG')).toBe(false);
		expect(isRegistered(RULES, 'SMSDemo')).toBe(true);
	});

	it('an all-digit sender where the route refuses it, and not where it allows it', () => {
		expect(senderProblem(RULES, '+233241234567', ['0241234567'])?.kind).toBe('numeric');
		expect(senderProblem(RULES, '233241234567', ['2348031234567'])).toBeUndefined();
		expect(isNumericSender('+123')).toBe(true);
		expect(isNumericSender('12a')).toBe(false);
	});

	it('the first number whose country refuses the sender is named', () => {
		expect(senderProblem(RULES, 'Nobody', ['2348031234567', '447911123456', '0241234567'])?.number).toBe('0241234567');
	});

	it('a route that does not set a flag, or no route at all, is never held against the sender', () => {
		const silent: SenderRules = { ...RULES, routeFilters: [{ countryCode: 'GH', dialCode: 233 }] };
		expect(senderProblem(silent, '0241234567', ['0241234567'])).toBeUndefined();
		expect(senderProblem(silent, 'Nobody', ['0241234567'])).toBeUndefined();
		expect(senderProblem(RULES, 'Nobody', ['447911123456'])).toBeUndefined();
	});
});
