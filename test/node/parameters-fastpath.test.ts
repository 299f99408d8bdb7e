/**
 * Which expressions the field-reference fast path takes (parseFieldReference), and the fast path
 * in a real workflow: a mapping such as `{{ $json.phone }}` is read without n8n evaluating it. Its
 * agreement with n8n's own evaluation: parameters.test.ts and parameters-property.test.ts.
 */
import type { INodeProperties } from 'n8n-workflow';
import { Expression, WorkflowExpression } from 'n8n-workflow';

import { SmsOnlineGh } from '../../nodes/SmsOnlineGh/SmsOnlineGh.node';
import { parseFieldReference } from '../../nodes/SmsOnlineGh/items/parameters';
import { DEMO_ACCOUNT, Simulator } from '../../simulator';
import { runSmsWorkflow } from '../harness/workflow';

const smsType = new SmsOnlineGh();

describe('parseFieldReference', () => {
	it.each([
		['={{ $json.phone }}', ['phone']],
		['={{$json.phone}}', ['phone']],
		['={{ $json["first name"] }}', ['first name']],
		["={{ $json['x'] }}", ['x']],
		['={{ $json.a.b }}', ['a', 'b']],
		['={{ $json.a["b c"].d }}', ['a', 'b c', 'd']],
		['={{ $json.list[0] }}', ['list', '0']],
		['={{ $json.list[12].n }}', ['list', '12', 'n']],
	])('%s → %j', (raw, keys) => {
		expect(parseFieldReference(raw)).toEqual(keys);
	});

	it.each([
		'{{ $json.phone }}',
		'={{ $json }}',
		'={{ $json.phone }} ',
		'= {{ $json.phone }}',
		'={{ $json.phone.trim() }}',
		'={{ $json.phone || "" }}',
		'={{ $json["a\\"b"] }}',
		'={{ $json[01] }}',
		'={{ $json[-1] }}',
		'={{ $json.constructor }}',
		'={{ $json["x.constructor"] }}',
		'={{ $json.__proto__ }}',
		'={{ $json.a.prototype }}',
		'={{ $item(0).$json.phone }}',
		'={{ $("Contacts").item.json.phone }}',
		'={{ $json.phone }}{{ $json.phone }}',
	])('%j is left to n8n', (raw) => {
		expect(parseFieldReference(raw)).toBeUndefined();
	});

	it('no property of the node declares validateType (n8n would cast or check the value)', () => {
		const declared: string[] = [];
		const walk = (properties: unknown[]) => {
			for (const property of properties as Array<INodeProperties & { values?: unknown[] }>) {
				if ('validateType' in property) declared.push(property.name);
				if (Array.isArray(property.options)) walk(property.options);
				if (Array.isArray(property.values)) walk(property.values);
			}
		};
		walk(smsType.description.properties);
		expect(declared).toEqual([]);
	});
});

describe('Send with {{ $json.phone }} in a real workflow', () => {
	const sim = new Simulator({ accounts: [{ ...DEMO_ACCOUNT, balance: 1_000_000 }] });
	let baseUrl = '';

	beforeAll(async () => {
		Expression.setExpressionEngine('legacy');
		baseUrl = await sim.start();
	});

	afterAll(async () => await sim.stop());

	it('sends 2,000 items in 2 requests of 1,000, numbers in item order, without evaluating the mapping', async () => {
		const numbers = Array.from({ length: 2000 }, (_, i) => `024${String(i).padStart(7, '0')}`);
		const evaluations = jest.spyOn(WorkflowExpression.prototype, 'getParameterValue');
		const { items, error } = await runSmsWorkflow({
			items: numbers.map((phone) => ({ phone })),
			parameters: {
				resource: 'sms',
				operation: 'send',
				sender: 'SMSDemo',
				phoneNumbers: '={{ $json.phone }}',
				message: 'Hello',
			},
			credentials: { authModel: 'apiKey', apiKey: DEMO_ACCOUNT.apiKey as string, baseUrl },
		});
		const evaluated = evaluations.mock.calls.filter(
			([value]) => value === '={{ $json.phone }}',
		).length;
		evaluations.mockRestore();

		expect(error).toBeUndefined();
		const sends = sim.journal.filter((entry) => entry.path === '/v5/message/sms/send');
		expect(sends).toHaveLength(2);
		expect(sends.map((entry) => entry.unit?.destinations)).toEqual([
			numbers.slice(0, 1000),
			numbers.slice(1000),
		]);
		expect(items).toHaveLength(2000);
		expect(items.map((item) => item.json.input)).toEqual(numbers);
		expect(items.map((item) => item.pairedItem)).toEqual(numbers.map((_, item) => ({ item })));
		expect(evaluated).toBe(0);
	});

	it('reads Options member by member when it holds an expression: the field reference from each item, constants once; n8n never evaluates the whole per item', async () => {
		const when = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
		const numbers = Array.from({ length: 200 }, (_, i) => `024${String(i).padStart(7, '0')}`);
		const evaluations = jest.spyOn(WorkflowExpression.prototype, 'getParameterValue');
		const { items, error } = await runSmsWorkflow({
			items: numbers.map((phone, i) => ({ phone, when: `${when}T09:30:00`, orderId: `ORD-${i}` })),
			parameters: {
				resource: 'sms',
				operation: 'send',
				sender: 'SMSDemo',
				phoneNumbers: '={{ $json.phone }}',
				message: 'Hello',
				options: {
					scheduleAt: '={{ $json.when }}',
					scheduleOffset: '+00:00',
					dataFormat: 'xml',
					clientReference: '={{ $json.orderId }}',
				},
			},
			credentials: { authModel: 'apiKey', apiKey: DEMO_ACCOUNT.apiKey as string, baseUrl },
		});
		const values = evaluations.mock.calls.map(([value]) => value);
		evaluations.mockRestore();

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.verdict)).toEqual(numbers.map(() => 'scheduled'));
		expect(items.map((item) => item.json.clientReference)).toEqual(
			numbers.map((_, i) => `ORD-${i}`),
		);
		// Neither the collection nor its expressions went to n8n; its two constants, once each.
		expect(
			values.filter(
				(value) => typeof value === 'object' && value !== null && 'scheduleAt' in value,
			),
		).toEqual([]);
		expect(values.filter((value) => typeof value === 'string' && value.startsWith('={{'))).toEqual(
			[],
		);
		expect(values.filter((value) => value === '+00:00' || value === 'xml').sort()).toEqual([
			'+00:00',
			'xml',
		]);
	});
});
