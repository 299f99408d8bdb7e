/**
 * The account's balance and its credit model. The balance answer (v5 API documentation, "Account
 * balance") names the model: `quantity` counts SMS credits, one a part; `currency` counts money.
 * Only that answer names it, so every balance read (Get Balance, a Dry Run) keeps the model for its
 * credential in this process (keyed as the profile is, profileCache.ts), and a sending run's cost
 * words use it with no request (sending/cost.ts).
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import type { Balance } from '../../shared/transport/endpoints/balance';
import { BALANCE_PATH, balanceReader, fromWireBalance } from '../../shared/transport/endpoints/balance';
import type { CallResult, ServiceContext, TransportOptions } from '../../shared/transport/service';
import { callService } from '../../shared/transport/service';
import { contextProfileKey } from './profileCache';

/** How many credentials' models are kept at most (as profileCache.ts's MAX_PROFILES). */
const MAX_MODELS = 300;

/** What the cost words know of the account: its model, and its balance when read in this run. */
export interface AccountCredit {
	model: string;
	currencyCode: string | null;
	currencyName: string | null;
	/** The balance read in this run (a Dry Run's), before anything was sent. */
	balance?: number;
}

const models = new Map<string, AccountCredit>();
const ofRun = new WeakMap<object, Balance>();

/** Keeps the model of a balance answer for its credential. */
async function keepBalance(ctx: ServiceContext, balance: Balance): Promise<void> {
	const key = await contextProfileKey(ctx);
	models.delete(key);
	models.set(key, { model: balance.model, currencyCode: balance.currencyCode, currencyName: balance.currencyName });
	while (models.size > MAX_MODELS) models.delete(models.keys().next().value as string);
}

/** Reads the balance (Get Balance, a Dry Run) and keeps its model for the credential. */
export async function readBalance(ctx: IExecuteFunctions, transport: TransportOptions): Promise<CallResult<Balance>> {
	const call = await callService(ctx, { path: BALANCE_PATH, reader: balanceReader, readOnly: true }, transport);
	if (!call.ok) return call;
	const balance = fromWireBalance(call.value);
	await keepBalance(ctx, balance);
	return { ...call, value: balance };
}

/** Reads the balance for a Dry Run, kept for its run too; undefined when it cannot be read. */
export async function readBalanceForRun(ctx: IExecuteFunctions, transport: TransportOptions): Promise<Balance | undefined> {
	const call = await readBalance(ctx, transport);
	if (!call.ok) return undefined;
	ofRun.set(ctx, call.value);
	return call.value;
}

/** What the run knows of the account's credit: its own balance read, or the model kept for its credential. */
export async function accountCredit(ctx: ServiceContext): Promise<AccountCredit | undefined> {
	const read = ofRun.get(ctx);
	if (read) return { ...read };
	try {
		return models.get(await contextProfileKey(ctx));
	} catch {
		return undefined;
	}
}

/** For tests: forget every kept model. */
export const creditModelsForTests = {
	clear(): void {
		models.clear();
	},
};
