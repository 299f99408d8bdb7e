// Where a number without a country code is read when Default Country Code is empty, as the service reads it
// (docs/phone-numbers.md#the-accounts-home-country): learned once a run, when the first number needs it.
import type { IExecuteFunctions, INodeExecutionData, IPairedItemData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { TransportFailure } from '../../shared/transport/failure';
import { numberOfError } from '../items/itemErrors';
import type { ReadFrom, ReadItems } from '../items/operation';
import type { ItemParameters } from '../items/parameters';
import { readSettings } from '../items/settings';
import { type Home, homeOfDialCode, RunHome } from '../numbers/read';
import { profileForCheck, refusesCredential } from '../account/profileCache';

/** Handshakes 1406 (API version retired), 1408 (account inactive), 1409 (account suspended). */
const ACCOUNT_REFUSALS = new Set([1406, 1408, 1409]);

function refusesAccount(failure: TransportFailure): boolean {
	return failure.certainty === 'refused' && ACCOUNT_REFUSALS.has(failure.handshake?.id ?? 0);
}

// The read pauses at the first number that needs the home country. With Continue On Fail every item is
// read anyway: the profile is taken then (the kept one, or one request) and the read goes on from that
// item, each item read once. Without it, or with `refusesRun` (a ceiling that refuses the run as read so
// far), the rest is read in Ghana first: a run another item's error or a ceiling stops asks nothing.
export async function readInHomeCountry(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	read: ReadFrom,
	refusesRun?: (first: ReadItems) => Promise<boolean>,
): Promise<ReadItems> {
	const home = new RunHome();
	const part = read(home);
	if (part.pausedAt === undefined) return part;
	if (refusesRun || !ctx.continueOnFail())
		return await readAssumedFirst(ctx, parameters, read, home, part, refusesRun);
	await learnHome(ctx, parameters, home);
	return read(home, readAgain(home, read, part));
}

const itemOf = (data: INodeExecutionData): number => (data.pairedItem as IPairedItemData).item;

// The items read before the home was known that it changes, read again in it, in item order: those
// that needed it (read in Ghana), and for a home elsewhere those a refusal's fix, or a number written
// 00 and Ghana's code, tied to Ghana's code.
function readAgain(home: RunHome, read: ReadFrom, part: ReadItems): ReadItems {
	const again = home.readAgain(part.pausedAt ?? Number.MAX_SAFE_INTEGER);
	const kept: ReadItems = {
		inputs: part.inputs.filter((input) => !again.includes(input.itemIndex)),
		returnData: part.returnData.filter((data) => !again.includes(itemOf(data))),
		pausedAt: part.pausedAt,
	};
	if (again.length === 0) return kept;
	for (const itemIndex of again) {
		const one = read(home, { inputs: [], returnData: [], pausedAt: itemIndex }, itemIndex);
		kept.inputs.push(...one.inputs);
		kept.returnData.push(...one.returnData);
	}
	kept.inputs.sort((a, b) => a.itemIndex - b.itemIndex);
	kept.returnData.sort((a, b) => itemOf(a) - itemOf(b));
	return kept;
}

// The items from the paused one on are read in Ghana first; for a home elsewhere, those it changes are
// read again in it.
async function readAssumedFirst(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	read: ReadFrom,
	home: RunHome,
	part: ReadItems,
	refusesRun?: (first: ReadItems) => Promise<boolean>,
): Promise<ReadItems> {
	home.assumed = true;
	let first: ReadItems;
	try {
		first = read(home, { ...part, inputs: [...part.inputs], returnData: [...part.returnData] });
	} catch (error) {
		// A number refused in Ghana may be right in the account's own country: its error waits for that reading.
		const refusal =
			error instanceof NodeOperationError
				? error
				: new NodeOperationError(ctx.getNode(), error as Error);
		if (numberOfError(refusal) === undefined) throw refusal;
		await learnHome(ctx, parameters, home);
		if (home.isGhana()) throw refusal;
		return read(home, readAgain(home, read, part));
	}
	if (refusesRun && (await refusesRun(first))) return first;
	await learnHome(ctx, parameters, home);
	return home.isGhana()
		? first
		: readAgain(home, read, { inputs: first.inputs, returnData: first.returnData });
}

// At most one request, the profile the sender check then takes as well.
async function learnHome(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	home: RunHome,
): Promise<void> {
	const learned = await learnHomeCountry(ctx, parameters);
	home.learn(learned);
	if ('unknown' in learned) hintUnknown(ctx, learned.unknown);
}

// Never guessed: the numbers that need it are refused, each on its item (numbers/reading.ts).
function hintUnknown(ctx: IExecuteFunctions, unknown: string): void {
	ctx.addExecutionHints({
		message: `Numbers written without a country code were not sent: ${unknown}. Set the option Default Country Code (233 for Ghana), or write the numbers with their country code and a plus sign (+…).`,
		type: 'warning',
		location: 'outputPane',
	});
}

async function learnHomeCountry(ctx: IExecuteFunctions, parameters: ItemParameters): Promise<Home> {
	const assumed = { callingCode: '233' };
	let transport;
	try {
		transport = readSettings(ctx, parameters).transport;
	} catch {
		// The same settings fail the run before anything is sent.
		return assumed;
	}
	const { result } = await profileForCheck(ctx, transport);
	if (result.ok) return homeOfDialCode(result.value.defaultCountry?.dialCode);
	// The service refused the credential or the account: it refuses every request of the run, nothing is sent.
	if (refusesCredential(result) || refusesAccount(result.failure)) return assumed;
	return {
		unknown: `the account’s home country could not be read from its profile (${result.failure.message})`,
	};
}
