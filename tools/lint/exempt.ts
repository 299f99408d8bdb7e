/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * `npm run lint:exempt`: writes the first line of each development file (test/, bench/, tools/,
 * simulator/) that n8n's lint configuration flags: one eslint-disable line naming exactly the
 * rules that fire there, so that a bare `npx n8n-node lint` passes and no line names a rule that
 * no longer fires. Files n8n's rules do not flag lose the line. docs/development.md says why.
 */
import { ESLint } from 'eslint';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { format } from 'node:util';

const ROOT = path.resolve(__dirname, '..', '..');
const FOLDERS = ['test', 'bench', 'tools', 'simulator'];
const REASON = 'development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md)';
const HEADER = /^\/\* eslint-disable [^\n]* -- development code[^\n]*\*\/\n/;

/** The text without its exemption line, and where that line goes (after a #! line). */
function split(text: string): { head: string; body: string } {
	const head = text.startsWith('#!') ? text.slice(0, text.indexOf('\n') + 1) : '';
	return { head, body: text.slice(head.length).replace(HEADER, '') };
}

async function main(): Promise<void> {
	// n8n's configuration, eslint.config.mjs at the root, as `n8n-node lint` runs it.
	const eslint = new ESLint({ cwd: ROOT });
	const files: string[] = [];
	for (const folder of FOLDERS) {
		for (const entry of fs.readdirSync(path.join(ROOT, folder), { recursive: true }) as string[]) {
			const file = path.join(ROOT, folder, entry);
			if (file.endsWith('.ts') && !file.includes('node_modules') && !(await eslint.isPathIgnored(file))) files.push(file);
		}
	}
	let changed = 0;
	for (const file of files) {
		const text = fs.readFileSync(file, 'utf8');
		const { head, body } = split(text);
		const [result] = await eslint.lintText(head + body, { filePath: file });
		const rules = [...new Set(result.messages.map((m) => m.ruleId).filter((r): r is string => r !== null))].sort();
		const line = rules.length ? `/* eslint-disable ${rules.join(', ')} -- ${REASON} */\n` : '';
		const next = head + line + body;
		if (next !== text) {
			fs.writeFileSync(file, next);
			changed++;
			process.stdout.write(`${path.relative(ROOT, file)}: ${rules.join(', ') || 'no line'}\n`);
		}
	}
	process.stdout.write(`${files.length} files read, ${changed} changed\n`);
}

main().catch((error: unknown) => {
	process.stderr.write(`${format(error)}\n`);
	process.exit(1);
});
