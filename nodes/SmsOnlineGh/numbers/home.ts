// The home country numbers without a country code are read in (Default Country Code, or the account's
// profile, docs/phone-numbers.md#the-accounts-home-country): one for the run, passed to every reading.
// Pure: no n8n imports.
import type { NumberCheck } from './check';
import { countryLabel, knownCallingCode } from './plans';

export interface NumberRules {
	/** The home country's calling code: numbers written without + or 00 are its numbers. */
	callingCode: string;
	check: NumberCheck;
	/** Called for every number not written as international (+ or 00), and for a foreign one written 00…: their reading depends on the home country. */
	homeRead?: () => void;
	/** Called for a reading the home country's code words or decides though it needs no home: a refusal (its fix), a number written 00 and the home's own code. */
	homeTouched?: () => void;
	/** Why the account's home country is unknown; then every number not written as international is refused. */
	homeUnknown?: string;
}

export const DEFAULT_NUMBER_RULES: NumberRules = Object.freeze({
	callingCode: '233',
	check: 'strict',
});

export const HOME_UNKNOWN_FIX =
	'set the option Default Country Code (233 for Ghana), or write the number with its country code and a plus sign (+…)';

export function numberFormsAdvice(callingCode: string): string {
	if (callingCode === '233')
		return 'Give numbers in local form (0241234567), international form (233241234567) or with a plus sign (+233241234567).';
	return `Give numbers in the local form of ${countryLabel(callingCode)}, with its trunk 0, or with their country code and a plus sign (+${callingCode}…).`;
}

export type Home = { callingCode: string } | { unknown: string };

/** The home country of the profile's default destination, never guessed. */
export function homeOfDialCode(dialCode: number | string | null | undefined): Home {
	if (dialCode === undefined || dialCode === null)
		return {
			unknown:
				'the account’s profile names no home country (no dial code in its default destination)',
		};
	const code = String(dialCode);
	return knownCallingCode(code)
		? { callingCode: code }
		: {
				unknown: `the home country in the account’s profile has a dial code no country has (${code})`,
			};
}

/** Thrown by a reading that needs the home country before it is known: the read pauses, the home is learned, the read goes on. */
class HomeNeeded extends Error {
	constructor() {
		super('The home country is needed to read this number');
		this.name = 'HomeNeeded';
	}
}

/**
 * The home country of one run when Default Country Code is empty: learned once, from the profile, when
 * the first number that needs it is met, so that no item is read first in Ghana and then again.
 */
export class RunHome {
	callingCode = DEFAULT_NUMBER_RULES.callingCode;

	/** Learned (or found unknown): numbers are read in it from then on. */
	known = false;

	unknown: string | undefined;

	/** Read in Ghana until learned, rather than paused: a ceiling judges the whole run before the profile is asked. */
	assumed = false;

	/** A number needed it: the profile must confirm an assumed one, an unknown one is said in a hint. */
	wanted = false;

	readonly need = (): void => {
		this.wanted = true;
		if (this.known) return;
		this.neededItems.add(this.item);
		if (!this.assumed) throw new HomeNeeded();
	};

	/** The item being read (the router says so before each). */
	private item = 0;

	/** Items read before the home was known whose reading its code touched: read again in an account's home elsewhere. */
	private readonly touchedItems = new Set<number>();

	/** Items read in the assumed home that needed it. */
	private readonly neededItems = new Set<number>();

	readonly touch = (): void => {
		if (!this.known) this.touchedItems.add(this.item);
	};

	reading(itemIndex: number): void {
		this.item = itemIndex;
	}

	/** In item order, those before `before`: the items whose reading the learned home changes. */
	readAgain(before: number): number[] {
		const again = new Set(this.neededItems);
		if (this.callingCode !== DEFAULT_NUMBER_RULES.callingCode)
			for (const item of this.touchedItems) again.add(item);
		return [...again].filter((i) => i < before).sort((a, b) => a - b);
	}

	learn(home: Home): void {
		this.known = true;
		if ('unknown' in home) {
			this.callingCode = DEFAULT_NUMBER_RULES.callingCode;
			this.unknown = home.unknown;
		} else {
			this.callingCode = home.callingCode;
		}
	}

	/** Ghana's, as assumed: what was read in it stands. */
	isGhana(): boolean {
		return this.unknown === undefined && this.callingCode === DEFAULT_NUMBER_RULES.callingCode;
	}

	pausedBy(error: unknown): boolean {
		return error instanceof HomeNeeded;
	}
}
