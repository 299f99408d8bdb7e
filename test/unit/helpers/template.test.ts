import fc from 'fast-check';

import {
	extractVariables,
	renderTemplate,
	TemplateValuesError,
} from '../../../nodes/SmsOnlineGh/helpers/template';
import { templateArb, valueArb } from './templateArbitraries';

describe('extractVariables', () => {
	const cases: Array<[string, string[]]> = [
		['', []],
		['no variables here', []],
		['Hello {$name}', ['name']],
		['Hello {$name}, your balance is {$balance}', ['name', 'balance']],
		['{$a} {$b} {$a} {$c} {$b}', ['a', 'b', 'c']],
		['Pay ${$amount} now', ['amount']],
		['{$1bad}', []],
		['{$ok_2}', ['ok_2']],
		['{$_}', ['_']],
		['{$_private9}', ['_private9']],
		['{$a}{$b}', ['a', 'b']],
		['{$Name} {$name}', ['Name', 'name']],
		['{$}', []],
		['{$ a}', []],
		['{$a }', []],
		['{ $a}', []],
		['{$a-b}', []],
		['{$a.b}', []],
		['$a', []],
		['{a}', []],
		['{$a', []],
		['{{$a}}', ['a']],
		['{$a{$b}}', ['b']],
		['{$$a}', []],
		['{$café}', []],
		['Ɣɛ {$name} 😀 {$x}', ['name', 'x']],
		['{$a}\n{$b}\r\n{$c}', ['a', 'b', 'c']],
	];
	it.each(cases)('%j → %j', (template, expected) => {
		expect(extractVariables(template)).toEqual(expected);
	});
});

describe('renderTemplate', () => {
	const cases: Array<[string, Array<string | number>, string]> = [
		['Hello {$name}', ['Ama'], 'Hello Ama'],
		['no variables', [], 'no variables'],
		['', [], ''],
		['{$a} and {$b} and {$a}', ['x', 'y'], 'x and y and x'],
		['Pay ${$amount} now', [59.45], 'Pay $59.45 now'],
		['Pay ${$amount} now', ['59.45'], 'Pay $59.45 now'],
		['{$n}', [42], '42'],
		['{$n}', [-0], '0'],
		['{$n}', [1e21], '1e+21'],
		['{$n}', [0.1], '0.1'],
		['{$n}', [''], ''],
		['{$a}{$b}', ['1', '2'], '12'],
		['{$1bad} {$ok_2}', ['v'], '{$1bad} v'],
		['{$x}', ['$&'], '$&'],
		['{$x}', ["$' $` $1 $$"], "$' $` $1 $$"],
		['{$x} {$y}', ['{$y}', 'Y'], '{$y} Y'],
		['{{$a}}', ['A'], '{A}'],
		['{$a{$b}}', ['B'], '{$aB}'],
		['Ɣɛ {$name} 😀', ['Kofi'], 'Ɣɛ Kofi 😀'],
		['{$name}', ['Ɛsi 😀'], 'Ɛsi 😀'],
	];
	it.each(cases)('%j with %j → %j', (template, values, expected) => {
		expect(renderTemplate(template, values)).toBe(expected);
	});

	const mismatches: Array<[string, Array<string | number>, string]> = [
		['Hello {$name}', [], 'The template has 1 variable (name) but 0 values were given'],
		['Hello {$name}', ['a', 'b'], 'The template has 1 variable (name) but 2 values were given'],
		['{$a}{$b}{$a}', ['x'], 'The template has 2 variables (a, b) but 1 value was given'],
		['plain', ['x'], 'The template has no variables but 1 value was given'],
	];
	it.each(mismatches)('%j with %j throws', (template, values, message) => {
		expect(() => renderTemplate(template, values)).toThrow(TemplateValuesError);
		expect(() => renderTemplate(template, values)).toThrow(message);
	});

	it('rejects a value that is neither text nor a number at run time', () => {
		expect(() => renderTemplate('{$a}', [null as unknown as string])).toThrow(
			'Value 1 (for {$a}) must be text or a number, but is null',
		);
		expect(() => renderTemplate('{$a} {$b}', ['x', true as unknown as string])).toThrow(
			/Value 2 \(for \{\$b\}\).*boolean/,
		);
	});
});

// ---------------------------------------------------------------------------------------------
// Property tests against an independent reference: a hand-rolled character scanner (no regex).

function isNameStart(ch: string | undefined): boolean {
	if (ch === undefined || ch.length !== 1) return false;
	const c = ch.charCodeAt(0);
	return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

function isNamePart(ch: string | undefined): boolean {
	if (ch === undefined || ch.length !== 1) return false;
	const c = ch.charCodeAt(0);
	return isNameStart(ch) || (c >= 48 && c <= 57);
}

type Token = { kind: 'text'; text: string } | { kind: 'var'; name: string };

function scan(template: string): Token[] {
	const tokens: Token[] = [];
	let text = '';
	let i = 0;
	while (i < template.length) {
		if (template[i] === '{' && template[i + 1] === '$' && isNameStart(template[i + 2])) {
			let j = i + 3;
			while (isNamePart(template[j])) j += 1;
			if (template[j] === '}') {
				if (text !== '') tokens.push({ kind: 'text', text });
				text = '';
				tokens.push({ kind: 'var', name: template.slice(i + 2, j) });
				i = j + 1;
				continue;
			}
		}
		text += template[i];
		i += 1;
	}
	if (text !== '') tokens.push({ kind: 'text', text });
	return tokens;
}

function referenceVariables(template: string): string[] {
	const names: string[] = [];
	for (const token of scan(template)) {
		if (token.kind === 'var' && !names.includes(token.name)) names.push(token.name);
	}
	return names;
}

function referenceRender(template: string, values: ReadonlyArray<string | number>): string {
	const names = referenceVariables(template);
	let out = '';
	for (const token of scan(template)) {
		out += token.kind === 'text' ? token.text : `${values[names.indexOf(token.name)]}`;
	}
	return out;
}

describe('template properties', () => {
	it('extractVariables agrees with the hand-rolled scanner', () => {
		fc.assert(
			fc.property(templateArb, (template) => {
				expect(extractVariables(template)).toEqual(referenceVariables(template));
			}),
			{ numRuns: 2000 },
		);
	});

	it('extractVariables also agrees on arbitrary text', () => {
		fc.assert(
			fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (template) => {
				expect(extractVariables(template)).toEqual(referenceVariables(template));
			}),
		);
	});

	it('renderTemplate agrees with the reference renderer', () => {
		fc.assert(
			fc.property(
				templateArb.chain((template) =>
					fc.tuple(
						fc.constant(template),
						fc.array(valueArb, {
							minLength: referenceVariables(template).length,
							maxLength: referenceVariables(template).length,
						}),
					),
				),
				([template, values]) => {
					expect(renderTemplate(template, values)).toBe(referenceRender(template, values));
				},
			),
			{ numRuns: 2000 },
		);
	});

	it('renderTemplate throws whenever the value count is wrong', () => {
		fc.assert(
			fc.property(templateArb, fc.array(valueArb, { maxLength: 10 }), (template, values) => {
				fc.pre(values.length !== referenceVariables(template).length);
				expect(() => renderTemplate(template, values)).toThrow(TemplateValuesError);
			}),
		);
	});

	it('rendering each variable as itself gives the template back', () => {
		fc.assert(
			fc.property(templateArb, (template) => {
				const identity = extractVariables(template).map((n) => `{$${n}}`);
				expect(renderTemplate(template, identity)).toBe(template);
			}),
		);
	});
});
