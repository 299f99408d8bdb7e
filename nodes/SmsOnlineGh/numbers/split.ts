// Splitting the Phone Numbers field, and each number to digits only. Forms the service takes (SMSOnlineGH
// v5 API documentation, vendor SDK Zenoph.Notify): 0246314915, 233246314915, +233246314915; answers give
// 233… without +. Pure: no n8n imports.
import { quoteNumber, showCharacter, withoutHarmlessMarks } from '../helpers/invisible';

export class PhoneNumberInputError extends Error {
	readonly value: unknown;

	constructor(message: string, value: unknown) {
		super(message);
		this.name = 'PhoneNumberInputError';
		this.value = value;
	}
}

/** The vendor SDK's check, `^\+?[0-9]{8,13}$`. */
const MIN_DIGITS = 8;
export const MAX_DIGITS = 13;

const HARD_SEPARATORS = /[,;\r\n\u2028\u2029]+/;

const SOFT_SEPARATORS = /\s+/;

/** Optional `+`, digits grouped by dashes, dots or parentheses, at least 8 digits (the vendor's minimum). */
function looksLikeWholeNumber(text: string): boolean {
	// A contact list's direction marks around each number do not make it less of one.
	const piece = withoutHarmlessMarks(text);
	if (!/^\+?[0-9().-]+$/.test(piece)) return false;
	return digitCount(piece) >= MIN_DIGITS;
}

function digitCount(text: string): number {
	let count = 0;
	for (let i = 0; i < text.length; i++)
		if (text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) count++;
	return count;
}

/**
 * Spaces inside a number and more digits than one number has (a leading 00 and a "(0)" not
 * counted): several numbers whose spaces do not say where one ends. The problem, for the error.
 */
export function severalNumbers(piece: string): string | undefined {
	if (!/\s/.test(piece)) return undefined;
	const count = digitCount(
		withoutHarmlessMarks(piece)
			.replace(/\(0\)/g, '')
			.replace(/^\s*00/, ''),
	);
	if (count <= MAX_DIGITS) return undefined;
	return `has ${quoteNumber(piece)}, ${count} digits: more than one number, written with spaces inside; separate the numbers with commas, semicolons or new lines`;
}

// "024 123 4567" is one number, "0241234567 0551234567" two, "+233 50 123 4567 0551234567" two: a space starts
// a new number only where the digits before it (since the last separator) are a number's least (8) and what
// follows is a whole number on its own or begins with + (docs/phone-numbers.md, "The Phone Numbers field").
function splitOnSpaces(piece: string): string[] {
	const parts = piece.split(SOFT_SEPARATORS).filter((p) => p !== '');
	if (parts.length === 1) return parts;
	const numbers: string[] = [];
	let current: string[] = [];
	let digits = 0;
	for (const part of parts) {
		if (
			digits >= MIN_DIGITS &&
			(looksLikeWholeNumber(part) || withoutHarmlessMarks(part).startsWith('+'))
		) {
			numbers.push(current.join(' '));
			current = [];
			digits = 0;
		}
		current.push(part);
		digits += digitCount(part);
	}
	numbers.push(current.join(' '));
	return numbers;
}

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
	// Only a non-negative safe integer: others print as "1e+21" or "2.5", whose dot the normaliser would strip.
	if (!Number.isSafeInteger(value) || value < 0) {
		throw new PhoneNumberInputError(
			`Phone Numbers${where} must be whole numbers or text, but found ${describeValue(value)}`,
			value,
		);
	}
	// A leading 0 cannot survive in a JS number (0246314915 is 246314915): such numbers must be text.
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

/** Trimmed pieces, kept as given; the rules: docs/phone-numbers.md, "The Phone Numbers field". */
export function splitPhoneNumbers(input: unknown): string[] {
	const out: string[] = [];
	collect(input, out, '');
	return out;
}

/** `international`: the number was written with `+` or `00` before its country code. */
export type NormalisedNumber =
	| { ok: true; digits: string; international?: boolean }
	| { ok: false; reason: string };

const FORMATTING = /[\s\-\u2010-\u2015\u2212.()]/g;

const PLAIN_NUMBER = /^\+?[0-9]{8,13}$/;

function quote(text: string): string {
	return JSON.stringify(text);
}

function listQuoted(items: string[], max = 3, show = quote): string {
	const shown = items.slice(0, max).map(show).join(', ');
	return items.length > max ? `${shown}, ...` : shown;
}

// Formatting and a leading `+` or `00` dropped; 8 to 13 digits left (the vendor SDK checks `^\+?[0-9]{8,13}$`).
export function normalisePhoneNumber(raw: string): NormalisedNumber {
	if (typeof raw !== 'string') {
		return { ok: false, reason: `is not text (${typeof raw})` };
	}
	// Most numbers are plain digits, perhaps after a `+`: the same answer, with one test (`00…` goes the long way).
	if (PLAIN_NUMBER.test(raw) && !raw.startsWith('00'))
		return raw[0] === '+'
			? { ok: true, digits: raw.slice(1), international: true }
			: { ok: true, digits: raw };
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
		// An invisible character is named by code point (U+00AD): shown raw, the message would show nothing.
		return { ok: false, reason: `contains ${listQuoted(others, 3, showCharacter)}` };
	}
	if (rest === '') {
		return { ok: false, reason: 'has no digits' };
	}

	let prefixNote = '';
	const viaPrefix = !hasPlus && rest.startsWith('00');
	if (viaPrefix) {
		// The node's own convenience, not a documented form: 00 is the international call prefix, as "+" is.
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
	return hasPlus || viaPrefix
		? { ok: true, digits: rest, international: true }
		: { ok: true, digits: rest };
}

// The service answers local numbers in international form (0246314915 comes back as 233246314915):
// this pairs answers with inputs and finds duplicates across the two spellings.
export function internationalForm(digits: string, countryCode = '233'): string {
	// A single leading 0 (/^0(?!0)/), tested by character: this runs once per number.
	if (digits.charCodeAt(0) === 48 && digits.charCodeAt(1) !== 48) {
		return (countryCode.startsWith('+') ? countryCode.slice(1) : countryCode) + digits.slice(1);
	}
	return digits;
}
