/**
 * What the node keeps in this process between runs, per credential (profileCache.ts's profileKey):
 * the profiles read and the credit model of the last balance read. n8n loads the package once, so
 * each is one map for the process; its own module, so that nothing else holds it.
 */
import type { Profile } from '../../shared/transport/endpoints/profile';

export interface KeptProfile {
	profile: Profile;
	readAt: number;
}

/** The balance's credit model, as the credential's last balance read named it (balance.ts). */
export interface CreditModel {
	model: string;
	currencyCode: string | null;
	currencyName: string | null;
}

export const keptProfiles = new Map<string, KeptProfile>();

export const creditModels = new Map<string, CreditModel>();

/** The clock a kept profile's age is read with. */
export function now(): number {
	return Date.now();
}

/** Keeps the value under the key as the newest, and drops the oldest beyond `max`. */
export function keepNewest<T>(kept: Map<string, T>, key: string, value: T, max: number): void {
	kept.delete(key);
	kept.set(key, value);
	// A Map iterates in insertion order, and each keep re-inserts its key: the first is the oldest.
	while (kept.size > max) kept.delete(kept.keys().next().value as string);
}
