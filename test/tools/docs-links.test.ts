/**
 * Every link between the project's documents lands: a relative link names a file that exists, and
 * an anchor names a heading of its page, as GitHub makes anchors. Covers README.md, CHANGELOG.md,
 * docs/, bench/ and simulator/ pages, and the nodes' codex files (the "Docs" link n8n shows on a
 * node), whose links to the repository are read as links to its files.
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
		const text = heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*_]/g, (c) => (c === '_' ? '_' : ''));
		const slug = text.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
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
	for (const match of withoutCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) links.push({ from: file, target: match[1] });
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
	return anchorsOf(readFileSync(path, 'utf8')).has(anchor) ? undefined : `${relative(ROOT, path)} has no heading #${anchor}`;
}

function codexLinks(): Link[] {
	const links: Link[] = [];
	for (const folder of ['nodes/SmsOnlineGh', 'nodes/SmsOnlineGhTrigger']) {
		for (const name of readdirSync(join(ROOT, folder)).filter((n) => n.endsWith('.node.json'))) {
			const text = readFileSync(join(ROOT, folder, name), 'utf8');
			for (const match of text.matchAll(/"url":\s*"([^"]+)"/g)) links.push({ from: join(folder, name), target: match[1] });
		}
	}
	return links;
}

describe('documentation links', () => {
	const links = [...markdownFiles().flatMap((file) => linksOf(file, readFileSync(join(ROOT, file), 'utf8'))), ...codexLinks()];

	it('finds the links it checks (the README links to its own sections, the codex files to the README)', () => {
		expect(links.filter((l) => l.from === 'README.md' && l.target.startsWith('#')).length).toBeGreaterThan(3);
		expect(links.filter((l) => l.from.endsWith('.node.json')).length).toBeGreaterThanOrEqual(3);
	});

	it('every link lands on a file and heading that exist', () => {
		const failures = links.map((link) => ({ link, why: broken(link) })).filter((f) => f.why !== undefined);
		expect(failures.map((f) => `${f.link.from}: ${f.link.target}: ${f.why}`)).toEqual([]);
	});

	it('anchors are made as GitHub makes them', () => {
		const anchors = anchorsOf('# SMS → Send\n## Use with AI agents\n### `binaryData`, hidden\n## Faults\n## Faults\n');
		expect([...anchors]).toEqual(['sms--send', 'use-with-ai-agents', 'binarydata-hidden', 'faults', 'faults-1']);
	});
});
