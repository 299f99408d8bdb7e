/**
 * Reading batch ids and message ids from an item's fields: the forms taken (trimmed, lower-cased
 * batches; ids as text split on commas, semicolons, spaces or new lines, or as a list), and the
 * errors' exact words, naming the field and the item, with a hint of what to map.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	readBatch,
	readMessageIds,
	toMessageIds,
} from '../../../nodes/SmsOnlineGh/items/messageRefs';
import { ItemParameters } from '../../../nodes/SmsOnlineGh/items/parameters';
import { fakeContext } from '../../harness/fakeContext';

const BATCH = '4f1c2a9be07d4c55a3b6e8f01d2c3b4a';
const UUID = '093841e5-578a-41f4-5f5f-2f3910886c12';
const CUSTOM = 'ORD-1042-0123456789abcdef0123456789abcde';
const FROM_SEND =
	'Map the batch field of the Send or Send Personalised output, for example {{ $json.batch }}.';
const FROM_SEND_ID =
	'Map the messageId field of the Send or Send Personalised output, for example {{ $json.messageId }}.';

/** A context whose parameters read each item's own fields, as `{{ $json.x }}` does. */
function items(
	json: IDataObject[],
	parameters: INodeParameters = { batch: '={{ $json.batch }}', messageIds: '={{ $json.ids }}' },
) {
	const fake = fakeContext({ parameters, items: json });
	return { ctx: fake.ctx, parameters: new ItemParameters(fake.ctx) };
}

/** The error a call throws, with what a user sees of it. */
function thrown(call: () => unknown) {
	try {
		call();
	} catch (error) {
		expect(error).toBeInstanceOf(NodeOperationError);
		const e = error as NodeOperationError;
		return { message: e.message, description: e.description, itemIndex: e.context.itemIndex };
	}
	throw new Error('nothing was thrown');
}

describe('readBatch', () => {
	it('each item its own batch; trimmed and lower-cased', () => {
		const { ctx, parameters } = items([{ batch: BATCH }, { batch: ` ${BATCH.toUpperCase()}\n` }]);
		expect([0, 1].map((i) => readBatch(ctx, parameters, i))).toEqual([BATCH, BATCH]);
	});

	it('a constant batch, and another parameter name and field', () => {
		const { ctx, parameters } = items([{}, {}], { scheduled: BATCH });
		expect(readBatch(ctx, parameters, 1, 'scheduled', 'Scheduled Batch')).toBe(BATCH);
	});

	it('not a batch: the field, the value, the rule, the item, and what to map', () => {
		const { ctx, parameters } = items([{ batch: 'x' }, { batch: BATCH.slice(1) }, { batch: UUID }]);
		expect(thrown(() => readBatch(ctx, parameters, 0))).toEqual({
			message: 'Batch ID "x" is not a batch ID: it must be 32 hexadecimal characters',
			description: FROM_SEND,
			itemIndex: 0,
		});
		expect(thrown(() => readBatch(ctx, parameters, 1)).message).toBe(
			`Batch ID "${BATCH.slice(1)}" is not a batch ID: it must be 32 hexadecimal characters`,
		);
		expect(thrown(() => readBatch(ctx, parameters, 2)).message).toBe(
			`Batch ID "${UUID}" is not a batch ID: it must be 32 hexadecimal characters`,
		);
	});

	it('the value is shown trimmed', () => {
		const { ctx, parameters } = items([{ batch: '  abc  ' }]);
		expect(thrown(() => readBatch(ctx, parameters, 0)).message).toBe(
			'Batch ID "abc" is not a batch ID: it must be 32 hexadecimal characters',
		);
	});

	it.each([
		['empty', ''],
		['blank', ' \t '],
		['null', null],
		['absent (an item without the field)', undefined],
	])('%s: "is empty"', (_case, batch) => {
		const { ctx, parameters } = items([{}, { batch }]);
		expect(thrown(() => readBatch(ctx, parameters, 1))).toEqual({
			message:
				'Batch ID is empty: map the batch field of the Send output, for example {{ $json.batch }}',
			description: FROM_SEND,
			itemIndex: 1,
		});
	});

	it.each([
		['a list', [BATCH], 'an array'],
		['a boolean', true, 'a boolean (true)'],
	])('%s: must be text', (_case, batch, described) => {
		const { ctx, parameters } = items([{ batch } as IDataObject]);
		expect(thrown(() => readBatch(ctx, parameters, 0))).toEqual({
			message: `Batch ID must be text, but the expression gave ${described}`,
			description: FROM_SEND,
			itemIndex: 0,
		});
	});

	it('a number is read as its digits, and refused unless it has 32 of them', () => {
		const { ctx, parameters } = items([{ batch: 12345 }]);
		expect(thrown(() => readBatch(ctx, parameters, 0)).message).toBe(
			'Batch ID "12345" is not a batch ID: it must be 32 hexadecimal characters',
		);
	});
});

describe('toMessageIds', () => {
	const { ctx } = items([{}]);

	it('text: commas, semicolons, spaces and new lines between, empty pieces dropped, order kept', () => {
		expect(
			toMessageIds(ctx, 0, 'Message IDs', `${UUID}, ${CUSTOM};\n${UUID.toUpperCase()} ,, `),
		).toEqual([UUID, CUSTOM, UUID.toUpperCase()]);
	});

	it('a list, its strings split the same way', () => {
		expect(toMessageIds(ctx, 0, 'Message IDs', [UUID, `${CUSTOM} ${UUID}`, ''])).toEqual([
			UUID,
			CUSTOM,
			UUID,
		]);
	});

	it.each([
		['empty text', ''],
		['blank text', ' ,\n; '],
		['undefined', undefined],
		['null', null],
		['an empty list', []],
	])('%s: none', (_case, value) => {
		expect(toMessageIds(ctx, 0, 'Message IDs', value)).toEqual([]);
	});

	it('an id that is not one: the field, the id, the rule, the item, and what to map', () => {
		expect(thrown(() => toMessageIds(ctx, 3, 'Message IDs', `${UUID},m1`))).toEqual({
			message:
				'Message IDs "m1" is not a message ID: it must be 30 to 40 letters, digits or hyphens',
			description: FROM_SEND_ID,
			itemIndex: 3,
		});
		const long = 'a'.repeat(41);
		expect(thrown(() => toMessageIds(ctx, 0, 'Destinations to Remove', long)).message).toBe(
			`Destinations to Remove "${long}" is not a message ID: it must be 30 to 40 letters, digits or hyphens`,
		);
		expect(thrown(() => toMessageIds(ctx, 0, 'Message IDs', `${'a'.repeat(29)}_`)).message).toBe(
			`Message IDs "${'a'.repeat(29)}_" is not a message ID: it must be 30 to 40 letters, digits or hyphens`,
		);
	});

	it.each([
		['a number', 12345, 'a number (12345)'],
		['an object', { id: UUID }, 'an object'],
		['a boolean in a list', [UUID, false], 'a boolean (false)'],
		['null in a list', [null], 'null'],
		['a nested list', [[UUID]], 'an array'],
	])('%s: must hold message IDs as text', (_case, value, described) => {
		expect(thrown(() => toMessageIds(ctx, 2, 'Message IDs', value))).toEqual({
			message: `Message IDs must hold message IDs as text, but the expression gave ${described}`,
			description: undefined,
			itemIndex: 2,
		});
	});
});

describe('readMessageIds', () => {
	it('each item’s own ids from the parameter', () => {
		const { ctx, parameters } = items([{ ids: UUID }, { ids: [CUSTOM, UUID] }, { ids: '' }]);
		expect(
			[0, 1, 2].map((i) => readMessageIds(ctx, parameters, i, 'messageIds', 'Message IDs')),
		).toEqual([[UUID], [CUSTOM, UUID], []]);
	});

	it('a parameter left unset gives none', () => {
		const { ctx, parameters } = items([{}], {});
		expect(readMessageIds(ctx, parameters, 0, 'messageIds', 'Message IDs')).toEqual([]);
	});

	it('names the field given', () => {
		const { ctx, parameters } = items([{}, { ids: 'short' }]);
		expect(
			thrown(() => readMessageIds(ctx, parameters, 1, 'messageIds', 'Message IDs')).message,
		).toBe(
			'Message IDs "short" is not a message ID: it must be 30 to 40 letters, digits or hyphens',
		);
	});
});
