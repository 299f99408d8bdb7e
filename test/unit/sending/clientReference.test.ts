/**
 * The Client Reference option per item: whether it is set, each item's reference with its errors'
 * exact words (naming the field and the item), and each recipient stamped with the reference and
 * the message id derived from its international number and its text.
 */
import type { IDataObject, IExecuteFunctions, INodeParameters } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ItemParameters } from '../../../nodes/SmsOnlineGh/items/parameters';
import {
	CLIENT_REFERENCE_OPTION,
	clientReferenceUsed,
	readClientReference,
	stampReference,
} from '../../../nodes/SmsOnlineGh/sending/clientReference';
import type { Recipient } from '../../../nodes/SmsOnlineGh/sending/message';
import { customMessageId } from '../../../nodes/shared/referenceIds';
import { fakeContext } from '../../harness/fakeContext';
import { LOCAL, OTHER, PLUS } from './dispatchFixtures';

/**
 * A context whose getNodeParameter takes dot paths, as n8n's does, and evaluates `={{ $json.x }}`
 * from the item (the values the node's own fast path leaves to n8n, objects and lists, included).
 */
function context(parameters: INodeParameters, items: IDataObject[] = [{}]) {
	const fake = fakeContext({ parameters, items });
	const ctx = {
		...fake.ctx,
		getNodeParameter: (name: string, itemIndex: number, fallback?: unknown) => {
			let current: unknown = parameters;
			for (const key of name.split('.')) {
				if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key))
					return fallback;
				current = (current as IDataObject)[key];
			}
			const field = typeof current === 'string' ? /^=\{\{ \$json\.(\w+) \}\}$/.exec(current) : null;
			return field ? items[itemIndex][field[1]] : current;
		},
	} as unknown as IExecuteFunctions;
	return { ctx, parameters: new ItemParameters(ctx) };
}

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

const BY_ITEM = { options: { clientReference: '={{ $json.ref }}' } };
const EVERY_ITEM =
	'Every item needs its own reference once the option is set, for example {{ $json.orderId }}.';

describe('clientReferenceUsed', () => {
	it.each([
		['a constant', { options: { clientReference: 'ORD-1' } }, true],
		['an expression', BY_ITEM, true],
		['a number', { options: { clientReference: 7 } }, true],
		['empty', { options: { clientReference: '' } }, false],
		['not in the options', { options: { includeText: true } }, false],
		['no options', {}, false],
		['options that are not a collection', { options: 'x' }, false],
	])('%s: %s', (_case, parameters, used) => {
		expect(clientReferenceUsed(context(parameters as INodeParameters).ctx)).toBe(used);
	});

	it('the option’s path', () => {
		expect(CLIENT_REFERENCE_OPTION).toBe('options.clientReference');
	});
});

describe('readClientReference', () => {
	it('not used: nothing read', () => {
		const { ctx, parameters } = context({ options: { clientReference: 'ORD-1' } });
		expect(readClientReference(ctx, parameters, 0, false)).toBeUndefined();
	});

	it('each item’s own reference, trimmed; a number as its digits; a constant for all', () => {
		const { ctx, parameters } = context(BY_ITEM, [{ ref: ' ORD-1 ' }, { ref: 1042 }]);
		expect([0, 1].map((i) => readClientReference(ctx, parameters, i, true))).toEqual([
			'ORD-1',
			'1042',
		]);
		const constant = context({ options: { clientReference: 'Batch run 5' } }, [{}, {}]);
		expect(
			[0, 1].map((i) => readClientReference(constant.ctx, constant.parameters, i, true)),
		).toEqual(['Batch run 5', 'Batch run 5']);
	});

	it.each([
		['empty', ''],
		['blank', '  \n'],
	])('%s: the item and what to map', (_case, ref) => {
		const { ctx, parameters } = context(BY_ITEM, [{ ref: 'ORD-1' }, { ref }]);
		expect(thrown(() => readClientReference(ctx, parameters, 1, true))).toEqual({
			message: 'Client Reference is empty',
			description: EVERY_ITEM,
			itemIndex: 1,
		});
	});

	it.each([
		['an object', { id: 1 }, 'an object'],
		['a list', ['ORD-1'], 'an array'],
		['a boolean', false, 'a boolean (false)'],
	])('%s: must be text', (_case, ref, described) => {
		const { ctx, parameters } = context(BY_ITEM, [{ ref } as IDataObject]);
		expect(thrown(() => readClientReference(ctx, parameters, 0, true))).toEqual({
			message: `Client Reference must be text, but the expression gave ${described}`,
			description: undefined,
			itemIndex: 0,
		});
	});
});

describe('stampReference', () => {
	const copies = () => [LOCAL, PLUS, OTHER].map((r) => ({ ...r }));

	it('each recipient gets the item’s reference and its own id, from its international number and text', () => {
		const { ctx, parameters } = context(BY_ITEM, [{ ref: 'ORD-7' }]);
		const recipients: Recipient[] = copies();
		stampReference(ctx, parameters, 0, recipients);
		expect(recipients.map((r) => [r.reference, r.messageId])).toEqual([
			['ORD-7', customMessageId('ORD-7', '233241234567', 'Hello')],
			['ORD-7', customMessageId('ORD-7', '233551234567', 'Hello')],
			['ORD-7', customMessageId('ORD-7', '233201234567', 'Hello')],
		]);
		expect(new Set(recipients.map((r) => r.messageId)).size).toBe(3);
	});

	it('a local and an international form of one number get the same id', () => {
		const { ctx, parameters } = context(BY_ITEM, [{ ref: 'ORD-7' }]);
		const local = { ...LOCAL };
		const international = { ...LOCAL, input: '+233241234567', number: '233241234567' };
		stampReference(ctx, parameters, 0, [local, international]);
		expect(local.messageId).toBe(international.messageId);
	});

	it('the text each number receives is in its id', () => {
		const { ctx, parameters } = context(BY_ITEM, [{ ref: 'ORD-7' }]);
		const ama = { ...LOCAL, text: 'Hi Ama' };
		const kofi = { ...LOCAL, text: 'Hi Kofi' };
		stampReference(ctx, parameters, 0, [ama, kofi]);
		expect(ama.messageId).toBe(customMessageId('ORD-7', '233241234567', 'Hi Ama'));
		expect(ama.messageId).not.toBe(kofi.messageId);
	});

	it('without the option, the recipients are left as they were', () => {
		const { ctx, parameters } = context({ options: { includeText: true } });
		const recipients = copies();
		stampReference(ctx, parameters, 0, recipients);
		expect(recipients).toEqual([LOCAL, PLUS, OTHER]);
		expect(recipients[0]).not.toHaveProperty('messageId');
	});

	it('an item without a reference once the option is set stops with its error', () => {
		const { ctx, parameters } = context(BY_ITEM, [{ ref: 'ORD-1' }, { ref: '' }]);
		expect(() => stampReference(ctx, parameters, 1, copies())).toThrow('Client Reference is empty');
	});
});
