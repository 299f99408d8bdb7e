// One phone number read as its owner meant it: spreadsheet forms undone, then the numbering plan of its
// country. Without `+`, `00` or a trunk 0 it is read in the default country first (241234567 is Ghana's
// 233241234567, not Gabon's 241). The rules: docs/phone-numbers.md. Pure: no n8n imports.
import { codePoint, withoutHarmlessMarks } from './invisibles';
import { normalisePhoneNumber } from './phoneNumbers';
import { countryLabel, type PlanReading, readInternational, readNational } from './numberPlans';

/** Strict: only numbers valid in their country go out. Lenient: possible ones too, with a warning. */
export type NumberCheck = 'strict' | 'lenient';

export interface NumberRules {
	callingCode: string;
	check: NumberCheck;
	/** Called when a number is read in the default country (it has no country code of its own). */
	homeRead?: () => void;
}

export const DEFAULT_NUMBER_RULES: NumberRules = Object.freeze({ callingCode: '233', check: 'strict' });

export type ReadNumber =
	| {
			ok: true;
			/** Digits as sent: a Ghanaian number given in local form stays local (the service's documented form), others international. */
			number: string;
			key: string;
			warning?: string;
	  }
	| Refusal;

/** `reason` follows the number ("it is too short for Ghana (+233)"); `fix` says what to do. */
export interface Refusal {
	ok: false;
	reason: string;
	fix: string;
}

const FORMS_FIX = 'give it as 0241234567, 233241234567 or +233241234567';
const TEXT_FIX = 'store the column as text (Plain Text in Google Sheets, Text in Excel) so that the number is kept as written';
const LENIENT_FIX = 'check the number; if it is right, set the option Number Check to Lenient to send numbers of a possible length too';

const MINUS = /^[-\u2010-\u2015\u2212]/u;
/** A spreadsheet's exponent form: 2.33241234567E+11. */
const EXPONENT = /^(\+?)(\d)(?:\.(\d+))?[eE]\+?(\d{1,2})$/;
/** A spreadsheet's decimal form: 0241234567.0. */
const DECIMAL = /^(\+?\d+)\.0+$/;

function controlCharacter(text: string): number | undefined {
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if (code <= 0x08 || (code >= 0x0e && code <= 0x1f) || code === 0x7f) return code;
	}
	return undefined;
}

function refused(reason: string, fix = FORMS_FIX): Refusal {
	return { ok: false, reason, fix };
}

function undoSpreadsheet(raw: string): { text: string } | { problem: Refusal } {
	const control = controlCharacter(raw);
	if (control !== undefined) {
		return { problem: refused(`contains a control character (${codePoint(String.fromCharCode(control))})`, `remove it: ${FORMS_FIX}`) };
	}
	const text = withoutHarmlessMarks(raw).trim();
	if (MINUS.test(text)) return { problem: refused('starts with a minus sign', `a phone number is never negative; remove the sign, and ${TEXT_FIX}`) };
	const exponent = EXPONENT.exec(text);
	if (exponent) {
		const [, plus, first, fraction = '', power] = exponent;
		if (fraction.length !== Number(power)) {
			return { problem: refused(`is a spreadsheet's exponent form that does not hold all the number's digits`, TEXT_FIX) };
		}
		return { text: `${plus}${first}${fraction}` };
	}
	const decimal = DECIMAL.exec(text);
	return { text: decimal ? decimal[1] : text };
}

/** Plain digits, not the international prefix 00. */
const PLAIN_DIGITS = /^(?!00)[0-9]{8,13}$/;
/** A plus and a country code (none begins with 0), then digits. */
const PLUS_DIGITS = /^\+[1-9][0-9]{7,12}$/;
const ALL_ZEROS = /^0+$/;

function readShape(raw: string): { ok: true; digits: string; international: boolean } | Refusal {
	const undone = undoSpreadsheet(raw);
	if ('problem' in undone) return undone.problem;
	const shape = normalisePhoneNumber(undone.text);
	if (!shape.ok) return refused(shape.reason);
	return { ok: true, digits: shape.digits, international: shape.international === true };
}

function lengthReason(reading: PlanReading, where: string): string {
	switch (reading.lengthProblem) {
		case 'TOO_SHORT':
			return `is too short for ${where}`;
		case 'TOO_LONG':
			return `is too long for ${where}`;
		case 'INVALID_COUNTRY':
			return 'does not begin with a country code';
		default:
			return `has a length no number of ${where} has`;
	}
}

function readAsInternational(digits: string, check: NumberCheck): ReadNumber {
	const reading = readInternational(digits);
	const where = reading.callingCode ? countryLabel(reading.callingCode, reading.country) : 'its country';
	if (reading.valid && reading.international) return { ok: true, number: reading.international, key: reading.international };
	if (reading.possible && reading.international) return possibleOnly(reading.international, where, check);
	return refused(reading.lengthProblem === 'INVALID_COUNTRY' ? 'does not begin with a known country code' : lengthReason(reading, where));
}

function possibleOnly(number: string, where: string, check: NumberCheck): ReadNumber {
	const why = `is not a valid number in ${where}: no operator there gives out numbers that begin this way`;
	if (check === 'strict') return refused(why, LENIENT_FIX);
	return { ok: true, number, key: number, warning: `${why}; it is sent as ${number} because Number Check is Lenient, and may reach no one` };
}

export function numberFormsAdvice(callingCode: string): string {
	if (callingCode === '233') return 'Give numbers in local form (0241234567), international form (233241234567) or with a plus sign (+233241234567).';
	return `Give numbers in the local form of ${countryLabel(callingCode)}, with its trunk 0, or with their country code and a plus sign (+${callingCode}…).`;
}

/** Spreadsheet forms (`2.33241234567E+11`, `0241234567.0`) are undone first. */
export function readPhoneNumber(raw: string, rules: NumberRules = DEFAULT_NUMBER_RULES): ReadNumber {
	const read = readInRules(raw, rules);
	// The forms are shown with a Ghanaian number; an account at home elsewhere is shown its own code.
	if (read.ok || rules.callingCode === '233' || !read.fix.includes(FORMS_FIX)) return read;
	return { ...read, fix: read.fix.replace(FORMS_FIX, `give it with its country code and a plus sign (+${rules.callingCode}…), or in the local form of ${countryLabel(rules.callingCode)} with its trunk 0`) };
}

function readInRules(raw: string, rules: NumberRules): ReadNumber {
	// Most numbers are plain digits: nothing to undo or strip (the same answer, with one test).
	const shape = PLAIN_DIGITS.test(raw)
		? { ok: true as const, digits: raw, international: false }
		: PLUS_DIGITS.test(raw)
			? { ok: true as const, digits: raw.slice(1), international: true }
			: readShape(raw);
	if (!shape.ok) return shape;
	const { digits } = shape;
	if (ALL_ZEROS.test(digits)) return refused('is all zeros');
	if (shape.international) return readAsInternational(digits, rules.check);
	rules.homeRead?.();
	const national = readNational(digits, rules.callingCode);
	if (national.valid && national.international) {
		// The service reads a local number (0…) as Ghanaian: that form goes out as given.
		const local = rules.callingCode === '233' && digits.charCodeAt(0) === 48;
		return { ok: true, number: local ? digits : national.international, key: national.international };
	}
	const home = countryLabel(rules.callingCode);
	// A trunk 0 the library could not take off: the rest has no length of the country.
	if (digits.startsWith('0') && national.international === rules.callingCode + digits) {
		return refused(`has ${digits.length - 1} digits after its leading 0, a length no number of ${home} has`);
	}
	// No country code begins with 0: such a number is national or nothing.
	const abroad = digits.startsWith('0') ? undefined : readInternational(digits);
	if (abroad?.valid && abroad.international && !national.possible) {
		return { ok: true, number: abroad.international, key: abroad.international };
	}
	if (national.possible && abroad?.valid) {
		return refused(
			`could be a number of ${home} (${national.international}) that is not valid there, or the international number +${abroad.international}`,
			'write it with its country code and a plus sign (+…) or with the trunk 0 of its country',
		);
	}
	if (national.possible && national.international) return possibleOnly(national.international, home, rules.check);
	if (abroad?.possible && abroad.international) {
		return possibleOnly(abroad.international, countryLabel(abroad.callingCode ?? '', abroad.country), rules.check);
	}
	return refused(lengthReason(national, home));
}
