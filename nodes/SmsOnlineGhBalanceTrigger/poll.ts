// One poll of the balance alert. A failed read fires nothing: it fails the poll with what to do.
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	BALANCE_PATH,
	balanceReader,
	fromWireBalance,
} from '../shared/transport/endpoints/balance';
import { callService, DEFAULT_RETRY, DEFAULT_TIMEOUT_MS } from '../shared/transport/service';
import type { AlertState } from './alert';
import { decide } from './alert';

/** An expression can give anything: an error names the field. A poll has no items: no index, and no fallback. */
function readThreshold(ctx: IPollFunctions): number {
	const value = ctx.getNodeParameter('threshold') as unknown;
	const n = typeof value === 'string' ? Number(value.trim()) : value;
	if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Threshold must be a number of at least 0, but it is ${JSON.stringify(value)}`,
		);
	}
	return n;
}

const FAILED_POLL =
	'The balance could not be read, so no alert was given for this poll; the next poll tries again. If the credential was refused, correct it (Credentials → SMSOnlineGH API); if the service was down, nothing needs doing.';

export async function pollBalance(ctx: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const threshold = readThreshold(ctx);
	const call = await callService(
		ctx,
		{ path: BALANCE_PATH, reader: balanceReader, readOnly: true },
		{ format: 'json', timeoutMs: DEFAULT_TIMEOUT_MS, retry: DEFAULT_RETRY },
	);
	if (!call.ok) {
		const { message, description } = call.failure;
		throw call.failure.toNodeApiError(ctx.getNode(), {
			message: `Balance not read, no alert given: ${message}`,
			description: `${FAILED_POLL} ${description}`,
		});
	}
	const balance = fromWireBalance(call.value);
	const item: IDataObject = { event: 'balanceBelow', ...balance, threshold };
	// A manual run (Fetch Test Event) shows the alert's item, field for field, whatever the balance, and keeps no state.
	if (ctx.getMode() === 'manual') return [[{ json: item }]];
	const state = ctx.getWorkflowStaticData('node') as AlertState;
	const { verdict, next } = decide(state, balance.balance, threshold);
	state.alerted = next.alerted;
	if (verdict === 'fire') return [[{ json: item }]];
	// n8n writes a poll's static data to its database only when the poll returns something: the re-arm
	// returns no items (a run in which no node after the trigger runs), so that a restart keeps it.
	if (verdict === 'rearm') return [[]];
	return null;
}
