/**
 * The accounts the simulator knows and the `Authorization` header that picks one, after the
 * SMSOnlineGH v5 API documentation (authentication): `key <API key>` or
 * `factor base64(login + "__::" + password)`.
 */
import { HSHK } from './labels';
import { checkTimeZone } from './schedule';
import type { SimAccount } from './types';

export interface AccountState {
	readonly config: Readonly<SimAccount>;
	balance: number;
	/** The registered senders now: the configured ones until setSenders changes them (reset restores). */
	senders: string[];
	/** The registered voice senders (SimAccount.voiceSenders). */
	voiceSenders: string[];
	/** The stored voice templates now: the configured ones plus any a test added (reset restores). */
	voiceTemplates: string[];
}

export type AuthResult = { account: AccountState } | { handshake: number };

const PORTAL_PASS_SEPARATOR = '__::';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/**
 * The flag the vendor's SDK (Zenoph.Notify) appends to the credential on `POST /v5/auth` only:
 * `key K   ls` (PHP, three spaces) or `key K ls` (Python).
 */
const AUTH_FLAG = /\s+ls$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

export class AccountBook {
	private readonly accounts = new Map<string, AccountState>();
	private readonly byKey = new Map<string, AccountState>();
	private readonly byPortalPass = new Map<string, AccountState>();

	constructor(accounts: readonly SimAccount[]) {
		for (const config of accounts) this.add(config);
	}

	private add(config: SimAccount): void {
		if (this.accounts.has(config.id))
			throw new Error(`Duplicate simulator account id ${config.id}`);
		if (config.timeZone !== undefined) checkTimeZone(config.timeZone);
		if (config.messageType !== undefined && ![0, 1, 2, 3].includes(config.messageType)) {
			throw new Error(`Simulator account ${config.id}: messageType must be 0, 1, 2 or 3`);
		}
		const state: AccountState = {
			config: structuredClone(config),
			balance: config.balance,
			senders: [...config.senders],
			voiceSenders: [...(config.voiceSenders ?? [])],
			voiceTemplates: [...(config.voiceTemplates ?? [])],
		};
		this.accounts.set(config.id, state);
		if (config.apiKey !== undefined) uniqueSet(this.byKey, config.apiKey, state, 'API key');
		if (config.login !== undefined && config.password !== undefined) {
			uniqueSet(
				this.byPortalPass,
				config.login + PORTAL_PASS_SEPARATOR + config.password,
				state,
				'login',
			);
		}
	}

	get(accountId: string): AccountState {
		const state = this.accounts.get(accountId);
		if (!state) throw new Error(`Unknown simulator account ${accountId}`);
		return state;
	}

	all(): IterableIterator<AccountState> {
		return this.accounts.values();
	}

	/** `withFlag`: the path is `/v5/auth`, where the SDK's trailing ` ls` flag is tolerated. */
	authenticate(header: string | undefined, withFlag = false): AuthResult {
		if (header === undefined || header === '') return { handshake: HSHK.MODEL };
		const space = header.indexOf(' ');
		const model = space < 0 ? header : header.slice(0, space);
		let credential = space < 0 ? '' : header.slice(space + 1);
		// Model words are matched as the documentation writes them; a client sending `Key` has a bug.
		if (model !== 'key' && model !== 'factor') return { handshake: HSHK.MODEL };
		if (withFlag) credential = credential.replace(AUTH_FLAG, '');
		if (credential.trim() === '') return { handshake: HSHK.PID };
		const account =
			model === 'key' ? this.byKey.get(credential) : this.portalPassAccount(credential);
		if (!account) return { handshake: HSHK.AUTH };
		return accountGate(account, model === 'factor');
	}

	private portalPassAccount(credential: string): AccountState | undefined {
		const decoded = decodeBase64(credential);
		return decoded === undefined ? undefined : this.byPortalPass.get(decoded);
	}
}

/** Two accounts sharing a credential would make authentication depend on configuration order. */
function uniqueSet(
	map: Map<string, AccountState>,
	credential: string,
	state: AccountState,
	what: string,
): void {
	if (map.has(credential))
		throw new Error(
			`Simulator accounts ${map.get(credential)?.config.id} and ${state.config.id} share a ${what}`,
		);
	map.set(credential, state);
}

/** Only after the credentials matched: the account's own restrictions, in the service's order. */
function accountGate(account: AccountState, portalPass: boolean): AuthResult {
	const config = account.config;
	if (config.apiAccess === false) return { handshake: HSHK.API_NO_ACCESS };
	if (portalPass && config.portalPass === false) return { handshake: HSHK.API_NO_PPASS };
	if (config.state === 'inactive') return { handshake: HSHK.ACCT_INACTIVE };
	if (config.state === 'suspended') return { handshake: HSHK.ACCT_SUSPENDED };
	return { account };
}

/** Strict base64: canonical padding and valid UTF-8, else undefined (which fails authentication). */
function decodeBase64(value: string): string | undefined {
	if (value.length % 4 !== 0 || !BASE64.test(value)) return undefined;
	const bytes = Buffer.from(value, 'base64');
	if (bytes.toString('base64') !== value) return undefined;
	try {
		return utf8.decode(bytes);
	} catch {
		return undefined;
	}
}
