import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { MessageTypeName } from '../../../shared/meanings/messageTypeIds';
import { describeInvisible, invisibleCharacters } from '../../helpers/invisible';
import type { RequestedType } from '../../helpers/messageType';
import { resolveMessageType } from '../../helpers/messageType';
import { replaceLookAlikes } from '../../helpers/smartEncoding';
import { renderTemplate, templateVariables } from '../../helpers/template';
import { messageTypeProperty, optionsCollection, senderProperty } from '../../items/common.descriptions';
import { checkXmlSafe, readMessageType, readPhoneNumbers, readSender, readText } from '../../items/fields';
import { describeValue, itemError } from '../../items/itemErrors';
import type { ItemInput, Operation, Outcome } from '../../items/operation';
import { numberOptions, readNumberRules } from '../../items/numberRules';
import type { RunHome } from '../../numbers/read';
import type { ItemParameters } from '../../items/parameters';
import { commonSendOptions, smsSendOptions } from '../../items/send.descriptions';
import { readSettings } from '../../items/settings';
import { estimate, hintEstimate, measureWithinCeiling, readCeilings, refuseOverTotal } from '../../sending/ceilings';
import { stampReference } from '../../sending/clientReference';
import { dispatch } from '../../sending/dispatch';
import { groupRequests } from '../../sending/grouping';
import { asGivenAsked, checkGsmCarries, sendAsGivenOn } from '../../sending/gsmOnly';
import { descriptionHints, editorHintsShown, hintGarbledTexts, hintLookAlikes } from '../../sending/hints';
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
				description: 'Each variable takes the item’s field of the same name, e.g. {$first_name} takes first_name',
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
						description: 'Value of the next variable, for example an expression reading a field of the item',
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

function pathValue(root: unknown, path: string): unknown {
	let current = root;
	for (const segment of path.split('.')) {
		if (segment === '') continue;
		if (typeof current !== 'object' || current === null) return undefined;
		current = (current as IDataObject)[segment];
	}
	return current;
}

/** Written only when an error needs it, not for every value read. */
function valueSource(variables: readonly string[], n: number, path: string | undefined): string {
	if (path === undefined) return `value ${n + 1} of Values`;
	return `the field "${path === '' ? variables[n] : `${path}.${variables[n]}`}"`;
}

/** The vendor SDK takes a non-empty string or number; booleans are written as text. */
function checkValue(
	ctx: IExecuteFunctions,
	itemIndex: number,
	variables: readonly string[],
	n: number,
	value: unknown,
	path: string | undefined,
): string | number {
	if (value === undefined || value === null) {
		throw itemError(ctx, itemIndex, `Variable {$${variables[n]}}`, `has no value: ${valueSource(variables, n, path)} is missing`);
	}
	if (typeof value === 'number') {
		if (!Number.isFinite(value)) {
			throw itemError(ctx, itemIndex, `Variable {$${variables[n]}}`, `has the value ${value}, which cannot be written into a message`);
		}
		return value;
	}
	if (typeof value === 'boolean') return String(value);
	if (typeof value === 'string') {
		if (value.trim() === '') {
			throw itemError(ctx, itemIndex, `Variable {$${variables[n]}}`, `has an empty value (${valueSource(variables, n, path)})`);
		}
		return value;
	}
	if (typeof value === 'object') {
		throw itemError(
			ctx,
			itemIndex,
			`Variable {$${variables[n]}}`,
			`got ${describeValue(value)} from ${valueSource(variables, n, path)}; a value must be text or a number`,
		);
	}
	throw itemError(ctx, itemIndex, `Variable {$${variables[n]}}`, `got a ${typeof value} from ${valueSource(variables, n, path)}`);
}

function readValues(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameters: ItemParameters,
	item: INodeExecutionData,
	variables: readonly string[],
): Array<string | number> {
	const source = parameters.get<string>('valuesSource', itemIndex, 'itemFields');
	if (source === 'defined') {
		const collection = parameters.get<{ value?: Array<{ value?: unknown }> }>('values', itemIndex, {});
		const given = (collection.value ?? []).map((entry) => entry.value);
		if (given.length !== variables.length) {
			throw itemError(
				ctx,
				itemIndex,
				'Values',
				`has ${given.length} value${given.length === 1 ? '' : 's'} but the template has ${variables.length} variable${variables.length === 1 ? '' : 's'} (${variables.map((v) => `{$${v}}`).join(', ')})`,
				'Add one value per variable, in the order the variables first appear in the template.',
			);
		}
		return given.map((value, n) => checkValue(ctx, itemIndex, variables, n, value, undefined));
	}
	const path = parameters.get<string>('fieldsPath', itemIndex, '').trim();
	const fields = path === '' ? item.json : pathValue(item.json, path);
	if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
		throw itemError(ctx, itemIndex, 'Fields Path', `"${path}" does not lead to an object in the item`);
	}
	const values: Array<string | number> = new Array(variables.length);
	for (let n = 0; n < variables.length; n++) {
		values[n] = checkValue(ctx, itemIndex, variables, n, (fields as IDataObject)[variables[n]], path);
	}
	return values;
}

function readItem(
	this: IExecuteFunctions,
	itemIndex: number,
	parameters: ItemParameters,
	item: INodeExecutionData,
	home?: RunHome,
): SendPersonalisedInput {
	const sender = readSender(this, parameters, itemIndex);
	const pieces = readPhoneNumbers(this, parameters, 'phoneNumber', 'Phone Number', itemIndex);
	if (pieces.length > 1) {
		throw itemError(
			this,
			itemIndex,
			'Phone Number',
			`holds ${pieces.length} numbers; a personalised message goes to one number per item`,
			'Split the list into one item per number, or use the Send operation for one text to many numbers.',
		);
	}
	const template = readText(this, parameters, 'template', 'Message Template', itemIndex);
	const variables = templateVariables(template);
	if (variables.length === 0) {
		throw itemError(
			this,
			itemIndex,
			'Message Template',
			'has no variables such as {$name}',
			'Write variables as {$name}, or use the Send operation to send the same text to every number.',
		);
	}
	const given = readValues(this, itemIndex, parameters, item, variables);
	// Auto decides on what this number receives: the rendered text, not the template.
	const rendered = renderTemplate(template, given);
	// A template of variables alone, filled with invisible values, would be sent and billed as an empty text.
	const blank = invisibleCharacters(rendered);
	if (blank !== undefined) {
		throw itemError(
			this,
			itemIndex,
			'Message Template',
			`gives this contact an empty text: with its values it holds ${describeInvisible(rendered, blank)}; give its variables visible values`,
		);
	}
	checkXmlSafe(this, parameters, itemIndex, 'Message Template', rendered);
	const requested = readMessageType(this, parameters, itemIndex);
	const smartEncoding = smartEncodingOn(parameters, itemIndex);
	const smart = smartEncoding ? smartText(requested, rendered) : undefined;
	const text = smart?.text ?? rendered;
	const type = smart?.type ?? resolveMessageType(requested, text);
	const asGiven = sendAsGivenOn(parameters, itemIndex);
	const sentAsGiven = checkGsmCarries(this, itemIndex, 'Message Template, with this item’s values,', { requested, type, text, smartEncoding, smart, asGiven });
	const { perMessage } = readCeilings(this, parameters);
	const content = { text, ...measureWithinCeiling(this, itemIndex, 'Message Template', text, type, perMessage) };
	const recipient = toRecipient(this, itemIndex, 'Phone Number', pieces[0], content, readNumberRules(this, parameters, itemIndex, home));
	// The service renders the template with the values: both lose their look-alikes, as the text did.
	const replaced = text !== rendered;
	recipient.values = replaced ? given.map((v) => (typeof v === 'string' ? replaceLookAlikes(v) : v)) : given;
	markSmart(recipient, smart);
	if (sentAsGiven !== undefined) recipient.sentAsGiven = sentAsGiven;
	stampReference(this, parameters, itemIndex, [recipient]);
	const sent = replaced ? replaceLookAlikes(template) : template;
	const asked = sentAsGiven !== undefined && asGivenAsked(parameters);
	return { sender, template: sent, type, requested, smartEncoding, sentAsGiven: asked, recipient, scheduling: readScheduling(this, parameters, itemIndex) };
}

export function groupPersonalised(inputs: Array<ItemInput<SendPersonalisedInput>>): OutgoingMessage[] {
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
		(input) => ({ sender: input.sender, numbers: [input.recipient.number], recipients: [input.recipient] }),
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
