/** Phone-number checks and the international form the service answers with. */

/** The vendor SDK's validity check, applied to the number exactly as the client sent it. */
const VENDOR_NUMBER = /^\+?[0-9]{8,13}$/;

/** Ghana local form: a trunk 0 and nine digits. */
const LOCAL_GH = /^0[0-9]{9}$/;

const GHANA_PREFIX = '233';

export function isValidNumber(raw: string): boolean {
	return VENDOR_NUMBER.test(raw);
}

/**
 * International form without '+': `+233…` → `233…`, `0XXXXXXXXX` → `233XXXXXXXXX`. Only call
 * this on numbers that passed isValidNumber. Other lengths with a leading 0 are left alone:
 * guessing a country for them would hide the client's mistake rather than show it.
 */
export function normaliseNumber(raw: string): string {
	const digits = raw.charCodeAt(0) === 43 /* '+' */ ? raw.slice(1) : raw;
	return LOCAL_GH.test(digits) ? GHANA_PREFIX + digits.slice(1) : digits;
}

/**
 * ISO country of an international number, for the `country` the vendor's SDK (Zenoph.Notify)
 * reads on each destination. A small table of dial codes (Ghana, its neighbours, a few others);
 * an unknown code, or the shared +1 plan, gives undefined and the member is left out.
 */
const DIAL_CODES: ReadonlyMap<string, string> = new Map([
	['233', 'GH'],
	['234', 'NG'],
	['225', 'CI'],
	['226', 'BF'],
	['228', 'TG'],
	['229', 'BJ'],
	['254', 'KE'],
	['27', 'ZA'],
	['44', 'GB'],
	['49', 'DE'],
	['33', 'FR'],
	['91', 'IN'],
]);

export function countryOf(international: string): string | undefined {
	return DIAL_CODES.get(international.slice(0, 3)) ?? DIAL_CODES.get(international.slice(0, 2));
}
