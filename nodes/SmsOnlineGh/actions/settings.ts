import { DEFAULT_RETRY, DEFAULT_TIMEOUT_MS } from '../transport';
import type { WireDataFormat } from '../transport';
import { DEFAULT_BATCH_SIZE } from './common.descriptions';
import type { ItemParameters } from './parameters';
import type { DispatchSettings } from './sms/dispatch';

/** The Options collection's values, as n8n gives them (see sendOptions in common.descriptions.ts). */
export interface SendOptions {
	batchSize?: number;
	callbackUrl?: string;
	callbackFormat?: WireDataFormat;
	dryRun?: boolean;
	includeText?: boolean;
	scheduleAt?: string;
	scheduleOffset?: string;
	dataFormat?: WireDataFormat;
	retryAttempts?: number;
	retryMaxWait?: number;
	timeout?: number;
}

/** The options are the same for every item: they configure the requests, not the messages. */
export function readSettings(parameters: ItemParameters): DispatchSettings {
	const options = parameters.get<SendOptions>('options', 0, {});
	return {
		batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
		dryRun: options.dryRun === true,
		includeText: options.includeText === true,
		transport: {
			format: options.dataFormat === 'xml' ? 'xml' : 'json',
			timeoutMs: (options.timeout ?? DEFAULT_TIMEOUT_MS / 1000) * 1000,
			retry: {
				maxAttempts: options.retryAttempts ?? DEFAULT_RETRY.maxAttempts,
				maxWaitMs: (options.retryMaxWait ?? DEFAULT_RETRY.maxWaitMs / 1000) * 1000,
			},
		},
	};
}
