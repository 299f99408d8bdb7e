// Numbering plans from libphonenumber-js ("max" metadata, bundled into dist); pure, no n8n imports.
// A number is read by parse.ts (the library's parse on patterns compiled once); the library's
// own parse, once, only for what that leaves to it (docs/phone-numbers.md, "What it costs").
import { Metadata, parsePhoneNumberWithError } from 'libphonenumber-js/core';
import metadataJson from 'libphonenumber-js/metadata.max.json';

import { checkLength, parseDigits, type PlanMetadata, type PlanReading } from './parse';

export type { PlanReading } from './parse';

const codes = new Metadata(metadataJson) as unknown as PlanMetadata;
const callingCodes = new Map<string, boolean>();

export function knownCallingCode(callingCode: string): boolean {
	return codes.hasCallingCode(callingCode);
}

export function isCallingCode(code: string): boolean {
	let known = callingCodes.get(code);
	if (known === undefined) callingCodes.set(code, (known = codes.hasCallingCode(code)));
	return known;
}

/** Digits written without + or 00, read in the country of the calling code. */
export function readNational(digits: string, callingCode: string): PlanReading {
	return (
		parseDigits(digits, callingCode) ?? readWithLibrary(digits, { defaultCallingCode: callingCode })
	);
}

/** Whether digits are a valid national number of the country. */
export function validNational(digits: string, callingCode: string): boolean {
	return readNational(digits, callingCode).valid;
}

/** Digits written after + or 00, their country code first. */
export function readInternational(digits: string): PlanReading {
	return parseDigits(digits) ?? readWithLibrary(`+${digits}`, {});
}

/** One parse: validatePhoneNumberLength()'s answer is the length check of the parsed number's plan. */
function readWithLibrary(text: string, options: { defaultCallingCode?: string }): PlanReading {
	try {
		const number = parsePhoneNumberWithError(text, options, metadataJson);
		codes.selectNumberingPlan(number.country ?? number.countryCallingCode);
		const lengths = codes.numberingPlan?.possibleLengths();
		const lengthProblem = lengths ? checkLength(number.nationalNumber, lengths) : undefined;
		return {
			possible: lengthProblem === undefined && number.isPossible(),
			valid: lengthProblem === undefined && number.isValid(),
			international: number.number.slice(1),
			country: number.country,
			callingCode: number.countryCallingCode,
			lengthProblem,
		};
	} catch (error) {
		// A ParseError's message is validatePhoneNumberLength()'s answer: TOO_SHORT, INVALID_COUNTRY…
		return { possible: false, valid: false, lengthProblem: (error as Error).message };
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
	const code =
		country ??
		(codes.hasCallingCode(callingCode)
			? codes.getCountryCodeForCallingCode(callingCode)
			: undefined);
	let name: string | undefined;
	try {
		name = code ? regionNames?.of(code) : undefined;
	} catch {
		name = undefined;
	}
	return name ? `${name} (+${callingCode})` : `+${callingCode}`;
}
