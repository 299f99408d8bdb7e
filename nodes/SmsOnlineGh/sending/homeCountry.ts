// Where a number without a country code is read when Default Country Code is empty, as the service reads it
// (docs/phone-numbers.md#the-accounts-home-country).
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Profile } from '../../shared/transport/endpoints/profile';
import { knownCallingCode } from '../helpers/numberPlans';
import { DEFAULT_NUMBER_RULES } from '../helpers/numberReading';
import { numberOfError } from '../items/itemErrors';
import type { ItemParameters } from '../items/parameters';
import { readSettings } from '../items/settings';
import { profileForCheck, refusesCredential } from '../account/profileCache';

function profileCallingCode(profile: Profile): string | undefined {
	const dialCode = profile.defaultCountry?.dialCode;
	if (dialCode === undefined || dialCode === null) return undefined;
	const code = String(dialCode);
	return knownCallingCode(code) ? code : undefined;
}

// A number refused in Ghana may be right in the account's own country: its error waits for that reading.
export async function readInHomeCountry<T>(ctx: IExecuteFunctions, parameters: ItemParameters, read: () => T): Promise<T> {
	let first: T;
	try {
		first = read();
	} catch (error) {
		const refusal = error instanceof NodeOperationError ? error : new NodeOperationError(ctx.getNode(), error as Error);
		if (numberOfError(refusal) === undefined || !(await confirmHomeCountry(ctx, parameters))) throw refusal;
		return read();
	}
	return (await confirmHomeCountry(ctx, parameters)) ? read() : first;
}

// At most one request, the profile the sender check then takes as well.
async function confirmHomeCountry(ctx: IExecuteFunctions, parameters: ItemParameters): Promise<boolean> {
	if (!parameters.homeAssumed) return false;
	parameters.homeAssumed = false;
	const home = await learnHomeCountry(ctx, parameters);
	parameters.homeCallingCode = home;
	return home !== DEFAULT_NUMBER_RULES.callingCode;
}

/** Ghana's, with a hint, when the profile cannot be read. */
async function learnHomeCountry(ctx: IExecuteFunctions, parameters: ItemParameters): Promise<string> {
	let transport;
	try {
		transport = readSettings(ctx, parameters).transport;
	} catch {
		return DEFAULT_NUMBER_RULES.callingCode;
	}
	const { result } = await profileForCheck(ctx, transport);
	if (result.ok) return profileCallingCode(result.value) ?? DEFAULT_NUMBER_RULES.callingCode;
	// A refused credential fails every request of the run: an error, not a hint.
	if (refusesCredential(result)) return DEFAULT_NUMBER_RULES.callingCode;
	ctx.addExecutionHints({
		message: `The account’s home country could not be read from its profile (${result.failure.message}), so numbers written without a country code were read as numbers of Ghana (+233). To read them in another country, set the option Default Country Code.`,
		type: 'warning',
		location: 'outputPane',
	});
	return DEFAULT_NUMBER_RULES.callingCode;
}
