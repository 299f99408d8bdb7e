import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { MessageTypeName } from '../../../shared/meanings/messageTypeIds';
import type { RequestedType } from '../../helpers/messageType';
import { resolveMessageType } from '../../helpers/messageType';
import { replaceLookAlikes } from '../../helpers/smartEncoding';
import {
	messageTypeProperty,
	optionsCollection,
	senderProperty,
} from '../../items/common.descriptions';
import { checkXmlSafe, readMessageType, readPhoneNumbers, readSender } from '../../items/fields';
import { itemError } from '../../items/itemErrors';
import type { ItemInput, Operation, Outcome } from '../../items/operation';
import { numberOptions, readNumberRules } from '../../items/numberRules';
import type { RunHome } from '../../numbers/read';
import type { ItemParameters } from '../../items/parameters';
import { commonSendOptions, smsSendOptions } from '../../items/send.descriptions';
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
import { renderForItem } from './personalisedText';

const properties: INodeProperties[] = [
	senderProperty,
	{
		displayName: 'Phone Number',
		name: 'phoneNumber',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. {{ $json.phone }}',
		description: 'The number that receives this item’s message (one per item)',
	},
	{
		displayName: 'Message Template',
		name: 'template',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		placeholder: 'Hello {$first_name}, your balance is GHS {$amount}.',
		description:
			'Text with variables written {$name}: a letter or underscore, then letters, digits or underscores. Each number receives the text with its own values.',
	},
	messageTypeProperty,
	{
		displayName: 'Values From',
		name: 'valuesSource',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'From Item Fields',
				value: 'itemFields',
				description:
					'Each variable takes the item’s field of the same name, e.g. {$first_name} takes first_name',
			},
			{
				name: 'Defined Below',
				value: 'defined',
				description: 'List the values in the order the variables first appear in the template',
			},
		],
		default: 'itemFields',
	},
	{
		displayName: 'Fields Path',
		name: 'fieldsPath',
		type: 'string',
		default: '',
		placeholder: 'e.g. customer',
		description:
			'Where the fields are in the item, as a dot path; leave empty for the top level. With "customer", {$name} takes customer.name.',
		displayOptions: { show: { valuesSource: ['itemFields'] } },
	},
	{
		displayName: 'Values',
		name: 'values',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Value',
		default: {},
		description: 'One value per variable, in the order the variables first appear in the template',
		displayOptions: { show: { valuesSource: ['defined'] } },
		options: [
			{
				displayName: 'Value',
				name: 'value',
				values: [
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						description:
							'Value of the next variable, for example an expression reading a field of the item',
					},
				],
			},
		],
	},
	optionsCollection([...commonSendOptions, ...smsSendOptions, ...numberOptions]),
];

export interface SendPersonalisedInput {
	sender: string;
	template: string;
	type: MessageTypeName;
	/** The Message Type asked for (Auto may have picked Unicode for look-alikes: the hint says so). */
	requested: RequestedType;
	/** Smart Encoding, read for this item: the hint speaks only of items where it was off. */
	smartEncoding: boolean;
	/** Sent with characters its GSM type cannot carry because the option said so: no hint repeats it. */
	sentAsGiven: boolean;
	recipient: Recipient;
	scheduling: Scheduling;
}

/** A personalised message goes to one number per item. */
function readOneNumber(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	itemIndex: number,
): string {
	const pieces = readPhoneNumbers(ctx, parameters, 'phoneNumber', 'Phone Number', itemIndex);
	if (pieces.length > 1) {
		throw itemError(
			ctx,
			itemIndex,
			'Phone Number',
			`holds ${pieces.length} numbers; a personalised message goes to one number per item`,
			'Split the list into one item per number, or use the Send operation for one text to many numbers.',
		);
	}
	return pieces[0];
}

function readItem(
	this: IExecuteFunctions,
	itemIndex: number,
	parameters: ItemParameters,
	item: INodeExecutionData,
	home?: RunHome,
): SendPersonalisedInput {
	const sender = readSender(this, parameters, itemIndex);
	const piece = readOneNumber(this, parameters, itemIndex);
	const { template, given, rendered } = renderForItem(this, itemIndex, parameters, item);
	checkXmlSafe(this, parameters, itemIndex, 'Message Template', rendered);
	const requested = readMessageType(this, parameters, itemIndex);
	const smartEncoding = smartEncodingOn(parameters, itemIndex);
	const smart = smartEncoding ? smartText(requested, rendered) : undefined;
	const text = smart?.text ?? rendered;
	const type = smart?.type ?? resolveMessageType(requested, text);
	const asGiven = sendAsGivenOn(parameters, itemIndex);
	const sentAsGiven = checkGsmCarries(
		this,
		itemIndex,
		'Message Template, with this item’s values,',
		{ requested, type, text, smartEncoding, smart, asGiven },
	);
	const { perMessage } = readCeilings(this, parameters);
	const content = {
		text,
		...measureWithinCeiling(this, itemIndex, 'Message Template', text, type, perMessage),
	};
	const recipient = toRecipient(
		this,
		itemIndex,
		'Phone Number',
		piece,
		content,
		readNumberRules(this, parameters, itemIndex, home),
	);
	// The service renders the template with the values: both lose their look-alikes, as the text did.
	const replaced = text !== rendered;
	recipient.values = replaced
		? given.map((v) => (typeof v === 'string' ? replaceLookAlikes(v) : v))
		: given;
	markSmart(recipient, smart);
	if (sentAsGiven !== undefined) recipient.sentAsGiven = sentAsGiven;
	stampReference(this, parameters, itemIndex, [recipient]);
	const sent = replaced ? replaceLookAlikes(template) : template;
	const asked = sentAsGiven !== undefined && asGivenAsked(parameters);
	return {
		sender,
		template: sent,
		type,
		requested,
		smartEncoding,
		sentAsGiven: asked,
		recipient,
		scheduling: readScheduling(this, parameters, itemIndex),
	};
}

export function groupPersonalised(
	inputs: Array<ItemInput<SendPersonalisedInput>>,
): OutgoingMessage[] {
	const requests = inputs.map(({ input }) => ({
		sender: input.sender,
		text: input.template,
		type: input.type,
		scheduling: input.scheduling,
		recipients: [input.recipient],
	}));
	return groupRequests(requests, { personalised: true, removeDuplicates: false }).messages;
}

async function execute(
	this: IExecuteFunctions,
	inputs: Array<ItemInput<SendPersonalisedInput>>,
	parameters: ItemParameters,
): Promise<Outcome[]> {
	const settings = readSettings(this, parameters);
	const checked = await checkSenders(
		this,
		parameters,
		inputs,
		(input) => ({
			sender: input.sender,
			numbers: [input.recipient.number],
			recipients: [input.recipient],
		}),
		settings.transport,
	);
	const texts = checked.inputs.map(({ itemIndex, input }) => ({
		itemIndex,
		type: input.type,
		text: input.recipient.text,
		requested: input.requested,
		smartEncoding: input.smartEncoding,
		sentAsGiven: input.sentAsGiven,
	}));
	const editor = editorHintsShown(parameters, 'template');
	hintGarbledTexts(this, texts, editor.gsm);
	hintLookAlikes(this, texts, editor.lookAlikes);
	const messages = groupPersonalised(checked.inputs);
	const ceilings = readCeilings(this, parameters);
	const run = estimate(messages);
	const refused = refuseOverTotal(this, run, ceilings.total, checked.inputs);
	if (refused) return [...checked.outcomes, ...refused];
	if (settings.dryRun) await hintEstimate(this, run, ceilings, settings.transport);
	return [...checked.outcomes, ...(await dispatch(this, messages, settings))];
}

export const sendPersonalised: Operation<SendPersonalisedInput> = {
	readItemsWith: readInHomeCountry,
	option: {
		name: 'Send Personalised',
		description: 'Send each phone number its own text, filled in from a template',
		action: 'Send a personalised SMS',
	},
	properties,
	hints: descriptionHints,
	nextStep: smsCreditAdvice,
	summary: sendSummary(smsSummaryCeilings),
	verdicts: 'send',
	recipientsOf: ({ recipient }) => [{ input: recipient.input, number: recipient.number }],
	readItem,
	execute,
};
