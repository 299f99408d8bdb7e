/**
 * Lists the editor searches. The Sender list is the account's registered senders, read from its
 * profile (`POST /v5/auth`), each with the countries it is registered for. Opening the list always
 * asks the service (a user who just registered a sender looks for it there), and the answer
 * refreshes the profile the sender check keeps (sending/profileCache.ts).
 */
import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { DEFAULT_RETRY } from '../../shared/transport/service';
import { readProfile } from '../sending/profileCache';

/** The editor waits for the list: a short timeout and no long retries. */
const LIST_TIMEOUT_MS = 20_000;

export async function searchSenders(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const call = await readProfile(this, {
		format: 'json',
		timeoutMs: LIST_TIMEOUT_MS,
		retry: { ...DEFAULT_RETRY, maxWaitMs: 2_000 },
	});
	if (!call.ok) throw call.failure.toNodeApiError(this.getNode());
	const wanted = filter?.trim().toLowerCase() ?? '';
	const results = call.value.senders
		.filter((sender) => wanted === '' || sender.name.toLowerCase().includes(wanted))
		.map((sender) => ({
			name: sender.countryCodes.length > 0 ? `${sender.name} (${sender.countryCodes.join(', ')})` : sender.name,
			value: sender.name,
		}));
	return { results };
}
