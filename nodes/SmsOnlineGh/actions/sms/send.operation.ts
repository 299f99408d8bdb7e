import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { MessageTypeName } from '../../../shared/meanings/messageTypeIds';
import type { RequestedType } from '../../helpers/messageType';
import { resolveMessageType } from '../../helpers/messageType';
import {
	messageTypeProperty,
	optionsCollection,
	phoneNumbersProperty,
	senderProperty,
} from '../../items/common.descriptions';
import {
	checkXmlSafe,
	readMessageType,
	readPhoneNumbers,
	readSender,
	readText,
} from '../../items/fields';
import type { ItemInput, Operation, Outcome } from '../../items/operation';
import type { ItemParameters } from '../../items/parameters';
import { numberOptions, readNumberRules } from '../../items/numberRules';
import type { RunHome } from '../../numbers/read';
import {
	commonSendOptions,
	removeDuplicatesOption,
	smsSendOptions,
} from '../../items/send.descriptions';
import { readSettings } from '../../items/settings';
import {
	estimate,
	hintEstimate,
	measureWithinCeiling,
	readCeilings,
	refuseOverTotal,
} from '../../sending/ceilings';
import { stampReference } from '../../sending/clientReference';
import { dispatch } from '../../sending/dispatch';
import { groupRequests } from '../../sending/grouping';
import { asGivenAsked, checkGsmCarries, sendAsGivenOn } from '../../sending/gsmOnly';
import {
	descriptionHints,
	editorHintsShown,
	hintGarbledTexts,
	hintLookAlikes,
} from '../../sending/hints';
import { readInHomeCountry } from '../../sending/homeCountry';
import type { OutgoingMessage, Recipient } from '../../sending/message';
import { toRecipient } from '../../sending/message';
import type { Scheduling } from '../../sending/scheduling';
import { readScheduling } from '../../sending/scheduling';
import { checkSenders } from '../../sending/senderCheck';
import { markSmart, smartEncodingOn, smartText } from '../../sending/smartText';
import { smsCreditAdvice } from '../../sending/credit';
import { sendSummary, smsSummaryCeilings } from '../../sending/summary';

const properties: INodeProperties[] = [
	senderProperty,
	phoneNumbersProperty('send to'),
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		placeholder: 'e.g. Your order {{ $json.orderId }} has shipped.',
		description:
			'The text every number receives. Items with the same sender, message and type are sent together in one request.',
	},
	messageTypeProperty,
	optionsCollection([
		...commonSendOptions,
		...smsSendOptions,
		removeDuplicatesOption,
		...numberOptions,
	]),
];

export interface SendInput {
	sender: string;
	text: string;
	type: MessageTypeName;
	recipients: Recipient[];
	scheduling: Scheduling;
	/** The Message Type asked for (Auto may have picked Unicode for look-alikes: the hint says so). */
	requested: RequestedType;
	/** Smart Encoding, read for this item: the hint speaks only of items where it was off. */
	smartEncoding: boolean;
	/** Sent with characters its GSM type cannot carry because the option said so: no hint repeats it. */
	sentAsGiven: boolean;
}

interface SendOnlyOptions {
	removeDuplicates?: boolean;
}

function readItem(
	this: IExecuteFunctions,
	itemIndex: number,
	parameters: ItemParameters,
	_item: unknown,
	home?: RunHome,
): SendInput {
	const sender = readSender(this, parameters, itemIndex);
	const pieces = readPhoneNumbers(this, parameters, 'phoneNumbers', 'Phone Numbers', itemIndex);
	const given = readText(this, parameters, 'message', 'Message', itemIndex);
	checkXmlSafe(this, parameters, itemIndex, 'Message', given);
	const requested = readMessageType(this, parameters, itemIndex);
	const smartEncoding = smartEncodingOn(parameters, itemIndex);
	const smart = smartEncoding ? smartText(requested, given) : undefined;
	const text = smart?.text ?? given;
	const type = smart?.type ?? resolveMessageType(requested, text);
	const asGiven = sendAsGivenOn(parameters, itemIndex);
	const sentAsGiven = checkGsmCarries(this, itemIndex, 'Message', {
		requested,
		type,
		text,
		smartEncoding,
		smart,
		asGiven,
	});
	const scheduling = readScheduling(this, parameters, itemIndex);
	const rules = readNumberRules(this, parameters, itemIndex, home);
	// Before any copy of the text is made (a 10 MB one is refused after its first parts).
	const { perMessage } = readCeilings(this, parameters);
	const content = {
		text,
		...measureWithinCeiling(this, itemIndex, 'Message', text, type, perMessage),
	};
	const recipients = pieces.map((piece) =>
		toRecipient(this, itemIndex, 'Phone Numbers', piece, content, rules),
	);
	if (smart?.replaced !== undefined || smart?.notReplaced !== undefined)
		for (const recipient of recipients) markSmart(recipient, smart);
	if (sentAsGiven !== undefined)
		for (const recipient of recipients) recipient.sentAsGiven = sentAsGiven;
	stampReference(this, parameters, itemIndex, recipients);
	return {
		sender,
		text,
		type,
		requested,
		recipients,
		scheduling,
		smartEncoding,
		sentAsGiven: sentAsGiven !== undefined && asGivenAsked(parameters),
	};
}

export function groupMessages(
	inputs: Array<ItemInput<SendInput>>,
	removeDuplicates: boolean,
): { messages: OutgoingMessage[]; skipped: Outcome[] } {
	return groupRequests(
		inputs.map(({ input }) => input),
		{ personalised: false, removeDuplicates },
	);
}

async function execute(
	this: IExecuteFunctions,
	inputs: Array<ItemInput<SendInput>>,
	parameters: ItemParameters,
): Promise<Outcome[]> {
	const { removeDuplicates = true } = parameters.get<SendOnlyOptions>('options', 0, {});
	const settings = readSettings(this, parameters);
	const checked = await checkSenders(
		this,
		parameters,
		inputs,
		(input) => ({
			sender: input.sender,
			numbers: input.recipients.map((r) => r.number),
			recipients: input.recipients,
		}),
		settings.transport,
	);
	const texts = checked.inputs.map(({ itemIndex, input }) => ({
		itemIndex,
		type: input.type,
		text: input.text,
		requested: input.requested,
		smartEncoding: input.smartEncoding,
		sentAsGiven: input.sentAsGiven,
	}));
	const editor = editorHintsShown(parameters, 'message');
	hintGarbledTexts(this, texts, editor.gsm);
	hintLookAlikes(this, texts, editor.lookAlikes);
	const { messages, skipped } = groupMessages(checked.inputs, removeDuplicates);
	// The estimate counts what would go out: repeated numbers removed, refused senders left out.
	const ceilings = readCeilings(this, parameters);
	const run = estimate(messages);
	const refused = refuseOverTotal(this, run, ceilings.total, checked.inputs);
	if (refused) return [...checked.outcomes, ...refused];
	if (settings.dryRun) await hintEstimate(this, run, ceilings, settings.transport);
	return [...checked.outcomes, ...(await dispatch(this, messages, settings)), ...skipped];
}

export const send: Operation<SendInput> = {
	readItemsWith: readInHomeCountry,
	option: {
		name: 'Send',
		description: 'Send one text to one or many phone numbers',
		action: 'Send an SMS',
	},
	properties,
	hints: descriptionHints,
	nextStep: smsCreditAdvice,
	summary: sendSummary(smsSummaryCeilings),
	verdicts: 'send',
	recipientsOf: (input) => input.recipients.map((r) => ({ input: r.input, number: r.number })),
	readItem,
	execute,
};
