import type { INodeExecutionData } from 'n8n-workflow';

import type { FaultSpec } from '../../simulator';
import { sendParameters, useSimulator } from './fixtures';

const PHONES = ['0241000001', '0241000002', '0241000003', '0241000004', '0241000005'];
const SEND_PATH = '/v5/message/sms/send';

/** Every input number appears in exactly one output item. */
function expectEachNumberOnce(items: INodeExecutionData[]) {
	expect(items.map((i) => i.json.input).sort()).toEqual([...PHONES].sort());
}

function verdicts(items: INodeExecutionData[]) {
	return items.map((i) => i.json.verdict);
}

describe('Reliability: faults never make a number go out twice, and every number is accounted for', () => {
	const t = useSimulator();

	/** Each number reached the service at most once. */
	function expectNoDuplicates() {
		for (const [number, count] of Object.entries(t.sim.submissionCounts())) {
			expect([number, count]).toEqual([number, 1]);
		}
	}

	async function sendFive(fault: FaultSpec, options: Record<string, unknown> = {}) {
		t.sim.addFault({ path: SEND_PATH, ...fault });
		return await t.run({
			items: PHONES.map((phone) => ({ phone })),
			parameters: sendParameters({ options: { batchSize: 2, retryMaxWait: 5, ...options } }),
			settings: { onError: 'continueRegularOutput' },
		});
	}

	// [fault, what the failed request's numbers become]
	const failing: Array<[string, FaultSpec, 'maybeSent' | 'notSent', Record<string, unknown>]> = [
		['HTTP 500', { kind: 'http500' }, 'maybeSent', {}],
		['reset before processing', { kind: 'resetBefore' }, 'maybeSent', {}],
		['reset after processing', { kind: 'resetAfter' }, 'maybeSent', {}],
		['truncated JSON', { kind: 'truncated' }, 'maybeSent', {}],
		['malformed JSON', { kind: 'malformed' }, 'maybeSent', {}],
		['a hung service (timeout)', { kind: 'hang' }, 'maybeSent', { timeout: 1 }],
		['handshake 1402', { kind: 'handshake', handshakeId: 1402 }, 'notSent', {}],
		['HTTP 503 beyond the retry budget', { kind: 'http503' }, 'notSent', { retryAttempts: 1 }],
	];

	describe.each([
		['first', 1],
		['middle', 2],
		['last', 3],
	])('fault on the %s request of a split message', (_position, nth) => {
		it.each(failing)('%s', async (_name, fault, fate, options) => {
			const { items, error } = await sendFive({ ...fault, nth }, options);
			expect(error).toBeUndefined();
			expectNoDuplicates();
			expectEachNumberOnce(items);
			const before = (nth - 1) * 2;
			const failedCount = nth === 3 ? 1 : 2;
			expect(verdicts(items)).toEqual([
				...Array(before).fill('accepted'),
				...Array(failedCount).fill(fate),
				...Array(PHONES.length - before - failedCount).fill('notSent'),
			]);
			// Nothing after the failure was even tried.
			expect(t.requests().filter((r) => r.path === SEND_PATH)).toHaveLength(nth);
			const failedItems = items.slice(before, before + failedCount);
			for (const item of failedItems) expect(item.json.error).toEqual(expect.any(String));
		});
	});

	it('malformed XML is possibly sent, never retried', async () => {
		const { items } = await sendFive({ kind: 'malformed', nth: 1 }, { dataFormat: 'xml' });
		expectNoDuplicates();
		expectEachNumberOnce(items);
		expect(verdicts(items)).toEqual(['maybeSent', 'maybeSent', 'notSent', 'notSent', 'notSent']);
		expect(items[0].json.error).toBe(
			'The SMS service sent an answer that could not be read: check the sent messages in your SMSOnlineGH account before sending again',
		);
	});

	it('HTTP 429 with Retry-After is retried after the wait and then goes through, once', async () => {
		const { items } = await sendFive({ kind: 'http429', nth: 2, retryAfter: 1 });
		expectNoDuplicates();
		expect(verdicts(items)).toEqual(Array(5).fill('accepted'));
		const sends = t.requests().filter((r) => r.path === SEND_PATH);
		expect(sends.map((r) => [r.httpStatus, r.submitted])).toEqual([
			[200, true],
			[429, false],
			[200, true],
			[200, true],
		]);
	});

	it('HTTP 503 is retried with backoff and then goes through, once', async () => {
		const { items } = await sendFive({ kind: 'http503', nth: 1 });
		expectNoDuplicates();
		expect(verdicts(items)).toEqual(Array(5).fill('accepted'));
	});

	it('a refused connection is retried and, when it never comes up, reported as not sent', async () => {
		// With its country code: a local number would first need the profile, refused on its item (homeCountry.test.ts).
		const { items, error } = await t.run({
			items: [{ phone: '+233241000001' }],
			parameters: sendParameters({ options: { retryAttempts: 2, retryMaxWait: 1 } }),
			credentials: t.apiKey({ baseUrl: 'http://127.0.0.1:9' }),
			settings: { onError: 'continueRegularOutput' },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			verdict: 'notSent',
			error:
				'Could not connect to the SMS service: check the Base URL in the SMSOnlineGH credential and the network',
		});
		expect(items[0].json.description).toContain('(2 attempts over');
	});

	describe('without Continue On Fail', () => {
		it('the execution fails and the error says which numbers went out and which did not', async () => {
			t.sim.addFault({ path: SEND_PATH, kind: 'http500', nth: 2 });
			const { error, items } = await t.run({
				items: PHONES.map((phone) => ({ phone })),
				parameters: sendParameters({ options: { batchSize: 2 } }),
			});
			expect(items).toEqual([]);
			expect(error?.message).toBe(
				'The SMS service failed with HTTP 500: check the sent messages in your SMSOnlineGH account before sending again',
			);
			expect(error?.description).toMatch(
				/Went out before the failure: 2 numbers in 1 request \(batch [0-9a-f]{32}\)\./,
			);
			expect(error?.description).toContain(
				'May have been sent: 2 numbers of the failed request (0241000003, 0241000004).',
			);
			expect(error?.description).toContain(
				'Not sent, since the node stopped at the failure: 1 number (0241000005).',
			);
		});
	});

	describe("n8n's Retry On Fail", () => {
		const retry = { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 };

		it('a retry sends only what surely did not go out, and re-emits what did', async () => {
			// Request 2 is turned away (503, no retries of our own): the node fails, n8n retries it.
			t.sim.addFault({ path: SEND_PATH, kind: 'http503', nth: 2 });
			const { error, items, credentialReads } = await t.run({
				items: PHONES.map((phone) => ({ phone })),
				parameters: sendParameters({ options: { batchSize: 2, retryAttempts: 1 } }),
				settings: retry,
			});
			expect(error).toBeUndefined();
			// Each try reads the credential afresh (once), so an edited credential takes effect.
			expect(credentialReads).toBe(2);
			expectNoDuplicates();
			expectEachNumberOnce(items);
			expect(verdicts(items)).toEqual(Array(5).fill('accepted'));
			const sends = t.requests().filter((r) => r.path === SEND_PATH);
			// A request turned away with 503 is not decoded by the service: read its raw body.
			expect(sends.map((r) => JSON.parse(r.rawBody).destinations)).toEqual([
				['0241000001', '0241000002'],
				['0241000003', '0241000004'],
				['0241000003', '0241000004'],
				['0241000005'],
			]);
			expect(sends.map((r) => r.submitted)).toEqual([true, false, true, true]);
		});

		it('a retry never repeats a request whose fate is unknown, and sends what surely was not sent', async () => {
			t.sim.addFault({ path: SEND_PATH, kind: 'resetAfter', nth: 2 });
			const { error } = await t.run({
				items: PHONES.map((phone) => ({ phone })),
				parameters: sendParameters({ options: { batchSize: 2 } }),
				settings: retry,
			});
			expect(error?.message).toBe(
				'The connection to the SMS service broke before its answer arrived: check the sent messages in your SMSOnlineGH account before sending again',
			);
			expectNoDuplicates();
			// Three requests in all, whatever the number of tries: the first accepted, the second lost
			// (never sent again), the third sent on the first retry.
			const sends = t.requests().filter((r) => r.path === SEND_PATH);
			expect(sends.map((r) => JSON.parse(r.rawBody).destinations)).toEqual([
				['0241000001', '0241000002'],
				['0241000003', '0241000004'],
				['0241000005'],
			]);
			expect(t.sim.submissionCounts()).toEqual({
				'233241000001': 1,
				'233241000002': 1,
				'233241000003': 1,
				'233241000004': 1,
				'233241000005': 1,
			});
		});
	});
});
