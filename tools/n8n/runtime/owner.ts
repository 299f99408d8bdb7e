/** n8n's owner account: created on first start, then signed in to for REST calls. */
import { restSettings, sleep, type RestSettings } from './probe';
import { log } from './report';

export const OWNER = {
	email: 'owner@example.com',
	password: 'Owner-Passw0rd',
	firstName: 'Demo',
	lastName: 'Owner',
};

/** Creates the owner account unless it exists. */
export async function ensureOwner(url: string): Promise<void> {
	let settings: RestSettings | undefined;
	for (let attempt = 0; attempt < 60 && !settings; attempt++) {
		settings = await restSettings(url);
		if (!settings) await sleep(500);
	}
	if (!settings) throw new Error(`n8n at ${url} does not answer /rest/settings with its settings`);
	if (settings.data.userManagement?.showSetupOnFirstLoad === false) return;
	const response = await fetch(`${url}/rest/owner/setup`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(OWNER),
	});
	if (!response.ok)
		throw new Error(`owner setup failed: ${response.status} ${await response.text()}`);
	log(`owner account ${OWNER.email} created`);
}

/** Logs in as the owner; returns the Cookie header value for later REST calls. */
export async function login(url: string): Promise<string> {
	const response = await fetch(`${url}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			emailOrLdapLoginId: OWNER.email,
			email: OWNER.email,
			password: OWNER.password,
		}),
	});
	if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
	const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]);
	return cookies.join('; ');
}
