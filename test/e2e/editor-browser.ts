/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** What editor-helpers.ts launches the browser with, and its yes-or-no comparison of stored values. */

/** jest's toEqual as a yes or no, asymmetric matchers included. */
export function equals(actual: unknown, expected: unknown): boolean {
	try {
		expect(actual).toEqual(expected);
		return true;
	} catch {
		return false;
	}
}

/** Debian's chromium unless CHROMIUM_PATH names another, with the flags a headless test run needs. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];
