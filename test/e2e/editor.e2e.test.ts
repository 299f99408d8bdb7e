/**
 * The node in n8n's editor, in a real browser: Debian's chromium driven by playwright-core.
 * Runs against the n8n 2.x runtime; screenshots go to test-artifacts/ and docs/editor.png.
 * N8N_E2E_EDITOR=0 skips it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { Simulator } from '../../simulator';
import {
	DEMO_CREDENTIAL_ID,
	DEMO_CREDENTIAL_NAME,
	demoCredential,
	demoWorkflows,
	ensureOwner,
	ensureRuntime,
	importAll,
	installPackage,
	OWNER,
	PROJECT_ROOT,
	startN8n,
	type N8nServer,
	type Runtime,
	type WorkflowFile,
} from '../../tools/n8n/runtime';
import { ARTIFACTS, freshUserFolder, readSetup, smsWorkflow, timing } from './helpers';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];
const PORT = Number(process.env.N8N_E2E_EDITOR_PORT ?? 5700);
const UI_TIMEOUT = 90_000;

const enabled = process.env.N8N_E2E_EDITOR !== '0';
const describeEditor = enabled ? describe : describe.skip;

/** A workflow with an SMS node and no credential: the UI tests change it freely. */
const SCRATCH: WorkflowFile = (() => {
	const workflow = smsWorkflow({
		id: 'E2eEditorScratch',
		name: 'e2e editor scratch',
		parameters: { resource: 'account', operation: 'getBalance' },
		credential: { id: 'none', name: 'none' },
	});
	for (const node of workflow.nodes) delete node.credentials;
	return workflow;
})();

/**
 * Three contacts, one of them twice in another form, and a text with an accent and an emoji: the
 * options test sets Dry Run and the rest in the UI and runs it, so nothing is sent. Created through
 * the REST API by the test itself.
 */
const OPTIONS: WorkflowFile = smsWorkflow({
	id: 'E2eEditorOptions',
	name: 'e2e editor options',
	items: [
		{ name: 'Ama', phone: '0241234567' },
		{ name: 'Kofi', phone: '0201234567' },
		{ name: 'Ama again', phone: '+233241234567' },
	],
	parameters: {
		resource: 'sms',
		operation: 'send',
		sender: 'SMSDemo',
		phoneNumbers: '={{ $json.phone }}',
		message: 'Café opens at 9 ☕',
	},
	credential: { id: DEMO_CREDENTIAL_ID, name: DEMO_CREDENTIAL_NAME },
});

/** Options offered by both send operations, in the order the editor lists them. */
const SHARED_OPTIONS = [
	'Batch Size',
	'Data Format',
	'Delivery Report Format',
	'Delivery Report URL',
	'Dry Run',
	'Include Text',
	'Retry Attempts',
	'Retry Max Wait (Seconds)',
	'Schedule At',
	'Schedule UTC Offset',
	'Timeout (Seconds)',
];
const SEND_OPTIONS = [...SHARED_OPTIONS, 'Default Country Code', 'Remove Duplicate Numbers'].sort((a, b) =>
	a.localeCompare(b),
);

describeEditor('n8n editor (n8n-2, chromium)', () => {
	let runtime: Runtime;
	let server: N8nServer | undefined;
	let browser: Browser | undefined;
	let page: Page;
	const sim = new Simulator();
	let simUrl = '';
	let shot = 0;

	const screenshot = async (name: string) => {
		fs.mkdirSync(ARTIFACTS, { recursive: true });
		shot++;
		const file = path.join(ARTIFACTS, `editor-${String(shot).padStart(2, '0')}-${name}.png`);
		await page.screenshot({ path: file });
		return file;
	};

	const ndv = () => page.locator('[data-test-id="ndv"]');
	const param = (name: string) => page.locator(`[data-test-id="ndv"] [data-test-id="parameter-input-${name}"]`);
	const canvasNode = (name: string) => page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`);

	const openWorkflow = async (id: string, nodeName: string) => {
		await page.goto(`${server!.url}/workflow/${id}`);
		await canvasNode(nodeName).waitFor({ timeout: UI_TIMEOUT });
	};

	/** Double-click on the canvas node (its label is never "stable" for Playwright, hence force). */
	const openNode = async (nodeName: string) => {
		await canvasNode(nodeName).dblclick({ force: true });
		await ndv().waitFor({ timeout: UI_TIMEOUT });
	};

	const closeNode = async () => {
		await page.locator('[data-test-id="ndv-close-button"]').click();
		await ndv().waitFor({ state: 'hidden' });
	};

	/** Waits for the open node's output panel to show `count` items, switches it to the table view, returns its rows. */
	const outputTable = async (count: number) => {
		const output = page.locator('[data-test-id="ndv"] [data-test-id="output-panel"]');
		await output.getByText(new RegExp(`${count} items`)).first().waitFor();
		await output.locator('[data-test-id="radio-button-table"]').click();
		const rows = output.locator('table tbody tr');
		await rows.first().waitFor();
		return rows;
	};

	/**
	 * Asserts an input's value once n8n has filled it: a dialog or panel appears a moment before its
	 * inputs get their values, so a single read can see "" (it did, once, in CI).
	 */
	const expectValue = async (input: Locator, expected: string | RegExp) => {
		const matches = (value: string) => (typeof expected === 'string' ? value === expected : expected.test(value));
		const deadline = Date.now() + 5_000;
		let value = await input.inputValue();
		while (!matches(value) && Date.now() < deadline) {
			await page.waitForTimeout(100);
			value = await input.inputValue();
		}
		if (typeof expected === 'string') expect(value).toBe(expected);
		else expect(value).toMatch(expected);
	};
	const expectSelected = async (name: string, expected: string) => expectValue(param(name).locator('input').first(), expected);

	/** Opens a select parameter, returns its option titles, and picks `choose` if given. */
	const selectOption = async (name: string, choose?: string): Promise<string[]> => {
		await param(name).click();
		const options = page.locator('.el-select-dropdown__item:visible');
		await options.first().waitFor();
		const titles = (await options.allInnerTexts()).map((t) => t.split('\n')[0].trim());
		if (choose) {
			await options.filter({ hasText: choose }).first().click();
		} else {
			await page.keyboard.press('Escape');
		}
		await page.waitForTimeout(300);
		return titles;
	};

	const visibleParameters = async (): Promise<string[]> =>
		page
			.locator('[data-test-id="ndv"] [data-test-id="node-parameters"] [data-test-id^="parameter-input-"]:visible')
			.evaluateAll((els) =>
				els
					.map((e) => e.getAttribute('data-test-id')!.replace('parameter-input-', ''))
					.filter((n) => n !== 'field'),
			);

	const addOption = () => page.locator('[data-test-id="ndv"] [data-test-id="collection-parameter-add"]').first();

	/** Opens the Options collection's "Add Option" list; returns its entries. */
	const openAddOption = async () => {
		await addOption().click();
		const items = page.locator('.el-select-dropdown__item:visible');
		await items.first().waitFor();
		return items;
	};

	/** The titles the "Add Option" list offers. */
	const optionsOffered = async (): Promise<string[]> => {
		const titles = (await (await openAddOption()).allInnerTexts()).map((t) => t.split('\n')[0].trim());
		await page.keyboard.press('Escape');
		await page.waitForTimeout(300);
		return titles;
	};

	/** Adds the option titled `title` to the Options collection; its input `name` then shows. */
	const addOptionTitled = async (title: string, name: string): Promise<void> => {
		await (await openAddOption()).getByText(title, { exact: true }).first().click();
		await param(name).waitFor();
		await page.waitForTimeout(300);
	};

	const switchOn = async (name: string): Promise<boolean> =>
		(await param(name).locator('.el-switch').first().getAttribute('class'))!.includes('is-checked');

	/**
	 * n8n's REST API, called from inside the page with the signed-in session: n8n ties the session
	 * cookie to the editor's browser-id header (and drops the session on a request without it).
	 */
	const rest = async <T>(method: 'GET' | 'POST', endpoint: string, body?: unknown): Promise<T> => {
		const { status, text } = await page.evaluate(
			async ({ url, method, body }) => {
				// Runs in the page, where localStorage holds the editor's browser id.
				const storage = (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage;
				const response = await fetch(url, {
					method,
					credentials: 'include',
					headers: { 'browser-id': storage.getItem('n8n-browserId') ?? '', 'content-type': 'application/json' },
					body: body === undefined ? undefined : JSON.stringify(body),
				});
				return { status: response.status, text: await response.text() };
			},
			{ url: `${server!.url}/rest${endpoint}`, method, body },
		);
		if (status !== 200) throw new Error(`${method} /rest${endpoint}: HTTP ${status} ${text.slice(0, 300)}`);
		return (JSON.parse(text) as { data: T }).data;
	};

	/** A new copy of a workflow (a retried test starts from the original, not from the last attempt's edits). */
	const createWorkflow = async (workflow: WorkflowFile): Promise<string> => {
		const { nodes, connections, settings, name } = workflow;
		const created = await rest<{ id: string }>('POST', '/workflows', { name: `${name} ${Date.now()}`, nodes, connections, settings });
		return created.id;
	};

	const storedParameters = async (id: string, nodeName: string): Promise<Record<string, unknown>> => {
		const workflow = await rest<WorkflowFile>('GET', `/workflows/${id}`);
		return workflow.nodes.find((n) => n.name === nodeName)!.parameters as Record<string, unknown>;
	};

	/** A test that leaves a screenshot of the page behind when it fails. */
	const uiTest = (name: string, body: () => Promise<void>) =>
		test(name, async () => {
			try {
				await body();
			} catch (error) {
				await screenshot('FAILED').catch(() => undefined);
				throw error;
			}
		});

	// A browser driving a live editor has moments (a slow render, a late toast): one retry, logged.
	jest.retryTimes(1, { logErrorsBeforeRetry: true });

	beforeAll(async () => {
		const t0 = Date.now();
		runtime = await ensureRuntime('n8n-2');
		const userFolder = freshUserFolder('editor-n8n-2');
		await installPackage(userFolder, readSetup().tarball);
		simUrl = await sim.start(0);
		await importAll(runtime, userFolder, [demoCredential(simUrl)], [...demoWorkflows(), SCRATCH], { port: PORT });
		const t1 = Date.now();
		server = await startN8n(runtime, userFolder, { port: PORT });
		timing('n8n-2 n8n start until the REST API answers', t1);
		await ensureOwner(server.url);
		browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
		page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
		page.setDefaultTimeout(UI_TIMEOUT);
		page.on('dialog', (dialog) => void dialog.accept());
		timing('editor suite setup', t0);
	}, 15 * 60 * 1000);

	afterAll(async () => {
		await browser?.close();
		await server?.stop();
		await sim.stop();
	});

	uiTest('signs in and shows a demo workflow with the SMS node on the canvas', async () => {
		const t0 = Date.now();
		await page.goto(`${server!.url}/signin`);
		await page.getByLabel('Email').fill(OWNER.email);
		await page.getByLabel('Password').fill(OWNER.password);
		await page.getByRole('button', { name: 'Sign in' }).click();
		await page.waitForURL(/\/(home|workflows)/, { timeout: UI_TIMEOUT });
		await openWorkflow('SmsDemoSend00001', 'Send SMS');
		expect(await canvasNode('Send SMS').getAttribute('data-node-type')).toBe('n8n-nodes-smsonlinegh.smsOnlineGh');
		await screenshot('canvas');
		timing('sign in and open the workflow', t0);
	});

	uiTest('the node shows its resource and operation selectors and each operation\'s fields', async () => {
		await openWorkflow('E2eEditorScratch', 'SMS');
		await openNode('SMS');

		// Resource: SMS | Account. Account has Get Balance only.
		await expectSelected('resource', 'Account');
		await expectSelected('operation', 'Get Balance');
		expect(await visibleParameters()).not.toContain('sender');
		await screenshot('get-balance-fields');
		expect(await selectOption('resource', 'SMS')).toEqual(['SMS', 'Account']);

		// SMS → Send.
		expect(await selectOption('operation')).toEqual(['Send', 'Send Personalised']);
		await selectOption('operation', 'Send');
		await expectSelected('operation', 'Send');
		const sendFields = await visibleParameters();
		expect(sendFields).toEqual(expect.arrayContaining(['resource', 'operation', 'sender', 'phoneNumbers', 'message', 'messageType']));
		expect(sendFields).not.toContain('template');
		// Message Type: Auto for a new node, then the fixed encodings and the flash variants.
		await expectSelected('messageType', 'Auto');
		expect(await selectOption('messageType')).toEqual(['Auto', 'Flash', 'Flash (Auto)', 'Flash Unicode', 'GSM Default', 'Unicode']);
		expect(await optionsOffered()).toEqual(SEND_OPTIONS);
		await screenshot('send-fields');

		// SMS → Send Personalised.
		await selectOption('operation', 'Send Personalised');
		const personalisedFields = await visibleParameters();
		expect(personalisedFields).toEqual(
			expect.arrayContaining(['sender', 'phoneNumber', 'template', 'messageType', 'valuesSource']),
		);
		expect(personalisedFields).not.toContain('message');
		expect(personalisedFields).not.toContain('phoneNumbers');
		await expectSelected('messageType', 'Auto');
		// Duplicates only make sense for one text sent to a list: not offered here.
		expect(await optionsOffered()).toEqual(SHARED_OPTIONS);
		// Values "Defined below" shows the values list.
		const sources = await selectOption('valuesSource');
		expect(sources.length).toBe(2);
		const defined = sources.find((s) => !/item/i.test(s))!;
		await selectOption('valuesSource', defined);
		await page.waitForTimeout(500);
		expect(await page.locator('[data-test-id="ndv"] [data-test-id="node-parameters"]').innerText()).toMatch(/Values?/);
		await screenshot('send-personalised-fields');
		await closeNode();
	});

	uiTest('sets Dry Run, Include Text, duplicates, schedule and delivery report in the UI; a dry run from the UI sends nothing', async () => {
		const t0 = Date.now();
		const id = await createWorkflow(OPTIONS);
		await openWorkflow(id, 'SMS');
		await openNode('SMS');
		await expectSelected('messageType', 'Auto');

		await addOptionTitled('Dry Run', 'dryRun');
		expect(await switchOn('dryRun')).toBe(false);
		await param('dryRun').locator('.el-switch').first().click();
		expect(await switchOn('dryRun')).toBe(true);
		await addOptionTitled('Include Text', 'includeText');
		await param('includeText').locator('.el-switch').first().click();
		expect(await switchOn('includeText')).toBe(true);
		// Remove Duplicate Numbers comes in switched on, with 233 as the country code of local numbers.
		await addOptionTitled('Remove Duplicate Numbers', 'removeDuplicates');
		expect(await switchOn('removeDuplicates')).toBe(true);
		await addOptionTitled('Default Country Code', 'countryCode');
		await expectValue(param('countryCode').locator('input, textarea').first(), '233');
		await addOptionTitled('Delivery Report URL', 'callbackUrl');
		await param('callbackUrl').locator('input, textarea').first().fill('https://example.com/webhook/sms-reports');
		await addOptionTitled('Delivery Report Format', 'callbackFormat');
		await expectSelected('callbackFormat', 'JSON');
		await selectOption('callbackFormat', 'XML');
		// Schedule At is n8n's date-time picker.
		await addOptionTitled('Schedule At', 'scheduleAt');
		const picker = param('scheduleAt').locator('input').first();
		await picker.click();
		await picker.fill('2099-01-02 10:30:00');
		await picker.press('Enter');
		await page.keyboard.press('Escape');
		await addOptionTitled('Schedule UTC Offset', 'scheduleOffset');
		await param('scheduleOffset').locator('input, textarea').first().fill('+00:00');
		await page.locator('[data-test-id="ndv"] [data-test-id="node-parameters"]').click({ position: { x: 5, y: 5 } });
		await screenshot('send-options');
		await closeNode();

		// What the editor stored is exactly what the node reads.
		await page.keyboard.press('Control+s');
		await page.waitForTimeout(1000);
		const stored = await storedParameters(id, 'SMS');
		expect(stored.options).toEqual({
			dryRun: true,
			includeText: true,
			removeDuplicates: true,
			countryCode: '233',
			callbackUrl: 'https://example.com/webhook/sms-reports',
			callbackFormat: 'xml',
			scheduleAt: expect.stringMatching(/^2099-01-02T10:30/),
			scheduleOffset: '+00:00',
		});

		// Run it from the UI: nothing reaches the service, each contact comes out with its verdict.
		const journalBefore = sim.journal.length;
		const balanceBefore = sim.balance('demo');
		await page.locator('[data-test-id="execute-workflow-button"]').click();
		await openNode('SMS');
		const cells = await (await outputTable(3)).allInnerTexts();
		expect(cells).toHaveLength(3);
		// Both numbers share one request; the first row carries its body, the repeat of Ama's number is skipped.
		expect(cells[0]).toMatch(/0241234567[\s\S]*not sent \(dry run\)[\s\S]*unicode[\s\S]*Café opens at 9 ☕/);
		expect(cells[0]).toContain('"schedule":{"dateTime":"2099-01-02 10:30","offset":"+00:00"}');
		expect(cells[0]).toContain('"callback":{"url":"https://example.com/webhook/sms-reports","accept":"application/xml"}');
		expect(cells[1]).toMatch(/0201234567[\s\S]*not sent \(dry run\)/);
		expect(cells[2]).toMatch(/\+233241234567[\s\S]*skipped: duplicate of 0241234567 \(item 0\)/);
		await screenshot('dry-run-output');
		expect(sim.journal.slice(journalBefore)).toEqual([]);
		expect(sim.balance('demo')).toBe(balanceBefore);
		await closeNode();
		timing('set the options and dry-run from the UI', t0);
	});

	uiTest('creates a credential in the UI; its connection test fails with a wrong key and passes with the right one', async () => {
		await openWorkflow('E2eEditorScratch', 'SMS');
		await openNode('SMS');
		await page.locator('[data-test-id="node-credentials-select"]').click();
		await page.getByText('Create new credential').click();
		const modal = page.locator('[data-test-id="editCredential-modal"]');
		await modal.waitFor();
		await expectValue(modal.locator('[data-test-id="parameter-input-authModel"] input').first(), /API Key/);

		const journalBefore = sim.journal.length;
		await modal.locator('[data-test-id="parameter-input-apiKey"] input').fill('wrong-key-0000');
		const baseUrl = modal.locator('[data-test-id="parameter-input-baseUrl"] input');
		await baseUrl.fill(simUrl);
		await modal.locator('[data-test-id="credential-save-button"]').click();
		await modal.getByText(/couldn.t connect/i).first().waitFor();
		// "More details" shows the credential test's own message for handshake 1203.
		await modal.getByText('More details').first().click();
		await modal.getByText(/handshake 1203/).first().waitFor();
		await screenshot('credential-test-fails');
		const failed = sim.journal.slice(journalBefore);
		expect(failed.length).toBeGreaterThanOrEqual(1);
		expect(failed.every((e) => e.handshake === 1203 && e.headers.authorization === 'key wrong-key-0000')).toBe(true);

		await modal.locator('[data-test-id="parameter-input-apiKey"] input').fill('demo-api-key-0123456789abcdef');
		const journalBeforeRetest = sim.journal.length;
		await modal.locator('[data-test-id="credential-save-button"]').click();
		// A passing test shows "Connection tested successfully"; n8n then closes the dialog by itself.
		const success = page.getByText(/Connection tested successfully/i).first();
		await Promise.race([success.waitFor(), modal.waitFor({ state: 'hidden' })]);
		await screenshot('credential-test-passes');
		const retest = sim.journal.slice(journalBeforeRetest);
		expect(retest.length).toBeGreaterThanOrEqual(1);
		expect(retest[retest.length - 1]).toMatchObject({ path: '/v5/account/balance', handshake: 0, accountId: 'demo' });
		if (await modal.isVisible()) {
			await modal.locator('.el-dialog__headerbtn, button[aria-label="Close this dialog"]').first().click();
			await modal.waitFor({ state: 'hidden' });
		}
		// The node now uses the new credential.
		await expectValue(page.locator('[data-test-id="node-credentials-select"] input').first(), /SMSOnlineGH/);
		await closeNode();
	});

	uiTest('n8n’s own connection test forgives a trailing slash or /v5 on the Base URL, as the node does', async () => {
		// The request the credential dialog makes (POST /rest/credentials/test), made directly: n8n,
		// not our code, resolves the credential test's Base URL expression here.
		const journalBefore = sim.journal.length;
		const testWith = (baseUrl: string) =>
			rest<{ status: string; message: string }>('POST', '/credentials/test', {
				credentials: { id: '', name: 'Base URL check', type: 'smsOnlineGhApi', data: { authModel: 'apiKey', apiKey: 'demo-api-key-0123456789abcdef', baseUrl } },
			});
		for (const baseUrl of [`${simUrl}/`, `${simUrl}/v5`, ` ${simUrl}/v5/ `]) {
			expect(await testWith(baseUrl)).toMatchObject({ status: 'OK' });
		}
		expect(sim.journal.slice(journalBefore).map((e) => [e.path, e.handshake])).toEqual(Array(3).fill(['/v5/account/balance', 0]));
	});

	uiTest('executes a demo workflow from the UI; the output panel shows one item per destination', async () => {
		const t0 = Date.now();
		await openWorkflow('SmsDemoSend00001', 'Send SMS');
		const sendsBefore = sim.journal.filter((e) => e.path === '/v5/message/sms/send').length;
		await page.locator('[data-test-id="execute-workflow-button"]').click();
		const deadline = Date.now() + UI_TIMEOUT;
		while (sim.journal.filter((e) => e.path === '/v5/message/sms/send').length === sendsBefore) {
			if (Date.now() > deadline) throw new Error('the workflow sent nothing');
			await page.waitForTimeout(250);
		}
		await openNode('Send SMS');
		const rows = await outputTable(5);
		expect(await rows.count()).toBe(5);
		const text = (await rows.allInnerTexts()).join('\n');
		for (const to of ['233241234567', '233201234567', '233501234567', '233551234567', '233271234567']) {
			expect(text).toContain(to);
		}
		expect(text).toMatch(/accepted/);
		const file = await screenshot('executed-output');
		fs.mkdirSync(path.join(PROJECT_ROOT, 'docs'), { recursive: true });
		fs.copyFileSync(file, path.join(PROJECT_ROOT, 'docs', 'editor.png'));
		const sent = sim.journal.filter((e) => e.path === '/v5/message/sms/send').slice(sendsBefore);
		expect(sent).toHaveLength(1);
		expect(sent[0].unit!.destinations).toHaveLength(5);
		timing('execute from the UI and read the output', t0);
	});
});

