/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * What keeping every batch costs: 100,000 destinations sent in a child process run with
 * --expose-gc (store-memory.probe.ts), so the heap can be measured after a full collection.
 * The kept batch holds one small record per destination; the shared text is not copied onto each.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { figure } from '../harness/figures';

const ROOT = join(__dirname, '..', '..');

interface Figures {
	textLength: number;
	plain: { total: number; store: number };
	personalised: { total: number; store: number };
}

it('a kept send of 100,000 destinations costs a few hundred bytes a destination, not a text each', async () => {
	const { stdout } = await promisify(execFile)(
		process.execPath,
		['--expose-gc', '--import', 'tsx', join('test', 'simulator', 'store-memory.probe.ts')],
		{ cwd: ROOT, timeout: 120_000 },
	);
	const figures = JSON.parse(stdout.trim().split('\n').at(-1) as string) as Figures;
	const bytes = (n: number): string => `${n.toFixed(0)} bytes`;
	figure(
		`kept per destination: plain ${bytes(figures.plain.store)} (${bytes(figures.plain.total)} with the submission ` +
			`counts; text of ${figures.textLength} characters), personalised ${bytes(figures.personalised.store)} ` +
			`(${bytes(figures.personalised.total)})`,
	);
	// A copy of the text per destination would add more than its length.
	expect(figures.plain.store).toBeLessThan(figures.textLength / 2);
	expect(figures.plain.store).toBeGreaterThan(0);
	expect(figures.personalised.store).toBeLessThan(600);
});
