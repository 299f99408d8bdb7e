/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The house and development lint check every file, whatever its first line exempts from n8n's
 * rules: they run with ESLint's --no-inline-config, so an eslint-disable line written for
 * `n8n-node lint` switches nothing off for them (docs/development.md, Lint).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const scripts = (
	JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
		scripts: Record<string, string>;
	}
).scripts;

/** A file of the folder that opens with an exemption line, the kind that must not hide a fault from the house rules. */
function exemptedFile(folder: string): string {
	const dir = path.join(ROOT, folder);
	for (const entry of fs.readdirSync(dir, { recursive: true }) as string[]) {
		const file = path.join(dir, entry);
		if (!file.endsWith('.ts') || file.includes('node_modules')) continue;
		if (fs.readFileSync(file, 'utf8').startsWith('/* eslint-disable ')) return file;
	}
	throw new Error(`no file of ${folder}/ opens with an exemption line`);
}

describe('lint', () => {
	it.each(['lint:house', 'lint:dev'])('%s runs every eslint with --no-inline-config', (name) => {
		const runs = scripts[name].split('&&').filter((step) => /\beslint\b/.test(step));
		expect(runs.length).toBeGreaterThan(0);
		for (const run of runs) expect(run).toContain('--no-inline-config');
	});

	it.each(['test', 'bench', 'tools', 'simulator'])(
		'finds an unused variable added to an exempted file of %s/',
		async (folder) => {
			const file = exemptedFile(folder);
			const text = `${fs.readFileSync(file, 'utf8')}\nconst unusedProbe = 1;\n`;
			// As lint:dev runs it: from inside the folder, with its configuration (jest cannot load an .mjs one in process).
			const run = spawnSync(
				path.join(ROOT, 'node_modules', '.bin', 'eslint'),
				['--no-inline-config', '--stdin', '--stdin-filename', file, '-f', 'json'],
				{
					cwd: path.join(ROOT, folder),
					input: text,
					encoding: 'utf8',
				},
			);
			const [result] = JSON.parse(run.stdout) as Array<{
				messages: Array<{ ruleId: string | null; message: string }>;
			}>;
			expect(
				result.messages
					.filter((m) => m.ruleId === '@typescript-eslint/no-unused-vars')
					.map((m) => m.message),
			).toContain(
				"'unusedProbe' is assigned a value but never used. Allowed unused vars must match /^_/u.",
			);
			expect(run.status).toBe(1);
		},
	);
});
