/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeParameters,
	NodeExecutionHint,
} from 'n8n-workflow';

import { creditModels, keptProfiles } from '../../nodes/SmsOnlineGh/account/kept';
import { BALANCE_PATH } from '../../nodes/shared/transport/endpoints/balance';
import { PROFILE_PATH } from '../../nodes/shared/transport/endpoints/profile';
import type { JournalEntry, SimAccount, SimulatorConfig } from '../../simulator';
import { DEMO_ACCOUNT, Simulator } from '../../simulator';
import type { RunOptions, RunResult } from '../harness/workflow';
import { runSmsWorkflow } from '../harness/workflow';

export const API_KEY = DEMO_ACCOUNT.apiKey as string;
export const LOGIN = DEMO_ACCOUNT.login as string;
export const PASSWORD = DEMO_ACCOUNT.password as string;

/**
 * The dialect of the workflow tests' simulator: npm test runs them once in each (jest.config.js
 * sets SIM_DIALECT and SIM_TEMPLATES per project); unset, the simulator's defaults.
 */
export function dialectFromEnv(): Pick<SimulatorConfig, 'dialect' | 'templates'> {
	const config: Pick<SimulatorConfig, 'dialect' | 'templates'> = {};
	const { SIM_DIALECT: dialect, SIM_TEMPLATES: templates } = process.env;
	if (dialect === 'sdk' || dialect === 'contract') config.dialect = dialect;
	if (templates === 'distinct' || templates === 'occurrence') config.templates = templates;
	return config;
}

/** A simulator started for one test file, reset before each test. */
export function useSimulator(accounts?: SimAccount[]) {
	const sim = new Simulator({ ...(accounts ? { accounts } : {}), ...dialectFromEnv() });
	const context = {
		sim,
		baseUrl: '',
		apiKey(extra: ICredentialDataDecryptedObject = {}): ICredentialDataDecryptedObject {
			return { authModel: 'apiKey', apiKey: API_KEY, baseUrl: context.baseUrl, ...extra };
		},
		portalPass(extra: ICredentialDataDecryptedObject = {}): ICredentialDataDecryptedObject {
			return {
				authModel: 'portalPass',
				login: LOGIN,
				password: PASSWORD,
				baseUrl: context.baseUrl,
				...extra,
			};
		},
		/**
		 * Requests that reached the service (the control endpoint excluded), without the account
		 * look-ups a run makes for itself: the profile (the sender check and the home country, one
		 * per run, see senderCheck.ts) and a Dry Run's balance (sending/cost.ts). The tests of what
		 * goes out count the requests that carry messages.
		 */
		requests(): JournalEntry[] {
			return sim.journal.filter(
				(entry) => entry.path !== PROFILE_PATH && entry.path !== BALANCE_PATH,
			);
		},
		/** Every request that reached the service, the profile requests included. */
		allRequests(): JournalEntry[] {
			return [...sim.journal];
		},
		async run(
			options: Omit<RunOptions, 'credentials'> & { credentials?: ICredentialDataDecryptedObject },
		) {
			return await runSmsWorkflow({ credentials: context.apiKey(), ...options });
		},
	};
	beforeAll(async () => {
		context.baseUrl = await sim.start();
	});
	// Each test starts with no profile or credit model kept in the process (account/profileCache.ts,
	// sending/cost.ts): a test of one run sees that run's requests, as a first run after n8n starts would.
	beforeEach(() => {
		sim.reset();
		keptProfiles.clear();
		creditModels.clear();
	});
	afterAll(async () => await sim.stop());
	return context;
}

export function sendParameters(extra: INodeParameters = {}): INodeParameters {
	return {
		resource: 'sms',
		operation: 'send',
		sender: 'SMSDemo',
		phoneNumbers: '={{ $json.phone }}',
		message: 'Your order has shipped.',
		...extra,
	};
}

export function personalisedParameters(extra: INodeParameters = {}): INodeParameters {
	return {
		resource: 'sms',
		operation: 'sendPersonalised',
		sender: 'SMSDemo',
		phoneNumber: '={{ $json.phone }}',
		template: 'Hello {$first_name}, you owe GHS {$amount}.',
		...extra,
	};
}

/** Scheduled SMS → Update: the fields to change and the options. */
export function scheduledUpdateParameters(
	updateFields: INodeParameters,
	options: INodeParameters = {},
): INodeParameters {
	return { resource: 'scheduledSms', operation: 'update', updateFields, options };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const BATCH = /^[0-9a-f]{32}$/;

/** A date and time as the service writes them (the vendor's SDK reads `YYYY-MM-DD HH:MM:SS`). */
export const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * An output item without what the service may add about a destination (`partsBilled`,
 * `submittedAt`, `reportedAt`, `country`), each checked for its form when there: the simulator's
 * answers may or may not carry them, and the rest of the item is then compared exactly.
 */
export function withoutServiceExtras(json: IDataObject): IDataObject {
	const { partsBilled, submittedAt, reportedAt, country, ...rest } = json;
	if (partsBilled !== undefined) expect(partsBilled).toBe(rest.parts);
	if (submittedAt !== undefined) expect(submittedAt).toMatch(DATE_TIME);
	if (reportedAt !== undefined) expect(reportedAt).toMatch(DATE_TIME);
	if (country !== undefined) expect(country).toEqual(expect.any(String));
	return rest;
}

/** The messages of the hints the SMS node's run added (n8n's execution hints, as the output pane shows them). */
export function hintsOf(result: RunResult): string[] {
	const runs = result.run.data.resultData.runData.SMS ?? [];
	return runs
		.flatMap((run) => (run.hints ?? []) as NodeExecutionHint[])
		.map((hint) => hint.message);
}

/** Schedules 'See you.' to 0241234567 a day ahead and returns its batch; the profile that read is forgotten. */
export async function scheduleOne(
	t: Pick<ReturnType<typeof useSimulator>, 'run'>,
): Promise<string> {
	const at = `${new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 16)}:00`;
	const sent = await t.run({
		items: [{ phone: '0241234567' }],
		parameters: sendParameters({
			message: 'See you.',
			options: { scheduleAt: at, scheduleOffset: '+00:00' },
		}),
	});
	keptProfiles.clear();
	return sent.items[0].json.batch as string;
}
