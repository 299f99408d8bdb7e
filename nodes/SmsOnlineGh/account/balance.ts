// Only the balance answer names the credit model (v5 API documentation, "Account balance"): every
// balance read keeps it per credential, so a sending run's cost words need no request (sending/cost.ts).
import type { IExecuteFunctions } from 'n8n-workflow';

import type { Balance } from '../../shared/transport/endpoints/balance';
import {
	BALANCE_PATH,
	balanceReader,
	fromWireBalance,
} from '../../shared/transport/endpoints/balance';
import type { CallResult, ServiceContext, TransportOptions } from '../../shared/transport/service';
import { callService } from '../../shared/transport/service';
import type { CreditModel } from './kept';
import { creditModels as models, keepNewest } from './kept';
import { contextProfileKey } from './profileCache';

/** As profileCache.ts's MAX_PROFILES. */
const MAX_MODELS = 300;

export interface AccountCredit extends CreditModel {
	/** Read in this run (a Dry Run's), before anything was sent. */
	balance?: number;
}

const ofRun = new WeakMap<object, Balance>();

async function keepBalance(ctx: ServiceContext, balance: Balance): Promise<void> {
	const key = await contextProfileKey(ctx);
	keepNewest(
		models,
		key,
		{
			model: balance.model,
			currencyCode: balance.currencyCode,
			currencyName: balance.currencyName,
		},
		MAX_MODELS,
	);
}

export async function readBalance(
	ctx: IExecuteFunctions,
	transport: TransportOptions,
): Promise<CallResult<Balance>> {
	const call = await callService(
		ctx,
		{ path: BALANCE_PATH, reader: balanceReader, readOnly: true },
		transport,
	);
	if (!call.ok) return call;
	const balance = fromWireBalance(call.value);
	await keepBalance(ctx, balance);
	return { ...call, value: balance };
}

export async function readBalanceForRun(
	ctx: IExecuteFunctions,
	transport: TransportOptions,
): Promise<Balance | undefined> {
	const call = await readBalance(ctx, transport);
	if (!call.ok) return undefined;
	ofRun.set(ctx, call.value);
	return call.value;
}

export async function accountCredit(ctx: ServiceContext): Promise<AccountCredit | undefined> {
	const read = ofRun.get(ctx);
	if (read) return { ...read };
	try {
		return models.get(await contextProfileKey(ctx));
	} catch {
		return undefined;
	}
}
