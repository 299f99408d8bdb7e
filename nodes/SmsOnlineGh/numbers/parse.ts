// The library's parse of a number given as digits (libphonenumber-js 1.13's parse(), then its isValid(),
// isPossible() and validatePhoneNumberLength()), step for step, on each country's patterns compiled once:
// its own parse costs 5-10 µs a number, this a few regular-expression tests. Cases it does not take
// (non-geographic calling codes) are left to the library. Pure: no n8n imports.
import { Metadata } from 'libphonenumber-js/core';
import metadataJson from 'libphonenumber-js/metadata.max.json';

export interface PlanReading {
	/** Possible: a length the country uses; valid: a range the country has assigned. */
	possible: boolean;
	valid: boolean;
	/** Digits only, country code first. */
	international?: string;
	country?: string;
	callingCode?: string;
	lengthProblem?: string;
}

/** The number types the library's getNumberType() tries (FIXED_LINE, then the others in its order). */
const TYPES = [
	'FIXED_LINE',
	'MOBILE',
	'PREMIUM_RATE',
	'TOLL_FREE',
	'SHARED_COST',
	'VOIP',
	'PERSONAL_NUMBER',
	'PAGER',
	'UAN',
	'VOICEMAIL',
];

/** The library's parse rejects a national (significant) number shorter or longer than these. */
const MIN_NATIONAL = 2;
const MAX_NATIONAL = 17;

/** The parts of the library's numbering plan read here (its runtime API; the typings leave them out). */
interface NumberingPlan {
	nationalPrefixForParsing(): string | undefined;
	nationalPrefixTransformRule(): string | undefined;
	nationalNumberPattern(): string;
	possibleLengths(): number[] | undefined;
	leadingDigits(): string | undefined;
	hasTypes(): boolean;
	type(name: string): { pattern(): string; possibleLengths(): number[] | undefined } | undefined;
}
export interface PlanMetadata {
	hasCallingCode(code: string): boolean;
	getCountryCodeForCallingCode(code: string): string | undefined;
	getCountryCodesForCallingCode(code: string): string[] | undefined;
	selectNumberingPlan(countryOrCallingCode: string): void;
	numberingPlan?: NumberingPlan;
}

interface CountryPlan {
	country: string;
	/** The country's general pattern: digits that may be a national number at all. */
	general: RegExp;
	lengths?: number[];
	/** Decides the country among those sharing a calling code (anchored at the start). */
	leading?: RegExp;
	/** getNumberType() finds a type: the country's own test for a shared calling code. */
	typed(national: string): boolean;
	/** isValid(): a type found, or the general pattern where the plan has no types. */
	valid(national: string): boolean;
}

interface CodePlan {
	callingCode: string;
	/** The plan the library selects by calling code: its first country's (United States for 1). */
	main: CountryPlan;
	countries: CountryPlan[];
	prefix?: RegExp;
	transform?: string;
}

const whole = (pattern: string) => new RegExp(`^(?:${pattern})$`);

function compileCountry(metadata: PlanMetadata, country: string): CountryPlan {
	metadata.selectNumberingPlan(country);
	const plan = metadata.numberingPlan as NumberingPlan;
	const general = whole(plan.nationalNumberPattern());
	const tests: Array<{ lengths?: number[]; pattern: RegExp }> = [];
	for (const name of plan.hasTypes() ? TYPES : []) {
		const type = plan.type(name);
		if (type?.pattern())
			tests.push({ lengths: type.possibleLengths(), pattern: whole(type.pattern()) });
	}
	const typed = (national: string) =>
		general.test(national) &&
		tests.some(
			(t) => (!t.lengths || t.lengths.includes(national.length)) && t.pattern.test(national),
		);
	const leading = plan.leadingDigits();
	return {
		country,
		general,
		lengths: plan.possibleLengths(),
		leading: leading ? new RegExp(`^(?:${leading})`) : undefined,
		typed,
		valid: plan.hasTypes() ? typed : (national) => general.test(national),
	};
}

const metadata = new Metadata(metadataJson) as unknown as PlanMetadata;
const codePlans = new Map<string, CodePlan | null>();
/** Every calling code, non-geographic ones too (the library's hasCallingCode(), without its lookups). */
const CALLING_CODES = new Set([
	...Object.keys(metadataJson.country_calling_codes),
	...Object.keys(metadataJson.nonGeographic ?? {}),
]);

/** Compiled on first use; null for a calling code the library alone reads (non-geographic ones, 800…). */
function codePlan(callingCode: string): CodePlan | null {
	let plan = codePlans.get(callingCode);
	if (plan !== undefined) return plan;
	const countries = metadata.hasCallingCode(callingCode)
		? metadata.getCountryCodesForCallingCode(callingCode)
		: undefined;
	plan = null;
	if (countries?.length) {
		const compiled = countries.map((country) => compileCountry(metadata, country));
		const main = compiled.find(
			(c) => c.country === metadata.getCountryCodeForCallingCode(callingCode),
		);
		metadata.selectNumberingPlan(callingCode);
		const numbering = metadata.numberingPlan as NumberingPlan;
		const prefix = numbering.nationalPrefixForParsing();
		if (main?.lengths) {
			plan = {
				callingCode,
				main,
				countries: compiled,
				prefix: prefix ? new RegExp(`^(?:${prefix})`) : undefined,
				transform: numbering.nationalPrefixTransformRule(),
			};
		}
	}
	codePlans.set(callingCode, plan);
	return plan;
}

/** The library's checkNumberLength(): undefined for a possible length, else why not. */
export function checkLength(national: string, lengths: number[]): string | undefined {
	const length = national.length;
	if (lengths[0] === length) return undefined;
	if (lengths[0] > length) return 'TOO_SHORT';
	if (lengths[lengths.length - 1] < length) return 'TOO_LONG';
	return lengths.indexOf(length, 1) >= 0 ? undefined : 'INVALID_LENGTH';
}

/** getCountryByCallingCode(): the only country, or the first whose leading digits or a type match. */
function countryOf(plan: CodePlan, national: string): CountryPlan | undefined {
	if (plan.countries.length === 1) return plan.countries[0];
	for (const country of plan.countries) {
		if (country.leading ? country.leading.test(national) : country.typed(national)) return country;
	}
	return undefined;
}

/** extractNationalNumber(): the trunk prefix taken off when what is left is a national number of a possible length. */
function withoutPrefix(plan: CodePlan, number: string): string {
	const match = plan.prefix?.exec(number);
	if (!match || !plan.prefix) return number;
	const groups = match.length - 1;
	const national =
		plan.transform && groups > 0 && match[groups]
			? number.replace(plan.prefix, plan.transform)
			: number.slice(match[0].length);
	if (national === number) return number;
	const { general } = plan.main;
	if (!general.test(national) && general.test(number)) return number;
	// The length of the country the rest belongs to; a country without lengths takes any.
	const lengths = (countryOf(plan, national) ?? plan.main).lengths;
	const problem = lengths ? checkLength(national, lengths) : undefined;
	return problem === 'TOO_SHORT' || problem === 'INVALID_LENGTH' ? number : national;
}

function readRest(plan: CodePlan, rest: string): PlanReading | undefined {
	const national = withoutPrefix(plan, rest);
	if (national.length < MIN_NATIONAL)
		return { possible: false, valid: false, lengthProblem: 'TOO_SHORT' };
	if (national.length > MAX_NATIONAL)
		return { possible: false, valid: false, lengthProblem: 'TOO_LONG' };
	const country = countryOf(plan, national);
	const selected = country ?? plan.main;
	if (!selected.lengths) return undefined;
	const problem = checkLength(national, selected.lengths);
	const { callingCode } = plan;
	return {
		possible: problem === undefined,
		valid: problem === undefined && selected.valid(national),
		international: callingCode + national,
		country: country?.country,
		callingCode,
		lengthProblem: problem,
	};
}

/**
 * Digits read as the library reads them: `+` and the digits when defaultCallingCode is undefined,
 * else the digits alone in that calling code. Undefined: a case left to the library.
 */
export function parseDigits(digits: string, defaultCallingCode?: string): PlanReading | undefined {
	if (defaultCallingCode === undefined) {
		if (digits.startsWith('0'))
			return { possible: false, valid: false, lengthProblem: 'INVALID_COUNTRY' };
		// Calling codes are prefix-free: the first of one, two or three digits that is one.
		for (let length = 1; length <= 3 && length < digits.length; length++) {
			const callingCode = digits.slice(0, length);
			if (!CALLING_CODES.has(callingCode)) continue;
			const plan = codePlan(callingCode);
			return plan ? readRest(plan, digits.slice(length)) : undefined;
		}
		return digits.length > 3
			? { possible: false, valid: false, lengthProblem: 'INVALID_COUNTRY' }
			: undefined;
	}
	const plan = CALLING_CODES.has(defaultCallingCode) ? codePlan(defaultCallingCode) : null;
	if (!plan) return undefined;
	// The country's own code without + (233241234567): taken off when the whole is no national number
	// and the rest is one, or the whole is too long for one.
	if (digits.startsWith(defaultCallingCode)) {
		const shorter = digits.slice(defaultCallingCode.length);
		const national = withoutPrefix(plan, digits);
		const { general, lengths = [] } = plan.main;
		if (
			(!general.test(national) && general.test(withoutPrefix(plan, shorter))) ||
			checkLength(national, lengths) === 'TOO_LONG'
		) {
			return readRest(plan, shorter);
		}
	}
	return readRest(plan, digits);
}
