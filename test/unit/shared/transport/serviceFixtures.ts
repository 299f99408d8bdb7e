/** What the callService tests share: the transport options, a balance answer, a balance call. */
import { BALANCE_PATH, balanceReader } from '../../../../nodes/shared/transport/endpoints/balance';
import type { TransportOptions } from '../../../../nodes/shared/transport/service';
import { callService } from '../../../../nodes/shared/transport/service';
import type { Answer } from '../../../harness/fakeContext';
import { fakeContext } from '../../../harness/fakeContext';

export const JSON_OPTIONS: TransportOptions = {
	format: 'json',
	timeoutMs: 12_000,
	retry: { maxAttempts: 1, maxWaitMs: 0 },
};
export const XML_OPTIONS: TransportOptions = { ...JSON_OPTIONS, format: 'xml' };

export const BALANCE = {
	balance: 12.5,
	model: 'quantity',
	currencyName: 'Ghana Cedi',
	currencyCode: 'GHS',
};

/** Reads the balance through callService against prepared answers. */
export async function balanceCall(
	answers: Answer[],
	options = JSON_OPTIONS,
	credentials?: Record<string, string>,
) {
	const fake = fakeContext({ answers, ...(credentials ? { credentials } : {}) });
	const result = await callService(
		fake.ctx,
		{ path: BALANCE_PATH, reader: balanceReader },
		options,
	);
	return { ...fake, result };
}
