/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * `npm run scan`: n8n's package scanner (@n8n/scan-community-package) on this package, offline.
 *
 * The scanner n8n runs before it lists a community package checks the npm provenance, then lints
 * two things with n8n's Cloud rules for community nodes: the source checkout the provenance names
 * (package.json and nodes/, credentials/) and the published tarball (its .js files and
 * package.json). Its command only takes a package name and downloads both from the registry, so
 * this runs the same analysis (`analyzePackage`, with the scanner's own file patterns) on this
 * checkout and on what `npm pack` makes of it now. Provenance is a matter of publishing
 * (.github/workflows/publish.yml). Needs a build (dist/) first.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { format } from 'node:util';

const PROJECT_ROOT = path.resolve(__dirname, '../..');

type Analysis = { passed: boolean; message?: string; details?: string };
type Scanner = {
	analyzePackage(dir: string, patterns: string[]): Promise<Analysis>;
	SOURCE_FILE_PATTERNS: string[];
};
/** The scanner's file patterns for the tarball (its analyzePackageByName). */
const TARBALL_FILE_PATTERNS = ['**/*.js', 'package.json'];

function run(command: string, args: string[], cwd: string): string {
	const result = spawnSync(command, args, {
		cwd,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	if (result.status !== 0)
		throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
	return result.stdout;
}

/** `npm pack` into a temporary folder, unpacked there; returns the package's folder. */
function packAndUnpack(into: string): string {
	const stdout = run('npm', ['pack', '--json', '--pack-destination', into], PROJECT_ROOT);
	const [info] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{ filename: string }>;
	run('tar', ['-xzf', info.filename], into);
	return path.join(into, 'package');
}

/** An empty tarball would pass the scan: every file n8n loads must be in it. */
function checkLoadedFilesPresent(packageDir: string): void {
	const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
		n8n: { nodes: string[]; credentials: string[] };
	};
	const missing = [...manifest.n8n.nodes, ...manifest.n8n.credentials].filter(
		(file) => !fs.existsSync(path.join(packageDir, file)),
	);
	if (missing.length > 0)
		throw new Error(`the tarball lacks ${missing.join(', ')}: run npm run build first`);
}

function report(label: string, result: Analysis): boolean {
	process.stdout.write(
		`${result.passed ? 'passed' : 'FAILED'}: ${label}${result.message ? ` (${result.message})` : ''}\n`,
	);
	if (result.details) process.stdout.write(`${result.details}\n`);
	return result.passed;
}

async function main(): Promise<void> {
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'smsonlinegh-scan-'));
	// The scanner makes a download folder when it loads and leaves it behind: it goes in ours.
	process.env.TMPDIR = work;
	try {
		// The scanner is an ES module; a dynamic import loads it from this CommonJS file.
		const scanner = (await import('@n8n/scan-community-package/scanner/scanner.mjs')) as Scanner;
		const packageDir = packAndUnpack(work);
		checkLoadedFilesPresent(packageDir);
		const source = await scanner.analyzePackage(PROJECT_ROOT, scanner.SOURCE_FILE_PATTERNS);
		const tarball = await scanner.analyzePackage(packageDir, TARBALL_FILE_PATTERNS);
		const passed = [
			report('source (package.json, nodes/, credentials/)', source),
			report('npm pack tarball', tarball),
		].every(Boolean);
		process.exitCode = passed ? 0 : 1;
	} finally {
		fs.rmSync(work, { recursive: true, force: true });
	}
}

main().catch((error: unknown) => {
	process.stderr.write(`${format(error instanceof Error ? error.message : error)}\n`);
	process.exitCode = 1;
});
