/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** The demo account, which `new Simulator()` serves, and the configuration holding it alone. */
import type { SimAccount, SimulatorConfig } from './types';

export const DEMO_ACCOUNT: Readonly<SimAccount> = Object.freeze({
	id: 'demo',
	apiKey: 'demo-api-key-0123456789abcdef',
	login: 'demo@example.com',
	password: 'Demo-Passw0rd',
	senders: Object.freeze(['SMSDemo', 'Alerts']) as string[],
	voiceSenders: Object.freeze(['DemoVoice']) as string[],
	voiceTemplates: Object.freeze(['appointment_reminder', 'payment_due']) as string[],
	balance: 1000,
	state: 'active',
	apiAccess: true,
	portalPass: true,
});

export const DEMO_CONFIG: Readonly<SimulatorConfig> = Object.freeze({
	accounts: Object.freeze([DEMO_ACCOUNT]) as SimAccount[],
});
