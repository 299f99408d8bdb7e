/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * `npm run docs:screenshot`: refreshes docs/editor.png, the README's picture of the node in n8n's
 * editor. It runs the editor test that executes the send demo from the UI and checks the output
 * panel (test/e2e/editor-run.e2e.test.ts, on n8n 2.x), then copies the screenshot that test leaves
 * in test-artifacts/: the picture is what a passing test saw. Tests never write docs/ themselves.
 * Needs what `npm run test:e2e` needs (the runtime is installed if missing, Chromium).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PROJECT_ROOT } from './runtime/paths';

const TEST_FILE = 'test/e2e/editor-run.e2e.test.ts';
const TEST_NAME = 'executes a demo workflow from the UI';
const ARTIFACTS = path.join(PROJECT_ROOT, 'test-artifacts');
const SHOT = /^editor-run-\d+-executed-output\.png$/;
const TARGET = path.join(PROJECT_ROOT, 'docs', 'editor.png');

/** The test's screenshots of the executed demo, newest first. */
function shots(): string[] {
	if (!fs.existsSync(ARTIFACTS)) return [];
	return fs
		.readdirSync(ARTIFACTS)
		.filter((name) => SHOT.test(name))
		.map((name) => path.join(ARTIFACTS, name))
		.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
}

function main(): number {
	for (const old of shots()) fs.rmSync(old);
	const jest = spawnSync(
		process.execPath,
		[require.resolve('jest/bin/jest'), '-c', 'jest.e2e.config.js', TEST_FILE, '-t', TEST_NAME],
		{
			cwd: PROJECT_ROOT,
			stdio: 'inherit',
			// Only the editor's runtime is needed; N8N_E2E_RUNTIMES still wins when set.
			env: { ...process.env, N8N_E2E_RUNTIMES: process.env.N8N_E2E_RUNTIMES ?? 'n8n-2' },
		},
	);
	if (jest.status !== 0) {
		process.stderr.write('docs/editor.png left as it was: the editor test failed\n');
		return jest.status ?? 1;
	}
	const [shot] = shots();
	if (!shot) {
		process.stderr.write(
			'docs/editor.png left as it was: the editor test took no screenshot (N8N_E2E_EDITOR=0?)\n',
		);
		return 1;
	}
	fs.copyFileSync(shot, TARGET);
	process.stdout.write(
		`docs/editor.png refreshed from ${path.relative(PROJECT_ROOT, shot)} (${fs.statSync(TARGET).size} bytes)\n`,
	);
	return 0;
}

process.exitCode = main();
