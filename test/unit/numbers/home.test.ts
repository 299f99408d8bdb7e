import { homeOfDialCode, RunHome } from '../../../nodes/SmsOnlineGh/numbers/home';
import { readPhoneNumber } from '../../../nodes/SmsOnlineGh/numbers/reading';

describe('RunHome: the home country of one run', () => {
	it('until it is learned, a number that needs it pauses the reading; one with + or 00 of its own does not', () => {
		const home = new RunHome();
		const rules = { callingCode: home.callingCode, check: 'strict' as const, homeRead: home.need };
		expect(readPhoneNumber('+233241234567', rules)).toEqual({
			ok: true,
			number: '233241234567',
			key: '233241234567',
		});
		expect(home.wanted).toBe(false);
		let thrown: unknown;
		try {
			readPhoneNumber('0241234567', rules);
		} catch (error) {
			thrown = error;
		}
		expect(home.pausedBy(thrown)).toBe(true);
		expect(home.pausedBy(new Error('other'))).toBe(false);
		expect(home.wanted).toBe(true);
	});

	it('assumed (a ceiling judges the run first), the number is read in Ghana and the home marked wanted', () => {
		const home = new RunHome();
		home.assumed = true;
		expect(
			readPhoneNumber('0241234567', { callingCode: '233', check: 'strict', homeRead: home.need }),
		).toEqual({ ok: true, number: '0241234567', key: '233241234567' });
		expect(home.wanted).toBe(true);
	});

	it('learned, it reads on without pausing: Nigeria, Ghana, or unknown (then Ghana’s code and the reason)', () => {
		const nigeria = new RunHome();
		nigeria.learn({ callingCode: '234' });
		expect([nigeria.known, nigeria.callingCode, nigeria.isGhana()]).toEqual([true, '234', false]);
		expect(() => nigeria.need()).not.toThrow();
		const ghana = new RunHome();
		ghana.learn({ callingCode: '233' });
		expect(ghana.isGhana()).toBe(true);
		const unknown = new RunHome();
		unknown.learn({ unknown: 'the profile could not be read' });
		expect([unknown.callingCode, unknown.unknown, unknown.isGhana()]).toEqual([
			'233',
			'the profile could not be read',
			false,
		]);
	});

	it('the profile’s dial code is a home country only when it is a country’s calling code', () => {
		expect(homeOfDialCode(234)).toEqual({ callingCode: '234' });
		expect(homeOfDialCode(null)).toEqual({
			unknown:
				'the account’s profile names no home country (no dial code in its default destination)',
		});
		expect(homeOfDialCode(999)).toEqual({
			unknown: 'the home country in the account’s profile has a dial code no country has (999)',
		});
	});
});
