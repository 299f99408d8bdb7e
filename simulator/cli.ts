/**
 * `npm run simulator`: the simulator as a standalone server for demos and manual runs.
 * Port: `--port N` (or `--port=N`), else env SIM_PORT, else 8025.
 */
import { DEMO_ACCOUNT, Simulator } from './index';

const DEFAULT_PORT = 8025;

function portFrom(argv: readonly string[], env: NodeJS.ProcessEnv): number {
	const flag = argv.findIndex((arg) => arg === '--port' || arg.startsWith('--port='));
	const raw = flag < 0 ? env.SIM_PORT : argv[flag].includes('=') ? argv[flag].slice('--port='.length) : argv[flag + 1];
	if (raw === undefined || raw === '') return DEFAULT_PORT;
	const port = Number(raw);
	if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port: ${raw}`);
	return port;
}

async function main(): Promise<void> {
	const simulator = new Simulator();
	const baseUrl = await simulator.start(portFrom(process.argv.slice(2), process.env));
	const lines = [
		`SMS service simulator listening on ${baseUrl}`,
		`  send:     POST ${baseUrl}/v5/message/sms/send`,
		`  balance:  POST ${baseUrl}/v5/account/balance`,
		`  control:  ${baseUrl}/__sim/ (journal, submissions, faults, reset, balance/:accountId, deliver, deliveries, callbacks/:batch)`,
		`Demo account "${DEMO_ACCOUNT.id}":`,
		`  API key:  ${DEMO_ACCOUNT.apiKey}`,
		`  login:    ${DEMO_ACCOUNT.login}`,
		`  password: ${DEMO_ACCOUNT.password}`,
		`  senders:  ${DEMO_ACCOUNT.senders.join(', ')}`,
		`  balance:  ${DEMO_ACCOUNT.balance}`,
		'Press Ctrl+C to stop.',
	];
	console.log(lines.join('\n'));
	const shutdown = (signal: string): void => {
		console.log(`\n${signal}: stopping simulator`);
		simulator.stop().then(
			() => process.exit(0),
			(error: unknown) => {
				console.error(error);
				process.exit(1);
			},
		);
	};
	process.once('SIGINT', () => shutdown('SIGINT'));
	process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
