// Here, below both the credential and the service call, so they share these without importing each other.
export const SMSONLINEGH_CREDENTIAL_TYPE = 'smsOnlineGhApi';
export const DEFAULT_BASE_URL = 'https://api.smsonlinegh.com';

/** A Base URL with a trailing slash or `/v5` on the end is forgiven; an empty one means the default host. */
export function serviceRoot(baseUrl: unknown): string {
	const raw =
		typeof baseUrl === 'string' && baseUrl.trim() !== '' ? baseUrl.trim() : DEFAULT_BASE_URL;
	return raw.replace(/\/+$/, '').replace(/\/v5$/, '');
}

/** {@link serviceRoot} as an expression for the credential test, which n8n resolves itself (a unit test holds the two together). */
export const SERVICE_ROOT_EXPRESSION = String.raw`={{ (String($credentials.baseUrl || "").trim() || "${DEFAULT_BASE_URL}").replace(/\/+$/, "").replace(/\/v5$/, "") }}`;
