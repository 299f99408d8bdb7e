/**
 * What the service call needs of the credential: its type name and the Base URL rule. Here, below
 * both, so that the credential and the service call share them without importing each other.
 */
export const SMSONLINEGH_CREDENTIAL_TYPE = 'smsOnlineGhApi';
export const DEFAULT_BASE_URL = 'https://api.smsonlinegh.com';

/**
 * The service root the contract's paths (`/v5/...`) go after. A Base URL pasted with a trailing
 * slash or with `/v5` on the end is forgiven, and an empty one means the default host.
 */
export function serviceRoot(baseUrl: unknown): string {
	const raw = typeof baseUrl === 'string' && baseUrl.trim() !== '' ? baseUrl.trim() : DEFAULT_BASE_URL;
	return raw.replace(/\/+$/, '').replace(/\/v5$/, '');
}

/**
 * {@link serviceRoot} as an n8n expression, for the credential test, which n8n resolves itself: so
 * the connection test and the node reach the same URL for any Base URL (a unit test holds the two
 * together).
 */
export const SERVICE_ROOT_EXPRESSION = String.raw`={{ (String($credentials.baseUrl || "").trim() || "${DEFAULT_BASE_URL}").replace(/\/+$/, "").replace(/\/v5$/, "") }}`;
