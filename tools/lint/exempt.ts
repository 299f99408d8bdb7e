/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * `npm run lint:exempt`: writes the first line of each development file (test/, bench/, tools/,
 * simulator/) that n8n's lint configuration flags: one eslint-disable line naming exactly the
 * community-node rules that fire there, so that a bare `npx n8n-node lint` passes and no line
 * names a rule that no longer fires. Files n8n's rules do not flag lose the line. Any other rule
 * that fires is a fault in the code: it is listed, its file left as it is, and the run fails.
 * docs/development.md says why.
 */
import { ESLint } from 'eslint';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { format } from 'node:util';
import { chooseRules, exemptionLine } from './exempt-rules';

const ROOT = path.resolve(__dirname, '..', '..');
const FOLDERS = ['test', 'bench', 'tools', 'simulator'];
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
			if (
				file.endsWith('.ts') &&
				!file.includes('node_modules') &&
				!(await eslint.isPathIgnored(file))
			)
				files.push(file);
		}
	}
	let changed = 0;
	const faults: string[] = [];
	for (const file of files) {
		const text = fs.readFileSync(file, 'utf8');
		const { head, body } = split(text);
		const [result] = await eslint.lintText(head + body, { filePath: file });
		// Lines as the file has them now, with the exemption line this run linted without.
		const shift = text.length === head.length + body.length ? 0 : 1;
		const headLines = head ? 1 : 0;
		const findings = result.messages.map((m) => ({
			...m,
			line: m.line > headLines ? m.line + shift : m.line,
		}));
		const choice = chooseRules(path.relative(ROOT, file), findings);
		if (choice.faults.length) {
			faults.push(...choice.faults);
			continue;
		}
		const next = head + exemptionLine(choice.rules) + body;
		if (next !== text) {
			fs.writeFileSync(file, next);
			changed++;
			process.stdout.write(
				`${path.relative(ROOT, file)}: ${choice.rules.join(', ') || 'no line'}\n`,
			);
		}
	}
	process.stdout.write(`${files.length} files read, ${changed} changed\n`);
	if (faults.length) {
		process.stderr.write(faults.map((fault) => `${fault}\n`).join(''));
		process.stderr.write(
			`${faults.length} finding(s) of rules other than n8n's community-node rules: an exemption line may not name them; ` +
				'fix them in the code (their files were left as they are), then run npm run lint:exempt again.\n',
		);
		process.exitCode = 1;
	}
}

main().catch((error: unknown) => {
	process.stderr.write(`${format(error)}\n`);
	process.exit(1);
});
