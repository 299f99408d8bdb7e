/**
 * Lists the editor searches. The Sender list is the account's registered senders, read from its
 * profile (`POST /v5/auth`), each with the countries it is registered for.
 */
import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { callService, DEFAULT_RETRY, profileReader, PROFILE_PATH } from '../transport';

/** The editor waits for the list: a short timeout and no long retries. */
const LIST_TIMEOUT_MS = 20_000;

export async function searchSenders(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const call = await callService(
		this,
		{ path: PROFILE_PATH, reader: profileReader, readOnly: true },
		{ format: 'json', timeoutMs: LIST_TIMEOUT_MS, retry: { ...DEFAULT_RETRY, maxWaitMs: 2_000 } },
	);
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
