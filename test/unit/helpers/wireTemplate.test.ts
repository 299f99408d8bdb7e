import fc from 'fast-check';

import {
	extractVariables,
	renderTemplate,
	toWireTemplate,
} from '../../../nodes/SmsOnlineGh/helpers/template';
import { templateArb, valueArb } from './templateArbitraries';

type Value = string | number;

/** The documentation's reading: the n-th distinct name takes the n-th value. */
function renderDistinct(template: string, values: Value[]): string {
	const names: string[] = [];
	return template.replace(/\{\$([A-Za-z_][A-Za-z0-9_]*)\}/g, (_whole, name: string) => {
		if (!names.includes(name)) names.push(name);
		return String(values[names.indexOf(name)]);
	});
}

/** The vendor SDKs' reading: one value per occurrence of what their pattern calls a variable. */
function renderOccurrences(pattern: RegExp, template: string, values: Value[]): string {
	let next = 0;
	return template.replace(pattern, () => String(values[next++]));
}
const PHP_VARIABLE = /\{\$[a-zA-Z_][a-zA-Z]+([a-zA-Z0-9_]+)?\}/g;
const PYTHON_VARIABLE = /\{\$[a-zA-Z_][a-zA-Z0-9]+\}/g;

/** What the service receives for one destination: the wire template and a value per variable. */
function onTheWire(template: string, values: Value[]) {
	const wire = toWireTemplate(template);
	return { text: wire.text, values: wire.valueIndexes.map((index) => values[index]) };
}

describe('toWireTemplate', () => {
	it('gives every occurrence a letter-only name of its own and says which value it takes', () => {
		expect(toWireTemplate('Hi {$name}, {$name} owes {$a} ${$b}; {$café} stays')).toEqual({
			text: 'Hi {$va}, {$vb} owes {$vc} ${$vd}; {$café} stays',
			valueIndexes: [0, 0, 1, 2],
		});
	});

	it('goes on past z with two letters', () => {
		const template = Array.from({ length: 28 }, (_, i) => `{$x${i % 2}}`).join(' ');
		const { text, valueIndexes } = toWireTemplate(template);
		expect(text.split(' ').slice(24)).toEqual(['{$vy}', '{$vz}', '{$vaa}', '{$vab}']);
		expect(valueIndexes.slice(0, 4)).toEqual([0, 1, 0, 1]);
	});

	it('leaves a template without variables as it is', () => {
		expect(toWireTemplate('No {$1} variables {$ here}')).toEqual({
			text: 'No {$1} variables {$ here}',
			valueIndexes: [],
		});
	});

	it('the service renders what the dry run shows, under the documentation’s reading and both SDKs’', () => {
		fc.assert(
			fc.property(
				templateArb.chain((template) => {
					const count = extractVariables(template).length;
					return fc.tuple(
						fc.constant(template),
						fc.array(valueArb, { minLength: count, maxLength: count }),
					);
				}),
				([template, values]) => {
					const expected = renderTemplate(template, values);
					const wire = onTheWire(template, values);
					expect(renderDistinct(wire.text, wire.values)).toBe(expected);
					expect(renderOccurrences(PHP_VARIABLE, wire.text, wire.values)).toBe(expected);
					expect(renderOccurrences(PYTHON_VARIABLE, wire.text, wire.values)).toBe(expected);
					// Each reading finds exactly one value per variable sent.
					expect(wire.text.match(PHP_VARIABLE)?.length ?? 0).toBe(wire.values.length);
					expect(wire.text.match(PYTHON_VARIABLE)?.length ?? 0).toBe(wire.values.length);
				},
			),
			{ numRuns: 2000 },
		);
	});
});
