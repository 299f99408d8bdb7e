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
