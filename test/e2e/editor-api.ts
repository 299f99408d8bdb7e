/** What an editor suite gets from useEditor (editor-helpers.ts): the live page and its helpers. */
import type { Locator, Page } from 'playwright-core';
import type { Simulator } from '../../simulator';
import type { WorkflowFile } from '../../tools/n8n/runtime';

/** The live editor of one suite; `page`, `url` and `simUrl` are set once its beforeAll has run. */
export interface Editor {
	readonly sim: Simulator;
	readonly page: Page;
	/** n8n's base URL. */
	readonly url: string;
	readonly simUrl: string;
	/** Signs in as the owner through the sign-in page. */
	signIn(): Promise<void>;
	screenshot(name: string): Promise<string>;
	param(name: string): Locator;
	canvasNode(name: string): Locator;
	openWorkflow(id: string, nodeName: string): Promise<void>;
	/** Double-click on the canvas node (its label is never "stable" for Playwright, hence force). */
	openNode(nodeName: string): Promise<void>;
	closeNode(): Promise<void>;
	/** Waits for the open node's output panel to show `count` items, switches it to the table view, returns its rows. */
	outputTable(count: number): Promise<Locator>;
	/**
	 * Asserts an input's value once n8n has filled it: a dialog or panel appears a moment before its
	 * inputs get their values, so a single read can see "" (it did, once, in CI).
	 */
	expectValue(input: Locator, expected: string | RegExp): Promise<void>;
	expectSelected(name: string, expected: string): Promise<void>;
	/** Opens a select parameter, returns its option titles, and picks the one titled exactly `choose` if given. */
	selectOption(name: string, choose?: string): Promise<string[]>;
	/**
	 * Opens a resource locator's list (From List mode), types `search` into its search box if given,
	 * and returns the item names it shows once `count` items are listed.
	 */
	locatorItems(name: string, count: number, search?: string): Promise<string[]>;
	/** Picks the item named `title` in the open resource locator list. */
	pickLocatorItem(title: string): Promise<void>;
	/** Switches a resource locator to the mode titled `mode` (From List, By Name). */
	locatorMode(name: string, mode: string): Promise<void>;
	/** A resource locator's text input: the picked item's name, or what is typed in By Name mode. */
	locatorInput(name: string): Locator;
	visibleParameters(): Promise<string[]>;
	/** The titles the "Add Option" list offers. */
	optionsOffered(): Promise<string[]>;
	/** Adds the option titled `title` to the Options collection; its input `name` then shows. */
	addOptionTitled(title: string, name: string): Promise<void>;
	switchOn(name: string): Promise<boolean>;
	/**
	 * n8n's REST API, called from inside the page with the signed-in session: n8n ties the session
	 * cookie to the editor's browser-id header (and drops the session on a request without it).
	 */
	rest<T>(method: 'GET' | 'POST', endpoint: string, body?: unknown): Promise<T>;
	/** A new copy of a workflow (a retried test starts from the original, not from the last attempt's edits). */
	createWorkflow(workflow: WorkflowFile): Promise<string>;
	storedParameters(id: string, nodeName: string): Promise<Record<string, unknown>>;
	/**
	 * Saves the open workflow (Ctrl+S) and asserts n8n's stored copy of one node parameter, once the
	 * save has landed: on a loaded machine a read right after the key press can still see the last save.
	 */
	expectStored(id: string, nodeName: string, parameter: string, expected: unknown): Promise<void>;
	/** A test that leaves a screenshot of the page behind when it fails. */
	uiTest(name: string, body: () => Promise<void>): void;
}
