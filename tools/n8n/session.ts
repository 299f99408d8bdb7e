/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The set-up `npm start` and `npm run demo` share: the runtime, this package packed and installed
 * into a user folder of their own, and the local SMS simulator with its requests printed.
 */
import * as path from 'node:path';
import { Simulator } from '../../simulator';
import {
	buildAndPack,
	ensureRuntime,
	installPackage,
	log,
	RUNTIME_ROOT,
	runtimeFromEnv,
	ticker,
	type Runtime,
} from './runtime';
import type { LaunchPorts } from './ports';
import { followJournal } from './sim-log';

export interface Session {
	runtime: Runtime;
	userFolder: string;
	sim: Simulator;
	simUrl: string;
	/** Stops printing the simulator's requests. */
	stopFollowing: () => void;
}

/** `home` for npm start, `demo` for npm run demo: the two keep separate n8n user folders. */
export async function prepareSession(
	folderPrefix: 'home' | 'demo',
	ports: LaunchPorts,
): Promise<Session> {
	const simPort = ports.sim;
	const runtime = await ensureRuntime(runtimeFromEnv());
	let stopTicking = ticker('building and packing this package');
	const tarball = await buildAndPack({ skipBuild: process.env.SKIP_BUILD === '1' }).finally(
		stopTicking,
	);
	const userFolder = path.join(RUNTIME_ROOT, `${folderPrefix}-${runtime.name}`);
	stopTicking = ticker("installing the package into n8n's user folder");
	await installPackage(userFolder, tarball).finally(stopTicking);

	const sim = new Simulator();
	const simUrl = await sim.start(simPort);
	log(`simulator listening on ${simUrl}`);
	const stopFollowing = followJournal(sim);
	return { runtime, userFolder, sim, simUrl, stopFollowing };
}
