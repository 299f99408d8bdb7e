// Where a number without a country code is read when Default Country Code is empty, as the service reads it
// (docs/phone-numbers.md#the-accounts-home-country).
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Profile } from '../../shared/transport/endpoints/profile';
import type { TransportFailure } from '../../shared/transport/failure';
import { knownCallingCode } from '../helpers/numberPlans';
import { DEFAULT_NUMBER_RULES } from '../helpers/numberReading';
import { numberOfError } from '../items/itemErrors';
import type { ItemParameters } from '../items/parameters';
import { readSettings } from '../items/settings';
import { profileForCheck, refusesCredential } from '../account/profileCache';

/** Handshakes 1406 (API version retired), 1408 (account inactive), 1409 (account suspended). */
const ACCOUNT_REFUSALS = new Set([1406, 1408, 1409]);

function refusesAccount(failure: TransportFailure): boolean {
	return failure.certainty === 'refused' && ACCOUNT_REFUSALS.has(failure.handshake?.id ?? 0);
}

type Home = { callingCode: string } | { unknown: string };

function profileHome(profile: Profile): Home {
	const dialCode = profile.defaultCountry?.dialCode;
	if (dialCode === undefined || dialCode === null) return { unknown: 'the account’s profile names no home country (no dial code in its default destination)' };
	const code = String(dialCode);
	return knownCallingCode(code) ? { callingCode: code } : { unknown: `the home country in the account’s profile has a dial code no country has (${code})` };
}

// A number refused in Ghana may be right in the account's own country: its error waits for that reading.
// `refusesRun`: a ceiling that refuses the run as read so far; the profile is then never read.
export async function readInHomeCountry<T>(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	read: () => T,
	refusesRun?: (first: T) => Promise<boolean>,
): Promise<T> {
	let first: T;
	try {
		first = read();
	} catch (error) {
		const refusal = error instanceof NodeOperationError ? error : new NodeOperationError(ctx.getNode(), error as Error);
		if (numberOfError(refusal) === undefined || !(await confirmHomeCountry(ctx, parameters))) throw refusal;
		return read();
	}
	if (parameters.homeAssumed && refusesRun && (await refusesRun(first))) return first;
	return (await confirmHomeCountry(ctx, parameters)) ? read() : first;
}

// At most one request, the profile the sender check then takes as well. True: the items must be read again.
async function confirmHomeCountry(ctx: IExecuteFunctions, parameters: ItemParameters): Promise<boolean> {
	if (!parameters.homeAssumed) return false;
	parameters.homeAssumed = false;
	const home = await learnHomeCountry(ctx, parameters);
	if ('unknown' in home) {
		// Never guessed: the numbers that need it are refused, each on its item (numberReading.ts).
		parameters.homeCallingCode = DEFAULT_NUMBER_RULES.callingCode;
		parameters.homeUnknown = home.unknown;
		ctx.addExecutionHints({
			message: `Numbers written without a country code were not sent: ${home.unknown}. Set the option Default Country Code (233 for Ghana), or write the numbers with their country code and a plus sign (+…).`,
			type: 'warning',
			location: 'outputPane',
		});
		return true;
	}
	parameters.homeCallingCode = home.callingCode;
	return home.callingCode !== DEFAULT_NUMBER_RULES.callingCode;
}

async function learnHomeCountry(ctx: IExecuteFunctions, parameters: ItemParameters): Promise<Home> {
	const assumed = { callingCode: DEFAULT_NUMBER_RULES.callingCode };
	let transport;
	try {
		transport = readSettings(ctx, parameters).transport;
	} catch {
		// The same settings fail the run before anything is sent.
		return assumed;
	}
	const { result } = await profileForCheck(ctx, transport);
	if (result.ok) return profileHome(result.value);
	// The service refused the credential or the account: it refuses every request of the run, nothing is sent.
	if (refusesCredential(result) || refusesAccount(result.failure)) return assumed;
	return { unknown: `the account’s home country could not be read from its profile (${result.failure.message})` };
}
