// Batch and message ids. A wrong id is refused before anything is asked, naming the item and the
// field: the service would answer only that it knows no such batch.
import type { IExecuteFunctions } from 'n8n-workflow';

import { BATCH_ID, MESSAGE_ID } from '../../shared/transport/endpoints/report';
import { describeValue, itemError } from './itemErrors';
import type { ItemParameters } from './parameters';

const FROM_SEND =
	'Map the batch field of the Send or Send Personalised output, for example {{ $json.batch }}.';
const EMPTY = 'is empty: map the batch field of the Send output, for example {{ $json.batch }}';

export function readBatch(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	itemIndex: number,
	name = 'batch',
	field = 'Batch ID',
): string {
	const value = parameters.get<unknown>(name, itemIndex, '');
	// A failed Send item has no batch: empty, not a wrong type.
	if (value === undefined || value === null)
		throw itemError(ctx, itemIndex, field, EMPTY, FROM_SEND);
	if (typeof value !== 'string' && typeof value !== 'number') {
		throw itemError(
			ctx,
			itemIndex,
			field,
			`must be text, but the expression gave ${describeValue(value)}`,
			FROM_SEND,
		);
	}
	const batch = String(value).trim();
	if (batch === '') throw itemError(ctx, itemIndex, field, EMPTY, FROM_SEND);
	if (!BATCH_ID.test(batch)) {
		throw itemError(
			ctx,
			itemIndex,
			field,
			`"${batch}" is not a batch ID: it must be 32 hexadecimal characters`,
			FROM_SEND,
		);
	}
	return batch.toLowerCase();
}

function pieces(value: unknown): unknown[] {
	if (value === undefined || value === null) return [];
	if (Array.isArray(value))
		return value.flatMap((entry) => (typeof entry === 'string' ? entry.split(/[\s,;]+/) : [entry]));
	if (typeof value === 'string') return value.split(/[\s,;]+/);
	return [value];
}

/** Each must be of a form the service gives or takes (MESSAGE_ID in transport/endpoints/report.ts). */
export function toMessageIds(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	value: unknown,
): string[] {
	const ids: string[] = [];
	for (const piece of pieces(value)) {
		if (piece === '') continue;
		if (typeof piece !== 'string') {
			throw itemError(
				ctx,
				itemIndex,
				field,
				`must hold message IDs as text, but the expression gave ${describeValue(piece)}`,
			);
		}
		if (!MESSAGE_ID.test(piece)) {
			throw itemError(
				ctx,
				itemIndex,
				field,
				`"${piece}" is not a message ID: it must be 30 to 40 letters, digits or hyphens`,
				'Map the messageId field of the Send or Send Personalised output, for example {{ $json.messageId }}.',
			);
		}
		ids.push(piece);
	}
	// Exact-size copy: push leaves spare room, and a report keeps every list for the whole run.
	return ids.slice();
}

export function readMessageIds(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	itemIndex: number,
	name: string,
	field: string,
): string[] {
	return toMessageIds(ctx, itemIndex, field, parameters.get<unknown>(name, itemIndex, ''));
}
