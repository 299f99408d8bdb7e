// The shape of one number as written: spreadsheet forms undone (2.33241234567E+11, 0241234567.0),
// invisible marks and formatting taken off, digits and whether + or 00 came first. Pure: no n8n imports.
import { codePoint, withoutHarmlessMarks } from '../helpers/invisible';
import { countryLabel } from './plans';
import { normalisePhoneNumber } from './split';

/** `reason` follows the number ("it is too short for Ghana (+233)"); `fix` says what to do. */
export interface Refusal {
	ok: false;
	reason: string;
	fix: string;
}

export const FORMS_FIX = 'give it as 0241234567, 233241234567 or +233241234567';
const TEXT_FIX =
	'store the column as text (Plain Text in Google Sheets, Text in Excel) so that the number is kept as written';

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

export function refused(reason: string, fix = FORMS_FIX): Refusal {
	return { ok: false, reason, fix };
}

function undoSpreadsheet(raw: string): { text: string; undone?: true } | { problem: Refusal } {
	const control = controlCharacter(raw);
	if (control !== undefined) {
		return {
			problem: refused(
				`contains a control character (${codePoint(String.fromCharCode(control))})`,
				`remove it: ${FORMS_FIX}`,
			),
		};
	}
	const text = withoutHarmlessMarks(raw).trim();
	if (MINUS.test(text))
		return {
			problem: refused(
				'starts with a minus sign',
				`a phone number is never negative; remove the sign, and ${TEXT_FIX}`,
			),
		};
	const exponent = EXPONENT.exec(text);
	if (exponent) {
		const [, plus, first, fraction = '', power] = exponent;
		if (fraction.length !== Number(power)) {
			return {
				problem: refused(
					`is a spreadsheet's exponent form that does not hold all the number's digits`,
					TEXT_FIX,
				),
			};
		}
		return { text: `${plus}${first}${fraction}`, undone: true };
	}
	const decimal = DECIMAL.exec(text);
	return decimal ? { text: decimal[1], undone: true } : { text };
}

/** Plain digits, not the international prefix 00. */
const PLAIN_DIGITS = /^(?!00)[0-9]{8,13}$/;
/** A plus and a country code (none begins with 0), then digits. */
const PLUS_DIGITS = /^\+[1-9][0-9]{7,12}$/;

/** `grouped`: the text as written, when its layout decides whether it may begin with a country code (mayBeginWithCode); `viaZeros`: written 00…. */
export interface Shape {
	ok: true;
	digits: string;
	international: boolean;
	grouped: string | undefined;
	viaZeros: boolean;
}

/** The long way: spreadsheet forms undone, invisible marks and formatting taken off, every refusal named. */
export function fullShape(raw: string, callingCode: string): Shape | Refusal {
	const undone = undoSpreadsheet(raw);
	if ('problem' in undone) return undone.problem;
	const shape = normalisePhoneNumber(undone.text);
	const viaZeros = undone.text.startsWith('00');
	if (!shape.ok) return refused(shape.reason, viaZeros ? zerosFix(callingCode) : FORMS_FIX);
	const international = shape.international === true;
	// One object shape for every reading: the reading of 100,000 numbers stays monomorphic.
	const grouped = international || undone.undone === true ? undefined : undone.text;
	return {
		ok: true,
		digits: shape.digits,
		international,
		grouped,
		viaZeros: international && viaZeros,
	};
}

/** 00… may be a local number with its 0 typed twice: the fix names the home country's forms too. */
export function zerosFix(callingCode: string): string {
	return `if it is a number of ${countryLabel(callingCode)}, ${FORMS_FIX}; a number of another country is written with its country code after + or 00`;
}

/** A spreadsheet's decimal form of plain digits, perhaps after a + (0241234567.0). */
const PLAIN_DECIMAL = /^(\+?)((?!00)[0-9]{8,13})\.0+$/;

const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * The digits of a number grouped by ASCII spaces, dashes, dots and parentheses, perhaps after a +
 * (one pass, no pattern): undefined for any other character, or a first or last character that
 * trimming or a sign would change.
 */
function groupedDigits(raw: string, start: number): string | undefined {
	const first = raw.charCodeAt(start);
	const last = raw.charCodeAt(raw.length - 1);
	if (!(isDigit(first) || first === 40) || !(isDigit(last) || last === 41)) return undefined;
	let digits = '';
	let dot = false;
	for (let i = start; i < raw.length; i++) {
		const code = raw.charCodeAt(i);
		if (isDigit(code)) digits += raw[i];
		else if (code === 46) dot = true;
		else if (code !== 32 && code !== 45 && code !== 40 && code !== 41) return undefined;
	}
	// 0241234567.00 with its digits out of length is the long way's to name.
	return dot && DECIMAL.test(raw) ? undefined : digits;
}

/**
 * The common forms, read with a test or two: the shape fullShape gives them. Undefined for any other
 * text (a spreadsheet's exponent form, an invisible mark, a refusal), which goes the long way.
 */
export function quickShape(raw: string): Shape | undefined {
	if (PLAIN_DIGITS.test(raw))
		return { ok: true, digits: raw, international: false, grouped: undefined, viaZeros: false };
	if (PLUS_DIGITS.test(raw))
		return {
			ok: true,
			digits: raw.slice(1),
			international: true,
			grouped: undefined,
			viaZeros: false,
		};
	const decimal = PLAIN_DECIMAL.exec(raw);
	if (decimal)
		return {
			ok: true,
			digits: decimal[2],
			international: decimal[1] === '+',
			grouped: undefined,
			viaZeros: false,
		};
	const plus = raw.charCodeAt(0) === 43;
	const all = groupedDigits(raw, plus ? 1 : 0);
	if (all === undefined) return undefined;
	const zeros = !plus && all.startsWith('00');
	const digits = zeros ? all.slice(2) : all;
	if (digits.length < 8 || digits.length > 13) return undefined;
	const international = plus || zeros;
	return {
		ok: true,
		digits,
		international,
		grouped: international ? undefined : raw,
		viaZeros: zeros && raw.startsWith('00'),
	};
}
