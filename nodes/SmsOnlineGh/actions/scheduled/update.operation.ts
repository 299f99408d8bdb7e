import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { MESSAGE_TYPE_IDS, MESSAGE_TYPE_NAMES } from '../../../shared/meanings/messageTypeIds';
import { reportedDestination } from '../../../shared/reportItems';
import type { WireScheduledMessage, WireScheduledUpdate } from '../../../shared/transport/endpoints/scheduled';
import {
	encodeScheduledUpdate,
	scheduledPath,
	scheduledUpdateReader,
} from '../../../shared/transport/endpoints/scheduled';
import { fromWireSendResult } from '../../../shared/transport/endpoints/send';
import type { TransportOptions } from '../../../shared/transport/service';
import { callService } from '../../../shared/transport/service';
import type { RequestedType } from '../../helpers/messageType';
import { REQUESTED_TYPES, resolveMessageType } from '../../helpers/messageType';
import { normalisePhoneNumber, splitPhoneNumbers } from '../../helpers/phoneNumbers';
import {
	batchProperty,
	checkSenderOption,
	dataFormatOption,
	maximumPartsPerMessageOption,
	messageTypeProperty,
	optionsCollection,
	scheduleOffsetOption,
	senderProperty,
	timeoutOption,
} from '../../items/common.descriptions';
import { EMPTY_TEXT_FIX, locatorValue } from '../../items/fields';
import { describeValue, itemError } from '../../items/itemErrors';
import { readBatch, toMessageIds } from '../../items/messageRefs';
import type { ItemInput, Operation, Outcome } from '../../items/operation';
import type { ItemParameters } from '../../items/parameters';
import { readSettings } from '../../items/settings';
import { measureWithinCeiling, readCeilings } from '../../sending/ceilings';
import { readSchedule } from '../../sending/scheduling';
import type { SenderCheck } from '../../sending/senderCheck';
import { senderCheckEnabled, startSenderCheck, typedSender } from '../../sending/senderCheck';
import { loadDestinations, loadMessage } from './load';

const properties: INodeProperties[] = [
	batchProperty,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Add Numbers',
				name: 'addNumbers',
				type: 'string',
				default: '',
				placeholder: 'e.g. 0241234567, 0201234567',
				description: 'Phone numbers to add to the message, separated by commas (plain messages only)',
			},
			{ ...messageTypeProperty, default: 'auto' },
			{
				displayName: 'Message',
				name: 'text',
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
				description: 'The new text (plain messages only: a personalised message keeps its template)',
			},
			{
				displayName: 'Remove Message IDs',
				name: 'removeMessageIds',
				type: 'string',
				default: '',
				placeholder: 'e.g. 093841e5-578a-41f4-5f5f-2f3910886c12',
				description: 'Take these numbers out of the message: their messageId fields, separated by commas',
			},
			{ displayName: 'Schedule At', name: 'scheduleAt', type: 'dateTime', default: '', description: 'The new date and time to send at (to the minute)' },
			scheduleOffsetOption,
			{ ...senderProperty, required: false },
		],
	},
	optionsCollection([checkSenderOption, dataFormatOption, maximumPartsPerMessageOption, timeoutOption]),
];

interface UpdateRequest {
	batch: string;
	text?: string;
	sender?: string;
	/** Whether the new sender was typed rather than picked from the list (the check's hint). */
	senderTyped: boolean;
	messageType?: RequestedType;
	schedule?: { dateTime: string; offset?: string };
	add: string[];
	remove: string[];
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

function optionalTextField(ctx: IExecuteFunctions, itemIndex: number, field: string, value: unknown): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (typeof value !== 'string') throw itemError(ctx, itemIndex, field, `must be text, but the expression gave ${describeValue(value)}`);
	if (value.trim() === '') throw itemError(ctx, itemIndex, field, `is empty: ${EMPTY_TEXT_FIX}, or remove the field to keep it as it is`);
	return value;
}

function readNumbers(ctx: IExecuteFunctions, itemIndex: number, value: unknown): string[] {
	if (value === undefined || value === null || value === '') return [];
	return splitPhoneNumbers(value).map((input) => {
		const normalised = normalisePhoneNumber(input);
		if (!normalised.ok) throw itemError(ctx, itemIndex, 'Add Numbers', `has an invalid phone number "${input}": it ${normalised.reason}; give it as 0241234567, 233241234567 or +233241234567`);
		return normalised.digits;
	});
}

function readItem(this: IExecuteFunctions, itemIndex: number, parameters: ItemParameters): UpdateRequest {
	const batch = readBatch(this, parameters, itemIndex);
	const fields = parameters.get<UpdateFields>('updateFields', itemIndex, {}) ?? {};
	const request: UpdateRequest = {
		batch,
		text: optionalTextField(this, itemIndex, 'Message', fields.text),
		sender: optionalTextField(this, itemIndex, 'Sender', locatorValue(fields.sender))?.trim(),
		senderTyped: typedSender(fields.sender),
		add: readNumbers(this, itemIndex, fields.addNumbers),
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
		// The message's own type is known once it is loaded (updateOne checks again then): without a
		// new type, GSM, which needs the fewest parts, so what is refused here is surely over.
		const type = request.messageType === undefined ? 'gsm' : resolveMessageType(request.messageType, request.text);
		measureWithinCeiling(this, itemIndex, 'Message', request.text, type, readCeilings(this, parameters).perMessage);
	}
	const changes = [request.text, request.sender, request.messageType, request.schedule].filter((v) => v !== undefined);
	if (changes.length === 0 && request.add.length === 0 && request.remove.length === 0) {
		throw itemError(this, itemIndex, 'Update Fields', 'change nothing: add at least one field to change');
	}
	return request;
}

/** The full properties the service takes on update: what the item changes, the rest as loaded. */
function updateBody(request: UpdateRequest, message: WireScheduledMessage): WireScheduledUpdate {
	const text = request.text ?? message.text ?? '';
	const type =
		request.messageType !== undefined ? MESSAGE_TYPE_IDS[resolveMessageType(request.messageType, text)] : (message.type ?? 0);
	const update: WireScheduledUpdate = { text, type, sender: request.sender ?? message.sender ?? '' };
	const schedule = request.schedule ?? message.schedule;
	if (schedule) update.schedule = { ...schedule };
	if (message.callback) update.callback = { ...message.callback };
	if (request.add.length > 0 || request.remove.length > 0) {
		update.destinations = {};
		if (request.add.length > 0) update.destinations.add = request.add.map((number) => ({ number }));
		if (request.remove.length > 0) update.destinations.delete = [...request.remove];
	}
	return update;
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
	if (message.personalised && (request.text !== undefined || request.add.length > 0)) {
		return new NodeOperationError(
			ctx.getNode(),
			`Batch ${request.batch} is a personalised message, whose text and numbers cannot be changed: cancel it and send it again instead`,
			{ itemIndex, description: 'Its values were sent for its template. Cancel it and send it again instead.' },
		);
	}
	if (request.remove.length === 0 && !check) return undefined;
	const current = await loadDestinations(ctx, request.batch, transport);
	if (!current.ok) return current.failure.toNodeApiError(ctx.getNode(), { itemIndex });
	const kept = current.value.filter((d) => d.status.id !== 2103);
	const ids = new Set(kept.map((d) => d.id));
	const unknown = request.remove.filter((id) => !ids.has(id));
	if (unknown.length > 0) {
		return itemError(ctx, itemIndex, 'Remove Message IDs', `names messages that are not in batch ${request.batch}: ${unknown.join(', ')}`);
	}
	if (request.remove.length > 0 && request.add.length === 0 && new Set(request.remove).size >= ids.size) {
		return itemError(ctx, itemIndex, 'Remove Message IDs', 'would remove every number of the message: use the Cancel operation to cancel it');
	}
	if (!check) return undefined;
	// Every number the message goes to after the change: those it keeps, then those added.
	const removed = new Set(request.remove);
	const numbers = [...kept.filter((d) => !removed.has(d.id)).map((d) => d.to), ...request.add];
	return check.problem(itemIndex, request.sender ?? message.sender ?? '', numbers, request.sender !== undefined && request.senderTyped);
}

const UPDATE_WORDING = { unchecked: 'the updates', nothingDone: 'Nothing was changed.' };

/** Whether the change can make the service refuse the sender: a new sender, or new numbers. */
function needsSenderCheck(request: UpdateRequest): boolean {
	return request.sender !== undefined || request.add.length > 0;
}

/**
 * Loads the message (the service takes its full properties on update), checks the change, then
 * sends it once: adding numbers twice would add them twice, so a lost answer is not retried.
 */
async function updateOne(
	ctx: IExecuteFunctions,
	itemIndex: number,
	request: UpdateRequest,
	{ transport, perMessage }: { transport: TransportOptions; perMessage: number },
	check: SenderCheck | undefined,
): Promise<Outcome[]> {
	const failed = (error: NonNullable<Outcome['error']>): Outcome[] => [{ items: itemIndex, json: { batch: request.batch }, error }];
	const loaded = await loadMessage(ctx, request.batch, transport);
	if (!loaded.ok) return failed(loaded.failure.toNodeApiError(ctx.getNode(), { itemIndex }));
	const message = loaded.value;
	if (!message) return failed(itemError(ctx, itemIndex, 'Batch ID', `${request.batch} is not a scheduled message`));
	const refused = await refusal(ctx, request, message, transport, itemIndex, needsSenderCheck(request) ? check : undefined);
	if (refused) return failed(refused);
	const update = updateBody(request, message);
	if (request.text !== undefined) {
		try {
			measureWithinCeiling(ctx, itemIndex, 'Message', update.text, MESSAGE_TYPE_NAMES.get(update.type) ?? 'gsm', perMessage);
		} catch (error) {
			return failed(error as NodeOperationError);
		}
	}
	const body = encodeScheduledUpdate(update, transport.format);
	const call = await callService(ctx, { path: scheduledPath('update', request.batch), body, reader: scheduledUpdateReader, compressed: true }, transport);
	if (!call.ok) return failed(call.failure.toNodeApiError(ctx.getNode(), { itemIndex }));
	const report = fromWireSendResult(call.value);
	return report.destinations.map((destination) => ({ items: itemIndex, json: reportedDestination(report.batch, destination) }));
}

/**
 * The sender check (as before sending, sending/senderCheck.ts): the profile is taken (kept, or
 * read) once for the run, and only when an item changes the sender or adds numbers. An item the check refuses is not
 * changed; without Continue On Fail an item's error stops the run there, before later items change.
 */
async function execute(this: IExecuteFunctions, inputs: Array<ItemInput<UpdateRequest>>, parameters: ItemParameters): Promise<Outcome[]> {
	const { transport } = readSettings(this, parameters);
	const { perMessage } = readCeilings(this, parameters);
	const check =
		senderCheckEnabled(parameters) && inputs.some(({ input }) => needsSenderCheck(input))
			? await startSenderCheck(this, transport, UPDATE_WORDING)
			: undefined;
	const continueOnFail = this.continueOnFail();
	// The service refused the credential: every update would be refused too, none is tried.
	if (check && 'refused' in check) return inputs.map(({ itemIndex, input }) => ({ items: itemIndex, json: { batch: input.batch }, error: check.refused(itemIndex) }));
	const outcomes: Outcome[] = [];
	for (const { itemIndex, input } of inputs) {
		outcomes.push(...(await updateOne(this, itemIndex, input, { transport, perMessage }, check)));
		// Without Continue On Fail the run fails on this item's error: later items stay unchanged.
		if (!continueOnFail && outcomes.some((outcome) => outcome.error)) break;
	}
	await check?.finish();
	return outcomes;
}

export const update: Operation<UpdateRequest> = {
	option: {
		name: 'Update',
		description: 'Change a scheduled message: its text, sender, type or time, add numbers or remove some',
		action: 'Update a scheduled SMS',
	},
	properties,
	readItem,
	execute,
};
