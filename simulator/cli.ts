/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * `npm run simulator`: the simulator as a standalone server for demos and manual runs.
 * Port: `--port N` (or `--port=N`), else env SIM_PORT, else 8025.
 * Dialect: `--dialect sdk|contract`, else env SIM_DIALECT, else sdk.
 * Template reading: `--templates distinct|occurrence`, else env SIM_TEMPLATES, else distinct.
 * Delivery time: `--deliver-after-ms N`, else env SIM_DELIVER_AFTER_MS, else 0 (reports final at
 * the first query or push).
 */
import { format } from 'node:util';
import { DEMO_ACCOUNT, Simulator } from './index';
import { validateSettings } from './wire';

const DEFAULT_PORT = 8025;

/** The value of `--name V` or `--name=V`, else of the environment variable, else undefined. */
function option(
	argv: readonly string[],
	env: NodeJS.ProcessEnv,
	name: string,
	variable: string,
): string | undefined {
	const flag = `--${name}`;
	const at = argv.findIndex((arg) => arg === flag || arg.startsWith(`${flag}=`));
	const raw =
		at < 0
			? env[variable]
			: argv[at].includes('=')
				? argv[at].slice(flag.length + 1)
				: argv[at + 1];
	return raw === '' ? undefined : raw;
}

function portFrom(argv: readonly string[], env: NodeJS.ProcessEnv): number {
	const raw = option(argv, env, 'port', 'SIM_PORT');
	if (raw === undefined) return DEFAULT_PORT;
	const port = Number(raw);
	if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port: ${raw}`);
	return port;
}

const HELP = `npm run simulator -- [options]: the SMSOnlineGH v5 service simulator, standalone.

  --port N                 listen on port N (env SIM_PORT; default ${DEFAULT_PORT}; 0: any free port)
  --dialect sdk|contract   answer as the vendor's SDKs expect (sdk, default) or as the contract shows (env SIM_DIALECT)
  --templates distinct|occurrence
                           how personalised templates are read (env SIM_TEMPLATES; default distinct)
  --deliver-after-ms N     delivery reports turn final N ms after sending (env SIM_DELIVER_AFTER_MS; default 0)
  --help, -h               print this and exit

It prints its endpoints and the demo account's API key, login and password when it starts.`;

async function main(): Promise<void> {
	const argv = process.argv.slice(2);
	if (argv.includes('--help') || argv.includes('-h')) {
		process.stdout.write(`${HELP}\n`);
		return;
	}
	const settings = validateSettings({
		dialect: option(argv, process.env, 'dialect', 'SIM_DIALECT'),
		templates: option(argv, process.env, 'templates', 'SIM_TEMPLATES'),
		deliverAfterMs: option(argv, process.env, 'deliver-after-ms', 'SIM_DELIVER_AFTER_MS'),
	});
	const simulator = new Simulator({ ...settings });
	const baseUrl = await simulator.start(portFrom(argv, process.env));
	const lines = [
		`SMS service simulator listening on ${baseUrl}`,
		`  dialect:  ${simulator.dialect} (templates: ${simulator.templates}, deliverAfterMs: ${simulator.deliverAfterMs}); switch with PUT ${baseUrl}/__sim/dialect`,
		`  send:     POST ${baseUrl}/v5/message/sms/send`,
		`  voice:    POST ${baseUrl}/v5/message/voice/send (XML, JSON or key-value form; a stored voice template)`,
		`  balance:  POST ${baseUrl}/v5/account/balance`,
		`  profile:  POST ${baseUrl}/v5/auth`,
		`  reports:  POST ${baseUrl}/v5/report/message/delivery/{batch}, …/delivery/destinations/{batch}`,
		`  schedule: POST ${baseUrl}/v5/message/scheduled/ load, load/{batch}, destinations/load/{batch}, cancel/{batch}, dispatch/{batch}, update/{batch}`,
		`  outcomes: numbers ending 0000 undelivered (2112), 9999 expired (2111), others delivered (2110); POST ${baseUrl}/__sim/outcome to force one`,
		`  control:  ${baseUrl}/__sim/ (journal, submissions, faults, reset, balance/:accountId, voice-templates/:accountId, deliver, deliveries, callbacks/:batch, batches/:batch, outcome, dialect)`,
		`Demo account "${DEMO_ACCOUNT.id}":`,
		`  API key:  ${DEMO_ACCOUNT.apiKey}`,
		`  login:    ${DEMO_ACCOUNT.login}`,
		`  password: ${DEMO_ACCOUNT.password}`,
		`  senders:  ${DEMO_ACCOUNT.senders.join(', ')} (voice: ${(DEMO_ACCOUNT.voiceSenders ?? []).join(', ')})`,
		`  voice templates: ${(DEMO_ACCOUNT.voiceTemplates ?? []).join(', ')}`,
		`  balance:  ${DEMO_ACCOUNT.balance}`,
		'Press Ctrl+C to stop.',
	];
	process.stdout.write(`${lines.join('\n')}\n`);
	const shutdown = (signal: string): void => {
		process.stdout.write(`\n${signal}: stopping simulator\n`);
		simulator.stop().then(
			() => process.exit(0),
			(error: unknown) => {
				process.stderr.write(`${format(error)}\n`);
				process.exit(1);
			},
		);
	};
	process.once('SIGINT', () => shutdown('SIGINT'));
	process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
	process.stderr.write(`${format(error instanceof Error ? error.message : error)}\n`);
	process.exit(1);
});
