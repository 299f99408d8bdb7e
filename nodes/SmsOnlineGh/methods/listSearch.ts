// Opening a Sender list always asks the service (a sender just registered must show) and
// refreshes the kept profile.
import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import type { Profile, ProfileSender } from '../../shared/transport/endpoints/profile';
import { DEFAULT_RETRY } from '../../shared/transport/service';
import { readProfile } from '../account/profileCache';

/** The editor waits for the list: a short timeout and no long retries. */
const LIST_TIMEOUT_MS = 20_000;

async function searchProfileSenders(
	ctx: ILoadOptionsFunctions,
	pick: (profile: Profile) => ProfileSender[],
	filter?: string,
): Promise<INodeListSearchResult> {
	const call = await readProfile(ctx, {
		format: 'json',
		timeoutMs: LIST_TIMEOUT_MS,
		retry: { ...DEFAULT_RETRY, maxWaitMs: 2_000 },
	});
	if (!call.ok) throw call.failure.toNodeApiError(ctx.getNode());
	const wanted = filter?.trim().toLowerCase() ?? '';
	const results = pick(call.value)
		.filter((sender) => wanted === '' || sender.name.toLowerCase().includes(wanted))
		.map((sender) => ({
			name:
				sender.countryCodes.length > 0
					? `${sender.name} (${sender.countryCodes.join(', ')})`
					: sender.name,
			value: sender.name,
		}));
	return { results };
}

export async function searchSenders(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await searchProfileSenders(this, (profile) => profile.senders, filter);
}

/** A profile that lists none gives an empty list; a sender may still be typed. */
export async function searchVoiceSenders(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await searchProfileSenders(this, (profile) => profile.voiceSenders, filter);
}
