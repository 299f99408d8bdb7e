/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** Importing credentials and workflows into an n8n user folder with n8n's CLI. */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { n8nCli } from './cli';
import { type CredentialFile, type WorkflowFile } from './demo-data';
import { type N8nEnvOptions } from './environment';
import { type Runtime } from './install';
import { readMarker, sameMarker, writeJson } from './markers';
import { elapsed, log } from './report';

/**
 * Imports credentials (given in decrypted form: `n8n import:credentials` encrypts a credential
 * whose `data` is an object) and workflows with the CLI. Each is one n8n process.
 */
export async function importAll(
	runtime: Runtime,
	userFolder: string,
	credentials: CredentialFile[],
	workflows: WorkflowFile[],
	options: N8nEnvOptions = {},
): Promise<void> {
	const tmp = path.join(userFolder, 'import');
	fs.mkdirSync(tmp, { recursive: true });
	if (credentials.length) {
		const file = path.join(tmp, 'credentials.json');
		writeJson(file, credentials);
		try {
			await checkedImport(runtime, userFolder, ['import:credentials', `--input=${file}`], options);
		} finally {
			fs.rmSync(file); // it holds secrets in clear
		}
	}
	if (workflows.length) {
		const file = path.join(tmp, 'workflows.json');
		writeJson(file, workflows);
		await checkedImport(runtime, userFolder, ['import:workflow', `--input=${file}`], options);
	}
}

/** n8n's import commands log a failure and may still exit 0: success is the line they print. */
async function checkedImport(
	runtime: Runtime,
	userFolder: string,
	args: string[],
	options: N8nEnvOptions,
): Promise<void> {
	const result = await n8nCli(runtime, userFolder, args, {
		...options,
		logLevel: 'info',
		allowFail: true,
	});
	const output = `${result.stdout}\n${result.stderr}`;
	if (result.code !== 0 || !/Successfully imported/.test(output)) {
		throw new Error(
			`n8n ${args.join(' ')} failed (exit ${result.code}):\n${output.trim().split('\n').slice(-30).join('\n')}`,
		);
	}
}

/** Same as importAll, skipped when the same content was imported into this user folder before. */
export async function importIfChanged(
	runtime: Runtime,
	userFolder: string,
	credentials: CredentialFile[],
	workflows: WorkflowFile[],
	options: N8nEnvOptions = {},
): Promise<boolean> {
	const markerFile = path.join(userFolder, '.imported.json');
	const wanted = {
		sha256: createHash('sha256').update(JSON.stringify({ credentials, workflows })).digest('hex'),
	};
	if (sameMarker(readMarker(markerFile), wanted)) return false;
	const t0 = Date.now();
	await importAll(runtime, userFolder, credentials, workflows, options);
	writeJson(markerFile, wanted);
	log(
		`imported ${credentials.length} credential(s) and ${workflows.length} workflow(s) in ${elapsed(t0)}`,
	);
	return true;
}
