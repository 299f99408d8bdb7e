/**
 * The node's panel in n8n's editor, in a real browser: sign-in, the resource and operation
 * selectors with each operation's fields (Voice → Send's with its voice Sender list), and the send
 * options set in the UI and dry-run from it.
 * Set-up and page helpers: editor-helpers.ts; the workflows and the expected option lists:
 * editor-fields-data.ts. N8N_E2E_EDITOR=0 skips it.
 */
import { describeEditor, SCRATCH, useEditor } from './editor-helpers';
import { timing } from './helpers';
import {
	OPTIONS,
	QUERY_OPTIONS,
	SEND_OPTIONS,
	SENDER,
	SHARED_OPTIONS,
	UPDATE_FIELDS,
	VOICE,
	VOICE_OPTIONS,
} from './editor-fields-data';

describeEditor('n8n editor (n8n-2, chromium): the node panel', () => {
	const editor = useEditor('fields');
	const {
		sim,
		screenshot,
		param,
		canvasNode,
		openWorkflow,
		openNode,
		closeNode,
		outputTable,
		expectValue,
		expectSelected,
		selectOption,
		locatorItems,
		pickLocatorItem,
		locatorMode,
		locatorInput,
		visibleParameters,
		optionsOffered,
		addOptionTitled,
		switchOn,
		createWorkflow,
		expectStored,
		uiTest,
	} = editor;
	const parametersText = () =>
		editor.page.locator('[data-test-id="ndv"] [data-test-id="node-parameters"]').innerText();

	uiTest('signs in and shows a demo workflow with the SMS node on the canvas', async () => {
		const t0 = Date.now();
		await editor.signIn();
		await openWorkflow('SmsDemoSend00001', 'Send SMS');
		expect(await canvasNode('Send SMS').getAttribute('data-node-type')).toBe(
			'n8n-nodes-smsonlinegh.smsOnlineGh',
		);
		await screenshot('canvas');
		timing('sign in and open the workflow', t0);
	});

	uiTest(
		"the node shows its resource and operation selectors and each send operation's fields",
		async () => {
			await openWorkflow(await createWorkflow(SCRATCH), 'SMS');
			await openNode('SMS');

			// Resources in the registry's order; each Operation list sorted by name.
			await expectSelected('resource', 'Account');
			await expectSelected('operation', 'Get Balance');
			expect(await selectOption('operation')).toEqual(['Get Balance', 'Get Profile']);
			expect(await visibleParameters()).not.toContain('sender');
			await screenshot('get-balance-fields');
			expect(await selectOption('resource', 'SMS')).toEqual([
				'SMS',
				'Voice',
				'Scheduled SMS',
				'Scheduled Voice',
				'Account',
			]);

			// SMS → Send, the default of a new SMS resource.
			await expectSelected('operation', 'Send');
			expect(await selectOption('operation')).toEqual([
				'Get Delivery Report',
				'Send',
				'Send Personalised',
			]);
			const sendFields = await visibleParameters();
			expect(sendFields).toEqual(
				expect.arrayContaining([
					'resource',
					'operation',
					'sender',
					'phoneNumbers',
					'message',
					'messageType',
				]),
			);
			expect(sendFields).not.toContain('template');
			// The Sender is a resource locator: From List (n8n's own wording) for a new node, or By Name.
			await expectSelected('sender', 'From list');
			// Message Type: Auto for a new node, then the fixed encodings and the flash variants.
			await expectSelected('messageType', 'Auto');
			expect(await selectOption('messageType')).toEqual([
				'Auto',
				'Flash',
				'Flash (Auto)',
				'Flash Unicode',
				'GSM Default',
				'Unicode',
			]);
			expect(await optionsOffered()).toEqual(SEND_OPTIONS);
			await screenshot('send-fields');

			// SMS → Send Personalised.
			await selectOption('operation', 'Send Personalised');
			const personalisedFields = await visibleParameters();
			expect(personalisedFields).toEqual(
				expect.arrayContaining([
					'sender',
					'phoneNumber',
					'template',
					'messageType',
					'valuesSource',
				]),
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
			await editor.page.waitForTimeout(500);
			expect(await parametersText()).toMatch(/Values?/);
			await screenshot('send-personalised-fields');
			await closeNode();
		},
	);

	uiTest(
		'Get Delivery Report and the Scheduled SMS operations show their fields, batch and message IDs from the input',
		async () => {
			await openWorkflow(await createWorkflow(SCRATCH), 'SMS');
			await openNode('SMS');
			await selectOption('resource', 'SMS');

			// SMS → Get Delivery Report: the batch and message IDs of the Send output item, as expressions.
			await selectOption('operation', 'Get Delivery Report');
			const reportFields = await visibleParameters();
			expect(reportFields).toEqual(expect.arrayContaining(['batch', 'messageIds']));
			expect(reportFields).not.toContain('sender');
			expect(await param('batch').innerText()).toContain('{{ $json.batch }}');
			expect(await param('messageIds').innerText()).toContain('{{ $json.messageId }}');
			expect(await optionsOffered()).toEqual(QUERY_OPTIONS);
			await screenshot('get-delivery-report-fields');

			// Scheduled SMS: Get Many for a new resource; Update changes what its Update Fields hold.
			expect(await selectOption('resource', 'Scheduled SMS')).toEqual([
				'SMS',
				'Voice',
				'Scheduled SMS',
				'Scheduled Voice',
				'Account',
			]);
			await expectSelected('operation', 'Get Many');
			expect(await selectOption('operation', 'Update')).toEqual([
				'Cancel',
				'Get',
				'Get Many',
				'Send Now',
				'Update',
			]);
			const updateFields = await visibleParameters();
			expect(updateFields).toEqual(expect.arrayContaining(['resource', 'operation', 'batch']));
			expect(updateFields).not.toContain('sender');
			expect(updateFields).not.toContain('messageIds');
			expect(await param('batch').innerText()).toContain('{{ $json.batch }}');
			expect(await parametersText()).toContain('Update Fields');
			// The first "Add" list of the panel is Update Fields', in the order the node declares them.
			expect(await optionsOffered()).toEqual(UPDATE_FIELDS);
			await screenshot('scheduled-update-fields');
			await closeNode();
		},
	);

	uiTest(
		"the editor test opens the Sender list and sees the demo account's senders; picks one, then types one By Name",
		async () => {
			const t0 = Date.now();
			const id = await createWorkflow(SENDER);
			await openWorkflow(id, 'SMS');
			await openNode('SMS');

			// The list is the account's profile: one POST /v5/auth with the demo credential.
			const journalBefore = sim.journal.length;
			expect(await locatorItems('sender', 2)).toEqual(['SMSDemo (GH)', 'Alerts (GH)']);
			const profileCalls = sim.journal.slice(journalBefore);
			expect(profileCalls.map((e) => [e.method, e.path, e.accountId])).toEqual([
				['POST', '/v5/auth', 'demo'],
			]);
			// Its search box filters by name.
			expect(await locatorItems('sender', 1, 'ale')).toEqual(['Alerts (GH)']);
			await screenshot('sender-list');
			await pickLocatorItem('Alerts (GH)');
			await expectValue(locatorInput('sender'), /Alerts/);
			await closeNode();
			// n8n keeps the name shown beside the value; the node reads the value alone.
			await expectStored(id, 'SMS', 'sender', {
				__rl: true,
				mode: 'list',
				value: 'Alerts',
				cachedResultName: 'Alerts (GH)',
			});

			// By Name takes any name typed, for a sender the profile does not list.
			await openNode('SMS');
			await locatorMode('sender', 'By Name');
			await expectSelected('sender', 'By Name');
			await locatorInput('sender').fill('MyShop');
			await editor.page
				.locator('[data-test-id="ndv"] [data-test-id="node-parameters"]')
				.click({ position: { x: 5, y: 5 } });
			await expectValue(locatorInput('sender'), 'MyShop');
			await screenshot('sender-by-name');
			await closeNode();
			await expectStored(id, 'SMS', 'sender', { __rl: true, mode: 'name', value: 'MyShop' });
			timing('pick a sender from the list and type one by name', t0);
		},
	);

	uiTest(
		"Voice → Send shows its fields and options; its Sender list holds the account's voice senders alone",
		async () => {
			await openWorkflow(await createWorkflow(VOICE), 'SMS');
			await openNode('SMS');
			await expectSelected('resource', 'Voice');
			await expectSelected('operation', 'Send');
			expect(await selectOption('operation')).toEqual(['Get Delivery Report', 'Send']);
			const fields = await visibleParameters();
			expect(fields).toEqual(
				expect.arrayContaining(['resource', 'operation', 'template', 'sender', 'phoneNumbers']),
			);
			for (const sms of ['message', 'messageType', 'valuesSource'])
				expect(fields).not.toContain(sms);
			expect(await optionsOffered()).toEqual(VOICE_OPTIONS);
			// The profile's voice senders, not its SMS ones (SMSDemo, Alerts): one POST /v5/auth.
			const journalBefore = sim.journal.length;
			expect(await locatorItems('sender', 1)).toEqual(['DemoVoice (GH)']);
			expect(sim.journal.slice(journalBefore).map((e) => [e.method, e.path])).toEqual([
				['POST', '/v5/auth'],
			]);
			await screenshot('voice-send-fields');
			await closeNode();
		},
	);

	uiTest(
		'sets Dry Run, Include Text, duplicates, schedule and delivery report in the UI; a dry run from the UI sends nothing',
		async () => {
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
			// Remove Duplicate Numbers comes in switched on; Default Country Code empty (the account's
			// home country), and a code typed into it is stored.
			await addOptionTitled('Remove Duplicate Numbers', 'removeDuplicates');
			expect(await switchOn('removeDuplicates')).toBe(true);
			await addOptionTitled('Default Country Code', 'countryCode');
			const countryCode = param('countryCode').locator('input, textarea').first();
			await expectValue(countryCode, '');
			await countryCode.fill('233');
			await addOptionTitled('Delivery Report URL', 'callbackUrl');
			await param('callbackUrl')
				.locator('input, textarea')
				.first()
				.fill('https://example.com/webhook/sms-reports');
			await addOptionTitled('Delivery Report Format', 'callbackFormat');
			await expectSelected('callbackFormat', 'JSON');
			await selectOption('callbackFormat', 'XML');
			// Schedule At is n8n's date-time picker.
			await addOptionTitled('Schedule At', 'scheduleAt');
			const picker = param('scheduleAt').locator('input').first();
			await picker.click();
			await picker.fill('2099-01-02 10:30:00');
			await picker.press('Enter');
			await editor.page.keyboard.press('Escape');
			// Schedule UTC Offset is a list of the offsets in use, west to east, after the account's own time zone.
			await addOptionTitled('Schedule UTC Offset', 'scheduleOffset');
			const offsets = await selectOption('scheduleOffset', 'UTC+00:00');
			expect(offsets.slice(0, 3)).toEqual(['Account’s Time Zone', 'UTC-12:00', 'UTC-11:00']);
			expect(offsets).toContain('UTC+05:45');
			expect(offsets.at(-1)).toBe('UTC+13:00');
			await editor.page
				.locator('[data-test-id="ndv"] [data-test-id="node-parameters"]')
				.click({ position: { x: 5, y: 5 } });
			await screenshot('send-options');
			await closeNode();

			// What the editor stored is exactly what the node reads.
			await expectStored(id, 'SMS', 'options', {
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
			await editor.page.locator('[data-test-id="execute-workflow-button"]').click();
			await openNode('SMS');
			const cells = await (await outputTable(3)).allInnerTexts();
			expect(cells).toHaveLength(3);
			// Both numbers share one request; the first row carries its body, the repeat of Ama's number is skipped.
			expect(cells[0]).toMatch(
				/0241234567[\s\S]*not sent \(dry run\)[\s\S]*unicode[\s\S]*Café opens at 9 ☕/,
			);
			expect(cells[0]).toContain('"schedule":{"dateTime":"2099-01-02 10:30","offset":"+00:00"}');
			expect(cells[0]).toContain(
				'"callback":{"url":"https://example.com/webhook/sms-reports","accept":"application/xml"}',
			);
			expect(cells[1]).toMatch(/0201234567[\s\S]*not sent \(dry run\)/);
			expect(cells[2]).toMatch(/\+233241234567[\s\S]*skipped: duplicate of 0241234567 \(item 0\)/);
			await screenshot('dry-run-output');
			// Nothing sent: the balance read for the cost words, and at most the sender check's profile
			// read (none when n8n's process keeps the profile the Sender list read for this credential).
			expect(
				sim.journal
					.slice(journalBefore)
					.filter((entry) => entry.path !== '/v5/auth')
					.map((entry) => entry.path),
			).toEqual(['/v5/account/balance']);
			expect(sim.balance('demo')).toBe(balanceBefore);
			await closeNode();
			timing('set the options and dry-run from the UI', t0);
		},
	);
});
