/** Templates and values for the property tests: variables, near-variables and odd text mixed. */
import fc from 'fast-check';

const names = fc.constantFrom('a', 'b', 'name', '_', 'X1', 'ok_2', 'Name', 'balance');
const chunk = fc.oneof(
	{ weight: 4, arbitrary: names.map((n) => `{$${n}}`) },
	{
		weight: 2,
		arbitrary: fc.constantFrom(
			'$',
			'{',
			'}',
			'{$',
			'$}',
			'{{',
			'}}',
			'${',
			'{$1bad}',
			'{$ a}',
			'{$a ',
			'{$}',
			'{$$a}',
			' ',
			'\n',
		),
	},
	{ weight: 1, arbitrary: names },
	{ weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
	{
		weight: 1,
		arbitrary: fc.string({
			unit: fc.constantFrom('{', '}', '$', 'a', 'B', '1', '_', '-', '.', ' ', 'é'),
			maxLength: 8,
		}),
	},
);
export const templateArb = fc.array(chunk, { maxLength: 12 }).map((parts) => parts.join(''));
export const valueArb = fc.oneof(
	fc.string({ unit: 'grapheme', maxLength: 8 }),
	fc.constantFrom('$&', '$1', "$'", '{$a}', '${$b}'),
	fc.integer(),
	fc.double({ noNaN: true }),
);
