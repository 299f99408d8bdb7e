/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The queue suite's fallback for a webhook call n8n left unanswered (test/queue/helpers.ts,
 * withStoredAnswers), without Redis, Postgres or n8n: the call is given its execution's stored
 * output, found by its numbers; a call no stored execution holds stays unanswered.
 */
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { runDataParser, withStoredAnswers } from '../queue/helpers';
import type { CallResult, QueueStack } from '../../tools/queue';

const flatted = createRequire(__filename)('flatted') as { stringify(value: unknown): string };

function stored(items: Array<Record<string, unknown>>): string {
	return flatted.stringify({
		resultData: { runData: { SMS: [{ data: { main: [items.map((json) => ({ json }))] } }] } },
	});
}

function fakeStack(rows: string[][]): { stack: QueueStack; queries: string[] } {
	const queries: string[] = [];
	const postgres = {
		query: async (sql: string) => {
			queries.push(sql);
			// settled() asks for executions still new or running: none.
			return sql.includes('execution_data') ? rows : [];
		},
	};
	return { stack: { postgres } as unknown as QueueStack, queries };
}

// runDataParser reads flatted from an n8n runtime's node_modules: this checkout's is the same package.
const unflatten = runDataParser(path.resolve(__dirname, '..', '..'));
const calls = [{ numbers: ['0200000001', '0200000002'] }, { numbers: ['0200000003'] }];
const answered: CallResult = {
	index: 0,
	status: 200,
	body: [{ input: '0200000001' }, { input: '0200000002' }],
	ms: 5,
};

describe('withStoredAnswers', () => {
	let printed: jest.SpyInstance;
	beforeEach(() => {
		printed = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
	});
	afterEach(() => printed.mockRestore());

	test('leaves answered calls alone and asks the database nothing', async () => {
		const { stack, queries } = fakeStack([]);
		const results = [answered, { index: 1, status: 200, body: [{ input: '0200000003' }], ms: 5 }];
		await expect(withStoredAnswers(stack, unflatten, 10, calls, results)).resolves.toBe(results);
		expect(queries).toEqual([]);
	});

	test('gives an unanswered call the SMS output its execution stored, found by its numbers', async () => {
		const items = [{ input: '0200000003', verdict: 'accepted' }];
		const { stack, queries } = fakeStack([
			['12', stored([{ input: '0200000009' }])],
			['13', stored(items)],
		]);
		const unanswered: CallResult = {
			index: 1,
			status: 0,
			body: undefined,
			error: 'The operation was aborted due to timeout',
			ms: 120_000,
		};
		const results = await withStoredAnswers(stack, unflatten, 10, calls, [answered, unanswered]);
		expect(results).toEqual([answered, { ...unanswered, status: 200, body: items }]);
		expect(queries.at(-1)).toContain('e.id > 10');
		expect(printed).toHaveBeenCalledWith(
			'[queue] call 1 unanswered by n8n (The operation was aborted due to timeout); its execution 13 stored 1 items\n',
		);
	});

	test('leaves a call unanswered when no stored execution holds its numbers', async () => {
		const { stack } = fakeStack([['12', stored([{ input: '0200000009' }])]]);
		const unanswered: CallResult = {
			index: 1,
			status: 0,
			body: undefined,
			error: 'timeout',
			ms: 120_000,
		};
		const results = await withStoredAnswers(stack, unflatten, 10, calls, [answered, unanswered]);
		expect(results[1]).toBe(unanswered);
		expect(printed).toHaveBeenCalledWith(
			'[queue] call 1 unanswered by n8n (timeout); no stored execution holds its numbers\n',
		);
	});
});
