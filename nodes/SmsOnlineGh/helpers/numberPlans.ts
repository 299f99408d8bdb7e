// Numbering plans from libphonenumber-js ("max" metadata, bundled into dist); pure, no n8n imports.
// validNational makes the library's isValid() test with each country's patterns compiled once: its
// parse is too slow for 100,000 numbers (docs/phone-numbers.md, "What it costs").
import { Metadata, parsePhoneNumberWithError, validatePhoneNumberLength } from 'libphonenumber-js/core';
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

/** The number types the library's isValid() accepts (getNumberType's list). */
const TYPES = ['FIXED_LINE', 'MOBILE', 'PREMIUM_RATE', 'TOLL_FREE', 'SHARED_COST', 'VOIP', 'PERSONAL_NUMBER', 'PAGER', 'UAN', 'VOICEMAIL'];

/** The parts of the library's numbering plan read here (its runtime API; the typings leave them out). */
interface NumberingPlan {
	nationalPrefixForParsing(): string | undefined;
	nationalPrefixTransformRule(): string | undefined;
	nationalNumberPattern(): string;
	hasTypes(): boolean;
	type(name: string): { pattern(): string; possibleLengths(): number[] | undefined } | undefined;
}
interface PlanMetadata {
	hasCallingCode(code: string): boolean;
	getCountryCodeForCallingCode(code: string): string | undefined;
	getCountryCodesForCallingCode(code: string): string[] | undefined;
	selectNumberingPlan(country: string): void;
	numberingPlan?: NumberingPlan;
}

interface FastPlan {
	country: string;
	trunk?: string;
	/** The country's general pattern: digits that may be a national number at all. */
	general: RegExp;
	validNational(national: string): boolean;
}

const whole = (pattern: string) => new RegExp(`^(?:${pattern})$`);

function compile(plan: NumberingPlan, country: string): FastPlan {
	const general = whole(plan.nationalNumberPattern());
	const tests: Array<{ lengths?: number[]; pattern: RegExp }> = [];
	if (plan.hasTypes()) {
		for (const name of TYPES) {
			const type = plan.type(name);
			if (type?.pattern()) tests.push({ lengths: type.possibleLengths(), pattern: whole(type.pattern()) });
		}
	} else tests.push({ pattern: general });
	const prefix = plan.nationalPrefixForParsing();
	// Only a plain trunk prefix (Ghana's 0) is read here; anything more (Argentina's rules) is the library's.
	const trunk = prefix && /^\d+$/.test(prefix) && !plan.nationalPrefixTransformRule() ? prefix : undefined;
	return {
		country,
		trunk,
		general,
		validNational: (national) =>
			general.test(national) && tests.some((t) => (!t.lengths || t.lengths.includes(national.length)) && t.pattern.test(national)),
	};
}

const plans = new Map<string, FastPlan | null>();

/** Only a calling code of one country (233, not 1 or 44) has a compiled plan. */
function fastPlan(callingCode: string): FastPlan | null {
	let plan = plans.get(callingCode);
	if (plan !== undefined) return plan;
	const metadata = new Metadata(metadataJson) as unknown as PlanMetadata;
	const countries = metadata.hasCallingCode(callingCode) ? metadata.getCountryCodesForCallingCode(callingCode) : undefined;
	plan = null;
	if (countries?.length === 1) {
		metadata.selectNumberingPlan(countries[0]);
		if (metadata.numberingPlan) plan = compile(metadata.numberingPlan, countries[0]);
	}
	plans.set(callingCode, plan);
	return plan;
}

export function knownCallingCode(callingCode: string): boolean {
	return codes.hasCallingCode(callingCode);
}

function withoutTrunk(plan: FastPlan, digits: string): string {
	return plan.trunk && digits.startsWith(plan.trunk) ? digits.slice(plan.trunk.length) : digits;
}

export function readNational(digits: string, callingCode: string): PlanReading & { national?: string } {
	const plan = fastPlan(callingCode);
	if (plan) {
		const national = withoutTrunk(plan, digits);
		if (plan.validNational(national)) {
			return { possible: true, valid: true, international: callingCode + national, country: plan.country, callingCode, national };
		}
		// The country's own code without + (233241234567), taken off as the library takes it off: only when
		// the whole is no national number and the rest is.
		const rest = digits.slice(callingCode.length);
		if (digits.startsWith(callingCode) && !plan.general.test(digits) && plan.validNational(rest)) {
			return { possible: true, valid: true, international: digits, country: plan.country, callingCode, national: rest };
		}
	}
	return readWithLibrary(digits, { defaultCallingCode: callingCode });
}

/** Whether digits are a valid national number of the country: the compiled plan alone where there is one. */
export function validNational(digits: string, callingCode: string): boolean {
	const plan = fastPlan(callingCode);
	if (!plan) return readNational(digits, callingCode).valid;
	return plan.validNational(withoutTrunk(plan, digits));
}

const codes = new Metadata(metadataJson) as unknown as PlanMetadata;
const callingCodes = new Map<string, boolean>();

export function isCallingCode(code: string): boolean {
	let known = callingCodes.get(code);
	if (known === undefined) callingCodes.set(code, (known = codes.hasCallingCode(code)));
	return known;
}

export function readInternational(digits: string): PlanReading {
	// Calling codes are prefix-free: at most one of the first one, two or three digits is one.
	for (let length = 1; length <= 3 && length < digits.length; length++) {
		const callingCode = digits.slice(0, length);
		if (!isCallingCode(callingCode)) continue;
		const plan = fastPlan(callingCode);
		if (plan?.validNational(digits.slice(length))) {
			return { possible: true, valid: true, international: digits, country: plan.country, callingCode };
		}
		break;
	}
	return readWithLibrary(`+${digits}`, {});
}

function readWithLibrary(text: string, options: { defaultCallingCode?: string }): PlanReading {
	const lengthProblem = validatePhoneNumberLength(text, options, metadataJson);
	try {
		const number = parsePhoneNumberWithError(text, options, metadataJson);
		return {
			possible: lengthProblem === undefined && number.isPossible(),
			valid: lengthProblem === undefined && number.isValid(),
			international: number.number.slice(1),
			country: number.country,
			callingCode: number.countryCallingCode,
			lengthProblem,
		};
	} catch (error) {
		return { possible: false, valid: false, lengthProblem: lengthProblem ?? (error as Error).message };
	}
}

const regionNames = (() => {
	try {
		return new Intl.DisplayNames(['en'], { type: 'region' });
	} catch {
		return undefined;
	}
})();

const labels = new Map<string, string>();

export function countryLabel(callingCode: string, country?: string): string {
	const key = `${callingCode} ${country ?? ''}`;
	let label = labels.get(key);
	if (label === undefined) {
		label = makeLabel(callingCode, country);
		labels.set(key, label);
	}
	return label;
}

function makeLabel(callingCode: string, country?: string): string {
	// A calling code several countries share (44, 1) names its main one (United Kingdom, United States).
	const code = country ?? (codes.hasCallingCode(callingCode) ? codes.getCountryCodeForCallingCode(callingCode) : undefined);
	let name: string | undefined;
	try {
		name = code ? regionNames?.of(code) : undefined;
	} catch {
		name = undefined;
	}
	return name ? `${name} (+${callingCode})` : `+${callingCode}`;
}
