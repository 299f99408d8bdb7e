/**
 * The account's profile, kept in this process per credential so that a workflow sending one SMS
 * per event makes one request per execution, not two. Its key, age and bounds: docs/sender-check.md.
 */
import { createHmac, randomBytes } from 'node:crypto';

import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { serviceRoot } from '../../shared/transport/credentialType';
import type { Profile } from '../../shared/transport/endpoints/profile';
import { accountProfileReader, PROFILE_PATH } from '../../shared/transport/endpoints/profile';
import type { CallResult, ServiceContext, TransportOptions } from '../../shared/transport/service';
import { callService, credentialsOf } from '../../shared/transport/service';
import { keepNewest, keptProfiles as kept, now } from './kept';

/** How long a profile read is used without asking the service again. */
export const PROFILE_TTL_MS = 10 * 60 * 1000;

/** How many credentials' profiles are kept at most. */
export const MAX_PROFILES = 300;

const reading = new Map<string, Promise<CallResult<Profile>>>();
const secret = randomBytes(32);

/** The cache key of a credential: a keyed digest of where it goes and what authenticates it. */
export function profileKey(data: ICredentialDataDecryptedObject | undefined): string {
	const credentials = data ?? {};
	// The fields that pick the account, as authorizationHeader reads them; nothing else.
	const auth =
		credentials.authModel === 'portalPass'
			? ['portalPass', String(credentials.login ?? ''), String(credentials.password ?? '')]
			: ['apiKey', String(credentials.apiKey ?? '')];
	return createHmac('sha256', secret)
		.update(JSON.stringify([serviceRoot(credentials.baseUrl), ...auth]))
		.digest('hex');
}

/** The key of the credential the context runs with. */
export async function contextProfileKey(ctx: ServiceContext): Promise<string> {
	const credentials = await credentialsOf(ctx);
	return profileKey(credentials.data);
}

/** The profile kept for the key, when it is younger than the TTL. */
export function keptProfile(key: string): { profile: Profile; ageMs: number } | undefined {
	const entry = kept.get(key);
	if (!entry) return undefined;
	const ageMs = now() - entry.readAt;
	if (ageMs >= PROFILE_TTL_MS || ageMs < 0) {
		kept.delete(key);
		return undefined;
	}
	return { profile: entry.profile, ageMs };
}

/**
 * A refusal of the credential or the account's API access (handshakes 11xx, 12xx): what was kept
 * for this key no longer stands.
 */
export function refusesCredential(result: CallResult<Profile>): boolean {
	if (result.ok) return false;
	const id = result.failure.handshake?.id;
	return result.failure.certainty === 'refused' && id !== undefined && id >= 1100 && id < 1300;
}

/**
 * Reads the profile from the service and keeps it (or, on a refusal of the credential, drops what
 * was kept). Reads of the same key at once share one request.
 */
export async function readProfile(
	ctx: ServiceContext,
	transport: TransportOptions,
	key?: string,
): Promise<CallResult<Profile>> {
	const id = key ?? (await contextProfileKey(ctx));
	const pending = reading.get(id);
	if (pending) return await pending;
	const call = callService(
		ctx,
		{ path: PROFILE_PATH, reader: accountProfileReader, readOnly: true },
		transport,
	).then((result) => {
		if (result.ok) keepNewest(kept, id, { profile: result.value, readAt: now() }, MAX_PROFILES);
		else if (refusesCredential(result)) kept.delete(id);
		return result;
	});
	reading.set(id, call);
	try {
		return await call;
	} finally {
		reading.delete(id);
	}
}

type ProfileForRun = { result: CallResult<Profile>; key: string; fromCache: boolean };

/** What profileForCheck gave each run: its home country and sender check take one profile, one request at most. */
const taken = new WeakMap<object, Promise<ProfileForRun>>();

/**
 * A profile for the run (its home country, its sender check): the kept one when young enough,
 * otherwise read (and kept); the same answer for every call of the run.
 */
export async function profileForCheck(
	ctx: ServiceContext,
	transport: TransportOptions,
): Promise<ProfileForRun> {
	let answer = taken.get(ctx);
	if (!answer) {
		answer = takeProfile(ctx, transport);
		taken.set(ctx, answer);
	}
	return await answer;
}

async function takeProfile(
	ctx: ServiceContext,
	transport: TransportOptions,
): Promise<ProfileForRun> {
	const key = await contextProfileKey(ctx);
	const found = keptProfile(key);
	if (found) {
		return {
			result: { ok: true, value: found.profile, handshake: { id: 0, label: 'HSHK_OK' } },
			key,
			fromCache: true,
		};
	}
	return { result: await readProfile(ctx, transport, key), key, fromCache: false };
}
