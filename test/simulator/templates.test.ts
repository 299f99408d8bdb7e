/** The two template readings: the contract's (distinct names) and the vendor SDK's (occurrences). */
import { Simulator } from '../../simulator';
import { compileTemplate } from '../../simulator/template';
import { sendJson, statusIds, useSimulator } from './helpers';

const sim = useSimulator();

function personalised(
	text: string,
	values: Array<Array<string | number>>,
): Record<string, unknown> {
	return {
		text,
		type: 0,
		sender: 'SMSDemo',
		destinations: values.map((v, i) => ({ number: `024123456${i}`, values: v })),
	};
}

describe('compileTemplate', () => {
	it.each<[string, string, number, string[]]>([
		['distinct', 'Hi {$a}, {$a} and {$b}', 2, ['a', 'b']],
		['occurrence', 'Hi {$ab}, {$ab} and {$cd}', 3, ['ab', 'cd']],
		['occurrence', '{$a} {$a1} {$_x} {$ab_1} {$_1}', 2, ['_x', 'ab_1']],
		['distinct', '{$a} {$a1} {$_x} {$ab_1} {$_1}', 5, ['a', 'a1', '_x', 'ab_1', '_1']],
	])('%s reads %j as %i value(s)', (reading, text, count, names) => {
		const template = compileTemplate(text, reading as 'distinct' | 'occurrence');
		expect(template.valueCount).toBe(count);
		expect(template.names).toEqual(names);
	});

	it('occurrence fills each occurrence with its own value; literal text stays', () => {
		expect(compileTemplate('{$ab}-{$ab}-{$a}-${$cd}', 'occurrence').render(['1', '2', '3'])).toBe(
			'1-2-{$a}-$3',
		);
	});
});

describe("'distinct' (the default)", () => {
	it('one value per distinct name', async () => {
		const res = await sendJson(
			sim().baseUrl,
			personalised('Hi {$name}, {$name}!', [['Ama'], ['Ama', 'Ama']]),
		);
		expect(statusIds(res)).toEqual([2105, 2118]);
		expect(sim().journal[0].rendered).toEqual(['Hi Ama, Ama!', null]);
	});
});

describe("'occurrence' (the vendor's SDK)", () => {
	beforeEach(() => sim().setDialect({ templates: 'occurrence' }));

	it('one value per occurrence; a count that differs is 2118', async () => {
		const res = await sendJson(
			sim().baseUrl,
			personalised('Hi {$name}, {$name}! You owe {$amount}', [
				['Ama', 'Ama K', 5],
				['Ama', 5],
				['a', 'b', 'c', 'd'],
			]),
		);
		expect(statusIds(res)).toEqual([2105, 2118, 2118]);
		expect(sim().journal[0].rendered).toEqual(['Hi Ama, Ama K! You owe 5', null, null]);
	});

	it('names of one character, or with a digit second, stay literal text', async () => {
		const res = await sendJson(
			sim().baseUrl,
			personalised('{$a} {$a1} {$ab_1} {$_x}', [['first', 'second']]),
		);
		expect(statusIds(res)).toEqual([2105]);
		expect(sim().journal[0].rendered).toEqual(['{$a} {$a1} first second']);
	});

	it('a personalised text with no variable under this reading is a bad request (1402)', async () => {
		const res = await sendJson(sim().baseUrl, personalised('Hi {$a}', [['x']]));
		expect(res.json.handshake.id).toBe(1402);
	});

	it('empty values are still 2115', async () => {
		const res = await sendJson(sim().baseUrl, personalised('Hi {$name}', [[''], []]));
		expect(statusIds(res)).toEqual([2115, 2115]);
	});

	it('charges each destination on the text rendered this way', async () => {
		await sendJson(
			sim().baseUrl,
			personalised('{$one}{$one}', [['x'.repeat(100), 'y'.repeat(100)]]),
		);
		expect(sim().journal[0].rendered?.[0]).toHaveLength(200);
		expect(sim().balance('demo')).toBe(998);
	});

	it('switches back through the control endpoint; the constructor takes it too', async () => {
		const res = await fetch(`${sim().baseUrl}/__sim/dialect`, {
			method: 'PUT',
			body: '{"templates":"distinct"}',
		});
		expect(await res.json()).toEqual({
			dialect: 'sdk',
			templates: 'distinct',
			deliverAfterMs: 0,
			refusedBatches: 'listed',
		});
		const again = await sendJson(sim().baseUrl, personalised('Hi {$a}', [['x']]));
		expect(statusIds(again)).toEqual([2105]);
		expect(new Simulator({ templates: 'occurrence' }).templates).toBe('occurrence');
	});
});
