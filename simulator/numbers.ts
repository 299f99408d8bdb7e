/** Phone-number checks and the international form the service answers with. */

/** The vendor SDK's validity check, applied to the number exactly as the client sent it. */
const VENDOR_NUMBER = /^\+?[0-9]{8,13}$/;

/** Ghana local form: a trunk 0 and nine digits. */
const LOCAL_GH = /^0[0-9]{9}$/;

const GHANA_PREFIX = '233';

/**
 * Whether the service takes the number (else the destination is refused with 2119): the vendor
 * SDK's check, and then what no numbering plan has, as a carrier refuses it: all zeros, and a
 * Ghanaian number (0… or 233…) whose national part is not nine digits (the simulator's own
 * reading of Ghana's plan, which has nine-digit national numbers; docs/simulator.md).
 */
export function isValidNumber(raw: string): boolean {
	if (!VENDOR_NUMBER.test(raw)) return false;
	const digits = raw.charCodeAt(0) === 43 /* '+' */ ? raw.slice(1) : raw;
	if (/^0+$/.test(digits)) return false;
	if (digits.charCodeAt(0) === 48 /* '0' */) return LOCAL_GH.test(digits);
	if (digits.startsWith(GHANA_PREFIX)) return digits.length === GHANA_PREFIX.length + 9;
	return true;
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
