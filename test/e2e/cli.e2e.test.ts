/**
 * The node inside a real n8n, run headless with `n8n execute`, against the local simulator.
 * Runs once per runtime in N8N_E2E_RUNTIMES (default: n8n 2.x, then the newest n8n 1.x).
 */
import type { ExecuteResult, RuntimeName } from '../../tools/n8n/runtime';
import { useCliSuite } from './cli-suite';
import {
	decodeFactor,
	e2eRuntimes,
	simClearFaults,
	simFault,
	simJournal,
	SMS_NODE_NAME,
} from './helpers';
import {
	API_KEY,
	CONTACTS,
	credentials,
	LOGIN,
	LOOK_ALIKE_TEXT,
	PASSWORD,
	workflows,
} from './cli-workflows';

function describeFailure(result: ExecuteResult): string {
	return `exit ${result.code}; error: ${result.errorMessage ?? '-'}\nstdout tail:\n${result.stdout.slice(-3000)}\nstderr tail:\n${result.stderr.slice(-3000)}`;
}

function expectOk(result: ExecuteResult): void {
	if (!result.ok) throw new Error(`workflow failed: ${describeFailure(result)}`);
}

describe.each(e2eRuntimes())('n8n CLI (%s)', (runtimeName: RuntimeName) => {
	const all = workflows();
	const suite = useCliSuite(runtimeName, {
		label: 'cli',
		port: 5710,
		credentials,
		workflows: Object.values(all),
	});
	const { sim } = suite;
	const execute = suite.execute;
	const sends = async () =>
		(await simJournal(suite.simUrl())).filter((e) => e.path === '/v5/message/sms/send');

	test('Send, JSON, API key: one item per destination, numbers in every form', async () => {
		const result = await execute('E2eSendJsonKey01');
		expectOk(result);
		const items = result.items(SMS_NODE_NAME);
		expect(items).toHaveLength(3);
		expect(items.map((i) => i.input)).toEqual(CONTACTS.map((c) => c.phone));
		expect(items.map((i) => i.to)).toEqual(['233241234567', '233201234567', '233501234567']);
		for (const item of items) {
			expect(item).toMatchObject({
				verdict: 'accepted',
				status: { id: 2105 },
				category: 'sms',
				delivery: false,
			});
			expect(item.messageId).toEqual(expect.any(String));
			expect(item.batch).toMatch(/^[0-9a-f]{32}$/);
		}
		const journal = await sends();
		expect(journal).toHaveLength(1);
		expect(journal[0]).toMatchObject({
			format: 'json',
			accountId: 'demo',
			handshake: 0,
			submitted: true,
		});
		expect(journal[0].headers.authorization).toBe(`key ${API_KEY}`);
		expect(journal[0].headers['content-type']).toMatch(/application\/json/);
		expect(journal[0].unit).toMatchObject({ text: 'e2e hello', type: 0, sender: 'SMSDemo' });
		expect(journal[0].unit!.destinations).toHaveLength(3);
		expect(sim.submissionCounts()).toEqual({
			'233241234567': 1,
			'233201234567': 1,
			'233501234567': 1,
		});
	});

	test('Send, XML, Portal Pass, several numbers in one field', async () => {
		const result = await execute('E2eSendXmlPass01');
		expectOk(result);
		const items = result.items(SMS_NODE_NAME);
		expect(items.map((i) => i.to)).toEqual(['233241234567', '233201234567']);
		expect(items.every((i) => i.verdict === 'accepted')).toBe(true);
		const journal = await sends();
		expect(journal).toHaveLength(1);
		expect(journal[0]).toMatchObject({ format: 'xml', accountId: 'demo', handshake: 0 });
		expect(journal[0].headers['content-type']).toMatch(/application\/xml/);
		expect(journal[0].rawBody).toMatch(/^<\?xml|^<request>/);
		expect(decodeFactor(String(journal[0].headers.authorization))).toBe(`${LOGIN}__::${PASSWORD}`);
		expect(journal[0].unit!.sender).toBe('Alerts');
	});

	test('Send Personalised, values from item fields, JSON', async () => {
		const result = await execute('E2ePersItemKey01');
		expectOk(result);
		const items = result.items(SMS_NODE_NAME);
		expect(items).toHaveLength(2);
		expect(items[0]).toMatchObject({
			input: '0241234567',
			to: '233241234567',
			verdict: 'accepted',
			values: ['Ama', 120.5],
		});
		expect(items[1]).toMatchObject({
			input: '0201234567',
			to: '233201234567',
			verdict: 'accepted',
			values: ['Kofi', 75],
		});
		const journal = await sends();
		expect(journal).toHaveLength(1);
		expect(journal[0].unit).toMatchObject({
			// One generated variable per occurrence: every reading of the service renders the same text.
			text: 'Hello {$va}, your balance is GHS {$vb}.',
			destinations: [
				{ number: '0241234567', values: ['Ama', 120.5] },
				{ number: '0201234567', values: ['Kofi', 75] },
			],
		});
	});

	test('Send Personalised, defined values, XML, Portal Pass', async () => {
		const result = await execute('E2ePersDefXml001');
		expectOk(result);
		const items = result.items(SMS_NODE_NAME);
		expect(items.map((i) => i.to)).toEqual(['233241234567', '233201234567']);
		expect(items.every((i) => i.verdict === 'accepted')).toBe(true);
		const journal = await sends();
		expect(journal).toHaveLength(1);
		expect(journal[0].format).toBe('xml');
		expect(journal[0].headers.authorization).toMatch(/^factor /);
		const destinations = journal[0].unit!.destinations as Array<{
			number: string;
			values: unknown[];
		}>;
		expect(destinations.map((d) => d.values.map(String))).toEqual([
			['Ama', '120.5'],
			['Kofi', '75'],
		]);
	});

	test('Smart Encoding read per item from an expression: two requests, and the changed item says what it replaced', async () => {
		const result = await execute('E2eSmartPerItem1');
		expectOk(result);
		const items = result.items(SMS_NODE_NAME);
		const sent = 'It\'s ok - "really"';
		expect(
			items.map((i) => [i.to, i.verdict, i.messageType, i.replaced, i.partsSaved, i.text]),
		).toEqual([
			['233241234567', 'accepted', 'gsm', '’ → \', – → -, « → ", » → "', 0, sent],
			['233201234567', 'accepted', 'unicode', undefined, undefined, LOOK_ALIKE_TEXT],
		]);
		const journal = await sends();
		expect(journal.map((e) => [e.unit?.text, e.unit?.type, e.unit?.destinations])).toEqual([
			[sent, 0, ['0241234567']],
			[LOOK_ALIKE_TEXT, 1, ['0201234567']],
		]);
	});

	test('Get Balance, JSON, API key', async () => {
		const result = await execute('E2eBalJsonKey001');
		expectOk(result);
		const items = result.items(SMS_NODE_NAME);
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ balance: sim.balance('demo'), model: 'quantity' });
		const journal = await simJournal(suite.simUrl());
		expect(journal.map((e) => e.path)).toEqual(['/v5/account/balance']);
		expect(journal[0]).toMatchObject({ rawBody: '', handshake: 0, accountId: 'demo' });
		expect(journal[0].headers.accept).toMatch(/application\/json/);
	});

	test('Get Balance, XML, Portal Pass', async () => {
		const result = await execute('E2eBalXmlPass001');
		expectOk(result);
		const items = result.items(SMS_NODE_NAME);
		expect(items).toHaveLength(1);
		expect(items[0].balance).toBe(sim.balance('demo'));
		const journal = await simJournal(suite.simUrl());
		expect(journal).toHaveLength(1);
		expect(journal[0].headers.accept).toMatch(/application\/xml/);
		expect(journal[0].headers.authorization).toMatch(/^factor /);
	});

	test('an unregistered sender, the sender check off: every destination comes back rejected, nothing is charged', async () => {
		const result = await execute('E2eRejectSnd0001');
		expectOk(result);
		const items = result.items(SMS_NODE_NAME);
		expect(items).toHaveLength(2);
		for (const item of items) {
			expect(item).toMatchObject({ verdict: 'rejected', status: { id: 2128 } });
			expect(String(item.reason)).toMatch(/sender/i);
		}
		const journal = await sends();
		expect(journal).toHaveLength(1);
		expect(journal[0]).toMatchObject({ handshake: 0, submitted: false });
		expect(sim.balance('demo')).toBe(1000);
	});

	test('an invalid number stops the run before anything is sent', async () => {
		const result = await execute('E2eBadNumber0001');
		expect(result.ok).toBe(false);
		expect(result.errorMessage ?? '').toMatch(/12345/);
		expect(await sends()).toHaveLength(0);
	});

	test('Continue On Fail: the invalid number becomes an error item, the good one is sent', async () => {
		const result = await execute('E2eBadNumCof0001');
		expectOk(result);
		const items = result.items(SMS_NODE_NAME);
		expect(items).toHaveLength(2);
		const bad = items.find((i) => i.error !== undefined);
		const good = items.find((i) => i.error === undefined);
		expect(String(bad?.error)).toMatch(/12345/);
		expect(good).toMatchObject({ input: '0241234567', verdict: 'accepted' });
		const journal = await sends();
		expect(journal).toHaveLength(1);
		expect(journal[0].unit!.destinations).toEqual(['0241234567']);
	});

	test("a handshake error (1203) fails the workflow with the node's message", async () => {
		await simFault(suite.simUrl(), { kind: 'handshake', handshakeId: 1203 });
		try {
			const result = await execute('E2eHandshake0001');
			expect(result.ok).toBe(false);
			expect(result.errorMessage ?? '').toMatch(/refused the API key or login/);
			// The sender check's profile request met the refusal: no send request went out.
			expect(await sends()).toEqual([]);
		} finally {
			await simClearFaults(suite.simUrl());
		}
	});

	test('Continue On Fail with a handshake error: one error item per input item, nothing sent', async () => {
		await simFault(suite.simUrl(), { kind: 'handshake', handshakeId: 1203 });
		try {
			const result = await execute('E2eHandshCof0001');
			expectOk(result);
			const items = result.items(SMS_NODE_NAME);
			expect(items).toHaveLength(2);
			for (const item of items) {
				expect(String(item.error)).toMatch(/refused the API key or login/);
				expect(String(item.description)).toContain('Nothing was sent.');
			}
			expect(await sends()).toEqual([]);
		} finally {
			await simClearFaults(suite.simUrl());
		}
	});

	// Answers bounded while they arrive (the simulator's faults stand in for a broken proxy or host):
	// n8n's own HTTP client inflates, the node counts, and stops at its limit.
	test('Get Balance answered with an HTTP gzip bomb (1 GiB from about 1 MB): the too-large error, in the words of a read', async () => {
		await simFault(suite.simUrl(), { kind: 'gzipBomb' });
		try {
			const result = await execute('E2eBalJsonKey001');
			expect(result.ok).toBe(false);
			expect(result.errorMessage ?? '').toMatch(
				/answer to POST \/v5\/account\/balance is larger than 64 MB, the most the node reads/,
			);
			expect(result.errorMessage ?? '').not.toMatch(/sent messages|try again later/);
		} finally {
			await simClearFaults(suite.simUrl());
		}
	});

	test('Get Balance answered with 300 MB of plain text: the too-large error', async () => {
		await simFault(suite.simUrl(), { kind: 'huge' });
		try {
			const result = await execute('E2eBalJsonKey001');
			expect(result.ok).toBe(false);
			expect(result.errorMessage ?? '').toMatch(
				/answer to POST \/v5\/account\/balance is larger than 64 MB/,
			);
		} finally {
			await simClearFaults(suite.simUrl());
		}
	});

	test('a send answer holding a member 5,000 deep: read as usual, one item per destination', async () => {
		await simFault(suite.simUrl(), { kind: 'deep', path: '/v5/message/sms/send' });
		try {
			const result = await execute('E2eSendJsonKey01');
			expectOk(result);
			const items = result.items(SMS_NODE_NAME);
			expect(items.map((i) => i.to)).toEqual(['233241234567', '233201234567', '233501234567']);
			expect(items.every((i) => i.verdict === 'accepted')).toBe(true);
			expect(JSON.stringify(items).length).toBeLessThan(10_000);
		} finally {
			await simClearFaults(suite.simUrl());
		}
	});
});
