/**
 * The one flow of both scheduled Updates, the kind (smsUpdate.ts, voiceUpdate.ts) declaring what
 * differs. The service takes a message's full properties on update, so each message is loaded first.
 */
import type { IDataObject, IExecuteFunctions, NodeOperationError } from 'n8n-workflow';

import type { MessageCategory, SendReceipt } from '../../../shared/transport/endpoints/send';
import type { WireScheduledMessage } from '../../../shared/transport/endpoints/scheduled';
import type {
	WireScheduledUpdate,
	WireScheduledVoiceUpdate,
	WireUpdateChanges,
} from '../../../shared/transport/endpoints/scheduledUpdate';
import { scheduledCategory } from '../../../shared/transport/endpoints/scheduled';
import {
	encodeScheduledUpdate,
	toWireUpdateChanges,
} from '../../../shared/transport/endpoints/scheduledUpdate';
import type { DataReader, TransportOptions } from '../../../shared/transport/service';
import { locatorValue } from '../../items/fields';
import { itemError } from '../../items/itemErrors';
import { readBatch, toMessageIds } from '../../items/messageRefs';
import type { ItemInput, Operation, Outcome, ReadItems } from '../../items/operation';
import { readNumberRules } from '../../items/numberRules';
import type { RunHome } from '../../numbers/read';
import type { ItemParameters } from '../../items/parameters';
import { readSettings } from '../../items/settings';
import { readInHomeCountry } from '../../sending/homeCountry';
import type { Scheduling } from '../../sending/scheduling';
import { readSchedule } from '../../sending/scheduling';
import type { SenderCheck } from '../../sending/senderCheck';
import { typedSender } from '../../sending/senderCheck';
import type { Preloaded } from './addedParts';
import { loadMessage } from './load';
import type { DestinationEdit } from './updating';
import { checkDestinations, failedUpdate, readNumbers, runUpdates, sendUpdate } from './updating';

export interface UpdateRequest extends DestinationEdit {
	schedule?: Scheduling['schedule'];
}

export interface UpdateFields {
	sender?: unknown;
	scheduleAt?: string;
	scheduleOffset?: string;
	addNumbers?: unknown;
	removeMessageIds?: unknown;
	[field: string]: unknown;
}

export type WireUpdate = WireScheduledUpdate | WireScheduledVoiceUpdate;

/** A run over a ceiling is refused whole; an update over `perUpdate` fails its item alone. */
export interface UpdateCeilings<R, W> {
	asGiven?(
		ctx: IExecuteFunctions,
		inputs: Array<ItemInput<R>>,
		parameters: ItemParameters,
	): Outcome[] | undefined;
	beforeUpdates?(
		ctx: IExecuteFunctions,
		inputs: Array<ItemInput<R>>,
		parameters: ItemParameters,
		transport: TransportOptions,
		loadedBefore?: Preloaded,
	): Promise<{ preloaded: Preloaded; refused?: Outcome[] }>;
	perUpdate?(
		ctx: IExecuteFunctions,
		itemIndex: number,
		request: R,
		update: W,
		parameters: ItemParameters,
	): void;
}

export interface UpdateKind<R extends UpdateRequest, W extends WireUpdate> {
	category: MessageCategory;
	otherCategory(batch: string): string;
	readOwn(
		ctx: IExecuteFunctions,
		parameters: ItemParameters,
		itemIndex: number,
		fields: UpdateFields,
	): Omit<R, keyof UpdateRequest>;
	readSender(
		ctx: IExecuteFunctions,
		parameters: ItemParameters,
		itemIndex: number,
		value: unknown,
	): string | undefined;
	checkItem?(
		ctx: IExecuteFunctions,
		parameters: ItemParameters,
		itemIndex: number,
		request: R,
		fields: UpdateFields,
	): void;
	changes(request: R): unknown[];
	mismatch(
		ctx: IExecuteFunctions,
		itemIndex: number,
		request: R,
		message: WireScheduledMessage,
	): Outcome['error'] | undefined;
	/** The service takes full properties: what the item changes, the rest as loaded. */
	properties(request: R, message: WireScheduledMessage): Omit<W, keyof WireUpdateChanges>;
	reader: DataReader<SendReceipt>;
	/** Added to each item of the service's report. */
	outputFields?(update: W, request: R, message: WireScheduledMessage): IDataObject;
	ceilings: UpdateCeilings<R, W>;
}

function readUpdate<R extends UpdateRequest, W extends WireUpdate>(
	ctx: IExecuteFunctions,
	kind: UpdateKind<R, W>,
	itemIndex: number,
	parameters: ItemParameters,
	home: RunHome | undefined,
): R {
	const batch = readBatch(ctx, parameters, itemIndex);
	const fields = parameters.get<UpdateFields>('updateFields', itemIndex, {}) ?? {};
	const request = {
		batch,
		...kind.readOwn(ctx, parameters, itemIndex, fields),
		sender: kind.readSender(ctx, parameters, itemIndex, locatorValue(fields.sender)),
		senderTyped: typedSender(fields.sender),
		remove: toMessageIds(ctx, itemIndex, 'Remove Message IDs', fields.removeMessageIds),
		schedule: readSchedule(ctx, itemIndex, fields, Date.now()),
	} as R;
	kind.checkItem?.(ctx, parameters, itemIndex, request, fields);
	// After the item's ceiling: an item refused for its text never needs the home country read.
	Object.assign(
		request,
		readNumbers(
			ctx,
			itemIndex,
			fields.addNumbers,
			readNumberRules(ctx, parameters, itemIndex, home),
		),
	);
	const changes = [...kind.changes(request), request.sender, request.schedule].filter(
		(v) => v !== undefined,
	);
	if (changes.length === 0 && request.add.length === 0 && request.remove.length === 0) {
		throw itemError(
			ctx,
			itemIndex,
			'Update Fields',
			'change nothing: add at least one field to change',
		);
	}
	return request;
}

function updateBody<R extends UpdateRequest, W extends WireUpdate>(
	kind: UpdateKind<R, W>,
	request: R,
	message: WireScheduledMessage,
): W {
	return { ...kind.properties(request, message), ...toWireUpdateChanges(message, request) } as W;
}

interface Run {
	transport: TransportOptions;
	parameters: ItemParameters;
	preloaded: Preloaded;
}

async function updateOne<R extends UpdateRequest, W extends WireUpdate>(
	ctx: IExecuteFunctions,
	kind: UpdateKind<R, W>,
	{ itemIndex, input: request }: ItemInput<R>,
	{ transport, parameters, preloaded }: Run,
	check: SenderCheck | undefined,
): Promise<Outcome[]> {
	const failed = (error: NonNullable<Outcome['error']>): Outcome[] =>
		failedUpdate(itemIndex, request.batch, error);
	const loaded = preloaded.get(itemIndex) ?? (await loadMessage(ctx, request.batch, transport));
	if (!loaded.ok) return failed(loaded.failure.toNodeApiError(ctx.getNode(), { itemIndex }));
	const message = loaded.value;
	if (!message)
		return failed(
			itemError(ctx, itemIndex, 'Batch ID', `${request.batch} is not a scheduled message`),
		);
	if (scheduledCategory(message) !== kind.category)
		return failed(itemError(ctx, itemIndex, 'Batch ID', kind.otherCategory(request.batch)));
	const wrong = kind.mismatch(ctx, itemIndex, request, message);
	if (wrong) return failed(wrong);
	const sender = request.sender ?? message.sender ?? '';
	// A voice message may have no sender at all: an empty sender is never checked.
	const checked = kind.category === 'voice' && sender === '' ? undefined : check;
	const refused = await checkDestinations(
		ctx,
		request,
		{ sender, voice: kind.category === 'voice' },
		transport,
		itemIndex,
		checked,
	);
	if (refused) return failed(refused);
	const update = updateBody(kind, request, message);
	try {
		kind.ceilings.perUpdate?.(ctx, itemIndex, request, update, parameters);
	} catch (error) {
		return failed(error as NodeOperationError);
	}
	const body = encodeScheduledUpdate(update, transport.format);
	const prepared = {
		itemIndex,
		batch: request.batch,
		body,
		reader: kind.reader,
		fields: kind.outputFields?.(update, request, message),
		notes: request.addNotes,
	};
	return await sendUpdate(ctx, prepared, transport);
}

/** The loads of a ceiling checked before the home country's profile read, kept for the run. */
const loadedBeforeProfile = new WeakMap<ItemParameters, Preloaded>();

// The ceilings come before every request the run makes for itself, the home country's profile read included.
async function refusedBeforeProfile<R extends UpdateRequest, W extends WireUpdate>(
	ctx: IExecuteFunctions,
	kind: UpdateKind<R, W>,
	{ inputs }: ReadItems,
	parameters: ItemParameters,
): Promise<boolean> {
	const read = inputs as Array<ItemInput<R>>;
	if (kind.ceilings.asGiven?.(ctx, read, parameters)) return true;
	if (!kind.ceilings.beforeUpdates) return false;
	const { transport } = readSettings(ctx, parameters);
	const { preloaded, refused } = await kind.ceilings.beforeUpdates(
		ctx,
		read,
		parameters,
		transport,
	);
	loadedBeforeProfile.set(parameters, preloaded);
	return refused !== undefined;
}

async function executeUpdates<R extends UpdateRequest, W extends WireUpdate>(
	ctx: IExecuteFunctions,
	kind: UpdateKind<R, W>,
	inputs: Array<ItemInput<R>>,
	parameters: ItemParameters,
): Promise<Outcome[]> {
	const early = kind.ceilings.asGiven?.(ctx, inputs, parameters);
	if (early) return early;
	const { transport } = readSettings(ctx, parameters);
	// Before the sender check's profile read: a run over it asks nothing more.
	const loadedBefore = loadedBeforeProfile.get(parameters);
	const { preloaded, refused } = (await kind.ceilings.beforeUpdates?.(
		ctx,
		inputs,
		parameters,
		transport,
		loadedBefore,
	)) ?? { preloaded: new Map() };
	if (refused) return refused;
	const run: Run = { transport, parameters, preloaded };
	return await runUpdates(ctx, inputs, parameters, transport, (itemIndex, input, check) =>
		updateOne(ctx, kind, { itemIndex, input }, run, check),
	);
}

export function updateOperation<R extends UpdateRequest, W extends WireUpdate>(
	kind: UpdateKind<R, W>,
	{ option, properties }: Pick<Operation<R>, 'option' | 'properties'>,
): Operation<R> {
	return {
		readItemsWith: (ctx, parameters, read) =>
			readInHomeCountry(
				ctx,
				parameters,
				read,
				async (first) => await refusedBeforeProfile(ctx, kind, first, parameters),
			),
		option,
		properties,
		verdicts: 'update',
		readItem(itemIndex, parameters, _item, home) {
			return readUpdate(this, kind, itemIndex, parameters, home);
		},
		async execute(inputs, parameters) {
			return await executeUpdates(this, kind, inputs, parameters);
		},
	};
}
