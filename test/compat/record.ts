/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Runs the compat cases on 0.1.0's code, taken from git history, and writes what it sent to
 * test/compat/v0.1.0.json: `npx tsx test/compat/record.ts`. Needs the repository's history.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { ICredentialType, INodeType } from 'n8n-workflow';

import { Simulator } from '../../simulator';
import { COMPAT_CASES } from './cases';
import type { Observation } from './observe';

/** The last commit of 0.1.0 (CHANGELOG: 0.1.0 - 2026-11-23), before the first Unreleased change. */
export const V010_COMMIT = 'a3a56b5';

const root = path.resolve(__dirname, '../..');

async function main(): Promise<void> {
	// n8n-core keeps its settings in N8N_USER_FOLDER from its first import: not in the user's home.
	process.env.N8N_USER_FOLDER ??= mkdtempSync(path.join(tmpdir(), 'n8n-smsonlinegh-compat-'));
	const { observe } = await import('./observe');
	const dir = mkdtempSync(path.join(tmpdir(), 'smsonlinegh-0.1.0-'));
	try {
		const archive = execFileSync('git', ['archive', V010_COMMIT, 'nodes', 'credentials'], {
			cwd: root,
			maxBuffer: 64 << 20,
		});
		execFileSync('tar', ['-x', '-C', dir], { input: archive });
		symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
		const nodeModule = (await import(path.join(dir, 'nodes/SmsOnlineGh/SmsOnlineGh.node.ts'))) as {
			SmsOnlineGh: new () => INodeType;
		};
		const credentialModule = (await import(
			path.join(dir, 'credentials/SmsOnlineGhApi.credentials.ts')
		)) as { SmsOnlineGhApi: new () => ICredentialType };
		const implementation = {
			node: new nodeModule.SmsOnlineGh(),
			credential: new credentialModule.SmsOnlineGhApi(),
		};
		const sim = new Simulator();
		const baseUrl = await sim.start();
		const seen: Record<string, Observation> = {};
		try {
			for (const compat of COMPAT_CASES)
				seen[compat.name] = await observe(sim, baseUrl, compat, implementation);
		} finally {
			await sim.stop();
		}
		const out = path.join(__dirname, 'v0.1.0.json');
		writeFileSync(out, `${JSON.stringify({ commit: V010_COMMIT, cases: seen }, null, '\t')}\n`);
		process.stdout.write(`${COMPAT_CASES.length} cases written to ${path.relative(root, out)}\n`);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

void main();
