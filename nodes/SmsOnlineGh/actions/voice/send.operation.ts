/**
 * Voice → Send (POST /v5/message/voice/send), carried by the SMS send pipeline. No text, so no
 * parts: its ceiling is Maximum Destinations (docs/operations.md).
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	optionsCollection,
	phoneNumbersProperty,
	voiceSenderProperty,
} from '../../items/common.descriptions';
import { checkXmlSafe, locatorValue, readPhoneNumbers, readText } from '../../items/fields';
import { describeValue, itemError } from '../../items/itemErrors';
import type { ItemInput, Operation, Outcome } from '../../items/operation';
import { numberOptions, readNumberRules } from '../../items/numberRules';
import type { RunHome } from '../../numbers/read';
import type { ItemParameters } from '../../items/parameters';
import {
	commonSendOptions,
	removeDuplicatesOption,
	voiceSendOptions,
} from '../../items/send.descriptions';
import { readSettings } from '../../items/settings';
import { stampReference } from '../../sending/clientReference';
import { dispatch } from '../../sending/dispatch';
import { groupRequests, type VoiceRequest } from '../../sending/grouping';
import { readInHomeCountry } from '../../sending/homeCountry';
import type { Recipient } from '../../sending/message';
import { toRecipient } from '../../sending/message';
import type { Scheduling } from '../../sending/scheduling';
import { readScheduling } from '../../sending/scheduling';
import { checkSenders } from '../../sending/senderCheck';
import {
	countDestinations,
	hintVoiceEstimate,
	maximumDestinationsOption,
	readMaximumDestinations,
	refuseOverDestinations,
	voiceSummaryCeilings,
} from '../../sending/ceilings';
import { voiceCreditAdvice } from '../../sending/credit';
import { sendSummary } from '../../sending/summary';

const voiceOptions: INodeProperties[] = [
	...commonSendOptions,
	...voiceSendOptions,
	maximumDestinationsOption,
	removeDuplicatesOption,
	...numberOptions,
];

const properties: INodeProperties[] = [
	{
		displayName: 'Template',
		name: 'template',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. appointment_reminder',
		description:
			'Name of a voice template stored on your SMSOnlineGH account (created in its portal), matched exactly. It cannot be picked from a list: the service documents no way to list templates. Items with the same template, sender, schedule and delivery report URL are sent together in one request.',
	},
	voiceSenderProperty,
	phoneNumbersProperty('call'),
	optionsCollection(voiceOptions),
];

export interface VoiceSendInput extends VoiceRequest {
	kind: 'voice';
}

interface VoiceOnlyOptions {
	removeDuplicates?: boolean;
}

const NO_TEXT: Pick<Recipient, 'text' | 'characters' | 'parts'> = Object.freeze({
	text: '',
	characters: 0,
	parts: 0,
});

/** Voice senders have no length or character rule (vendor SDKs). */
function readVoiceSender(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	itemIndex: number,
): string {
	const value = locatorValue(parameters.get<unknown>('sender', itemIndex, ''));
	if (value === undefined || value === null) return '';
	if (typeof value !== 'string' && typeof value !== 'number') {
		throw itemError(
			ctx,
			itemIndex,
			'Sender',
			`must be text, but the expression gave ${describeValue(value)}`,
		);
	}
	return String(value).trim();
}

function readItem(
	this: IExecuteFunctions,
	itemIndex: number,
	parameters: ItemParameters,
	_item: unknown,
	home?: RunHome,
): VoiceSendInput {
	const template = readText(
		this,
		parameters,
		'template',
		'Template',
		itemIndex,
		'type the name of a voice template stored on your SMSOnlineGH account',
	).trim();
	checkXmlSafe(this, parameters, itemIndex, 'Template', template);
	const sender = readVoiceSender(this, parameters, itemIndex);
	checkXmlSafe(this, parameters, itemIndex, 'Sender', sender);
	const pieces = readPhoneNumbers(this, parameters, 'phoneNumbers', 'Phone Numbers', itemIndex);
	const scheduling: Scheduling = readScheduling(this, parameters, itemIndex);
	const rules = readNumberRules(this, parameters, itemIndex, home);
	const recipients = pieces.map((piece) =>
		toRecipient(this, itemIndex, 'Phone Numbers', piece, NO_TEXT, rules),
	);
	stampReference(this, parameters, itemIndex, recipients, template);
	return { kind: 'voice', sender, template, recipients, scheduling };
}

async function execute(
	this: IExecuteFunctions,
	inputs: Array<ItemInput<VoiceSendInput>>,
	parameters: ItemParameters,
): Promise<Outcome[]> {
	const { removeDuplicates = true } = parameters.get<VoiceOnlyOptions>('options', 0, {});
	// No text to include: the option is not shown, and a value kept from elsewhere is not read.
	const settings = readSettings(this, parameters, { text: false });
	const checked = await checkSenders(
		this,
		parameters,
		inputs,
		(input) => ({
			sender: input.sender,
			numbers: input.recipients.map((r) => r.number),
			voice: true,
			recipients: input.recipients,
		}),
		settings.transport,
	);
	const { messages, skipped } = groupRequests(
		checked.inputs.map(({ input }) => input),
		{ personalised: false, removeDuplicates },
	);
	// The count is of what would go out: repeated numbers removed, refused senders left out.
	const limit = readMaximumDestinations(this, parameters);
	const destinations = countDestinations(messages);
	const refused = refuseOverDestinations(this, destinations, limit, checked.inputs);
	if (refused) return [...checked.outcomes, ...refused];
	if (settings.dryRun) hintVoiceEstimate(this, destinations, limit);
	return [...checked.outcomes, ...(await dispatch(this, messages, settings)), ...skipped];
}

export const send: Operation<VoiceSendInput> = {
	readItemsWith: readInHomeCountry,
	option: {
		name: 'Send',
		description: 'Play a voice template stored on the account to one or many phone numbers',
		action: 'Send a voice message',
	},
	properties,
	verdicts: 'send',
	recipientsOf: (input) => input.recipients.map((r) => ({ input: r.input, number: r.number })),
	nextStep: voiceCreditAdvice,
	summary: sendSummary(voiceSummaryCeilings),
	readItem,
	execute,
};
