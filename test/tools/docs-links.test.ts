/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Every link between the project's documents lands: a relative link names a file that exists, and
 * an anchor names a heading of its page, as GitHub makes anchors. Covers README.md, CHANGELOG.md,
 * docs/, bench/ and simulator/ pages, and the nodes' codex files (the "Docs" link n8n shows on a
 * node), whose links to the repository are read as links to its files. And the README stays a
 * user's guide: under 450 lines, with no test counts or machine timings (those live in docs/ and
 * bench/, where they are made).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');
const REPOSITORY = 'https://github.com/n8n-nodes-smsonlinegh/n8n-nodes-smsonlinegh';

function markdownFiles(): string[] {
	const files = ['README.md', 'CHANGELOG.md'];
	for (const folder of ['docs', 'bench', 'simulator']) {
		const dir = join(ROOT, folder);
		if (!existsSync(dir)) continue;
		for (const name of readdirSync(dir)) if (name.endsWith('.md')) files.push(join(folder, name));
	}
	return files.filter((file) => existsSync(join(ROOT, file)));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces made hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	let fenced = false;
	for (const line of markdown.split('\n')) {
		if (line.startsWith('```')) fenced = !fenced;
		const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
		if (!heading) continue;
		const text = heading[1]
			.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
			.replace(/[`*_]/g, (c) => (c === '_' ? '_' : ''));
		const slug = text
			.trim()
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\s_-]/gu, '')
			.replace(/\s/g, '-');
		const count = seen.get(slug) ?? 0;
		seen.set(slug, count + 1);
		anchors.add(count === 0 ? slug : `${slug}-${count}`);
	}
	return anchors;
}

interface Link {
	from: string;
	target: string;
}

function linksOf(file: string, markdown: string): Link[] {
	const links: Link[] = [];
	const withoutCode = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
	for (const match of withoutCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g))
		links.push({ from: file, target: match[1] });
	return links;
}

/** A link to this repository on GitHub, as the path of a file in it (and its anchor). */
function repositoryPath(url: string): string | undefined {
	if (!url.startsWith(REPOSITORY)) return undefined;
	const rest = url.slice(REPOSITORY.length);
	if (rest === '' || rest.startsWith('#')) return `README.md${rest}`;
	const file = /^\/(?:blob|tree)\/[^/]+\/(.*)$/.exec(rest);
	return file ? file[1] : undefined;
}

/** Why the link does not land, or undefined when it does. */
function broken(link: Link): string | undefined {
	let target = link.target;
	let base = dirname(join(ROOT, link.from));
	const inRepository = repositoryPath(target);
	if (inRepository !== undefined) {
		target = inRepository;
		base = ROOT;
	} else if (/^[a-z]+:/i.test(target)) return undefined;
	const [file, anchor] = target.split('#');
	const path = file === '' ? join(ROOT, link.from) : resolve(base, decodeURIComponent(file));
	if (!existsSync(path)) return `${relative(ROOT, path)} does not exist`;
	if (anchor === undefined || !path.endsWith('.md')) return undefined;
	return anchorsOf(readFileSync(path, 'utf8')).has(anchor)
		? undefined
		: `${relative(ROOT, path)} has no heading #${anchor}`;
}

function codexLinks(): Link[] {
	const links: Link[] = [];
	for (const folder of [
		'nodes/SmsOnlineGh',
		'nodes/SmsOnlineGhTrigger',
		'nodes/SmsOnlineGhReportTrigger',
	]) {
		for (const name of readdirSync(join(ROOT, folder)).filter((n) => n.endsWith('.node.json'))) {
			const text = readFileSync(join(ROOT, folder, name), 'utf8');
			for (const match of text.matchAll(/"url":\s*"([^"]+)"/g))
				links.push({ from: join(folder, name), target: match[1] });
		}
	}
	return links;
}

describe('documentation links', () => {
	const links = [
		...markdownFiles().flatMap((file) => linksOf(file, readFileSync(join(ROOT, file), 'utf8'))),
		...codexLinks(),
	];

	it('finds the links it checks (the README links to its own sections, the codex files to the README)', () => {
		expect(
			links.filter((l) => l.from === 'README.md' && l.target.startsWith('#')).length,
		).toBeGreaterThan(3);
		expect(links.filter((l) => l.from.endsWith('.node.json')).length).toBeGreaterThanOrEqual(3);
	});

	it('every link lands on a file and heading that exist', () => {
		const failures = links
			.map((link) => ({ link, why: broken(link) }))
			.filter((f) => f.why !== undefined);
		expect(failures.map((f) => `${f.link.from}: ${f.link.target}: ${f.why}`)).toEqual([]);
	});

	it('anchors are made as GitHub makes them', () => {
		const anchors = anchorsOf(
			'# SMS → Send\n## Use with AI agents\n### `binaryData`, hidden\n## Faults\n## Faults\n',
		);
		expect([...anchors]).toEqual([
			'sms--send',
			'use-with-ai-agents',
			'binarydata-hidden',
			'faults',
			'faults-1',
		]);
	});
});

/** The README's ceiling: a user's guide read in minutes; engineering detail goes to docs/. */
const README_MAX_LINES = 450;

/**
 * Figures that belong where they are made (docs/testing.md, bench/), not in the README: a count of
 * tests or suites, a pass tally, a duration after "in", a bench's "median of". Kept narrow so that
 * ordinary text (a status code, a default, "the tests") passes.
 */
const FIGURE_PATTERNS: RegExp[] = [
	/\b\d[\d,]* (?:tests|test suites|suites)\b/i,
	/\b\d+ of \d+ (?:passing|passed)\b/i,
	/\bin (?:about )?\d+(?:\.\d+)? ?(?:ms|s|min|minutes|seconds)\b/i,
	/\bmedians? of \d+\b/i,
];

function figuresIn(text: string): string[] {
	return text.split('\n').filter((line) => FIGURE_PATTERNS.some((pattern) => pattern.test(line)));
}

describe("the README is a user's guide", () => {
	const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

	it(`has fewer than ${README_MAX_LINES} lines`, () => {
		const lines = readme.split('\n').length - (readme.endsWith('\n') ? 1 : 0);
		expect(lines).toBeLessThan(README_MAX_LINES);
	});

	it('holds no test counts or timings', () => {
		expect(figuresIn(readme)).toEqual([]);
	});

	it('the figure patterns catch counts and timings, and pass ordinary text', () => {
		const flagged = [
			'npm test          # jest: 2,848 tests in 115 suites',
			'Whole run, cold (26 tests)',
			'one full cold run, 26 of 26 passing',
			'a 10,000-destination report answered in 426 ms with 10,000 items',
			'Send takes 1.70 s in the node, in 0.22 s',
			'the whole run in 19.3 min',
			'medians of 3',
		];
		const passed = [
			'npm test    # the unit and workflow tests',
			'HTTP 200 with handshake 0; status 2131',
			'up to *Batch Size* (1,000) numbers a request',
			'Maximum Parts per Message (default 10)',
			'a Wait of 3 seconds, then Get Delivery Report',
			'The other test suites (`npm run test:e2e`, `npm run test:queue`)',
			'n8n 2.40.7 on Node 24, in 2 requests',
		];
		expect(flagged.filter((line) => figuresIn(line).length === 0)).toEqual([]);
		expect(passed.filter((line) => figuresIn(line).length > 0)).toEqual([]);
	});
});
