// How phone numbers are read (Default Country Code, Number Check): the same in every operation.
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	DEFAULT_NUMBER_RULES,
	knownCallingCode,
	type NumberCheck,
	type NumberRules,
	type RunHome,
} from '../numbers/read';
import { itemError } from './itemErrors';
import type { ItemParameters } from './parameters';

export const countryCodeOption: INodeProperties = {
	displayName: 'Default Country Code',
	name: 'countryCode',
	type: 'string',
	default: '',
	placeholder: "The account's home country (233)",
	description:
		"Country code of numbers given without one: in local form (0241234567) or with the leading 0 lost (241234567, as spreadsheets store it). Both are read as numbers of this country. Empty: the account's home country, from its profile.",
};

export const numberCheckOption: INodeProperties = {
	displayName: 'Number Check',
	name: 'numberCheck',
	type: 'options',
	default: 'strict',
	options: [
		{
			name: 'Strict',
			value: 'strict',
			description:
				'Send only numbers valid in their country (a range its operators give out); refuse the rest before anything is sent',
		},
		{
			name: 'Lenient',
			value: 'lenient',
			description:
				'Also send numbers of a possible length for their country that are not in a known range, with a warning on their items',
		},
	],
	description:
		'What to do with a number of the right length for its country that no operator there is known to give out. Not set: Strict; in a node saved with version 1, such numbers are sent with a warning, as that version always did.',
};

/** The first node version whose Number Check is Strict when the option is not set. */
export const STRICT_FROM_VERSION = 2;

export const numberOptions: INodeProperties[] = [countryCodeOption, numberCheckOption];

interface NumberOptions {
	countryCode?: unknown;
	numberCheck?: unknown;
}

function countryCodeEmpty(countryCode: unknown): boolean {
	return countryCode === undefined || countryCode === null || String(countryCode).trim() === '';
}

// An empty Default Country Code is the account's home country, the run's (sending/homeCountry.ts): until
// it is known, a number that needs it calls `home.need` (numbers/home.ts). No home: Ghana's.
export function readNumberRules(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	itemIndex: number,
	home?: RunHome,
): NumberRules {
	const { countryCode, numberCheck } =
		parameters.get<NumberOptions>('options', itemIndex, {}) ?? {};
	let callingCode = home?.known === true ? home.callingCode : DEFAULT_NUMBER_RULES.callingCode;
	const assumed = home?.known === false && countryCodeEmpty(countryCode);
	if (!countryCodeEmpty(countryCode)) {
		callingCode = String(countryCode).replace(/\D/g, '');
		if (!knownCallingCode(callingCode)) {
			throw itemError(
				ctx,
				itemIndex,
				'Default Country Code',
				`"${String(countryCode)}" is not a country's calling code`,
				'Give a calling code such as 233 (Ghana) or 44 (United Kingdom).',
			);
		}
	}
	let check: NumberCheck = DEFAULT_NUMBER_RULES.check;
	if (numberCheck !== undefined && numberCheck !== null && numberCheck !== '') {
		if (numberCheck !== 'strict' && numberCheck !== 'lenient') {
			throw itemError(
				ctx,
				itemIndex,
				'Number Check',
				`"${String(numberCheck)}" is not one of strict, lenient`,
			);
		}
		check = numberCheck;
	} else if (parameters.typeVersion() < STRICT_FROM_VERSION) {
		check = 'possible';
	}
	if (home?.unknown !== undefined && countryCodeEmpty(countryCode))
		return { callingCode, check, homeUnknown: home.unknown, homeRead: home.need };
	if (assumed) return { callingCode, check, homeRead: home.need, homeTouched: home.touch };
	return callingCode === DEFAULT_NUMBER_RULES.callingCode && check === DEFAULT_NUMBER_RULES.check
		? DEFAULT_NUMBER_RULES
		: { callingCode, check };
}
