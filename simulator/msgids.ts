/**
 * Custom message ids: a client may name a destination's message itself (`<to><number>…</number>
 * <id>…</id></to>`, JSON `{"number": "…", "id": "…"}`), as the vendor's SDK (Zenoph.Notify) lets
 * it. The answer then uses that id for the destination. Rules, from the SDK's statuses:
 * 30 to 40 characters (else 2132), only `A-Za-z0-9-` (else 2133), not used twice (2131): neither
 * within one request nor by the same account in an earlier accepted send. A UUID fits.
 */
import type { StatusKey } from './labels';

const MIN_LENGTH = 30;
const MAX_LENGTH = 40;
const ID_CHARACTERS = /^[A-Za-z0-9-]*$/;

/** What is wrong with the form of an id, or undefined when it has the right form. */
export function idFormStatus(id: string): StatusKey | undefined {
	if (id.length < MIN_LENGTH || id.length > MAX_LENGTH) return 'MSGID_LENGTH';
	if (!ID_CHARACTERS.test(id)) return 'MSGID_INVALID';
	return undefined;
}

/** The custom ids each account has used in accepted destinations; reset() forgets them. */
export class UsedIds {
	private readonly byAccount = new Map<string, Set<string>>();

	has(accountId: string, id: string): boolean {
		return this.byAccount.get(accountId)?.has(id) ?? false;
	}

	add(accountId: string, id: string): void {
		let ids = this.byAccount.get(accountId);
		if (!ids) {
			ids = new Set();
			this.byAccount.set(accountId, ids);
		}
		ids.add(id);
	}

	clear(): void {
		this.byAccount.clear();
	}
}
