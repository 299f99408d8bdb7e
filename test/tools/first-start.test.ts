/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The words of `npm start`'s first run: every duration said one way (tools/n8n/duration.js), and
 * the n8n install's progress lines (tools/n8n/runtime/progress.ts) fed npm's own http log, as a
 * fresh install prints it: counts that move through each step, never stuck at 0 or at the end;
 * and the database named only when n8n sets it up (tools/n8n/first-start.ts).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { formatDuration } from '../../tools/n8n/duration';
import { hasDatabase, importWords, startWords } from '../../tools/n8n/first-start';
import { NpmProgress } from '../../tools/n8n/runtime/progress';

const REGISTRY = 'https://registry.example.org';
const description = (name: string) =>
	`npm http fetch GET 200 ${REGISTRY}/${name} 369ms (cache miss)`;
const tarball = (name: string, version = '1.0.0') =>
	`npm http fetch GET 200 ${REGISTRY}/${name}/-/${name.split('/').pop()}-${version}.tgz 66ms (cache miss)`;

describe('formatDuration: one way of saying a duration', () => {
	it.each([
		[0, '0.0 s'],
		[4_240, '4.2 s'],
		[9_940, '9.9 s'],
		[9_960, '10 s'],
		[45_000, '45 s'],
		[59_400, '59 s'],
		[59_600, '1 min'],
		[60_100, '1 min'],
		[90_000, '1 min 30 s'],
		[100_000, '1 min 40 s'],
		[719_600, '12 min'],
		[719_400, '11 min 59 s'],
		[725_000, '12 min 5 s'],
	])('%d ms → %s', (ms, said) => {
		expect(formatDuration(ms)).toBe(said);
	});

	it('never says 60 seconds, nor a decimal past 10 s, across a range of durations', () => {
		for (let ms = 0; ms < 3_600_000; ms += 97) {
			const said = formatDuration(ms);
			expect(said).toMatch(/^(\d\.\d s|[1-5]?\d s|\d+ min( [1-5]?\d s)?)$/);
		}
	});
});

describe('NpmProgress: the n8n install’s progress lines', () => {
	const size = { descriptions: 4, tarballs: 5 };

	it('before npm logs anything: step 1, npm is starting', () => {
		expect(new NpmProgress(size).say()).toBe(
			'step 1 of 3, resolving the dependency tree: npm is starting',
		);
	});

	it('while npm resolves: the package descriptions read so far, each once', () => {
		const progress = new NpmProgress(size);
		progress.read(description('n8n'));
		progress.read(description('@n8n/config'));
		progress.read(description('n8n')); // a description read again counts once
		expect(progress.say()).toBe(
			'step 1 of 3, resolving the dependency tree: 2 of about 4 package descriptions read',
		);
	});

	it('once tarballs come: step 2, the packages downloaded and unpacked so far, a cache hit and its fetch counted once', () => {
		const progress = new NpmProgress(size);
		for (const name of ['n8n', 'express', 'sqlite3', 'debug']) progress.read(description(name));
		progress.read(tarball('n8n'));
		progress.read(`npm http cache express@${REGISTRY}/express/-/express-1.0.0.tgz 0ms (cache hit)`);
		progress.read(tarball('express'));
		progress.read(tarball('debug', '2.6.9'));
		progress.read(tarball('debug', '4.4.0')); // two versions, two tarballs
		expect(progress.say()).toBe('step 2 of 3, downloading and unpacking: 4 of about 5 packages');
	});

	it('past the expected count: the count alone, still moving, never held at a maximum', () => {
		const progress = new NpmProgress(size);
		for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) progress.read(tarball(name));
		expect(progress.say()).toBe('step 2 of 3, downloading and unpacking: 6 packages');
		progress.read(tarball('g'));
		expect(progress.say()).toBe('step 2 of 3, downloading and unpacking: 7 packages');
	});

	it('ignores what is not npm’s http log: warnings, timing lines, a URL in other words', () => {
		const progress = new NpmProgress(size);
		progress.read('npm warn deprecated inflight@1.0.6: This module is not supported');
		progress.read(`npm notice see ${REGISTRY}/n8n`);
		progress.read('npm http fetch GET 200 without a url');
		expect(progress.say()).toBe('step 1 of 3, resolving the dependency tree: npm is starting');
	});

	it('no tarball for 15 s: the downloads are done, and the line says the bytes npm has written since', () => {
		let now = 0;
		let written = 0;
		const progress = new NpmProgress(
			size,
			() => written,
			() => now,
		);
		progress.read(tarball('a'));
		now = 14_999;
		expect(progress.say()).toBe('step 2 of 3, downloading and unpacking: 1 of about 5 packages');
		now = 15_000;
		written = 1_234_000_000;
		expect(progress.say()).toBe(
			'step 2 of 3, downloads done (1 package), unpacking them: 1.23 GB written to the disk',
		);
		progress.read(tarball('b')); // a late download: counting again
		expect(progress.say()).toBe('step 2 of 3, downloading and unpacking: 2 of about 5 packages');
		// Where the disk cannot tell, the count stands.
		now = 60_000;
		expect(
			new NpmProgress(
				size,
				() => undefined,
				() => now,
			).say(),
		).toBe('step 1 of 3, resolving the dependency tree: npm is starting');
	});

	it('a simulated fresh install, a progress line every 10 s: no count stays at 0 or at its end for more than 30 s', () => {
		// A fresh start measured here: resolving 1 min 10 s, downloads 10 s more (the cache warm from
		// resolving), then 1 min 40 s of writing with no download; on 2 loaded cores, 1 min 50 s and 4 min 20 s.
		const sizes = { descriptions: 1580, tarballs: 1894 };
		let second = 0;
		let written = 0;
		const progress = new NpmProgress(
			sizes,
			() => written,
			() => second * 1000,
		);
		const said: string[] = [];
		const resolveSeconds = 110;
		const downloadSeconds = 260;
		const writeSeconds = 100;
		let descriptions = 0;
		let tarballs = 0;
		for (second = 1; second <= resolveSeconds + downloadSeconds + writeSeconds; second++) {
			if (second <= resolveSeconds) {
				const upTo = Math.round((sizes.descriptions * second) / resolveSeconds);
				for (; descriptions < upTo; descriptions++)
					progress.read(description(`pkg-${descriptions}`));
			} else if (second <= resolveSeconds + downloadSeconds) {
				// The last three never come (optional packages of other platforms).
				const upTo = Math.min(
					1891,
					Math.round((sizes.tarballs * (second - resolveSeconds)) / downloadSeconds),
				);
				for (; tarballs < upTo; tarballs++) progress.read(tarball(`pkg-${tarballs}`));
			}
			written += 6_000_000;
			if (second % 10 === 0) said.push(progress.say());
		}
		// Three lines in a row the same would be 30 s without a move.
		for (let k = 2; k < said.length; k++)
			expect([said[k - 2], said[k - 1]]).not.toEqual([said[k], said[k]]);
		expect(said[0]).toMatch(
			/^step 1 of 3, resolving the dependency tree: 1\d\d of about 1580 package descriptions read$/,
		);
		expect(said).toContain('step 2 of 3, downloading and unpacking: 1891 of about 1894 packages');
		expect(said[said.length - 1]).toBe(
			'step 2 of 3, downloads done (1891 packages), unpacking them: 2.82 GB written to the disk',
		);
	});
});

describe('the database, named only when it is set up', () => {
	it('a user folder without n8n’s database: the import says its first command sets it up; with one, neither step names it', () => {
		const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'first-start-'));
		try {
			expect(hasDatabase(folder)).toBe(false);
			expect(importWords(hasDatabase(folder))).toBe(
				"importing the demo credential and workflows (n8n import; the first n8n command in this folder sets up n8n's database)",
			);
			expect(startWords(hasDatabase(folder))).toBe(
				"waiting for n8n to answer (the first n8n command in this folder sets up n8n's database)",
			);
			fs.mkdirSync(path.join(folder, '.n8n'));
			fs.writeFileSync(path.join(folder, '.n8n', 'database.sqlite'), '');
			expect(hasDatabase(folder)).toBe(true);
			expect(importWords(hasDatabase(folder))).toBe(
				'importing the demo credential and workflows (n8n import)',
			);
			expect(startWords(hasDatabase(folder))).toBe('waiting for n8n to answer');
		} finally {
			fs.rmSync(folder, { recursive: true, force: true });
		}
	});
});
