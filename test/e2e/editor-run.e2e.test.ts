/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Credentials and runs in n8n's editor, in a real browser: a credential created and tested in the
 * UI, n8n's own connection test, and a demo workflow executed from the UI (its screenshot in
 * test-artifacts/ is what `npm run docs:screenshot` copies to docs/editor.png; tests never write
 * docs/). Set-up and page helpers: editor-helpers.ts. N8N_E2E_EDITOR=0 skips it.
 */
import { describeEditor, UI_TIMEOUT, useEditor } from './editor-helpers';
import { timing } from './helpers';

describeEditor('n8n editor (n8n-2, chromium): credentials and runs', () => {
	const editor = useEditor('run');
	const { sim, screenshot, openWorkflow, openNode, closeNode, outputTable, expectValue, rest, uiTest } = editor;

	// The node panel suite signs in as a test; here signing in is set-up.
	beforeAll(() => editor.signIn());

	uiTest('creates a credential in the UI; its connection test fails with a wrong key and passes with the right one', async () => {
		await openWorkflow('E2eEditorScratch', 'SMS');
		await openNode('SMS');
		await editor.page.locator('[data-test-id="node-credentials-select"]').click();
		await editor.page.getByText('Create new credential').click();
		const modal = editor.page.locator('[data-test-id="editCredential-modal"]');
		await modal.waitFor();
		await expectValue(modal.locator('[data-test-id="parameter-input-authModel"] input').first(), /API Key/);

		const journalBefore = sim.journal.length;
		await modal.locator('[data-test-id="parameter-input-apiKey"] input').fill('wrong-key-0000');
		const baseUrl = modal.locator('[data-test-id="parameter-input-baseUrl"] input');
		await baseUrl.fill(editor.simUrl);
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
		const success = editor.page.getByText(/Connection tested successfully/i).first();
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
		await expectValue(editor.page.locator('[data-test-id="node-credentials-select"] input').first(), /SMSOnlineGH/);
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
		for (const baseUrl of [`${editor.simUrl}/`, `${editor.simUrl}/v5`, ` ${editor.simUrl}/v5/ `]) {
			expect(await testWith(baseUrl)).toMatchObject({ status: 'OK' });
		}
		expect(sim.journal.slice(journalBefore).map((e) => [e.path, e.handshake])).toEqual(Array(3).fill(['/v5/account/balance', 0]));
	});

	uiTest('executes a demo workflow from the UI; the output panel shows one item per destination', async () => {
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
		for (const to of ['233241234567', '233201234567', '233501234567', '233551234567', '233271234567']) {
			expect(text).toContain(to);
		}
		expect(text).toMatch(/accepted/);
		await screenshot('executed-output');
		const sent = sim.journal.filter((e) => e.path === '/v5/message/sms/send').slice(sendsBefore);
		expect(sent).toHaveLength(1);
		expect(sent[0].unit!.destinations).toHaveLength(5);
		timing('execute from the UI and read the output', t0);
	});
});
