import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { MessageTypeName, OutgoingMessage, Recipient } from '../model';
import { internationalForm, normalisePhoneNumber, splitPhoneNumbers } from '../helpers/phoneNumbers';
import { countParts, detectEncoding } from '../helpers/encoding';
import { DEFAULT_RETRY, DEFAULT_TIMEOUT_MS, findXmlForbiddenCharacter, MEDIA_TYPES } from '../transport';
import type { WireDataFormat } from '../transport';
import type { DispatchSettings } from './sms/dispatch';
import type { ItemParameters } from './parameters';

export const DEFAULT_BATCH_SIZE = 1000;

/** Ghana's country code: local numbers (0…) are Ghanaian numbers to this service. */
export const DEFAULT_COUNTRY_CODE = '233';

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
		{
			name: 'Auto',
			value: 'auto',
			description:
				'GSM Default when every character is in the GSM alphabet, Unicode otherwise, so accents and emoji are never garbled',
		},
		{ name: 'Flash', value: 'flash', description: 'GSM text shown at once on the screen, not stored' },
		{ name: 'Flash (Auto)', value: 'flashAuto', description: 'Shown at once on the screen, not stored; GSM or Unicode as the text needs' },
		{ name: 'Flash Unicode', value: 'flashUnicode', description: 'Unicode text shown at once on the screen, not stored' },
		{ name: 'GSM Default', value: 'gsm', description: 'Plain text in the GSM alphabet (160 characters per part)' },
		{ name: 'Unicode', value: 'unicode', description: 'Any script or emoji (70 characters per part)' },
	],
	default: 'auto',
	description: 'How the text is encoded and shown',
};

export const dataFormatOption: INodeProperties = {
	displayName: 'Data Format',
	name: 'dataFormat',
	type: 'options',
	options: [
		{ name: 'JSON', value: 'json' },
		{ name: 'XML', value: 'xml' },
	],
	default: 'json',
	description: 'Format of the requests sent to the service and of the answers asked for',
};

export const timeoutOption: INodeProperties = {
	displayName: 'Timeout (Seconds)',
	name: 'timeout',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 60,
	description: 'How long to wait for the service to answer a request',
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
		dataFormatOption,
		{
			...dataFormatOption,
			displayName: 'Delivery Report Format',
			name: 'callbackFormat',
			description: 'Format of the delivery reports posted to the Delivery Report URL',
		},
		{
			displayName: 'Delivery Report URL',
			name: 'callbackUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://example.com/webhook/sms-reports',
			description:
				'The service posts delivery reports for these messages to this URL, for example an n8n Webhook node’s production URL',
		},
		{
			displayName: 'Dry Run',
			name: 'dryRun',
			type: 'boolean',
			default: false,
			description:
				'Whether to check, render and count everything and show the requests that would go out, without sending anything or spending credit',
		},
		{
			displayName: 'Include Text',
			name: 'includeText',
			type: 'boolean',
			default: false,
			description: 'Whether to add to each output item the exact text that number receives',
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
			displayName: 'Schedule At',
			name: 'scheduleAt',
			type: 'dateTime',
			default: '',
			description: 'Send later, at this date and time (to the minute). Leave empty to send now.',
		},
		{
			displayName: 'Schedule UTC Offset',
			name: 'scheduleOffset',
			type: 'string',
			default: '',
			placeholder: 'e.g. +00:00',
			description:
				'UTC offset of Schedule At, from -12:00 to +13:00. Leave empty to use the time zone of your SMSOnlineGH account.',
		},
		timeoutOption,
	],
};

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

/** What an expression gave, for an error message: "an array", "a number (3)"… */
export function describeValue(value: unknown): string {
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

export type RequestedType = MessageTypeName | 'auto' | 'flashAuto';

const REQUESTED_TYPES: RequestedType[] = ['auto', 'gsm', 'unicode', 'flashAuto', 'flash', 'flashUnicode'];

export function readMessageType(ctx: IExecuteFunctions, parameters: ItemParameters, itemIndex: number): RequestedType {
	const type = parameters.get<unknown>('messageType', itemIndex, 'auto');
	if (typeof type !== 'string' || !REQUESTED_TYPES.includes(type as RequestedType)) {
		throw itemError(ctx, itemIndex, 'Message Type', `"${String(type)}" is not one of ${REQUESTED_TYPES.join(', ')}`);
	}
	return type as RequestedType;
}

/**
 * The type actually sent. Auto picks GSM only when every character is in the GSM 03.38 alphabet
 * (or its extension table): a GSM message with an accent or an emoji in it arrives garbled.
 */
export function resolveMessageType(requested: RequestedType, text: string): MessageTypeName {
	if (requested === 'auto') return detectEncoding(text) === 'gsm' ? 'gsm' : 'unicode';
	if (requested === 'flashAuto') return detectEncoding(text) === 'gsm' ? 'flash' : 'flashUnicode';
	return requested;
}

/** Characters and parts of one destination's text, counted as carriers bill them. */
export function measure(text: string, type: MessageTypeName): { characters: number; parts: number } {
	const { characters, parts } = countParts(text, type === 'gsm' || type === 'flash' ? 'gsm' : 'unicode');
	return { characters, parts };
}

/** The members of a message unit that say when to send and where to report. */
export type Scheduling = Pick<OutgoingMessage, 'schedule' | 'callback'>;

const OFFSET = /^[+-](0\d|1[0-2]):[0-5]\d$|^\+13:00$/;

/** "+05:30" → minutes east of UTC. */
function offsetMinutes(offset: string): number {
	const sign = offset.startsWith('-') ? -1 : 1;
	const [hours, minutes] = offset.slice(1).split(':').map(Number);
	return sign * (hours * 60 + minutes);
}

/**
 * Schedule and delivery-report members of the message unit (service-facts.md, "Send: optional
 * members documented by the vendor"), checked before anything is sent.
 */
export function readScheduling(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	itemIndex: number,
	now = Date.now(),
): Scheduling {
	const options = parameters.get<SendOptions>('options', itemIndex, {});
	const result: Scheduling = {};
	const at = typeof options.scheduleAt === 'string' ? options.scheduleAt.trim() : '';
	const offset = typeof options.scheduleOffset === 'string' ? options.scheduleOffset.trim() : '';
	if (at !== '') {
		// n8n gives the date-time as ISO text; only its wall-clock part goes to the service.
		const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})/.exec(at);
		if (!match) {
			throw itemError(ctx, itemIndex, 'Schedule At', `"${at}" is not a date and time`);
		}
		if (offset !== '' && !OFFSET.test(offset)) {
			throw itemError(
				ctx,
				itemIndex,
				'Schedule UTC Offset',
				`"${offset}" is not an offset such as +00:00 or -05:30 (from -12:00 to +13:00)`,
			);
		}
		const wallClock = Date.parse(`${match[1]}T${match[2]}:${match[3]}:00Z`);
		// Without an offset the account's own time zone applies, which the node cannot know: the
		// workflow's time zone stands in for it, only to catch a time in the past.
		const minutesEast = offset !== '' ? offsetMinutes(offset) : zoneOffsetMinutes(ctx.getTimezone(), wallClock);
		if (wallClock - minutesEast * 60_000 <= now) {
			throw itemError(ctx, itemIndex, 'Schedule At', `${match[1]} ${match[2]}:${match[3]} is in the past`);
		}
		result.schedule = { dateTime: `${match[1]} ${match[2]}:${match[3]}` };
		if (offset !== '') result.schedule.offset = offset;
	}
	const url = typeof options.callbackUrl === 'string' ? options.callbackUrl.trim() : '';
	if (url !== '') {
		let parsed: URL | undefined;
		try {
			parsed = new URL(url);
		} catch {
			parsed = undefined;
		}
		if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
			throw itemError(ctx, itemIndex, 'Delivery Report URL', `"${url}" is not an http or https URL`);
		}
		result.callback = { url, accept: MEDIA_TYPES[options.callbackFormat === 'xml' ? 'xml' : 'json'] };
	}
	return result;
}

/**
 * One formatter per time zone, made once: building an Intl.DateTimeFormat costs about 60 µs, which
 * every item of a scheduled send paid (6 s for 100,000 items). Using one costs about 4 µs, so the
 * last answer is kept too: the items of a run nearly always share their schedule.
 */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
let lastZoneOffset: { timeZone: string; at: number; minutes: number } | undefined;

/** Minutes east of UTC of an IANA time zone at a given instant. */
function zoneOffsetMinutes(timeZone: string, at: number): number {
	if (lastZoneOffset?.timeZone === timeZone && lastZoneOffset.at === at) return lastZoneOffset.minutes;
	let format = zoneFormats.get(timeZone);
	if (!format) {
		format = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
		});
		zoneFormats.set(timeZone, format);
	}
	const parts = format.formatToParts(new Date(at));
	const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
	const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
	const minutes = Math.round((local - Math.floor(at / 60_000) * 60_000) / 60_000);
	lastZoneOffset = { timeZone, at, minutes };
	return minutes;
}

/** One number as a recipient, or an error naming the item, the field and the value. */
export function toRecipient(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	input: string,
	content: Pick<Recipient, 'text' | 'characters' | 'parts'>,
	countryCode = DEFAULT_COUNTRY_CODE,
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
	return {
		itemIndex,
		input,
		number: normalised.digits,
		key: internationalForm(normalised.digits, countryCode),
		...content,
	};
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

/**
 * XML 1.0 cannot carry some control characters at all (a form feed, for one, which the GSM
 * extension table has): with the XML data format such a text is refused before anything is sent.
 */
export function checkXmlSafe(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	itemIndex: number,
	field: string,
	text: string,
): void {
	if (parameters.get<SendOptions>('options', itemIndex, {}).dataFormat !== 'xml') return;
	const forbidden = findXmlForbiddenCharacter(text);
	if (forbidden !== undefined) {
		throw itemError(
			ctx,
			itemIndex,
			field,
			`contains the control character U+${forbidden.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}, which XML cannot carry`,
			'Remove it, or set the Data Format option to JSON.',
		);
	}
}
