/**
 * Phone-number helpers: splitting the user's "Phone Numbers" field and normalising each number
 * into the digits-only form the SMSOnlineGH v5 API accepts.
 *
 * Facts used (SMSOnlineGH v5 API documentation, and the vendor's SDK Zenoph.Notify):
 * - accepted input forms: local `0246314915`, international `233246314915`, `+233246314915`;
 * - responses return `233...` without `+`;
 * - vendor SDK validity check: `^\+?[0-9]{8,13}$`;
 * - the message unit's numbers are digits only, in local or international form.
 *
 * No n8n imports here: this module is pure.
 */

/** Thrown by {@link splitPhoneNumbers} when the field holds something that is not text or numbers. */
export class PhoneNumberInputError extends Error {
	/** The offending value as it was found (the whole input or the offending list element). */
	readonly value: unknown;

	constructor(message: string, value: unknown) {
		super(message);
		this.name = 'PhoneNumberInputError';
		this.value = value;
	}
}

/** Separators that always split: commas, semicolons and line breaks. */
const HARD_SEPARATORS = /[,;\r\n\u2028\u2029]+/;

/** Spaces and tabs (any white space): they split only under the rule of {@link splitOnSpaces}. */
const SOFT_SEPARATORS = /\s+/;

/**
 * Does this space-free piece look like one whole phone number on its own? Optional leading `+`,
 * then digits possibly grouped with dashes, dots or parentheses, and at least 8 digits in all
 * (8 is the vendor's minimum length).
 */
function looksLikeWholeNumber(piece: string): boolean {
	if (!/^\+?[0-9().-]+$/.test(piece)) return false;
	const digitCount = piece.replace(/[^0-9]/g, '').length;
	return digitCount >= 8;
}

/**
 * The space rule. Users write a single number with inner spaces ("024 123 4567") just as often as
 * they separate several numbers with spaces ("0241234567 0551234567"). So a piece (already split
 * on commas, semicolons and line breaks) is split on spaces/tabs only when EVERY space-separated
 * part on its own looks like a whole phone number (optional `+`, at least 8 digits, dashes, dots
 * and parentheses allowed between digits). Otherwise the piece is kept whole, and
 * {@link normalisePhoneNumber} later strips its inner spaces.
 *
 * Examples: "0241234567 0551234567" → two numbers; "024 123 4567" → one ("0241234567" after
 * normalising); "+233 24 123 4567" → one; "0241234567 024 123 4567" → kept whole (and then
 * rejected by normalisation as too long), because it is ambiguous.
 */
function splitOnSpaces(piece: string): string[] {
	const parts = piece.split(SOFT_SEPARATORS).filter((p) => p !== '');
	if (parts.length > 1 && parts.every(looksLikeWholeNumber)) return parts;
	return [piece];
}

/** Any separator at all, hard or soft: a text without one is a single number (or nothing). */
const ANY_SEPARATOR = /[\s,;]/;

function splitText(text: string): string[] {
	// The usual case, one number per item, skips the splitting.
	if (!ANY_SEPARATOR.test(text)) return text === '' ? [] : [text];
	const out: string[] = [];
	for (const chunk of text.split(HARD_SEPARATORS)) {
		const trimmed = chunk.trim();
		if (trimmed === '') continue;
		out.push(...splitOnSpaces(trimmed));
	}
	return out;
}

function describeValue(value: unknown): string {
	if (typeof value === 'boolean') return `a true/false value (${String(value)})`;
	if (typeof value === 'symbol') return 'a symbol';
	if (typeof value === 'function') return 'a function';
	if (typeof value === 'number') return `the number ${String(value)}`;
	if (typeof value === 'object' && value !== null) {
		let shown: string;
		try {
			shown = JSON.stringify(value) ?? String(value);
		} catch {
			shown = String(value);
		}
		if (shown.length > 60) shown = `${shown.slice(0, 57)}...`;
		return `an object (${shown})`;
	}
	return typeof value;
}

function numberToText(value: number, where: string): string {
	// A JS number only stands for a phone number when it is a non-negative whole number that is
	// exactly representable; otherwise String(value) would give "1e+21" or "2.5", whose dot the
	// normaliser would strip, silently changing the number.
	if (!Number.isSafeInteger(value) || value < 0) {
		throw new PhoneNumberInputError(
			`Phone Numbers${where} must be whole numbers or text, but found ${describeValue(value)}`,
			value,
		);
	}
	// Note: a leading 0 cannot survive as a JS number (0246314915 is 246314915); such numbers must
	// be given as text.
	return String(value);
}

function collect(value: unknown, out: string[], where: string): void {
	if (value === null || value === undefined) return;
	if (typeof value === 'string') {
		out.push(...splitText(value));
		return;
	}
	if (typeof value === 'number') {
		out.push(numberToText(value, where));
		return;
	}
	if (typeof value === 'bigint') {
		if (value < 0n) {
			throw new PhoneNumberInputError(
				`Phone Numbers${where} must be whole numbers or text, but found the negative number ${value.toString()}`,
				value,
			);
		}
		out.push(value.toString());
		return;
	}
	if (Array.isArray(value)) {
		value.forEach((element, index) => {
			collect(element, out, `${where} (item ${index + 1} of the list)`);
		});
		return;
	}
	throw new PhoneNumberInputError(
		`Phone Numbers${where} must be text or a list of numbers, but found ${describeValue(value)}`,
		value,
	);
}

/**
 * Splits the "Phone Numbers" field into separate, trimmed, non-empty pieces, kept as given (no
 * normalising).
 *
 * - string: split on commas, semicolons and line breaks; then on spaces/tabs only under the space
 *   rule (see {@link splitOnSpaces}): "024 123 4567" stays one piece.
 * - array: each element is split again (strings, numbers, nested arrays); null/undefined elements
 *   are skipped.
 * - number: its decimal string (must be a non-negative safe integer; a leading 0 cannot be kept).
 * - bigint: its decimal string.
 * - null, undefined, '' → [].
 * - anything else (objects, booleans, ...) → {@link PhoneNumberInputError}.
 */
export function splitPhoneNumbers(input: unknown): string[] {
	const out: string[] = [];
	collect(input, out, '');
	return out;
}

/** `international`: the number was written with `+` or `00` before its country code. */
export type NormalisedNumber = { ok: true; digits: string; international?: boolean } | { ok: false; reason: string };

/** Characters stripped as formatting: white space, dashes (ASCII and Unicode), dots, parentheses. */
const FORMATTING = /[\s\-\u2010-\u2015\u2212.()]/g;

const MIN_DIGITS = 8;
const MAX_DIGITS = 13;
const PLAIN_NUMBER = /^\+?[0-9]{8,13}$/;

function quote(text: string): string {
	return JSON.stringify(text);
}

function listQuoted(items: string[], max = 3): string {
	const shown = items.slice(0, max).map(quote).join(', ');
	return items.length > max ? `${shown}, ...` : shown;
}

/**
 * Normalises one phone number to digits only.
 *
 * - Strips white space, dashes, dots and parentheses.
 * - Allows one leading `+`, which is dropped (`+233…` → `233…`).
 * - `00` international prefix: `00233…` is read as `233…`. This is our own convenience, not a
 *   documented service rule (the service documents only `0…`, `233…` and `+233…`).
 * - The rest must be ASCII digits only, 8 to 13 of them (the vendor SDK check
 *   `^\+?[0-9]{8,13}$`); the count is taken after removing a `00` prefix.
 * - The local form `0…` is kept as it is: the service converts it (see {@link internationalForm}).
 *
 * On failure, `reason` is a short phrase naming the problem, meant to follow the number, e.g.
 * `"024abc" contains letters ("abc")`.
 */
export function normalisePhoneNumber(raw: string): NormalisedNumber {
	if (typeof raw !== 'string') {
		return { ok: false, reason: `is not text (${typeof raw})` };
	}
	// Most numbers come as plain digits, perhaps after a `+`: the same answer as below, found with
	// one test. `00…` takes the long way, which reads the international prefix.
	if (PLAIN_NUMBER.test(raw) && !raw.startsWith('00')) return raw[0] === '+' ? { ok: true, digits: raw.slice(1), international: true } : { ok: true, digits: raw };
	const stripped = raw.replace(FORMATTING, '');
	if (stripped === '') {
		return { ok: false, reason: raw.trim() === '' ? 'is empty' : 'has no digits' };
	}

	const letters = stripped.match(/\p{L}+/gu);
	if (letters) {
		return { ok: false, reason: `contains letters (${listQuoted(letters)})` };
	}

	const hasPlus = stripped.startsWith('+');
	let rest = hasPlus ? stripped.slice(1) : stripped;

	if (rest.includes('+')) {
		return {
			ok: false,
			reason: hasPlus ? 'has more than one "+"' : 'has a "+" that is not at the start',
		};
	}

	const others = [...new Set([...rest].filter((ch) => ch < '0' || ch > '9'))];
	if (others.length > 0) {
		return { ok: false, reason: `contains ${listQuoted(others)}` };
	}
	if (rest === '') {
		return { ok: false, reason: 'has no digits' };
	}

	let prefixNote = '';
	const viaPrefix = !hasPlus && rest.startsWith('00');
	if (viaPrefix) {
		// Our own convenience: 00 is the international call prefix, as "+" is.
		rest = rest.slice(2);
		prefixNote = ' after the international prefix 00';
	}

	if (rest.length < MIN_DIGITS || rest.length > MAX_DIGITS) {
		const count = rest.length === 1 ? '1 digit' : `${rest.length} digits`;
		return {
			ok: false,
			reason: `has ${count}${prefixNote}; a phone number has ${MIN_DIGITS} to ${MAX_DIGITS}`,
		};
	}
	return hasPlus || viaPrefix ? { ok: true, digits: rest, international: true } : { ok: true, digits: rest };
}

/**
 * The international form of a normalised number: digits starting with a single 0 (local form)
 * become `countryCode` + the rest; anything else is returned unchanged. The service answers with
 * local numbers in international form (`0246314915` comes back as `233246314915`), so this pairs
 * the answer with the input and finds duplicates between local and international spellings.
 *
 * A leading `+` on `countryCode` is ignored ("+233" works like "233").
 */
export function internationalForm(digits: string, countryCode = '233'): string {
	// A single leading 0 (/^0(?!0)/), tested by character: this runs once per number.
	if (digits.charCodeAt(0) === 48 && digits.charCodeAt(1) !== 48) {
		return (countryCode.startsWith('+') ? countryCode.slice(1) : countryCode) + digits.slice(1);
	}
	return digits;
}
