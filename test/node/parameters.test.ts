/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The field-reference fast path of ItemParameters against n8n's own evaluation, case by case: for
 * every case the value read with the fast path must equal what n8n's `getNodeParameter` gives, or
 * n8n's error when n8n fails, on both of n8n's expression engines (the oracle: parameters-oracle.ts).
 * The same comparison on generated expressions and data: parameters-property.test.ts; the parser
 * and the fast path in a real workflow: parameters-fastpath.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';
import { Expression, isSafeObjectProperty } from 'n8n-workflow';

import { ItemParameters } from '../../nodes/SmsOnlineGh/items/parameters';
import {
	compare,
	contextFor,
	engines,
	expectAgreement,
	useEngineWorkflow,
	useExpressionEngines,
} from './parameters-oracle';
import { type Case, ENGINE_DEPENDENT, shapeCases, THROWS } from './parameters-cases';
import { pathCases } from './parameters-path-cases';

const cases: Case[] = [...shapeCases, ...pathCases];

/** The names n8n's sandbox refuses, among every name an object or a function may carry. */
const unsafeNames = [
	...new Set([
		...Object.getOwnPropertyNames(Object.prototype),
		...Object.getOwnPropertyNames(Function.prototype),
		...Object.getOwnPropertyNames(Object),
		...Object.getOwnPropertyNames(Error),
		...Object.getOwnPropertyNames(process),
		...Object.getOwnPropertyNames(module),
		'callee',
		'binding',
		'_linkedBinding',
		'_load',
		'getBuiltinModule',
		'dlopen',
		'execve',
		'loadEnvFile',
		'mainModule',
	]),
].filter((name) => !isSafeObjectProperty(name));

useExpressionEngines();

describe.each(engines)('fast path against n8n (%s engine)', (engine) => {
	const workflow = useEngineWorkflow(engine);

	it('runs on the engine it claims', () => {
		expect(Expression.getActiveImplementation()).toBe(engine);
	});

	it.each(cases)('$label', ({ expression = '={{ $json.v }}', json, n8n, fast, itemIndex = 0 }) => {
		const ctx = contextFor(workflow(), [{ json: json as IDataObject }], {
			phoneNumbers: expression,
		});
		const result = compare(ctx, 'phoneNumbers', itemIndex);
		expectAgreement(result);
		expect(result.taken).toBe(fast);
		if (n8n === THROWS) expect(result.n8n).toHaveProperty('error');
		else if (n8n !== ENGINE_DEPENDENT) expect(result.n8n).toStrictEqual({ value: n8n });
	});

	it('leaves to n8n every name its sandbox refuses, even as an own field', () => {
		expect(unsafeNames.length).toBeGreaterThanOrEqual(20);
		for (const name of unsafeNames) {
			const json = JSON.parse(`{${JSON.stringify(name)}: "value"}`) as IDataObject;
			for (const expression of [
				`={{ $json[${JSON.stringify(name)}] }}`,
				`={{ $json.${name} }}`,
				`={{ $json.a[${JSON.stringify(name)}] }}`,
			]) {
				const ctx = contextFor(workflow(), [{ json: { ...json, a: json } }], {
					phoneNumbers: expression,
				});
				const result = compare(ctx, 'phoneNumbers', 0);
				expectAgreement(result);
				expect(result.taken).toBe(false);
				expect(result.n8n).toHaveProperty('error');
			}
		}
	});

	it('a collection holding expressions, read member by member, is what n8n gives for the whole of it', () => {
		const options = {
			clientReference: '={{ $json.orderId }}',
			dataFormat: 'xml',
			retryMaxWait: 5,
			checkSender: false,
			countryCode: '={{ String($json.cc ?? 233) }}',
			scheduleAt: '={{ $json.when }}',
			callback: { url: '={{ $json.url }}', accept: 'json' },
		};
		const items = [
			{ orderId: 'ORD-1', cc: 44, when: '2030-01-01T10:00:00', url: 'https://a.example' },
			{ orderId: 7, url: null },
			{ orderId: { nested: true }, when: ['x'] },
			{},
		];
		const ctx = contextFor(
			workflow(),
			items.map((json) => ({ json: json as IDataObject })),
			{ options },
		);
		for (let i = 0; i < items.length; i++) {
			const result = compare(ctx, 'options', i);
			expectAgreement(result);
			expect(result.n8n).toHaveProperty('value');
		}
		// Not one evaluation of the whole collection: its constants once, its one other expression; field references not at all.
		const spy = jest.spyOn(ctx, 'getNodeParameter');
		new ItemParameters(ctx).get('options', 0, {});
		expect(spy.mock.calls.map(([name]) => name).sort()).toEqual(
			[
				'options.callback.accept',
				'options.checkSender',
				'options.countryCode',
				'options.dataFormat',
				'options.retryMaxWait',
			].sort(),
		);
		spy.mockRestore();
	});

	it('reads each item from its own json, other parameters and items aside', () => {
		const items = [
			{ phone: '0241234567' },
			{ phone: 233201234567 },
			{},
			{ phone: null },
			{ phone: ['0551234567'] },
		];
		const ctx = contextFor(
			workflow(),
			items.map((json) => ({ json: json as IDataObject, pairedItem: { item: 0 } })),
			{ phoneNumbers: '={{ $json.phone }}', message: '={{ $json.phone }} here' },
		);
		const spy = jest.spyOn(ctx, 'getNodeParameter');
		const fast = new ItemParameters(ctx);
		const values = items.map((_, i) => fast.get('phoneNumbers', i, ''));
		expect(spy).not.toHaveBeenCalled();
		spy.mockRestore();
		const n8n = new ItemParameters(ctx, { fieldReferences: false });
		expect(values).toStrictEqual(items.map((_, i) => n8n.get('phoneNumbers', i, '')));
		expect(values).toStrictEqual(['0241234567', 233201234567, undefined, null, ['0551234567']]);
		// A copy: the item's own list is not handed out.
		expect(values[4]).not.toBe(items[4].phone);
	});
});
