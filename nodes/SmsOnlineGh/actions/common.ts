import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { MessageTypeName, Recipient } from '../model';
import { MESSAGE_TYPE_IDS } from '../model';
import { internationalForm, normalisePhoneNumber, splitPhoneNumbers } from '../helpers/phoneNumbers';
import { DEFAULT_RETRY, DEFAULT_TIMEOUT_MS } from '../transport';
import type { WireDataFormat } from '../transport';
import type { DispatchSettings } from './sms/dispatch';
import type { ItemParameters } from './parameters';

export const DEFAULT_BATCH_SIZE = 1000;

/** An error about one input item's field: it names both, so a user can find and fix it. */
export function itemError(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	problem: string,
	description?: string,
): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `${field} ${problem} [item ${itemIndex}]`, {
		itemIndex,
		description,
	});
}

export const senderProperty: INodeProperties = {
	displayName: 'Sender',
	name: 'sender',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. MyShop',
	description:
		'Sender name shown to recipients. It must be registered on your account (SMS Messaging menu of your SMSOnlineGH account), otherwise the service rejects every number. At most 11 characters (18 for a numeric sender).',
};

export const messageTypeProperty: INodeProperties = {
	displayName: 'Message Type',
	name: 'messageType',
	type: 'options',
	options: [
		{ name: 'GSM Default', value: 'gsm', description: 'Plain text in the GSM alphabet (160 characters per part)' },
		{ name: 'Unicode', value: 'unicode', description: 'Any script or emoji (70 characters per part)' },
		{ name: 'Flash', value: 'flash', description: 'GSM text shown at once on the screen, not stored' },
		{ name: 'Flash Unicode', value: 'flashUnicode', description: 'Unicode text shown at once on the screen, not stored' },
	],
	default: 'gsm',
	description: 'How the text is encoded and shown',
};

export const sendOptionsProperty: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Batch Size',
			name: 'batchSize',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: DEFAULT_BATCH_SIZE,
			description: 'Most phone numbers sent in one request. Larger lists are split into several requests.',
		},
		{
			displayName: 'Data Format',
			name: 'dataFormat',
			type: 'options',
			options: [
				{ name: 'JSON', value: 'json' },
				{ name: 'XML', value: 'xml' },
			],
			default: 'json',
			description: 'Format of the requests sent to the service and of the answers asked for',
		},
		{
			displayName: 'Retry Attempts',
			name: 'retryAttempts',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 10 },
			default: 3,
			description:
				'Attempts in all when the service could not be reached or asked to retry (HTTP 429 or 503). A request that may have reached the service is never retried.',
		},
		{
			displayName: 'Retry Max Wait (Seconds)',
			name: 'retryMaxWait',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 30,
			description: 'Longest total time spent waiting between attempts',
		},
		{
			displayName: 'Timeout (Seconds)',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 60,
			description: 'How long to wait for the service to answer a request',
		},
	],
};

export interface SendOptions {
	batchSize?: number;
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

function describeValue(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'an array';
	if (typeof value === 'object') return 'an object';
	return `a ${typeof value} (${JSON.stringify(value)})`;
}

/** A text parameter that must be a non-empty string; expressions can yield anything else. */
export function readText(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	name: string,
	field: string,
	itemIndex: number,
): string {
	const value = parameters.get<unknown>(name, itemIndex, '');
	if (typeof value !== 'string') {
		throw itemError(ctx, itemIndex, field, `must be text, but the expression gave ${describeValue(value)}`);
	}
	if (value.trim() === '') throw itemError(ctx, itemIndex, field, 'is empty');
	return value;
}

// Sender names: at most 11 characters, numeric ones up to 18 (service-facts.md, "Numbers and senders").
export function readSender(ctx: IExecuteFunctions, parameters: ItemParameters, itemIndex: number): string {
	const sender = readText(ctx, parameters, 'sender', 'Sender', itemIndex).trim();
	const limit = /^\d+$/.test(sender) ? 18 : 11;
	if (sender.length > limit) {
		throw itemError(
			ctx,
			itemIndex,
			'Sender',
			`"${sender}" is ${sender.length} characters long; the service allows at most ${limit}`,
			'Use a sender name registered on your SMSOnlineGH account.',
		);
	}
	return sender;
}

export function readMessageType(ctx: IExecuteFunctions, parameters: ItemParameters, itemIndex: number): MessageTypeName {
	const type = parameters.get<unknown>('messageType', itemIndex, 'gsm');
	if (typeof type !== 'string' || !(type in MESSAGE_TYPE_IDS)) {
		throw itemError(
			ctx,
			itemIndex,
			'Message Type',
			`"${String(type)}" is not one of ${Object.keys(MESSAGE_TYPE_IDS).join(', ')}`,
		);
	}
	return type as MessageTypeName;
}

/** One number as a recipient, or an error naming the item, the field and the value. */
export function toRecipient(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	input: string,
): Recipient {
	const normalised = normalisePhoneNumber(input);
	if (!normalised.ok) {
		throw itemError(
			ctx,
			itemIndex,
			field,
			`has an invalid phone number "${input}": it ${normalised.reason}`,
			'Give numbers in local form (0241234567), international form (233241234567) or with a plus sign (+233241234567).',
		);
	}
	return { itemIndex, input, number: normalised.digits, key: internationalForm(normalised.digits) };
}

/** The pieces of a phone-number parameter (one or several numbers), or an error naming the field. */
export function readPhoneNumbers(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	name: string,
	field: string,
	itemIndex: number,
): string[] {
	let pieces: string[];
	try {
		pieces = splitPhoneNumbers(parameters.get(name, itemIndex, ''));
	} catch (error) {
		throw itemError(ctx, itemIndex, field, `is not usable: ${(error as Error).message}`);
	}
	if (pieces.length === 0) {
		throw itemError(ctx, itemIndex, field, 'is empty', 'Map a phone number field, for example {{ $json.phone }}.');
	}
	return pieces;
}
