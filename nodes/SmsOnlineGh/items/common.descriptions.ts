// Fields shared by several operations; the registry adds their display options (updateDisplayOptions).
// Descriptions only: reading and checking the values is in fields.ts and settings.ts.
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

export const DEFAULT_BATCH_SIZE = 1000;

/** A typed name or an expression still works for a sender the profile does not list. */
export const senderProperty: INodeProperties = {
	displayName: 'Sender',
	name: 'sender',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description:
		'Sender name shown to recipients. It must be registered on your account (SMS Messaging menu of your SMSOnlineGH account), otherwise the service rejects every number. At most 11 characters (18 for a numeric sender).',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchSenders', searchable: true },
		},
		{
			displayName: 'By Name',
			name: 'name',
			type: 'string',
			placeholder: 'e.g. MyShop',
		},
	],
};

/** From the profile's `messageSenders/voice`, not its SMS senders. No length rule: the vendor's SDKs have none. */
export const voiceSenderProperty: INodeProperties = {
	displayName: 'Sender',
	name: 'sender',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	description:
		'Optional. A voice sender assigned to your account (its voice senders, not its SMS ones); leave empty to send without one.',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchVoiceSenders', searchable: true },
		},
		{
			displayName: 'By Name',
			name: 'name',
			type: 'string',
			placeholder: 'e.g. MyShopVoice',
		},
	],
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
		{
			name: 'Flash',
			value: 'flash',
			description: 'GSM text shown at once on the screen, not stored',
		},
		{
			name: 'Flash (Auto)',
			value: 'flashAuto',
			description: 'Shown at once on the screen, not stored; GSM or Unicode as the text needs',
		},
		{
			name: 'Flash Unicode',
			value: 'flashUnicode',
			description: 'Unicode text shown at once on the screen, not stored',
		},
		{
			name: 'GSM Default',
			value: 'gsm',
			description: 'Plain text in the GSM alphabet (160 characters per part)',
		},
		{
			name: 'Unicode',
			value: 'unicode',
			description: 'Any script or emoji (70 characters per part)',
		},
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

export function phoneNumbersProperty(verb: 'send to' | 'call'): INodeProperties {
	return {
		displayName: 'Phone Numbers',
		name: 'phoneNumbers',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. {{ $json.phone }} or 0241234567, +233201234567',
		description: `Numbers to ${verb}, for each input item: one, several separated by commas, semicolons or new lines, or an array. Spaces separate numbers too, but not the groups of one number: a space starts a new number only after 8 digits or more, before a number of 8 digits or more or a +, so 024 123 4567 is one number and 0241234567 +233 20 123 4567 two. Local (024…), international (233…) and +233… forms are accepted.`,
	};
}

export const batchProperty: INodeProperties = {
	displayName: 'Batch ID',
	name: 'batch',
	type: 'string',
	default: '={{ $json.batch }}',
	required: true,
	placeholder: 'e.g. cfa19ba67f94fbd6b19c067b0c87ed4f',
	description: 'The batch field of the Send or Send Personalised output: 32 hexadecimal characters',
};

// -12:00 to +13:00, as the service takes (v5 API documentation; the vendor's SDK checks the same).
// West to east, as a user looks for an offset, not alphabetical (-01:00 would follow +13:00).
const UTC_OFFSETS = [
	'-12:00',
	'-11:00',
	'-10:00',
	'-09:30',
	'-09:00',
	'-08:00',
	'-07:00',
	'-06:00',
	'-05:00',
	'-04:00',
	'-03:30',
	'-03:00',
	'-02:00',
	'-01:00',
	'+00:00',
	'+01:00',
	'+02:00',
	'+03:00',
	'+03:30',
	'+04:00',
	'+04:30',
	'+05:00',
	'+05:30',
	'+05:45',
	'+06:00',
	'+06:30',
	'+07:00',
	'+08:00',
	'+08:45',
	'+09:00',
	'+09:30',
	'+10:00',
	'+10:30',
	'+11:00',
	'+12:00',
	'+12:45',
	'+13:00',
];

const scheduleOffsetChoices: INodePropertyOptions[] = [
	{
		name: 'Account’s Time Zone',
		value: '',
		description: 'The time zone of your SMSOnlineGH account',
	},
	...UTC_OFFSETS.map((offset) => ({ name: `UTC${offset}`, value: offset })),
];

// Values are the text saved workflows hold (`+00:00`, empty for the account's time zone). An
// expression may give any offset the service takes; it is checked when the node runs.
export const scheduleOffsetOption: INodeProperties = {
	displayName: 'Schedule UTC Offset',
	name: 'scheduleOffset',
	type: 'options',
	options: scheduleOffsetChoices,
	default: '',
	description:
		'UTC offset of Schedule At. Account’s Time Zone uses the time zone of your SMSOnlineGH account. An expression may give any offset from -12:00 to +13:00, such as +05:30.',
};

export const retryAttemptsOption: INodeProperties = {
	displayName: 'Retry Attempts',
	name: 'retryAttempts',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 10 },
	default: 3,
	description:
		'Attempts in all when the service could not be reached or asked to retry (HTTP 429 or 503). A request that may have reached the service is never retried.',
};

export const retryMaxWaitOption: INodeProperties = {
	displayName: 'Retry Max Wait (Seconds)',
	name: 'retryMaxWait',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: 30,
	description: 'Longest total time spent waiting between attempts',
};

// These operations only read or change what was sent: asking again is harmless, so a lost answer is retried.
export const queryOptions: INodeProperties = optionsCollection([
	dataFormatOption,
	{
		...retryAttemptsOption,
		description:
			'Attempts in all when the service could not be reached, failed (HTTP 5xx) or asked to retry (HTTP 429 or 503)',
	},
	retryMaxWaitOption,
	timeoutOption,
]);

/** On by default: a sender the service refuses fails every number of the message (sending/senderCheck.ts). */
export const checkSenderOption: INodeProperties = {
	displayName: 'Check Sender',
	name: 'checkSender',
	type: 'boolean',
	default: true,
	description:
		'Whether to check first that the account’s profile allows the sender for the countries of the numbers (registered there, or numeric allowed). The profile is read at most once per run and kept for 10 minutes; an item whose sender would be rejected becomes an error and nothing of it is sent or changed.',
};

export const voiceCheckSenderOption: INodeProperties = {
	...checkSenderOption,
	description:
		'Whether to check first that the account’s profile allows the sender for the countries of the numbers (listed among its voice senders, or numeric allowed). With no voice senders in the profile the sender is not checked and the run says so. An empty Sender is never checked.',
};

// 10 parts is about where other SMS APIs stop (https://www.twilio.com/docs/api/errors/21617);
// why ceilings at all: docs/cost-ceilings.md.
export const DEFAULT_MAXIMUM_PARTS_PER_MESSAGE = 10;

export const maximumPartsPerMessageOption: INodeProperties = {
	displayName: 'Maximum Parts per Message',
	name: 'maximumPartsPerMessage',
	type: 'number',
	typeOptions: { minValue: 0, numberPrecision: 0 },
	default: DEFAULT_MAXIMUM_PARTS_PER_MESSAGE,
	description:
		'Most SMS parts one number’s text may need (a part is 153 GSM characters or 67 Unicode ones once a text needs several). An item whose text needs more becomes an error before anything is sent. 0 means no limit.',
};

// No total by default: a bulk run of 100,000 numbers is 100,000 parts; the per-message ceiling stops a runaway text.
export const maximumTotalPartsOption: INodeProperties = {
	displayName: 'Maximum Total Parts',
	name: 'maximumTotalParts',
	type: 'number',
	typeOptions: { minValue: 0, numberPrecision: 0 },
	default: 0,
	description:
		'Most SMS parts the whole run may send: each number’s parts, added up over every number. A run over it sends nothing and fails (with Continue On Fail every item becomes an error). 0 means no limit.',
};

/** Default by node version (sending/smartText.ts): off in 1, so saved workflows send what they always sent. */
export const smartEncodingOption: INodeProperties = {
	displayName: 'Smart Encoding',
	name: 'smartEncoding',
	type: 'boolean',
	default: true,
	description:
		'Whether to replace characters that have a GSM look-alike (’ ‘ “ ” – — … and odd spaces, which word processors and phones put in) when that makes the text GSM: 160 characters a part instead of 70, never when that would take more parts. A text that needs Unicode for real (ɛ ɔ ŋ, emoji, other scripts) is never changed. A changed item says what was replaced (replaced, partsSaved). On by default from node version 2.',
};

/** Default by node version (sending/gsmOnly.ts): on in 1, so saved workflows send what they always sent. */
export const sendNonGsmAsGivenOption: INodeProperties = {
	displayName: 'Send Non-GSM Text As Given',
	name: 'sendNonGsmAsGiven',
	type: 'boolean',
	default: false,
	description:
		'Whether to send a text with characters the GSM alphabet cannot carry (accents such as ë, other scripts, emoji, or look-alikes such as ’ when Smart Encoding is off) as given with Message Type GSM Default or Flash, where they arrive garbled. Off, such an item is refused before anything is sent, with the fix. An item sent so says it (sentAsGiven). Left out: on in node version 1, off from version 2.',
};

// Sorted as n8n lists a collection's entries.
export function optionsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [...options].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}
