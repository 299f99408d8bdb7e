import type { SenderRules } from '../../../nodes/SmsOnlineGh/helpers/senderRules';
import {
	isNumericSender,
	isRegistered,
	routeOf,
	senderProblem,
	smsSenderRules,
	voiceSenderRules,
} from '../../../nodes/SmsOnlineGh/helpers/senderRules';

const GH = {
	countryCode: 'GH',
	countryName: 'Ghana',
	dialCode: 233,
	senderMustBeRegistered: true,
	numericSenderAllowed: false,
};
const NG = {
	countryCode: 'NG',
	countryName: 'Nigeria',
	dialCode: 234,
	senderMustBeRegistered: false,
	numericSenderAllowed: true,
};
/** A made-up route with a longer dial code that begins like another one, to test the longest match. */
const LONG = { countryCode: 'XA', dialCode: 2335, senderMustBeRegistered: false };

const RULES: SenderRules = {
	home: { dialCode: 233, minLength: 9, maxLength: 9 },
	routes: [GH, NG, LONG],
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
		expect(routeOf({ ...RULES, home: undefined }, '241234567')).toBeUndefined();
	});

	it('a 0… number is local even when the profile gives no national lengths', () => {
		expect(routeOf({ ...RULES, home: { dialCode: 233 } }, '0241234567')?.countryCode).toBe('GH');
	});
});

describe('senderProblem', () => {
	it('a sender not registered for a route that requires it', () => {
		expect(senderProblem(RULES, 'Nobody', ['0241234567'])).toEqual({
			kind: 'unregistered',
			number: '0241234567',
			route: GH,
		});
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
		expect(
			senderProblem(RULES, 'Nobody', ['2348031234567', '447911123456', '0241234567'])?.number,
		).toBe('0241234567');
	});

	it('a route that does not set a flag, or no route at all, is never held against the sender', () => {
		const silent: SenderRules = { ...RULES, routes: [{ countryCode: 'GH', dialCode: 233 }] };
		expect(senderProblem(silent, '0241234567', ['0241234567'])).toBeUndefined();
		expect(senderProblem(silent, 'Nobody', ['0241234567'])).toBeUndefined();
		expect(senderProblem(RULES, 'Nobody', ['447911123456'])).toBeUndefined();
	});
});

describe('the rules of each kind, from the profile', () => {
	const { senders, ...senderRouting } = RULES;
	const voice = { name: 'DemoVoice', caseSensitive: true, countryCodes: ['GH'] };

	it('SMS senders are held to the profile’s senders, voice senders to its voice senders', () => {
		const profile = { senderRouting, senders, voiceSenders: [voice] };
		expect(smsSenderRules(profile)).toEqual(RULES);
		expect(smsSenderRules(profile)).toBe(smsSenderRules(profile));
		expect(voiceSenderRules(profile)).toEqual({
			rules: { ...senderRouting, senders: [voice] },
			listed: true,
		});
		expect(senderProblem(voiceSenderRules(profile).rules, 'SMSDemo', ['0241234567'])?.kind).toBe(
			'unregistered',
		);
	});

	it('without voice senders, a voice sender is held to the numeric rule only', () => {
		const { rules, listed } = voiceSenderRules({ senderRouting, senders, voiceSenders: [] });
		expect(listed).toBe(false);
		expect(senderProblem(rules, 'Anyone', ['0241234567'])).toBeUndefined();
		expect(senderProblem(rules, '0241234567', ['0241234567'])?.kind).toBe('numeric');
		expect(senderRouting.routes[0].senderMustBeRegistered).toBe(true);
	});
});
