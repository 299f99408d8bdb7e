// The number room's door: the only file of numbers/ that code outside it imports (.dependency-cruiser.cjs).
// A written number, the run's home country and Number Check in; the number read, with its country and
// warning, or its refusal and the fix out. The layout: docs/development.md, "The number room".
import type { ReadNumber } from './check';
import { DEFAULT_NUMBER_RULES, type NumberRules } from './home';
import { readPhoneNumber } from './reading';
import { severalNumbers } from './split';

export type { NumberCheck, ReadNumber } from './check';
export type { Home, NumberRules } from './home';
export type { Refusal } from './shape';
export { DEFAULT_NUMBER_RULES, homeOfDialCode, numberFormsAdvice, RunHome } from './home';
export { knownCallingCode } from './plans';
export { internationalForm, splitPhoneNumbers } from './split';

/** `several`: the piece holds more than one number, written with spaces inside (the whole problem, said as is). */
export type NumberReading = ReadNumber | { ok: false; several: string };

/** One number of a Phone Numbers field (a piece splitPhoneNumbers gave), read in the rules' home country. */
export function readNumber(
	input: string,
	rules: NumberRules = DEFAULT_NUMBER_RULES,
): NumberReading {
	const several = severalNumbers(input);
	return several === undefined ? readPhoneNumber(input, rules) : { ok: false, several };
}
