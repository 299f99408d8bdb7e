/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The field-reference fast path against n8n's own evaluation on generated expressions and data, on
 * both of n8n's expression engines (the oracle: parameters-oracle.ts; the same comparison on a
 * table of cases: parameters.test.ts). PARAMETERS_RUNS=<n> runs it longer.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import {
	compare,
	contextFor,
	engines,
	expectAgreement,
	useEngineWorkflow,
	useExpressionEngines,
} from './parameters-oracle';

useExpressionEngines();

describe.each(engines)('fast path against n8n (%s engine)', (engine) => {
	const workflow = useEngineWorkflow(engine);

	describe('property: any expression, any data', () => {
		const specialKeys = [
			'phone',
			'first name',
			'a.b',
			'0',
			'1',
			'01',
			'$',
			'_',
			'',
			'class',
			'length',
			'__proto__',
			'constructor',
			'prototype',
			'toString',
			'hasOwnProperty',
			'valueOf',
			'caller',
			'arguments',
			'__sanitize',
			'___n8n_data',
			'isEmpty',
			'$json',
			'}}',
			'"',
			"'",
			'\\',
		];
		const key = fc.oneof(
			fc.constantFrom(...specialKeys),
			fc.string({ maxLength: 5 }),
			fc.string({ maxLength: 4, unit: 'binary' }),
			fc.stringMatching(/^[A-Za-z_$][\w$]{0,5}$/),
		);
		const space = fc.constantFrom('', '', ' ', '  ', '\n', '\t', '\u00a0');
		/** How one key is written after `$json`: mostly in a style that fits it, else in any style. */
		const accessor = (k: string) => {
			const fitting = [`["${k}"]`, `['${k}']`];
			if (/^[A-Za-z_$][\w$]*$/.test(k)) fitting.push(`.${k}`, `.${k}`);
			if (/^\d+$/.test(k)) fitting.push(`[${k}]`, `[${k}]`);
			return fc.oneof(
				{ weight: 4, arbitrary: fc.constantFrom(...fitting) },
				{
					weight: 1,
					arbitrary: fc.constantFrom(`.${k}`, `[${k}]`, `[ "${k}" ]`, `?.${k}`, `["${k}"`),
				},
			);
		};
		const path = fc.array(key, { minLength: 1, maxLength: 3 });
		const expression = path.chain((keys) =>
			fc
				.tuple(
					fc.tuple(...keys.map(accessor)),
					space,
					space,
					fc.oneof(
						{ weight: 5, arbitrary: fc.constant('={{') },
						fc.constantFrom('= {{', '{{', '=x{{'),
					),
					fc.oneof(
						{ weight: 5, arbitrary: fc.constant('}}') },
						fc.constantFrom('}} ', '}}x', '.length }}'),
					),
				)
				.map(([accessors, before, after, open, close]) => ({
					keys,
					text: `${open}${before}$json${accessors.join('')}${after}${close}`,
				})),
		);
		const primitive = fc.oneof(
			fc.string(),
			fc.double(),
			fc.integer(),
			fc.boolean(),
			fc.constant(null),
			fc.constant(undefined),
		);
		const value = fc.oneof(
			{ weight: 4, arbitrary: primitive },
			fc.jsonValue(),
			fc.array(primitive, { maxLength: 4 }),
			fc.sparseArray(fc.integer(), { maxLength: 4 }),
			fc.date({ noInvalidDate: true }),
			fc.bigInt(),
		);

		/** An own data property, even for `__proto__`, as JSON.parse makes it. */
		function put(target: Record<string, unknown>, name: string, content: unknown) {
			Object.defineProperty(target, name, {
				value: content,
				writable: true,
				enumerable: true,
				configurable: true,
			});
		}

		/** Json where the path leads to the value (through objects or lists), or is cut short. */
		function build(keys: string[], content: unknown, shapes: boolean[], cut: number): unknown {
			let leaf: unknown = content;
			for (let i = keys.length - 1; i >= 0; i--) {
				if (i === cut) leaf = shapes[i] ? null : 'cut';
				const index = Number(keys[i]);
				if (shapes[i] && /^\d$/.test(keys[i])) {
					const list: unknown[] = Array.from({ length: index + 1 }, (_, n) => n);
					list[index] = leaf;
					leaf = list;
				} else {
					const object: Record<string, unknown> = shapes[i]
						? (Object.create(null) as Record<string, unknown>)
						: {};
					put(object, keys[i], leaf);
					put(object, 'sibling', 'other');
					leaf = object;
				}
			}
			return leaf;
		}

		const itemJson = (keys: string[]) =>
			fc.oneof(
				{
					weight: 4,
					arbitrary: fc
						.tuple(
							value,
							fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
							fc.integer({ min: -1, max: 5 }),
						)
						.map(([content, shapes, cut]) => build(keys, content, shapes, cut)),
				},
				{ weight: 1, arbitrary: fc.dictionary(key, value, { maxKeys: 3 }) },
			);

		// PARAMETERS_RUNS=<n> runs the property longer (QuickJS evaluates at about 10 ms a call).
		const runs = Number(process.env.PARAMETERS_RUNS) || (engine === 'legacy' ? 400 : 80);

		it(`fast path equals n8n (${runs} runs)`, () => {
			let taken = 0;
			let compared = 0;
			fc.assert(
				fc.property(
					expression.chain(({ keys, text }) =>
						fc.tuple(fc.constant(text), fc.array(itemJson(keys), { minLength: 1, maxLength: 3 })),
					),
					([text, jsons]) => {
						const ctx = contextFor(
							workflow(),
							jsons.map((json) => ({ json: json as IDataObject })),
							{ phoneNumbers: text },
						);
						for (let i = 0; i < jsons.length; i++) {
							const result = compare(ctx, 'phoneNumbers', i);
							expectAgreement(result);
							compared++;
							if (result.taken) taken++;
						}
					},
				),
				{ numRuns: runs },
			);
			// The property is not vacuous: the fast path answered a good share of the cases.
			expect(taken).toBeGreaterThan(compared / 8);
		}, 120_000);
	});
});
