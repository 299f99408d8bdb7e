/**
 * The account's home country: where a number written without a country code (`0241234567`, or
 * `241234567` after a spreadsheet dropped its 0) is read when its item leaves Default Country Code
 * empty. The service reads such numbers in the account's default destination (the profile's
 * `defDestination`, as the vendor's SDK reads it): Ghana for SMSOnlineGH's own accounts, another
 * country for a reseller's. The node reads them there too: the items are read with Ghana assumed;
 * if a number was read in it, the home country is taken from the account's profile (the one kept
 * for the sender check, account/profileCache.ts, ten minutes per credential; read when none is kept, and
 * then taken by the sender check too) and, for an account at home elsewhere, the items are read
 * again in its country, before anything is sent. A run refused while its items are read, or whose
 * numbers all carry a country code, asks nothing for it. If the profile cannot be read, Ghana
 * stands and the run says so in a hint.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { WireProfile } from '../../shared/transport/endpoints/profile';
import { knownCallingCode } from '../helpers/numberPlans';
import { DEFAULT_NUMBER_RULES } from '../helpers/numberReading';
import { numberOfError } from '../items/itemErrors';
import type { ItemParameters } from '../items/parameters';
import { readSettings } from '../items/settings';
import { profileForCheck, refusesCredential } from '../account/profileCache';

/** The calling code of the profile's default destination, when it names a known one. */
function profileCallingCode(profile: WireProfile): string | undefined {
	const dialCode = profile.defDestination?.dialCode;
	if (dialCode === undefined) return undefined;
	const code = String(dialCode);
	return knownCallingCode(code) ? code : undefined;
}

/**
 * Reads the run's items (`read`) in the account's home country: first with Ghana assumed, then,
 * where a number was read in it, again in the account's own when that differs. A number refused
 * in the assumed country stops the first reading (without Continue On Fail); it may be right in
 * the account's own, so it is read again there before its error stands.
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
