import type { INodeExecutionData } from 'n8n-workflow';

import type { FaultSpec } from '../../simulator';
import { sendParameters, useSimulator } from './fixtures';

/**
 * The delivery guarantee, as a table: every fault the simulator can inject, on the 2nd of 3
 * requests (5 numbers, Batch Size 2), with and without a Client Reference, with and without n8n's
 * Retry On Fail. The "Every fault, checked" table of docs/delivery-guarantees.md is this one.
 *
 * A cell is what became of the faulted request's two numbers: their verdict and how many times the
 * service accepted each. The rest follows from it and is checked in every cell: the first request's
 * numbers are accepted once; the last request's number is accepted once, except when the run
 * stopped at the fault (`notSent`, never tried); no number is ever accepted twice; every number is
 * in exactly one output item, or, when the node still fails after n8n's retries, the execution's
 * error names the numbers whose fate is unknown.
 *
 * Without Retry On Fail the node runs with Continue On Fail (its output shows every verdict); with
 * it, On Error is Stop Workflow, since n8n retries a node that fails (with Continue On Fail, n8n
 * 2.x retries only when the first output item holds an error). The node's own Retry Attempts stay
 * at 3 (500 ms, then 1 s backoff).
 */
type Verdict = 'accepted' | 'alreadySent' | 'maybeSent' | 'notSent';
type Fate = `${Verdict} ${0 | 1}`;
/** A fault that outlasts the node's own retries hits whatever request comes next, the last one too. */
type Cell = Fate | `${Fate}, last ${Fate}`;

interface Row {
	fault: string;
	spec: FaultSpec;
	/** On how many requests in a row, from the 2nd (3 outlasts the node's own 3 attempts). */
	times?: number;
	/** No reference, then with Retry On Fail; Client Reference, then with Retry On Fail. */
	cells: [Cell, Cell, Cell, Cell];
}

// prettier-ignore
const MATRIX: Row[] = [
	// fault                                   spec                                 times   no reference: alone, Retry On Fail    Client Reference: alone, Retry On Fail
	{ fault: 'latency (50 ms)',                spec: { kind: 'latency', ms: 50 },              cells: ['accepted 1', 'accepted 1',   'accepted 1', 'accepted 1'] },
	{ fault: 'charset on the media type',     spec: { kind: 'charset' },                      cells: ['accepted 1', 'accepted 1',   'accepted 1', 'accepted 1'] },
	{ fault: 'HTTP 429, Retry-After 1',        spec: { kind: 'http429', retryAfter: 1 },       cells: ['accepted 1', 'accepted 1',   'accepted 1', 'accepted 1'] },
	{ fault: 'HTTP 503',                       spec: { kind: 'http503' },                      cells: ['accepted 1', 'accepted 1',   'accepted 1', 'accepted 1'] },
	{ fault: 'HTTP 503, 3 times',              spec: { kind: 'http503' },           times: 3,  cells: ['notSent 0',  'accepted 1',   'notSent 0',  'accepted 1'] },
	{ fault: 'handshake 1402 (refused)',       spec: { kind: 'handshake', handshakeId: 1402 }, cells: ['notSent 0',  'accepted 1',   'notSent 0',  'accepted 1'] },
	{ fault: 'HTTP 500',                       spec: { kind: 'http500' },                      cells: ['maybeSent 0', 'maybeSent 0', 'accepted 1', 'accepted 1'] },
	{ fault: 'HTTP 500, 3 times',              spec: { kind: 'http500' },           times: 3,  cells: ['maybeSent 0', 'maybeSent 0, last maybeSent 0', 'maybeSent 0', 'accepted 1'] },
	{ fault: 'reset before processing',        spec: { kind: 'resetBefore' },                  cells: ['maybeSent 0', 'maybeSent 0', 'accepted 1', 'accepted 1'] },
	{ fault: 'timeout (no answer in 1 s)',     spec: { kind: 'hang' },                         cells: ['maybeSent 0', 'maybeSent 0', 'accepted 1', 'accepted 1'] },
	{ fault: 'reset after processing',         spec: { kind: 'resetAfter' },                   cells: ['maybeSent 1', 'maybeSent 1', 'alreadySent 1', 'alreadySent 1'] },
	{ fault: 'reset after processing, 3 times', spec: { kind: 'resetAfter' },       times: 3,  cells: ['maybeSent 1', 'maybeSent 1, last maybeSent 1', 'maybeSent 1', 'alreadySent 1'] },
	{ fault: 'truncated answer',               spec: { kind: 'truncated' },                    cells: ['maybeSent 1', 'maybeSent 1', 'alreadySent 1', 'alreadySent 1'] },
	{ fault: 'malformed answer',               spec: { kind: 'malformed' },                    cells: ['maybeSent 1', 'maybeSent 1', 'alreadySent 1', 'alreadySent 1'] },
];

const COLUMNS = [
	{ name: 'no reference', reference: false, retry: false },
	{ name: 'no reference, Retry On Fail', reference: false, retry: true },
	{ name: 'Client Reference', reference: true, retry: false },
	{ name: 'Client Reference, Retry On Fail', reference: true, retry: true },
] as const;
type Column = (typeof COLUMNS)[number];

const PHONES = ['0241000001', '0241000002', '0241000003', '0241000004', '0241000005'];
const INTERNATIONAL = PHONES.map((phone) => `233${phone.slice(1)}`);
const SEND_PATH = '/v5/message/sms/send';
const RETRY_ON_FAIL = { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 };
const UNSAFE_HINT =
	'With the Client Reference option set, running the node again would have been safe';
const SAFE_HINT = 'Each number has a message id derived from its Client Reference';

function parse(fate: string): [Verdict, number] {
	const [verdict, count] = fate.split(' ');
	return [verdict as Verdict, Number(count)];
}

/** What every number should come to in one cell: verdicts and accepted submissions, in input order. */
function expected(cell: Cell, column: Column) {
	const [fate, lastFate] = cell.split(', last ');
	const [verdict, count] = parse(fate);
	const faulted = verdict === 'maybeSent' || verdict === 'notSent';
	// Retry On Fail sends the last request on the next try, whatever became of the faulted one.
	const [lastVerdict, lastCount] = parse(
		lastFate ?? (faulted && !column.retry ? 'notSent 0' : 'accepted 1'),
	);
	return {
		verdicts: ['accepted', 'accepted', verdict, verdict, lastVerdict] as Verdict[],
		counts: [1, 1, count, count, lastCount],
		// After every try, a number of unknown fate is still an error, and the node fails.
		nodeFails: column.retry && verdict === 'maybeSent',
	};
}

describe('Fault matrix: each fault x {Client Reference, none} x {Retry On Fail, none}', () => {
	const t = useSimulator();

	async function runCell(row: Row, column: Column) {
		for (let i = 0; i < (row.times ?? 1); i++)
			t.sim.addFault({ path: SEND_PATH, ...row.spec, nth: 2 + i });
		return await t.run({
			items: PHONES.map((phone, i) => ({ phone, order: `ORD-${i + 1}` })),
			parameters: sendParameters({
				options: {
					batchSize: 2,
					retryMaxWait: 2,
					timeout: 1,
					...(column.reference ? { clientReference: '={{ $json.order }}' } : {}),
				},
			}),
			settings: column.retry ? RETRY_ON_FAIL : { onError: 'continueRegularOutput' },
		});
	}

	/** The service accepted each number exactly as often as the cell says (never twice). */
	function expectSubmissions(counts: number[]) {
		const want = Object.fromEntries(
			INTERNATIONAL.map((n, i) => [n, counts[i]]).filter(([, c]) => c !== 0),
		);
		expect(t.sim.submissionCounts()).toEqual(want);
	}

	/** The faulted request's items say what happened and, when it may have gone out, what would have made a retry safe. */
	function expectFaultedItems(items: INodeExecutionData[], verdict: Verdict, column: Column) {
		for (const item of items.slice(2, 4)) {
			if (verdict !== 'maybeSent' && verdict !== 'notSent') {
				expect(item.json.error).toBeUndefined();
				continue;
			}
			expect(item.json.error).toEqual(expect.any(String));
			if (verdict === 'maybeSent')
				expect(item.json.description).toContain(column.reference ? SAFE_HINT : UNSAFE_HINT);
		}
	}

	/**
	 * The error of the last try, which did not send the faulted request again: what went out (the
	 * last request too, when it did), which numbers may have, and what would have made running
	 * again safe.
	 */
	function lastTryError(verdicts: Verdict[]): RegExp {
		const accepted = verdicts.filter((v) => v === 'accepted').length;
		const unknown = PHONES.filter((_, i) => verdicts[i] === 'maybeSent');
		const requests = accepted === 2 ? '1 request' : '2 requests';
		return new RegExp(
			[
				`\\nWent out, on this try or an earlier one: ${accepted} numbers in ${requests} \\(batch [0-9a-f, ]+\\)\\.`,
				`May have been sent by an earlier try: ${unknown.length} numbers \\(${unknown.join(', ')}\\)\\.`,
				`${UNSAFE_HINT}: the service refuses a message it already has\\.$`,
			].join('\n'),
		);
	}

	const cases = MATRIX.flatMap((row) =>
		COLUMNS.map((column, c) => [row.fault, column.name, row.cells[c], row, column] as const),
	);

	it.each(cases)('%s | %s: %s', async (_fault, _column, fate, row, column) => {
		const want = expected(fate, column);
		const { items, error } = await runCell(row, column);
		expectSubmissions(want.counts);
		if (want.nodeFails) {
			// The execution fails; its error names the numbers that may have gone out and how to make
			// the next run safe (the numbers that surely went out are in no output: see docs/delivery-guarantees.md).
			expect(items).toEqual([]);
			expect(error?.description).toMatch(lastTryError(want.verdicts));
			return;
		}
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.input)).toEqual(PHONES);
		expect(items.map((item) => item.json.verdict)).toEqual(want.verdicts);
		expectFaultedItems(items, want.verdicts[2], column);
	});

	describe('Retry On Fail with Continue On Fail (why the matrix stops the workflow instead)', () => {
		const retryAndContinue = { ...RETRY_ON_FAIL, onError: 'continueRegularOutput' as const };
		const turnedAway = (first: number) => {
			for (const nth of [first, first + 1, first + 2])
				t.sim.addFault({ path: SEND_PATH, kind: 'http503', nth });
		};
		const run = async () =>
			await t.run({
				items: PHONES.map((phone) => ({ phone })),
				parameters: sendParameters({ options: { batchSize: 2, retryMaxWait: 2 } }),
				settings: retryAndContinue,
			});

		it('n8n retries when the first output item holds an error', async () => {
			turnedAway(1);
			const { items } = await run();
			expect(items.map((item) => item.json.verdict)).toEqual(Array(5).fill('accepted'));
		});

		it('and not when only a later one does: the numbers stay notSent', async () => {
			turnedAway(2);
			const { items } = await run();
			expect(items.map((item) => item.json.verdict)).toEqual([
				'accepted',
				'accepted',
				'notSent',
				'notSent',
				'notSent',
			]);
			expect(t.sim.submissionCounts()).toEqual({ '233241000001': 1, '233241000002': 1 });
		});
	});
});
