/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * What n8n's editor is given of the package, as JSON: every node's description (the SMS node, the
 * delivery-report trigger under both its type names, the hidden first one included, the Balance
 * Trigger) and the credential (its properties, icon, links and connection test). A change to them
 * changes what users see, and what saved workflows open with: test/tools/descriptions.test.ts holds
 * them to test/fixtures/descriptions.json. After a change meant to show, write the file afresh with
 * `npm run descriptions:snapshot` and commit it with the change.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

import type { ICredentialType, INodeType } from 'n8n-workflow';

import { SmsOnlineGhApi } from '../../credentials/SmsOnlineGhApi.credentials';
import { SmsOnlineGh } from '../../nodes/SmsOnlineGh/SmsOnlineGh.node';
import { SmsOnlineGhBalanceTrigger } from '../../nodes/SmsOnlineGhBalanceTrigger/SmsOnlineGhBalanceTrigger.node';
import { SmsOnlineGhReportTrigger } from '../../nodes/SmsOnlineGhReportTrigger/SmsOnlineGhReportTrigger.node';
import { SmsOnlineGhTrigger } from '../../nodes/SmsOnlineGhTrigger/SmsOnlineGhTrigger.node';

export const SNAPSHOT_FILE = path.resolve(__dirname, '..', 'fixtures', 'descriptions.json');

/** The classes n8n loads, by class name (package.json's "n8n" lists name them by file). */
export const NODE_CLASSES: Record<string, new () => INodeType> = {
	SmsOnlineGh,
	SmsOnlineGhTrigger,
	SmsOnlineGhReportTrigger,
	SmsOnlineGhBalanceTrigger,
};
export const CREDENTIAL_CLASSES: Record<string, new () => ICredentialType> = { SmsOnlineGhApi };

export interface Descriptions {
	nodes: Record<string, unknown>;
	credentials: Record<string, unknown>;
}

/** As n8n sends them to the editor: JSON, so functions and undefined members drop out. */
export function packageDescriptions(): Descriptions {
	const nodes = Object.fromEntries(
		Object.entries(NODE_CLASSES).map(([name, Node]) => [name, new Node().description]),
	);
	const credentials = Object.fromEntries(
		Object.entries(CREDENTIAL_CLASSES).map(([name, Credential]) => [name, new Credential()]),
	);
	return JSON.parse(JSON.stringify({ nodes, credentials })) as Descriptions;
}

if (require.main === module) {
	writeFileSync(SNAPSHOT_FILE, `${JSON.stringify(packageDescriptions(), null, '\t')}\n`);
	process.stdout.write(`wrote ${path.relative(process.cwd(), SNAPSHOT_FILE)}\n`);
}
