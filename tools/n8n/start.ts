/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * `npm start`: a real n8n with this package installed, next to the local SMS simulator.
 *
 *   1. installs n8n and its Node the first time (into .n8n-runtime/; later runs reuse them);
 *   2. builds and packs this package and installs the tarball as n8n's Community Nodes would;
 *   3. starts the simulator on http://127.0.0.1:8025 (SIM_PORT);
 *   4. imports a credential pointing at the simulator and five demo workflows;
 *   5. starts n8n on http://localhost:5678 (N8N_PORT) and creates the owner account.
 * Ctrl-C stops n8n and the simulator.
 *
 * N8N_RUNTIME=1 runs the n8n 1.x runtime instead (on the machine's Node).
 */
import {
	demoCredential,
	demoWorkflows,
	elapsed,
	ensureOwner,
	importIfChanged,
	log,
	OWNER,
	startN8n,
	ticker,
	type N8nServer,
	type Runtime,
} from './runtime';
import { hasDatabase, importWords, startWords } from './first-start';
import { launchPorts } from './ports';
import { prepareSession } from './session';

/** What to open and how to sign in, once n8n answers. */
function printWelcome(runtime: Runtime, url: string, simUrl: string, t0: number): void {
	const wf = demoWorkflows();
	process.stdout.write(
		[
			'',
			`  n8n ${runtime.n8nVersion} is running with n8n-nodes-smsonlinegh installed (ready ${elapsed(t0)} after npm start).`,
			'',
			`  Open      ${url}/home/workflows`,
			`  Sign in   ${OWNER.email} / ${OWNER.password}`,
			'',
			'  Demo workflows (Overview → Workflows), all sending to the local simulator:',
			...wf.map((w) => `    - ${w.name}   ${url}/workflow/${w.id}`),
			'',
			'  Open one, click "Execute workflow" at the bottom of the canvas, then double-click the',
			'  SMS node to see one output item per destination (messageId, status, verdict).',
			`  The credential "${demoCredential(simUrl).name}" uses the simulator's demo API key;`,
			'  the simulator knows the SMS senders SMSDemo and Alerts and the voice sender DemoVoice',
			'  (any other sender is rejected).',
			`  Simulator: ${simUrl} (requests are logged below; journal at ${simUrl}/__sim/journal)`,
			'',
			'  Ctrl-C stops n8n and the simulator.',
			'',
		].join('\n'),
	);
}

/**
 * n8n 2.x opens its AI assistant's onboarding at / while its module is on; with the module off
 * (n8n's N8N_DISABLED_MODULES; 1.x has no such module and refuses the name) / opens the workflows.
 */
function landingSettings(runtime: Runtime): Record<string, string> {
	return runtime.name === 'n8n-2' ? { N8N_DISABLED_MODULES: 'instance-ai' } : {};
}

async function main(): Promise<void> {
	// From the launcher's start, so the total counts this project's own first npm install too.
	const t0 = Number(process.env.SMSONLINEGH_LAUNCH_T0) || Date.now();
	// Checked before the first install, which takes minutes.
	const ports = launchPorts(process.env, 5678);
	const n8nPort = ports.n8n;
	const { runtime, userFolder, sim, simUrl, stopFollowing } = await prepareSession('home', ports);

	let server: N8nServer | undefined;
	let stopping = false;
	const shutdown = async (code: number) => {
		if (stopping) return;
		stopping = true;
		log('stopping n8n and the simulator ...');
		stopFollowing();
		await server?.stop();
		await sim.stop();
		log('stopped');
		process.exit(code);
	};
	process.on('SIGINT', () => void shutdown(0));
	process.on('SIGTERM', () => void shutdown(0));

	try {
		let stopTicking = ticker(importWords(hasDatabase(userFolder)));
		await importIfChanged(runtime, userFolder, [demoCredential(simUrl)], demoWorkflows(), {
			port: n8nPort,
			brokerPort: ports.broker,
		}).finally(stopTicking);
		const t1 = Date.now();
		log(`starting n8n ${runtime.n8nVersion} (n8n start) ...`);
		// Stopped within 6 s of a signal (killed then), inside the launcher's 9 s.
		stopTicking = ticker(startWords(hasDatabase(userFolder)));
		server = await startN8n(runtime, userFolder, {
			port: n8nPort,
			brokerPort: ports.broker,
			echo: process.env.N8N_ECHO === '1',
			stopGraceMs: 6000,
			extra: landingSettings(runtime),
		}).finally(stopTicking);
		log(`n8n answered after ${elapsed(t1)}`);
		await ensureOwner(server.url);
	} catch (error) {
		process.stderr.write(`${(error as Error).message}\n`);
		await shutdown(1);
		return;
	}
	server.process.on('exit', (code) => {
		if (!stopping) {
			process.stderr.write(
				`n8n exited unexpectedly (code ${code}). Its last output:\n${server!.output().split('\n').slice(-30).join('\n')}\n`,
			);
			void shutdown(1);
		}
	});

	printWelcome(runtime, server.url, simUrl, t0);
}

main().catch((error: unknown) => {
	process.stderr.write(
		`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
	);
	process.exit(1);
});
