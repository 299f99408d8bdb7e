// One phone number read as its owner meant it: spreadsheet forms undone, then the numbering plan of its
// country. Without `+` or `00` it is a number of the default country (241234567 is Ghana's 233241234567,
// not Gabon's 241), or refused. The rules: docs/phone-numbers.md. Pure: no n8n imports.
import { type NumberCheck, possibleOnly, type ReadNumber, writtenWithoutPlus } from './check';
import { DEFAULT_NUMBER_RULES, HOME_UNKNOWN_FIX, type NumberRules } from './home';
import {
	countryLabel,
	isCallingCode,
	type PlanReading,
	readInternational,
	readNational,
	validNational,
} from './plans';
import {
	FORMS_FIX,
	fullShape,
	quickShape,
	type Refusal,
	refused,
	type Shape,
	zerosFix,
} from './shape';

const ABROAD_FIX =
	'check the digits; a number of another country is written with its country code and a plus sign (+…)';
const ALL_ZEROS = /^0+$/;

// 00597350912 is Suriname's +597 350912, or Ghana's 0597350912 with its 0 typed twice: a reading both ways is refused.
function readAfterZeros(digits: string, rules: NumberRules): ReadNumber {
	const abroad = readInternational(digits);
	const read = readAsInternational(digits, rules.check, abroad);
	if (!read.ok)
		return read.fix === FORMS_FIX ? { ...read, fix: zerosFix(rules.callingCode) } : read;
	if (read.key.startsWith(rules.callingCode)) {
		rules.homeTouched?.();
		return read;
	}
	// Its reading depends on the home country.
	rules.homeRead?.();
	if (!validNational(`0${digits}`, rules.callingCode)) return read;
	const home = countryLabel(rules.callingCode);
	const where = abroad.callingCode
		? countryLabel(abroad.callingCode, abroad.country)
		: 'another country';
	return refused(
		`could be the number 0${digits} of ${home} with its 0 typed twice, or the international number +${read.number} of ${where}`,
		`write it as 0${digits} if it is a number of ${home}, or as +${read.number} if it is of ${where}`,
	);
}

/** The first group of digits of a grouped number, up to its first space, dash, dot or parenthesis. */
const FIRST_GROUP = /^([0-9]+)[\s\-\u2010-\u2015\u2212.()]/;

// A national layout is never read as a country code: `(201) 555-0123` (United States) is not Egypt's +20,
// `131 2345 6789` (China) not the +1 of `13123456789`. Plain digits may begin with one; a grouped number
// only when its first group is exactly a calling code (`44 7911 123456`).
function mayBeginWithCode(text: string | undefined): boolean {
	if (text === undefined) return true;
	if (text.startsWith('(')) return false;
	const group = FIRST_GROUP.exec(text);
	return group === null || isCallingCode(group[1]);
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

function readAsInternational(
	digits: string,
	check: NumberCheck,
	reading = readInternational(digits),
): ReadNumber {
	if (reading.valid && reading.international)
		return { ok: true, number: reading.international, key: reading.international };
	const where = reading.callingCode
		? countryLabel(reading.callingCode, reading.country)
		: 'its country';
	if (reading.possible && reading.international)
		return possibleOnly(reading.international, where, check);
	return refused(
		reading.lengthProblem === 'INVALID_COUNTRY'
			? 'does not begin with a known country code'
			: lengthReason(reading, where),
	);
}

/** Spreadsheet forms (`2.33241234567E+11`, `0241234567.0`) are undone first. */
export function readPhoneNumber(
	raw: string,
	rules: NumberRules = DEFAULT_NUMBER_RULES,
): ReadNumber {
	const read = readInRules(raw, rules);
	// A refusal's fix names the home country's forms.
	if (!read.ok) rules.homeTouched?.();
	// The forms are shown with a Ghanaian number; an account at home elsewhere is shown its own code.
	if (read.ok || rules.callingCode === '233' || !read.fix.includes(FORMS_FIX)) return read;
	return {
		...read,
		fix: read.fix.replace(
			FORMS_FIX,
			`give it with its country code and a plus sign (+${rules.callingCode}…), or in the local form of ${countryLabel(rules.callingCode)} with its trunk 0`,
		),
	};
}

function readInRules(raw: string, rules: NumberRules): ReadNumber {
	// Most numbers are plain or grouped digits: nothing to undo or name (the same shape, with a test or two).
	const shape: Shape | Refusal = quickShape(raw) ?? fullShape(raw, rules.callingCode);
	if (!shape.ok) return shape;
	const { digits } = shape;
	if (shape.international) {
		if (ALL_ZEROS.test(digits)) return refused('is all zeros');
		return shape.viaZeros
			? readAfterZeros(digits, rules)
			: readAsInternational(digits, rules.check);
	}
	rules.homeRead?.();
	if (rules.homeUnknown !== undefined)
		return refused(`has no country code, and ${rules.homeUnknown}`, HOME_UNKNOWN_FIX);
	if (ALL_ZEROS.test(digits)) return refused('is all zeros');
	return readAtHome(digits, shape.grouped, rules);
}

/** A number written without + or 00: a number of the home country, or (Lenient only) a valid one abroad. */
function readAtHome(digits: string, grouped: string | undefined, rules: NumberRules): ReadNumber {
	const national = readNational(digits, rules.callingCode);
	if (national.valid && national.international) {
		// The service reads a local number (0…) as Ghanaian: that form goes out as given.
		const local = rules.callingCode === '233' && digits.charCodeAt(0) === 48;
		return {
			ok: true,
			number: local ? digits : national.international,
			key: national.international,
		};
	}
	const home = countryLabel(rules.callingCode);
	// A trunk 0 the library could not take off: the rest has no length of the country.
	if (digits.startsWith('0') && national.international === rules.callingCode + digits) {
		return refused(
			`has ${digits.length - 1} digits after its leading 0, a length no number of ${home} has`,
		);
	}
	// No country code begins with 0, and a national layout's first group is none: such a number is national or nothing.
	const codeFirst = !digits.startsWith('0') && mayBeginWithCode(grouped);
	const abroad = codeFirst ? readInternational(digits) : undefined;
	if (abroad?.valid && abroad.international) {
		// The home country's own code without + (233…): the service's own form.
		if (abroad.callingCode === rules.callingCode)
			return { ok: true, number: abroad.international, key: abroad.international };
		if (national.possible) {
			return refused(
				`could be a number of ${home} (${national.international}) that is not valid there, or the international number +${abroad.international}`,
				'write it with its country code and a plus sign (+…) or with the trunk 0 of its country',
			);
		}
		return writtenWithoutPlus(
			abroad.international,
			countryLabel(abroad.callingCode ?? '', abroad.country),
			lengthReason(national, home),
			rules.check,
		);
	}
	if (national.possible && national.international) {
		// Version 1 sends a Ghanaian number in local form as given, as it always did.
		const local =
			rules.check === 'possible' && rules.callingCode === '233' && digits.charCodeAt(0) === 48;
		return possibleOnly(
			national.international,
			home,
			rules.check,
			local ? digits : national.international,
		);
	}
	const why = lengthReason(national, home);
	if (abroad?.possible && abroad.international) {
		const where = countryLabel(abroad.callingCode ?? '', abroad.country);
		return refused(
			`${why}, and read as an international number (+${abroad.international}) it is not valid in ${where} either`,
			ABROAD_FIX,
		);
	}
	// Digits that could begin with a country code but were grouped as a national number: the fix says how to write one.
	return refused(
		why,
		codeFirst || digits.startsWith('0')
			? FORMS_FIX
			: `${ABROAD_FIX}; if it is a number of ${home}, ${FORMS_FIX}`,
	);
}
