/**
 * The account's home country, where a number without a country code is read when its item leaves
 * Default Country Code empty, as the service reads it (docs/phone-numbers.md#the-accounts-home-country).
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Profile } from '../../shared/transport/endpoints/profile';
import { knownCallingCode } from '../helpers/numberPlans';
import { DEFAULT_NUMBER_RULES } from '../helpers/numberReading';
import { numberOfError } from '../items/itemErrors';
import type { ItemParameters } from '../items/parameters';
import { readSettings } from '../items/settings';
import { profileForCheck, refusesCredential } from '../account/profileCache';

/** The calling code of the profile's default destination, when it names a known one. */
function profileCallingCode(profile: Profile): string | undefined {
	const dialCode = profile.defaultCountry?.dialCode;
	if (dialCode === undefined || dialCode === null) return undefined;
	const code = String(dialCode);
	return knownCallingCode(code) ? code : undefined;
}

/**
 * Reads the run's items with Ghana assumed, then again in the account's own country where it
 * differs; a number refused in Ghana may be right there, so its error waits for that reading.
 */
export async function readInHomeCountry<T>(ctx: IExecuteFunctions, parameters: ItemParameters, read: () => T): Promise<T> {
	let first: T;
	try {
		first = read();
	} catch (error) {
		// The router's reading throws NodeOperationErrors only.
		const refusal = error instanceof NodeOperationError ? error : new NodeOperationError(ctx.getNode(), error as Error);
		if (numberOfError(refusal) === undefined || !(await confirmHomeCountry(ctx, parameters))) throw refusal;
		return read();
	}
	return (await confirmHomeCountry(ctx, parameters)) ? read() : first;
}

/**
 * When a number was read in the assumed home country (Ghana), learns the account's own (at most
 * one request, the profile the sender check then takes as well) and says whether it differs.
 */
async function confirmHomeCountry(ctx: IExecuteFunctions, parameters: ItemParameters): Promise<boolean> {
	if (!parameters.homeAssumed) return false;
	parameters.homeAssumed = false;
	const home = await learnHomeCountry(ctx, parameters);
	parameters.homeCallingCode = home;
	return home !== DEFAULT_NUMBER_RULES.callingCode;
}

/** The account's home calling code from its profile (kept or read); Ghana's, with a hint, when it cannot be read. */
async function learnHomeCountry(ctx: IExecuteFunctions, parameters: ItemParameters): Promise<string> {
	let transport;
	try {
		transport = readSettings(ctx, parameters).transport;
	} catch {
		// A bad option fails every item as it is read, with its name; nothing is sent.
		return DEFAULT_NUMBER_RULES.callingCode;
	}
	const { result } = await profileForCheck(ctx, transport);
	if (result.ok) return profileCallingCode(result.value) ?? DEFAULT_NUMBER_RULES.callingCode;
	// A refused credential fails the run's every request; the error says so, not a hint.
	if (refusesCredential(result)) return DEFAULT_NUMBER_RULES.callingCode;
	ctx.addExecutionHints({
		message: `The account’s home country could not be read from its profile (${result.failure.message}), so numbers written without a country code were read as numbers of Ghana (+233). To read them in another country, set the option Default Country Code.`,
		type: 'warning',
		location: 'outputPane',
	});
	return DEFAULT_NUMBER_RULES.callingCode;
}
