/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** Asking a starting n8n whether it is up yet: its health check, its REST settings, the pause between tries. */

export function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function isUp(url: string): Promise<boolean> {
	try {
		const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
		return response.ok;
	} catch {
		return false;
	}
}

export type RestSettings = { data: { userManagement?: { showSetupOnFirstLoad?: boolean } } };

/**
 * n8n's settings, or undefined while the REST API is not up yet: during start-up the server can
 * answer 200 with something that is not the settings JSON.
 */
export async function restSettings(url: string): Promise<RestSettings | undefined> {
	try {
		const response = await fetch(`${url}/rest/settings`, { signal: AbortSignal.timeout(2000) });
		if (!response.ok) return undefined;
		const body = JSON.parse(await response.text()) as Partial<RestSettings>;
		return body && typeof body.data === 'object' ? (body as RestSettings) : undefined;
	} catch {
		return undefined;
	}
}
