/**
 * Scheduled SMS → Update: a waiting SMS's text, type, sender or time, numbers added or removed.
 * The parts Scheduled Voice → Update shares are in updating.ts; Maximum Total Parts, on what the
 * numbers added will cost, is in addedParts.ts.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { MESSAGE_TYPE_IDS, MESSAGE_TYPE_NAMES } from '../../../shared/meanings/messageTypeIds';
import type { WireScheduledMessage, WireScheduledUpdate } from '../../../shared/transport/endpoints/scheduled';
import { encodeScheduledUpdate, scheduledCategory, scheduledUpdateReader } from '../../../shared/transport/endpoints/scheduled';
import type { TransportOptions } from '../../../shared/transport/service';
import type { RequestedType } from '../../helpers/messageType';
import { measure, REQUESTED_TYPES, resolveMessageType } from '../../helpers/messageType';
import {
	batchProperty,
	checkSenderOption,
	dataFormatOption,
	maximumPartsPerMessageOption,
	maximumTotalPartsOption,
	messageTypeProperty,
	optionsCollection,
	scheduleOffsetOption,
	senderProperty,
	smartEncodingOption,
	timeoutOption,
} from '../../items/common.descriptions';
import { locatorValue } from '../../items/fields';
import { itemError } from '../../items/itemErrors';
import { readBatch, toMessageIds } from '../../items/messageRefs';
import type { ItemInput, Operation, Outcome } from '../../items/operation';
import { numberOptions, readNumberRules } from '../../items/numberRules';
import type { ItemParameters } from '../../items/parameters';
import { readSettings } from '../../items/settings';
import { measureWithinCeiling, readCeilings } from '../../sending/ceilings';
import { readInHomeCountry } from '../../sending/homeCountry';
import { readSchedule } from '../../sending/scheduling';
import { mayGoAsGsm, smartEncodingOn, smartText } from '../../sending/smartText';
import type { SenderCheck } from '../../sending/senderCheck';
import { typedSender } from '../../sending/senderCheck';
import type { Preloaded } from './addedParts';
import { checkAddedParts } from './addedParts';
import { loadMessage } from './load';
import type { DestinationEdit } from './updating';
import {
	addNumbersField,
	checkDestinations,
	destinationChanges,
	failedUpdate,
	optionalTextField,
	readNumbers,
	removeMessageIdsField,
	runUpdates,
	scheduleAtField,
	sendUpdate,
} from './updating';

const properties: INodeProperties[] = [
	batchProperty,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			addNumbersField('Phone numbers to add to the message, separated by commas (plain messages only)'),
			{ ...messageTypeProperty, default: 'auto' },
			{
				displayName: 'Message',
				name: 'text',
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
				description: 'The new text (plain messages only: a personalised message keeps its template)',
			},
			removeMessageIdsField,
			scheduleAtField,
			scheduleOffsetOption,
			{ ...senderProperty, required: false },
		],
	},
	optionsCollection([
		checkSenderOption,
		...numberOptions,
		dataFormatOption,
		maximumPartsPerMessageOption,
		smartEncodingOption,
		{
			...maximumTotalPartsOption,
			description:
				'Most SMS parts the numbers one run adds may cost: each added number costs its message’s parts (of the new text if given, else of the message’s own), added up over every item. A run over it changes nothing and fails (with Continue On Fail every item becomes an error). 0 means no limit.',
		},
		timeoutOption,
	]),
];

interface UpdateRequest extends DestinationEdit {
	text?: string;
	/** Smart Encoding is on and the new text may go as GSM (not Unicode by choice). */
	smartEncoding?: boolean;
	messageType?: RequestedType;
	schedule?: { dateTime: string; offset?: string };
}

interface UpdateFields {
	text?: string;
	sender?: unknown;
	messageType?: string;
	scheduleAt?: string;
	scheduleOffset?: string;
	addNumbers?: unknown;
	removeMessageIds?: unknown;
}

function readItem(this: IExecuteFunctions, itemIndex: number, parameters: ItemParameters): UpdateRequest {
	const batch = readBatch(this, parameters, itemIndex);
	const fields = parameters.get<UpdateFields>('updateFields', itemIndex, {}) ?? {};
	const request: UpdateRequest = {
		batch,
		text: optionalTextField(this, itemIndex, 'Message', fields.text),
		sender: optionalTextField(this, itemIndex, 'Sender', locatorValue(fields.sender))?.trim(),
		senderTyped: typedSender(fields.sender),
		...readNumbers(this, itemIndex, fields.addNumbers, readNumberRules(this, parameters, itemIndex)),
		remove: toMessageIds(this, itemIndex, 'Remove Message IDs', fields.removeMessageIds),
		schedule: readSchedule(this, itemIndex, fields, Date.now()),
	};
	if (fields.messageType !== undefined) {
		if (!REQUESTED_TYPES.includes(fields.messageType as RequestedType)) {
			throw itemError(this, itemIndex, 'Message Type', `"${String(fields.messageType)}" is not one of ${REQUESTED_TYPES.join(', ')}`);
		}
		request.messageType = fields.messageType as RequestedType;
	}
	if (request.sender !== undefined && request.sender.length > (/^\d+$/.test(request.sender) ? 18 : 11)) {
		throw itemError(this, itemIndex, 'Sender', `"${request.sender}" is too long for a sender name`);
	}
	if (request.text !== undefined) {
		if (smartEncodingOn(this, parameters) && mayGoAsGsm(request.messageType)) request.smartEncoding = true;
		// The message's own type is known once it is loaded (updateOne checks again then): without a
		// new type, GSM, which needs the fewest parts, so what is refused here is surely over.
		const requested = request.messageType ?? 'gsm';
		const { text, type } = request.smartEncoding ? smartText(requested, request.text) : { text: request.text, type: resolveMessageType(requested, request.text) };
		measureWithinCeiling(this, itemIndex, 'Message', text, type, readCeilings(this, parameters).perMessage);
	}
	const changes = [request.text, request.sender, request.messageType, request.schedule].filter((v) => v !== undefined);
	if (changes.length === 0 && request.add.length === 0 && request.remove.length === 0) {
		throw itemError(this, itemIndex, 'Update Fields', 'change nothing: add at least one field to change');
	}
	return request;
}

/**
 * The text the update sends: the new one, with its look-alikes replaced by Smart Encoding when it
 * is on and the type sent may be GSM (the new type, else the message's own GSM or Flash type).
 */
function sentText(request: UpdateRequest, message: WireScheduledMessage): string {
	if (request.text === undefined) return message.text ?? '';
	if (!request.smartEncoding) return request.text;
	const own = MESSAGE_TYPE_NAMES.get(message.type ?? 0);
	const requested = request.messageType ?? (own === 'gsm' || own === 'flash' ? own : undefined);
	return requested === undefined ? request.text : smartText(requested, request.text).text;
}

/** The full properties the service takes on update: what the item changes, the rest as loaded. */
function updateBody(request: UpdateRequest, message: WireScheduledMessage): WireScheduledUpdate {
	const text = sentText(request, message);
	const type =
		request.messageType !== undefined ? MESSAGE_TYPE_IDS[resolveMessageType(request.messageType, text)] : (message.type ?? 0);
	const update: WireScheduledUpdate = { text, type, sender: request.sender ?? message.sender ?? '' };
	const schedule = request.schedule ?? message.schedule;
	if (schedule) update.schedule = { ...schedule };
	if (message.callback) update.callback = { ...message.callback };
	const destinations = destinationChanges(request);
	if (destinations) update.destinations = destinations;
	return update;
}

/** The type the update gives the message, by name ('gsm' for an id the node does not know). */
function typeName(update: WireScheduledUpdate) {
	return MESSAGE_TYPE_NAMES.get(update.type) ?? 'gsm';
}

/**
 * The parts each number the item adds will cost (addedParts.ts): its message's text after the
 * update, in its type after the update. None for a message no number can be added to: refusal()
 * fails the item.
 */
function partsPerAddedNumber(request: UpdateRequest, message: WireScheduledMessage): number | undefined {
	if (scheduledCategory(message) === 'voice' || message.personalised) return undefined;
	const update = updateBody(request, message);
	return measure(update.text, typeName(update)).parts;
}

/** Why an update cannot go out as asked, found before it is sent; undefined when it can. */
async function refusal(
	ctx: IExecuteFunctions,
	request: UpdateRequest,
	message: WireScheduledMessage,
	transport: TransportOptions,
	itemIndex: number,
	check: SenderCheck | undefined,
): Promise<Outcome['error'] | undefined> {
	// A voice message has no text or type: it is changed by Scheduled Voice → Update.
	if (scheduledCategory(message) === 'voice') {
		return itemError(ctx, itemIndex, 'Batch ID', `${request.batch} is a scheduled voice message, not an SMS: change it with Scheduled Voice → Update`);
	}
	if (message.personalised && (request.text !== undefined || request.add.length > 0)) {
		return new NodeOperationError(
			ctx.getNode(),
			`Batch ${request.batch} is a personalised message, whose text and numbers cannot be changed: cancel it and send it again instead`,
			{ itemIndex, description: 'Its values were sent for its template. Cancel it and send it again instead.' },
		);
	}
	const sender = request.sender ?? message.sender ?? '';
	return await checkDestinations(ctx, request, { sender, voice: false }, transport, itemIndex, check);
}

/**
 * Loads the message (the service takes its full properties on update) unless Maximum Total Parts
 * already did, checks the change, then sends it once (updating.ts).
 */
async function updateOne(
	ctx: IExecuteFunctions,
	itemIndex: number,
	request: UpdateRequest,
	{ transport, perMessage, preloaded }: { transport: TransportOptions; perMessage: number; preloaded: Preloaded },
	check: SenderCheck | undefined,
): Promise<Outcome[]> {
	const failed = (error: NonNullable<Outcome['error']>): Outcome[] => failedUpdate(itemIndex, request.batch, error);
	const loaded = preloaded.get(itemIndex) ?? (await loadMessage(ctx, request.batch, transport));
	if (!loaded.ok) return failed(loaded.failure.toNodeApiError(ctx.getNode(), { itemIndex }));
	const message = loaded.value;
	if (!message) return failed(itemError(ctx, itemIndex, 'Batch ID', `${request.batch} is not a scheduled message`));
	const refused = await refusal(ctx, request, message, transport, itemIndex, check);
	if (refused) return failed(refused);
	const update = updateBody(request, message);
	if (request.text !== undefined) {
		try {
			measureWithinCeiling(ctx, itemIndex, 'Message', update.text, typeName(update), perMessage);
		} catch (error) {
			return failed(error as NodeOperationError);
		}
	}
	const body = encodeScheduledUpdate(update, transport.format);
	return await sendUpdate(ctx, { itemIndex, batch: request.batch, body, reader: scheduledUpdateReader }, transport);
}

async function execute(this: IExecuteFunctions, inputs: Array<ItemInput<UpdateRequest>>, parameters: ItemParameters): Promise<Outcome[]> {
	const { transport } = readSettings(this, parameters);
	const { perMessage, total } = readCeilings(this, parameters);
	// Before anything else (the sender check's profile read included): a run over it asks nothing more.
	const { preloaded, refused } = await checkAddedParts(this, inputs, { transport, limit: total }, partsPerAddedNumber);
	if (refused) return refused;
	return await runUpdates(this, inputs, parameters, transport, (itemIndex, input, check) =>
		updateOne(this, itemIndex, input, { transport, perMessage, preloaded }, check),
	);
}

export const update: Operation<UpdateRequest> = {
	readItemsWith: readInHomeCountry,
	option: {
		name: 'Update',
		description: 'Change a scheduled message: its text, sender, type or time, add numbers or remove some',
		action: 'Update a scheduled SMS',
	},
	properties,
	verdicts: 'update',
	readItem,
	execute,
};
