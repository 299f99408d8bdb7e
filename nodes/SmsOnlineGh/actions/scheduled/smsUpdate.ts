/** The SMS kind of the scheduled Update (updatePipeline.ts): a waiting SMS's text, type or sender. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { MESSAGE_TYPE_IDS, MESSAGE_TYPE_NAMES } from '../../../shared/meanings/messageTypeIds';
import type { WireScheduledMessage } from '../../../shared/transport/endpoints/scheduled';
import type { WireScheduledUpdate } from '../../../shared/transport/endpoints/scheduledUpdate';
import { scheduledCategory } from '../../../shared/transport/endpoints/scheduled';
import { updateReceiptReader } from '../../../shared/transport/endpoints/scheduledUpdate';
import type { RequestedType } from '../../helpers/messageType';
import { measure, REQUESTED_TYPES, resolveMessageType } from '../../helpers/messageType';
import { itemError } from '../../items/itemErrors';
import type { ItemParameters } from '../../items/parameters';
import { measureWithinCeiling, readCeilings } from '../../sending/ceilings';
import { checkGsmCarries, sendAsGivenOn } from '../../sending/gsmOnly';
import type { SmartText } from '../../sending/smartText';
import { mayGoAsGsm, smartEncodingOn, smartText } from '../../sending/smartText';
import { checkAddedParts } from './addedParts';
import type { UpdateFields, UpdateKind, UpdateRequest } from './updatePipeline';
import { optionalTextField } from './updating';

export interface SmsUpdateRequest extends UpdateRequest {
	text?: string;
	/** Smart Encoding is on and the new text may go as GSM (not Unicode by choice). */
	smartEncoding?: boolean;
	messageType?: RequestedType;
	/** Send Non-GSM Text As Given, read with the item. */
	asGiven?: boolean;
	/** Set by the check before the update: characters its GSM type cannot carry, sent as given as the user said. */
	sentAsGiven?: string;
}

type SmsProperties = Pick<WireScheduledUpdate, 'text' | 'type' | 'sender'>;

function checkItem(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	itemIndex: number,
	request: SmsUpdateRequest,
	fields: UpdateFields,
): void {
	if (fields.messageType !== undefined) {
		if (!REQUESTED_TYPES.includes(fields.messageType as RequestedType)) {
			throw itemError(
				ctx,
				itemIndex,
				'Message Type',
				`"${String(fields.messageType)}" is not one of ${REQUESTED_TYPES.join(', ')}`,
			);
		}
		request.messageType = fields.messageType as RequestedType;
	}
	if (
		request.sender !== undefined &&
		request.sender.length > (/^\d+$/.test(request.sender) ? 18 : 11)
	) {
		throw itemError(ctx, itemIndex, 'Sender', `"${request.sender}" is too long for a sender name`);
	}
	request.asGiven = sendAsGivenOn(parameters, itemIndex);
	if (request.text !== undefined) {
		if (smartEncodingOn(parameters, itemIndex) && mayGoAsGsm(request.messageType))
			request.smartEncoding = true;
		// Without a new type, GSM (fewest parts), so what is refused here is surely over.
		const requested = request.messageType ?? 'gsm';
		const { text, type } = request.smartEncoding
			? smartText(requested, request.text)
			: { text: request.text, type: resolveMessageType(requested, request.text) };
		measureWithinCeiling(
			ctx,
			itemIndex,
			'Message',
			text,
			type,
			readCeilings(ctx, parameters).perMessage,
		);
	}
}

/** Smart Encoding applies when the type sent may be GSM: the new type, else the message's own. */
function smartOf(request: SmsUpdateRequest, message: WireScheduledMessage): SmartText | undefined {
	if (request.text === undefined || !request.smartEncoding) return undefined;
	const own = MESSAGE_TYPE_NAMES.get(message.type ?? 0);
	const requested = request.messageType ?? (own === 'gsm' || own === 'flash' ? own : undefined);
	return requested === undefined ? undefined : smartText(requested, request.text);
}

function sentText(request: SmsUpdateRequest, message: WireScheduledMessage): string {
	if (request.text === undefined) return message.text ?? '';
	return smartOf(request, message)?.text ?? request.text;
}

/** The items are the service's report: Smart Encoding's marks are added to each, as Send's items carry them. */
function smartFields(request: SmsUpdateRequest, message: WireScheduledMessage): IDataObject {
	const smart = smartOf(request, message);
	if (smart?.replaced !== undefined)
		return { replaced: smart.replaced, partsSaved: smart.partsSaved };
	const fields: IDataObject =
		smart?.notReplaced !== undefined ? { notReplaced: smart.notReplaced } : {};
	if (request.sentAsGiven !== undefined) fields.sentAsGiven = request.sentAsGiven;
	return fields;
}

function properties(request: SmsUpdateRequest, message: WireScheduledMessage): SmsProperties {
	const text = sentText(request, message);
	const type =
		request.messageType !== undefined
			? MESSAGE_TYPE_IDS[resolveMessageType(request.messageType, text)]
			: (message.type ?? 0);
	return { text, type, sender: request.sender ?? message.sender ?? '' };
}

function typeName(update: SmsProperties) {
	return MESSAGE_TYPE_NAMES.get(update.type) ?? 'gsm';
}

function partsPerAddedNumber(
	request: SmsUpdateRequest,
	message: WireScheduledMessage,
): number | undefined {
	if (scheduledCategory(message) === 'voice' || message.personalised) return undefined;
	const update = properties(request, message);
	return measure(update.text, typeName(update)).parts;
}

// A new text, or a new type for the message's own text: GSM Default or Flash must carry it (sending/gsmOnly.ts).
function checkCarried(
	ctx: IExecuteFunctions,
	itemIndex: number,
	request: SmsUpdateRequest,
	update: SmsProperties,
): void {
	if (request.text === undefined && request.messageType === undefined) return;
	const type = typeName(update);
	const smart =
		request.smartEncoding === true && request.text !== undefined
			? smartText(type, request.text)
			: undefined;
	const check = {
		requested: type,
		type,
		text: update.text,
		smartEncoding: request.smartEncoding === true,
		smart,
		asGiven: request.asGiven === true,
	};
	request.sentAsGiven = checkGsmCarries(ctx, itemIndex, 'Message', check);
}

export const SMS_UPDATE: UpdateKind<SmsUpdateRequest, WireScheduledUpdate> = {
	category: 'sms',
	otherCategory: (batch) =>
		`${batch} is a scheduled voice message, not an SMS: change it with Scheduled Voice → Update`,
	readOwn: (ctx, _parameters, itemIndex, fields) => ({
		text: optionalTextField(ctx, itemIndex, 'Message', fields.text),
	}),
	readSender: (ctx, _parameters, itemIndex, value) =>
		optionalTextField(ctx, itemIndex, 'Sender', value)?.trim(),
	checkItem,
	changes: (request) => [request.text, request.messageType],
	mismatch(ctx, itemIndex, request, message) {
		if (!message.personalised || (request.text === undefined && request.add.length === 0))
			return undefined;
		return new NodeOperationError(
			ctx.getNode(),
			`Batch ${request.batch} is a personalised message, whose text and numbers cannot be changed: cancel it and send it again instead`,
			{
				itemIndex,
				description: 'Its values were sent for its template. Cancel it and send it again instead.',
			},
		);
	},
	properties,
	reader: updateReceiptReader,
	outputFields: (_update, request, message) => smartFields(request, message),
	ceilings: {
		async beforeUpdates(ctx, inputs, parameters, transport, loadedBefore) {
			return await checkAddedParts(
				ctx,
				inputs,
				{ transport, limit: readCeilings(ctx, parameters).total, loadedBefore },
				partsPerAddedNumber,
			);
		},
		perUpdate(ctx, itemIndex, request, update, parameters) {
			checkCarried(ctx, itemIndex, request, update);
			if (request.text === undefined) return;
			measureWithinCeiling(
				ctx,
				itemIndex,
				'Message',
				update.text,
				typeName(update),
				readCeilings(ctx, parameters).perMessage,
			);
		},
	},
};
