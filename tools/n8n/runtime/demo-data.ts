/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** The demo credential (pointing at the local simulator) and the demo workflows in tools/n8n/workflows/. */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const WORKFLOW_DIR = path.join(__dirname, '..', 'workflows');
export const DEMO_CREDENTIAL_ID = 'SmsDemoCred00001';
export const DEMO_CREDENTIAL_NAME = 'SMSOnlineGH (local simulator)';
export const DEMO_API_KEY = 'demo-api-key-0123456789abcdef';

export interface CredentialFile {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

export function demoCredential(baseUrl: string): CredentialFile {
	return {
		id: DEMO_CREDENTIAL_ID,
		name: DEMO_CREDENTIAL_NAME,
		type: 'smsOnlineGhApi',
		data: { baseUrl, authModel: 'apiKey', apiKey: DEMO_API_KEY },
	};
}

export interface WorkflowFile {
	id: string;
	name: string;
	nodes: Array<{
		name: string;
		type: string;
		parameters: Record<string, unknown>;
		[key: string]: unknown;
	}>;
	[key: string]: unknown;
}

export function demoWorkflows(): WorkflowFile[] {
	return [
		'send-to-contacts.json',
		'send-personalised.json',
		'send-wait-check.json',
		'voice-reminder.json',
		'get-balance.json',
	].map(
		(file) => JSON.parse(fs.readFileSync(path.join(WORKFLOW_DIR, file), 'utf8')) as WorkflowFile,
	);
}
