/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Credentials and runs in n8n's editor, in a real browser: a credential created and tested in the
 * UI, n8n's own connection test, and a demo workflow executed from the UI (its screenshot in
 * test-artifacts/ is what `npm run docs:screenshot` copies to docs/editor.png; tests never write
 * docs/), the node picker's entries with each node's own description, and the Smart Encoding demo.
 * Set-up and page helpers: editor-helpers.ts. N8N_E2E_EDITOR=0 skips it.
 */
import { createRequire } from 'node:module';
import { SmsOnlineGh } from '../../nodes/SmsOnlineGh/SmsOnlineGh.node';
import { SmsOnlineGhBalanceTrigger } from '../../nodes/SmsOnlineGhBalanceTrigger/SmsOnlineGhBalanceTrigger.node';
import { SmsOnlineGhReportTrigger } from '../../nodes/SmsOnlineGhReportTrigger/SmsOnlineGhReportTrigger.node';
import { describeEditor, UI_TIMEOUT, useEditor } from './editor-helpers';
import { timing } from './helpers';

// flatted, n8n's serialisation of stored run data (the runtime's is the same package).
const unflatten = (
	createRequire(__filename)('flatted') as {
		parse(text: string): { resultData: { runData: unknown } };
	}
).parse;

/** Each node's own description, as its source gives it. */
const OWN = {
	SMSOnlineGH: new SmsOnlineGh().description.description,
	'SMSOnlineGH Trigger': new SmsOnlineGhReportTrigger().description.description,
	'SMSOnlineGH Balance Trigger': new SmsOnlineGhBalanceTrigger().description.description,
};

describeEditor('n8n editor (n8n-2, chromium): credentials and runs', () => {
	const editor = useEditor('run');
	const {
		sim,
		screenshot,
		openWorkflow,
		openNode,
		closeNode,
		outputTable,
		expectValue,
		rest,
		uiTest,
	} = editor;

	// The node panel suite signs in as a test; here signing in is set-up.
	beforeAll(() => editor.signIn());

	/** The items one node gave in the workflow's newest stored execution, once it has finished. */
	const storedItems = async (
		workflowId: string,
		nodeName: string,
	): Promise<Array<Record<string, unknown>>> => {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const deadline = Date.now() + UI_TIMEOUT;
		for (;;) {
			const { results } = await rest<{ results: Array<{ id: string; status: string }> }>(
				'GET',
				`/executions?filter=${filter}&limit=1`,
			);
			if (results[0]?.status === 'success') {
				const execution = await rest<{ data: string }>('GET', `/executions/${results[0].id}`);
				const runData = unflatten(execution.data).resultData.runData as Record<
					string,
					Array<{ data: { main: Array<Array<{ json: Record<string, unknown> }>> } }>
				>;
				return runData[nodeName][0].data.main[0].map((item) => item.json);
			}
			if (Date.now() > deadline)
				throw new Error(`no finished execution of ${workflowId}: ${JSON.stringify(results)}`);
			await editor.page.waitForTimeout(250);
		}
	};

	/** The open node picker's entries for a search, once `count` are listed: [title, description]. */
	const pickerEntries = async (search: string, count: number): Promise<string[][]> => {
		await editor.page.locator('[data-test-id="node-creator-search-bar"]').fill(search);
		const items = editor.page.locator(
			'[data-test-id="item-iterator-item"]:has([data-test-id="node-creator-item-name"])',
		);
		const deadline = Date.now() + UI_TIMEOUT;
		while ((await items.count()) !== count && Date.now() < deadline)
			await editor.page.waitForTimeout(200);
		const entries: string[][] = [];
		for (const item of await items.all()) {
			entries.push([
				(await item.locator('[data-test-id="node-creator-item-name"]').innerText()).trim(),
				(await item.locator('[data-test-id="node-creator-item-description"]').innerText()).trim(),
			]);
		}
		return entries;
	};

	uiTest(
		'the node picker: "What happens next?", the SMS node’s details and the first step’s list give each SMSOnlineGH node its own description',
		async () => {
			await openWorkflow('SmsDemoBalance01', 'Get Balance');
			await editor.page
				.locator('[data-test-id="canvas-plus-button"], [data-test-id="node-creator-plus-button"]')
				.first()
				.click();
			await editor.page.getByText('What happens next?').first().waitFor();
			const next = await pickerEntries('SMSOnlineGH', 3);
			await screenshot('picker-what-happens-next');
			expect(next).toEqual(Object.entries(OWN));

			// The SMS node's "Node details" (its description above its actions): its own words, nowhere the trigger's.
			await editor.page
				.locator('[data-test-id="node-creator-item-name"]', { hasText: /^SMSOnlineGH$/ })
				.click();
			const creator = editor.page.locator('[data-test-id="node-creator"]');
			await creator.getByText('Node details').first().waitFor();
			await creator
				.getByText(/^Actions \(\d+\)$/)
				.first()
				.waitFor();
			// The picker slides the details in over the list it leaves, which stays in the panel until the slide ends.
			let details = await creator.innerText();
			for (
				const deadline = Date.now() + UI_TIMEOUT;
				details.includes('What happens next?') && Date.now() < deadline;
				details = await creator.innerText()
			) {
				await editor.page.waitForTimeout(200);
			}
			await screenshot('picker-sms-node-details');
			expect(details).toContain(OWN.SMSOnlineGH);
			expect(details).not.toContain(OWN['SMSOnlineGH Trigger']);
			await editor.page.keyboard.press('Escape');

			await editor.page.goto(`${editor.url}/workflow/new`);
			await editor.page.locator('[data-test-id="canvas-add-button"]').click();
			await editor.page.getByText('What triggers this workflow?').first().waitFor();
			const first = await pickerEntries('SMSOnlineGH', 3);
			await screenshot('picker-first-step');
			expect(first).toEqual(Object.entries(OWN));
		},
	);

	uiTest(
		'creates a credential in the UI; its connection test fails with a wrong key and passes with the right one',
		async () => {
			await openWorkflow('E2eEditorScratch', 'SMS');
			await openNode('SMS');
			await editor.page.locator('[data-test-id="node-credentials-select"]').click();
			await editor.page.getByText('Create new credential').click();
			const modal = editor.page.locator('[data-test-id="editCredential-modal"]');
			await modal.waitFor();
			await expectValue(
				modal.locator('[data-test-id="parameter-input-authModel"] input').first(),
				/API Key/,
			);

			const journalBefore = sim.journal.length;
			await modal.locator('[data-test-id="parameter-input-apiKey"] input').fill('wrong-key-0000');
			const baseUrl = modal.locator('[data-test-id="parameter-input-baseUrl"] input');
			await baseUrl.fill(editor.simUrl);
			await modal.locator('[data-test-id="credential-save-button"]').click();
			await modal
				.getByText(/couldn.t connect/i)
				.first()
				.waitFor();
			// "More details" shows the credential test's own message for handshake 1203.
			await modal.getByText('More details').first().click();
			await modal
				.getByText(/handshake 1203/)
				.first()
				.waitFor();
			await screenshot('credential-test-fails');
			const failed = sim.journal.slice(journalBefore);
			expect(failed.length).toBeGreaterThanOrEqual(1);
			expect(
				failed.every(
					(e) => e.handshake === 1203 && e.headers.authorization === 'key wrong-key-0000',
				),
			).toBe(true);

			await modal
				.locator('[data-test-id="parameter-input-apiKey"] input')
				.fill('demo-api-key-0123456789abcdef');
			const journalBeforeRetest = sim.journal.length;
			await modal.locator('[data-test-id="credential-save-button"]').click();
			// A passing test shows "Connection tested successfully"; n8n then closes the dialog by itself.
			const success = editor.page.getByText(/Connection tested successfully/i).first();
			await Promise.race([success.waitFor(), modal.waitFor({ state: 'hidden' })]);
			await screenshot('credential-test-passes');
			const retest = sim.journal.slice(journalBeforeRetest);
			expect(retest.length).toBeGreaterThanOrEqual(1);
			expect(retest[retest.length - 1]).toMatchObject({
				path: '/v5/account/balance',
				handshake: 0,
				accountId: 'demo',
			});
			if (await modal.isVisible()) {
				await modal
					.locator('.el-dialog__headerbtn, button[aria-label="Close this dialog"]')
					.first()
					.click();
				await modal.waitFor({ state: 'hidden' });
			}
			// The node now uses the new credential.
			await expectValue(
				editor.page.locator('[data-test-id="node-credentials-select"] input').first(),
				/SMSOnlineGH/,
			);
			await closeNode();
		},
	);

	uiTest(
		'n8n’s own connection test forgives a trailing slash or /v5 on the Base URL, as the node does',
		async () => {
			// The request the credential dialog makes (POST /rest/credentials/test), made directly: n8n,
			// not our code, resolves the credential test's Base URL expression here.
			const journalBefore = sim.journal.length;
			const testWith = (baseUrl: string) =>
				rest<{ status: string; message: string }>('POST', '/credentials/test', {
					credentials: {
						id: '',
						name: 'Base URL check',
						type: 'smsOnlineGhApi',
						data: { authModel: 'apiKey', apiKey: 'demo-api-key-0123456789abcdef', baseUrl },
					},
				});
			for (const baseUrl of [
				`${editor.simUrl}/`,
				`${editor.simUrl}/v5`,
				` ${editor.simUrl}/v5/ `,
			]) {
				expect(await testWith(baseUrl)).toMatchObject({ status: 'OK' });
			}
			expect(sim.journal.slice(journalBefore).map((e) => [e.path, e.handshake])).toEqual(
				Array(3).fill(['/v5/account/balance', 0]),
			);
		},
	);

	uiTest(
		'executes the contact-list demo from the UI; the output panel shows one item per destination, each saying what Smart Encoding replaced',
		async () => {
			const t0 = Date.now();
			await openWorkflow('SmsDemoSend00001', 'Send SMS');
			const sendsBefore = sim.journal.filter((e) => e.path === '/v5/message/sms/send').length;
			await editor.page.locator('[data-test-id="execute-workflow-button"]').click();
			const deadline = Date.now() + UI_TIMEOUT;
			while (sim.journal.filter((e) => e.path === '/v5/message/sms/send').length === sendsBefore) {
				if (Date.now() > deadline) throw new Error('the workflow sent nothing');
				await editor.page.waitForTimeout(250);
			}
			await openNode('Send SMS');
			const rows = await outputTable(5);
			expect(await rows.count()).toBe(5);
			const text = (await rows.allInnerTexts()).join('\n');
			for (const to of [
				'233241234567',
				'233201234567',
				'233501234567',
				'233551234567',
				'233271234567',
			]) {
				expect(text).toContain(to);
			}
			expect(text).toMatch(/accepted/);
			await screenshot('executed-output');
			const sent = sim.journal.filter((e) => e.path === '/v5/message/sms/send').slice(sendsBefore);
			expect(sent).toHaveLength(1);
			expect(sent[0].unit!.destinations).toHaveLength(5);
			// Smart Encoding, on by default in the node's version 2: ’ and – went as their GSM look-alikes, 1 part instead of 2.
			expect(sent[0].unit).toMatchObject({
				text: "It's ready - come by from 9 tomorrow to collect your order. Reply STOP to opt out.",
				type: 0,
			});
			const items = await storedItems('SmsDemoSend00001', 'Send SMS');
			expect(items).toHaveLength(5);
			for (const item of items) {
				expect(item).toMatchObject({
					verdict: 'accepted',
					messageType: 'gsm',
					characters: 82,
					parts: 1,
					replaced: "’ → ', – → -",
					partsSaved: 1,
				});
			}
			timing('execute from the UI and read the output', t0);
		},
	);
});
