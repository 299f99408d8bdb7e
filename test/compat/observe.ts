/**
 * What a compat case shows of a run: every request that reached the service, as the service read
 * it, and every output item's fields. Ids, times and the demo account's secrets are masked, so
 * that two runs of the same workflow compare equal.
 */
import type { ICredentialDataDecryptedObject, INodeExecutionData } from 'n8n-workflow';

import type { JournalEntry, Simulator } from '../../simulator';
import { DEMO_ACCOUNT } from '../../simulator';
import type { Implementation } from '../harness/workflow';
import { runSmsWorkflow } from '../harness/workflow';
import type { CompatCase } from './cases';

export interface SeenRequest {
	method: string;
	path: string;
	contentType?: string;
	accept?: string;
	authorization?: string;
	body: unknown;
}

export interface SeenItem {
	fields: string[];
	verdict?: unknown;
	to?: unknown;
	error?: string;
}

export interface Observation {
	requests: SeenRequest[];
	items: SeenItem[];
	error?: string;
}

function header(entry: JournalEntry, name: string): string | undefined {
	const value = entry.headers[name];
	return Array.isArray(value) ? value.join(', ') : value;
}

export function seenRequest(entry: JournalEntry): SeenRequest {
	const contentType = header(entry, 'content-type');
	let body: unknown = entry.rawBody;
	if (contentType?.includes('json') && entry.rawBody !== '')
		body = JSON.parse(entry.rawBody) as unknown;
	const authorization = header(entry, 'authorization')?.replace(/\s.*$/, ' …');
	return {
		method: entry.method,
		path: entry.path,
		...(contentType ? { contentType } : {}),
		...(header(entry, 'accept') ? { accept: header(entry, 'accept') } : {}),
		...(authorization ? { authorization } : {}),
		body,
	};
}

export function seenItem(item: INodeExecutionData): SeenItem {
	const json = item.json;
	const error = json.error;
	return {
		fields: Object.keys(json).sort(),
		...(json.verdict !== undefined ? { verdict: json.verdict } : {}),
		...(json.to !== undefined ? { to: json.to } : {}),
		...(typeof error === 'string' ? { error } : {}),
	};
}

/** Runs one case against the simulator (reset first) with the given build of the node. */
export async function observe(
	sim: Simulator,
	baseUrl: string,
	compat: CompatCase,
	implementation?: Implementation,
	typeVersion = 1,
): Promise<Observation> {
	sim.reset();
	const credentials: ICredentialDataDecryptedObject = compat.portalPass
		? {
				authModel: 'portalPass',
				login: DEMO_ACCOUNT.login as string,
				password: DEMO_ACCOUNT.password as string,
				baseUrl,
			}
		: { authModel: 'apiKey', apiKey: DEMO_ACCOUNT.apiKey as string, baseUrl };
	const result = await runSmsWorkflow({
		items: compat.items,
		parameters: compat.parameters,
		credentials,
		typeVersion,
		...(compat.continueOnFail
			? { settings: { continueOnFail: true, onError: 'continueRegularOutput' } }
			: {}),
		...(implementation ? { implementation } : {}),
	});
	return {
		requests: sim.journal.map(seenRequest),
		items: result.items.map(seenItem),
		...(result.error ? { error: result.error.message } : {}),
	};
}
