/**
 * The ports `npm start` and `npm run demo` use, chosen and checked before anything is installed:
 * the simulator (SIM_PORT, default 8025), n8n (N8N_PORT, default 5678, start only; the demo's CLI
 * uses 5690) and n8n's task-runner broker, which n8n puts on its own port + 1 unless told. The
 * broker gets the next port that is neither n8n's nor the simulator's, so no combination of the
 * two variables collides (SIM_PORT = N8N_PORT + 1 used to stop n8n after the long first install).
 */
export interface LaunchPorts {
	sim: number;
	n8n: number;
	broker: number;
}

function portOf(name: string, raw: string | undefined, fallback: number): number {
	if (raw === undefined || raw === '') return fallback;
	const port = Number(raw);
	if (!Number.isInteger(port) || port < 1 || port > 65535)
		throw new Error(`${name}=${raw} is not a port: give a number from 1 to 65535`);
	return port;
}

export function launchPorts(env: NodeJS.ProcessEnv, n8nDefault: number): LaunchPorts {
	const sim = portOf('SIM_PORT', env.SIM_PORT, 8025);
	const n8n = portOf('N8N_PORT', env.N8N_PORT, n8nDefault);
	if (sim === n8n)
		throw new Error(
			`SIM_PORT and N8N_PORT are both ${sim}: give the simulator and n8n different ports`,
		);
	let broker = n8n + 1;
	while (broker === sim || broker === n8n) broker++;
	if (broker > 65535)
		throw new Error(
			`no port is left above N8N_PORT=${n8n} for n8n's task broker: choose a lower N8N_PORT`,
		);
	return { sim, n8n, broker };
}
