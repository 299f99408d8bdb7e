// Splits the "Phone Numbers" field and normalises a number to the digits the SMSOnlineGH v5 API documents
// (`0246314915`, `233246314915`, `+233246314915`; vendor SDK Zenoph.Notify checks `^\+?[0-9]{8,13}$`). Pure.

export class PhoneNumberInputError extends Error {
	readonly value: unknown;

	constructor(message: string, value: unknown) {
		super(message);
		this.name = 'PhoneNumberInputError';
		this.value = value;
	}
}

const HARD_SEPARATORS = /[,;\r\n\u2028\u2029]+/;

const SOFT_SEPARATORS = /\s+/;

function looksLikeWholeNumber(piece: string): boolean {
	if (!/^\+?[0-9().-]+$/.test(piece)) return false;
	const digitCount = piece.replace(/[^0-9]/g, '').length;
	return digitCount >= 8;
}

/** Spaces also write one number ("024 123 4567"): they split only when every part is a whole number (docs/phone-numbers.md). */
function splitOnSpaces(piece: string): string[] {
	const parts = piece.split(SOFT_SEPARATORS).filter((p) => p !== '');
	if (parts.length > 1 && parts.every(looksLikeWholeNumber)) return parts;
	return [piece];
}

const ANY_SEPARATOR = /[\s,;]/;

function splitText(text: string): string[] {
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
	// String() of any other number gives "1e+21" or "2.5", whose dot the normaliser would strip.
	if (!Number.isSafeInteger(value) || value < 0) {
		throw new PhoneNumberInputError(
			`Phone Numbers${where} must be whole numbers or text, but found ${describeValue(value)}`,
			value,
		);
	}
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

export function splitPhoneNumbers(input: unknown): string[] {
	const out: string[] = [];
	collect(input, out, '');
	return out;
}

/** `international`: the number was written with `+` or `00` before its country code. */
export type NormalisedNumber = { ok: true; digits: string; international?: boolean } | { ok: false; reason: string };

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

/** `reason` is a phrase to follow the number: `"024abc" contains letters ("abc")`. */
export function normalisePhoneNumber(raw: string): NormalisedNumber {
	if (typeof raw !== 'string') {
		return { ok: false, reason: `is not text (${typeof raw})` };
	}
	// Most numbers are plain digits: the same answer as below with one test (`00…` needs the long way).
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
		// Our own convenience, not a documented service form: 00 is the international call prefix.
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

/** The service answers with local numbers in international form (`0246314915` as `233246314915`): this pairs answer and input. */
export function internationalForm(digits: string, countryCode = '233'): string {
	if (digits.charCodeAt(0) === 48 && digits.charCodeAt(1) !== 48) {
		return (countryCode.startsWith('+') ? countryCode.slice(1) : countryCode) + digits.slice(1);
	}
	return digits;
}
