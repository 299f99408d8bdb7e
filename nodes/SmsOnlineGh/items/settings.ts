// The settings every request takes, read once for a run: they configure requests, not messages.
import type { IExecuteFunctions } from 'n8n-workflow';

import type { TransportOptions } from '../../shared/transport/service';
import { DEFAULT_RETRY, DEFAULT_TIMEOUT_MS } from '../../shared/transport/service';
import type { WireDataFormat } from '../../shared/transport/wire';
import { DEFAULT_BATCH_SIZE } from './common.descriptions';
import { describeValue, itemError } from './itemErrors';
import type { ItemParameters } from './parameters';

export interface SendOptions {
	batchSize?: number;
	callbackUrl?: string;
	callbackFormat?: WireDataFormat;
	dryRun?: boolean;
	includeText?: boolean;
	output?: 'perDestination' | 'summary';
	scheduleAt?: string;
	scheduleOffset?: string;
	dataFormat?: WireDataFormat;
	retryAttempts?: number;
	retryMaxWait?: number;
	timeout?: number;
}

export interface DispatchSettings {
	transport: TransportOptions;
	batchSize: number;
	dryRun: boolean;
	includeText: boolean;
}

// Checked: a Batch Size of NaN would plan one empty request and drop every number silently.
export function numberOption(
	ctx: IExecuteFunctions,
	value: unknown,
	field: string,
	fallback: number,
	range: { min: number; max?: number },
): number {
	if (value === undefined || value === null || value === '') return fallback;
	const n = typeof value === 'string' ? Number(value.trim()) : value;
	const inRange =
		typeof n === 'number' &&
		Number.isFinite(n) &&
		n >= range.min &&
		(range.max === undefined || n <= range.max);
	if (!inRange) {
		const bounds =
			range.max === undefined ? `of at least ${range.min}` : `from ${range.min} to ${range.max}`;
		throw itemError(
			ctx,
			0,
			field,
			`must be a number ${bounds}, but the expression gave ${describeValue(value)}`,
		);
	}
	return n;
}

// A send without text (`text: false`, voice) neither shows nor reads Include Text.
export function readSettings(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	{ text = true } = {},
): DispatchSettings {
	const options = parameters.get<SendOptions>('options', 0, {});
	const timeout = numberOption(
		ctx,
		options.timeout,
		'Timeout (Seconds)',
		DEFAULT_TIMEOUT_MS / 1000,
		{ min: 1 },
	);
	const maxWait = numberOption(
		ctx,
		options.retryMaxWait,
		'Retry Max Wait (Seconds)',
		DEFAULT_RETRY.maxWaitMs / 1000,
		{
			min: 0,
		},
	);
	return {
		batchSize: numberOption(ctx, options.batchSize, 'Batch Size', DEFAULT_BATCH_SIZE, { min: 1 }),
		dryRun: options.dryRun === true,
		includeText: text && options.includeText === true,
		transport: {
			format: options.dataFormat === 'xml' ? 'xml' : 'json',
			timeoutMs: timeout * 1000,
			retry: {
				maxAttempts: numberOption(
					ctx,
					options.retryAttempts,
					'Retry Attempts',
					DEFAULT_RETRY.maxAttempts,
					{
						min: 1,
						max: 10,
					},
				),
				maxWaitMs: maxWait * 1000,
			},
		},
	};
}
