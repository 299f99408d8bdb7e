// Number Check: what a number of a possible length, or a foreign one written without + or 00, becomes
// (Strict refuses it; Lenient sends it with a warning on its item). Pure: no n8n imports.
import { type Refusal, refused } from './shape';

/**
 * Strict: only numbers valid in their country go out. Lenient: possible ones too, with a warning.
 * Possible: as Lenient, but a number written without + or 00 never goes abroad; version 1 of the
 * node when Number Check is not set (it sent such numbers before numbering plans were read).
 */
export type NumberCheck = 'strict' | 'lenient' | 'possible';

export type ReadNumber =
	| {
			ok: true;
			/** Digits as sent: a Ghanaian number given in local form stays local (the service's documented form), others international. */
			number: string;
			key: string;
			warning?: string;
			/** The country of a number sent abroad though written without + or 00 (Lenient), as countryLabel names it. */
			country?: string;
	  }
	| Refusal;

const LENIENT_FIX =
	'check the number; if it is right, set the option Number Check to Lenient to send numbers of a possible length too';

export function possibleOnly(
	number: string,
	where: string,
	check: NumberCheck,
	sent = number,
): ReadNumber {
	const why = `is not a valid number in ${where}: no operator there gives out numbers that begin this way`;
	if (check === 'strict') return refused(why, LENIENT_FIX);
	const because =
		check === 'lenient'
			? 'Number Check is Lenient'
			: 'version 1 of this node sends numbers of a possible length when Number Check is not set (set it to Strict to refuse them)';
	return {
		ok: true,
		number: sent,
		key: number,
		warning: `${why}; it is sent as ${sent} because ${because}, and may reach no one`,
	};
}

// A foreign number without + or 00 is as often a home number with a digit too many (2417350912 is Ghana's
// 24 735 0912 with a 1 typed in, and Gabon's +241 7350912): only Lenient sends it, saying where it went.
export function writtenWithoutPlus(
	number: string,
	where: string,
	why: string,
	check: NumberCheck,
): ReadNumber {
	if (check !== 'lenient') {
		return refused(
			`${why}; without + or 00 it is not read as an international number (as one, it would go to ${where})`,
			`if it is a number of ${where}, write it as +${number}; otherwise correct the digits`,
		);
	}
	const warning = `was read as an international number of ${where} written without its plus sign (it ${why}); it is sent as ${number} because Number Check is Lenient`;
	return { ok: true, number, key: number, warning, country: where };
}
