/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Shared set-up of the editor suites (editor-fields and editor-run): n8n 2.x with the package, the
 * simulator and Debian's chromium driven by playwright-core, plus the page helpers both use. Each
 * suite starts its own n8n and browser; screenshots go to test-artifacts/. N8N_E2E_EDITOR=0 skips them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { Simulator } from '../../simulator';
import {
	demoCredential,
	demoWorkflows,
	ensureOwner,
	ensureRuntime,
	importAll,
	installPackage,
	OWNER,
	startN8n,
	type N8nServer,
	type WorkflowFile,
} from '../../tools/n8n/runtime';
import type { Editor } from './editor-api';
import { CHROMIUM, CHROMIUM_FLAGS, equals } from './editor-browser';
import { ARTIFACTS, freshUserFolder, readSetup, smsWorkflow, timing } from './helpers';

// The suites run one after the other, and each stops its n8n in afterAll: they can share the port.
const PORT = Number(process.env.N8N_E2E_EDITOR_PORT ?? 5700);
export const UI_TIMEOUT = 90_000;

const enabled = process.env.N8N_E2E_EDITOR !== '0';
export const describeEditor = enabled ? describe : describe.skip;

/**
 * A workflow with an SMS node and no credential: the UI tests change it freely. n8n may save those
 * changes by itself, so a test that needs it as it starts works on a copy (createWorkflow).
 */
export const SCRATCH: WorkflowFile = (() => {
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
 * Call inside a describe block: starts n8n 2.x (the demo credential and workflows and the scratch
 * workflow imported), the simulator and a browser page in beforeAll, stops them in afterAll.
 * `suite` names the user folder, the screenshots and the timing lines.
 */
export function useEditor(suite: string): Editor {
	let server: N8nServer | undefined;
	let browser: Browser | undefined;
	let page: Page;
	const sim = new Simulator();
	let simUrl = '';
	let shot = 0;

	const screenshot = async (name: string) => {
		fs.mkdirSync(ARTIFACTS, { recursive: true });
		shot++;
		const file = path.join(
			ARTIFACTS,
			`editor-${suite}-${String(shot).padStart(2, '0')}-${name}.png`,
		);
		await page.screenshot({ path: file });
		return file;
	};

	const ndv = () => page.locator('[data-test-id="ndv"]');
	const param = (name: string) =>
		page.locator(`[data-test-id="ndv"] [data-test-id="parameter-input-${name}"]`);
	const canvasNode = (name: string) =>
		page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`);

	const openWorkflow = async (id: string, nodeName: string) => {
		await page.goto(`${server!.url}/workflow/${id}`);
		await canvasNode(nodeName).waitFor({ timeout: UI_TIMEOUT });
	};

	const openNode = async (nodeName: string) => {
		await canvasNode(nodeName).dblclick({ force: true });
		await ndv().waitFor({ timeout: UI_TIMEOUT });
	};

	const closeNode = async () => {
		await page.locator('[data-test-id="ndv-close-button"]').click();
		await ndv().waitFor({ state: 'hidden' });
	};

	const outputTable = async (count: number) => {
		const output = page.locator('[data-test-id="ndv"] [data-test-id="output-panel"]');
		await output
			.getByText(new RegExp(`${count} items`))
			.first()
			.waitFor();
		await output.locator('[data-test-id="radio-button-table"]').click();
		const rows = output.locator('table tbody tr');
		await rows.first().waitFor();
		return rows;
	};

	const expectValue = async (input: Locator, expected: string | RegExp) => {
		const matches = (value: string) =>
			typeof expected === 'string' ? value === expected : expected.test(value);
		const deadline = Date.now() + 5_000;
		let value = await input.inputValue();
		while (!matches(value) && Date.now() < deadline) {
			await page.waitForTimeout(100);
			value = await input.inputValue();
		}
		if (typeof expected === 'string') expect(value).toBe(expected);
		else expect(value).toMatch(expected);
	};
	const expectSelected = async (name: string, expected: string) =>
		expectValue(param(name).locator('input').first(), expected);

	const selectOption = async (name: string, choose?: string): Promise<string[]> => {
		await param(name).click();
		const options = page.locator('.el-select-dropdown__item:visible');
		await options.first().waitFor();
		const titles = (await options.allInnerTexts()).map((t) => t.split('\n')[0].trim());
		if (choose) {
			// By exact title: "Get" would also match "Get Many", "SMS" also "Scheduled SMS".
			const index = titles.indexOf(choose);
			if (index < 0) throw new Error(`${name}: no option "${choose}" among ${titles.join(', ')}`);
			await options.nth(index).click();
		} else {
			await page.keyboard.press('Escape');
		}
		await page.waitForTimeout(300);
		return titles;
	};

	const locator = (name: string) =>
		page.locator(`[data-test-id="ndv"] [data-test-id="resource-locator-${name}"]`);
	// n8n's input component may put the test id on the input or on its wrapper.
	const locatorInput = (name: string) =>
		locator(name)
			.locator('input[data-test-id="rlc-input"], [data-test-id="rlc-input"] input')
			.first();
	// The list is teleported out of the panel: only one is open at a time, so it is found page-wide.
	const locatorItemsShown = () => page.locator('[data-test-id="rlc-item"]:visible');

	const locatorItems = async (name: string, count: number, search?: string): Promise<string[]> => {
		const searchBox = page
			.locator(
				'input[data-test-id="rlc-search"]:visible, [data-test-id="rlc-search"] input:visible',
			)
			.first();
		if (!(await searchBox.isVisible())) await locatorInput(name).click();
		if (search !== undefined) await searchBox.fill(search);
		const deadline = Date.now() + UI_TIMEOUT;
		while ((await locatorItemsShown().count()) !== count && Date.now() < deadline)
			await page.waitForTimeout(200);
		return (await locatorItemsShown().allInnerTexts()).map((t) => t.split('\n')[0].trim());
	};

	const pickLocatorItem = async (title: string): Promise<void> => {
		await locatorItemsShown().filter({ hasText: title }).first().click();
		await locatorItemsShown().first().waitFor({ state: 'hidden' });
	};

	const locatorMode = async (name: string, mode: string): Promise<void> => {
		await locator(name).locator('[data-test-id="rlc-mode-selector"]').click();
		await page
			.locator('.el-select-dropdown__item:visible')
			.filter({ hasText: mode })
			.first()
			.click();
		await page.waitForTimeout(300);
	};

	const visibleParameters = async (): Promise<string[]> =>
		page
			.locator(
				'[data-test-id="ndv"] [data-test-id="node-parameters"] [data-test-id^="parameter-input-"]:visible',
			)
			.evaluateAll((els) =>
				els
					.map((e) => e.getAttribute('data-test-id')!.replace('parameter-input-', ''))
					.filter((n) => n !== 'field'),
			);

	const addOption = () =>
		page.locator('[data-test-id="ndv"] [data-test-id="collection-parameter-add"]').first();

	/** Opens the Options collection's "Add Option" list; returns its entries. */
	const openAddOption = async () => {
		await addOption().click();
		const items = page.locator('.el-select-dropdown__item:visible');
		await items.first().waitFor();
		return items;
	};

	const optionsOffered = async (): Promise<string[]> => {
		const titles = (await (await openAddOption()).allInnerTexts()).map((t) =>
			t.split('\n')[0].trim(),
		);
		await page.keyboard.press('Escape');
		await page.waitForTimeout(300);
		return titles;
	};

	const addOptionTitled = async (title: string, name: string): Promise<void> => {
		await (await openAddOption()).getByText(title, { exact: true }).first().click();
		await param(name).waitFor();
		await page.waitForTimeout(300);
	};

	const switchOn = async (name: string): Promise<boolean> =>
		(await param(name).locator('.el-switch').first().getAttribute('class'))!.includes('is-checked');

	const rest = async <T>(method: 'GET' | 'POST', endpoint: string, body?: unknown): Promise<T> => {
		const { status, text } = await page.evaluate(
			async ({ url, method, body }) => {
				// Runs in the page, where localStorage holds the editor's browser id.
				const storage = (
					globalThis as unknown as { localStorage: { getItem(key: string): string | null } }
				).localStorage;
				const response = await fetch(url, {
					method,
					credentials: 'include',
					headers: {
						'browser-id': storage.getItem('n8n-browserId') ?? '',
						'content-type': 'application/json',
					},
					body: body === undefined ? undefined : JSON.stringify(body),
				});
				return { status: response.status, text: await response.text() };
			},
			{ url: `${server!.url}/rest${endpoint}`, method, body },
		);
		if (status !== 200)
			throw new Error(`${method} /rest${endpoint}: HTTP ${status} ${text.slice(0, 300)}`);
		return (JSON.parse(text) as { data: T }).data;
	};

	const createWorkflow = async (workflow: WorkflowFile): Promise<string> => {
		const { nodes, connections, settings, name } = workflow;
		const created = await rest<{ id: string }>('POST', '/workflows', {
			name: `${name} ${Date.now()}`,
			nodes,
			connections,
			settings,
		});
		return created.id;
	};

	const storedParameters = async (
		id: string,
		nodeName: string,
	): Promise<Record<string, unknown>> => {
		const workflow = await rest<WorkflowFile>('GET', `/workflows/${id}`);
		return workflow.nodes.find((n) => n.name === nodeName)!.parameters as Record<string, unknown>;
	};

	const expectStored = async (
		id: string,
		nodeName: string,
		parameter: string,
		expected: unknown,
	): Promise<void> => {
		await page.keyboard.press('Control+s');
		const deadline = Date.now() + 15_000;
		let stored = (await storedParameters(id, nodeName))[parameter];
		while (!equals(stored, expected) && Date.now() < deadline) {
			await page.waitForTimeout(250);
			stored = (await storedParameters(id, nodeName))[parameter];
		}
		expect(stored).toEqual(expected);
	};

	const uiTest = (name: string, body: () => Promise<void>) =>
		test(name, async () => {
			try {
				await body();
			} catch (error) {
				await screenshot('FAILED').catch(() => undefined);
				throw error;
			}
		});

	const signIn = async () => {
		await page.goto(`${server!.url}/signin`);
		await page.getByLabel('Email').fill(OWNER.email);
		await page.getByLabel('Password').fill(OWNER.password);
		await page.getByRole('button', { name: 'Sign in' }).click();
		await page.waitForURL(/\/(home|workflows)/, { timeout: UI_TIMEOUT });
	};

	// A browser driving a live editor has moments (a slow render, a late toast): one retry, logged.
	jest.retryTimes(1, { logErrorsBeforeRetry: true });

	beforeAll(
		async () => {
			const t0 = Date.now();
			const runtime = await ensureRuntime('n8n-2');
			const userFolder = freshUserFolder(`editor-${suite}-n8n-2`);
			await installPackage(userFolder, readSetup().tarball);
			simUrl = await sim.start(0);
			await importAll(
				runtime,
				userFolder,
				[demoCredential(simUrl)],
				[...demoWorkflows(), SCRATCH],
				{ port: PORT },
			);
			const t1 = Date.now();
			server = await startN8n(runtime, userFolder, { port: PORT });
			timing('n8n-2 n8n start until the REST API answers', t1);
			await ensureOwner(server.url);
			browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
			page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
			page.setDefaultTimeout(UI_TIMEOUT);
			page.on('dialog', (dialog) => void dialog.accept());
			timing(`editor ${suite} suite setup`, t0);
		},
		15 * 60 * 1000,
	);

	afterAll(async () => {
		await browser?.close();
		await server?.stop();
		await sim.stop();
	});

	return {
		sim,
		get page() {
			return page;
		},
		get url() {
			return server!.url;
		},
		get simUrl() {
			return simUrl;
		},
		signIn,
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
		rest,
		createWorkflow,
		storedParameters,
		expectStored,
		uiTest,
	};
}
