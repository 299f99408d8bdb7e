/** What Update shares between Scheduled SMS and Scheduled Voice: destinations, time, sending once. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { reportedDestination } from '../../../shared/reportItems';
import { scheduledPath } from '../../../shared/transport/endpoints/scheduled';
import type { SendReceipt } from '../../../shared/transport/endpoints/send';
import type { Certainty } from '../../../shared/transport/failure';
import type { DataReader, TransportOptions } from '../../../shared/transport/service';
import { callService } from '../../../shared/transport/service';
import { quoteNumber } from '../../helpers/invisible';
import { EMPTY_TEXT_FIX, emptyText } from '../../items/fields';
import { describeValue, itemError, numberError } from '../../items/itemErrors';
import type { ItemInput, Outcome } from '../../items/operation';
import type { ItemParameters } from '../../items/parameters';
import { type NumberRules, readNumber, splitPhoneNumbers } from '../../numbers/read';
import type { SenderCheck } from '../../sending/senderCheck';
import { senderCheckEnabled, startSenderCheck } from '../../sending/senderCheck';
import { loadDestinations } from './load';

export function addNumbersField(description: string): INodeProperties {
	return {
		displayName: 'Add Numbers',
		name: 'addNumbers',
		type: 'string',
		default: '',
		placeholder: 'e.g. 0241234567, 0201234567',
		description,
	};
}

export const removeMessageIdsField: INodeProperties = {
	displayName: 'Remove Message IDs',
	name: 'removeMessageIds',
	type: 'string',
	default: '',
	placeholder: 'e.g. 093841e5-578a-41f4-5f5f-2f3910886c12',
	description: 'Take these numbers out of the message: their messageId fields, separated by commas',
};

export const scheduleAtField: INodeProperties = {
	displayName: 'Schedule At',
	name: 'scheduleAt',
	type: 'dateTime',
	default: '',
	description: 'The new date and time to send at (to the minute)',
};

export interface DestinationEdit {
	batch: string;
	sender?: string;
	/** Whether the new sender was typed rather than picked from the list (the check's hint). */
	senderTyped: boolean;
	add: string[];
	addWarnings: string[];
	/** What Send would say on the item of an added number read with a warning, by its international form. */
	addNotes: Record<string, IDataObject>;
	remove: string[];
}

export function optionalTextField(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	value: unknown,
): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (typeof value !== 'string')
		throw itemError(
			ctx,
			itemIndex,
			field,
			`must be text, but the expression gave ${describeValue(value)}`,
		);
	const empty = emptyText(value);
	if (empty !== undefined)
		throw itemError(
			ctx,
			itemIndex,
			field,
			`${empty}${EMPTY_TEXT_FIX}, or remove the field to keep it as it is`,
		);
	return value;
}

/** Read as Send reads them (numbers/read.ts). */
export function readNumbers(
	ctx: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	rules?: NumberRules,
): Pick<DestinationEdit, 'add' | 'addWarnings' | 'addNotes'> {
	const addWarnings: string[] = [];
	const addNotes: Record<string, IDataObject> = {};
	if (value === undefined || value === null || value === '')
		return { add: [], addWarnings, addNotes };
	const add = splitPhoneNumbers(value).map((input) => {
		const read = readNumber(input, rules);
		if (!read.ok && 'several' in read)
			throw numberError(ctx, itemIndex, 'Add Numbers', input, read.several);
		if (!read.ok) {
			throw numberError(
				ctx,
				itemIndex,
				'Add Numbers',
				input,
				`has an invalid phone number ${quoteNumber(input)}: it ${read.reason}; ${read.fix}`,
			);
		}
		if (read.warning !== undefined) {
			addWarnings.push(
				`Add Numbers of item ${itemIndex + 1}: ${quoteNumber(input)} ${read.warning}.`,
			);
			addNotes[read.key] = {
				input,
				warning: read.warning,
				...(read.country !== undefined ? { country: read.country } : {}),
			};
		}
		return read.number;
	});
	return { add, addWarnings, addNotes };
}

export function needsSenderCheck(request: DestinationEdit): boolean {
	return request.sender !== undefined || request.add.length > 0;
}

/** The destinations are loaded only when needed. */
export async function checkDestinations(
	ctx: IExecuteFunctions,
	request: DestinationEdit,
	{ sender, voice }: { sender: string; voice: boolean },
	transport: TransportOptions,
	itemIndex: number,
	check: SenderCheck | undefined,
): Promise<Outcome['error'] | undefined> {
	if (request.remove.length === 0 && !check) return undefined;
	const current = await loadDestinations(ctx, request.batch, transport);
	if (!current.ok) return current.failure.toNodeApiError(ctx.getNode(), { itemIndex });
	const kept = current.value.filter((d) => d.status.id !== 2103);
	const ids = new Set(kept.map((d) => d.id));
	const unknown = request.remove.filter((id) => !ids.has(id));
	if (unknown.length > 0) {
		return itemError(
			ctx,
			itemIndex,
			'Remove Message IDs',
			`names messages that are not in batch ${request.batch}: ${unknown.join(', ')}`,
		);
	}
	if (
		request.remove.length > 0 &&
		request.add.length === 0 &&
		new Set(request.remove).size >= ids.size
	) {
		return itemError(
			ctx,
			itemIndex,
			'Remove Message IDs',
			'would remove every number of the message: use the Cancel operation to cancel it',
		);
	}
	if (!check) return undefined;
	const removed = new Set(request.remove);
	const numbers = [...kept.filter((d) => !removed.has(d.id)).map((d) => d.to), ...request.add];
	return check.problem(
		itemIndex,
		sender,
		numbers,
		request.sender !== undefined && request.senderTyped,
		voice,
	);
}

/** One whose answer was lost may have been made (`maybeSent`). */
export function failedUpdate(
	itemIndex: number,
	batch: string,
	error: NonNullable<Outcome['error']>,
	certainty?: Certainty,
): Outcome[] {
	const json: IDataObject = { batch };
	if (certainty === 'maybeProcessed') {
		json.verdict = 'maybeSent';
		json.reason = `unknown: the change may have been made (${error.message})`;
	}
	return [{ items: itemIndex, json, error }];
}

export interface PreparedUpdate {
	itemIndex: number;
	batch: string;
	body: string;
	reader: DataReader<SendReceipt>;
	fields?: IDataObject;
	/** Fields for the items of some destinations (an added number's warning), by number. */
	notes?: Record<string, IDataObject>;
}

/** Sent once: adding numbers twice would add them twice, so a lost answer is not retried. */
export async function sendUpdate(
	ctx: IExecuteFunctions,
	update: PreparedUpdate,
	transport: TransportOptions,
): Promise<Outcome[]> {
	const { itemIndex, batch, body, reader, fields = {}, notes = {} } = update;
	const call = await callService(
		ctx,
		{ path: scheduledPath('update', batch), body, reader, compressed: true },
		transport,
	);
	if (!call.ok)
		return failedUpdate(
			itemIndex,
			batch,
			call.failure.toNodeApiError(ctx.getNode(), { itemIndex }),
			call.failure.certainty,
		);
	const report = call.value;
	return report.destinations.map((destination) => {
		const json = Object.assign(
			reportedDestination(report.batch, destination, undefined, fields.category),
			fields,
		);
		// As in Send, the service's own country stands when it gives one.
		for (const [name, value] of Object.entries(notes[destination.to] ?? {})) json[name] ??= value;
		return { items: itemIndex, json };
	});
}

const UPDATE_WORDING = { unchecked: 'the updates', nothingDone: 'Nothing was changed.' };

export type UpdateOne<T> = (
	itemIndex: number,
	request: T,
	check: SenderCheck | undefined,
) => Promise<Outcome[]>;

/** The profile is read once per run, and only when an item changes the sender or adds numbers. */
export async function runUpdates<T extends DestinationEdit>(
	ctx: IExecuteFunctions,
	inputs: Array<ItemInput<T>>,
	parameters: ItemParameters,
	transport: TransportOptions,
	updateOne: UpdateOne<T>,
): Promise<Outcome[]> {
	// Said on the added numbers' items too (sendUpdate); the hint shows it before the items are read.
	for (const { input } of inputs) {
		for (const message of input.addWarnings)
			ctx.addExecutionHints({ message, type: 'warning', location: 'outputPane' });
	}
	const check =
		senderCheckEnabled(parameters) && inputs.some(({ input }) => needsSenderCheck(input))
			? await startSenderCheck(ctx, transport, UPDATE_WORDING)
			: undefined;
	const continueOnFail = ctx.continueOnFail();
	// The service refused the credential: every update would be refused too, none is tried.
	if (check && 'refused' in check)
		return inputs.map(({ itemIndex, input }) => ({
			items: itemIndex,
			json: { batch: input.batch },
			error: check.refused(itemIndex),
		}));
	const outcomes: Outcome[] = [];
	for (const { itemIndex, input } of inputs) {
		outcomes.push(
			...(await updateOne(itemIndex, input, needsSenderCheck(input) ? check : undefined)),
		);
		if (!continueOnFail && outcomes.some((outcome) => outcome.error)) break;
	}
	await check?.finish();
	return outcomes;
}
