/** n8n's command line, for the commands that run to their end rather than serve. */
import { n8nEnv, type N8nEnvOptions } from './environment';
import { type Runtime } from './install';
import { run, type RunResult } from './processes';

/** Runs one n8n CLI command (import:workflow, execute, ...) to its end. */
export function n8nCli(
	runtime: Runtime,
	userFolder: string,
	args: string[],
	options: N8nEnvOptions & { allowFail?: boolean; timeoutMs?: number } = {},
): Promise<RunResult> {
	return run(runtime.nodeBin, [runtime.n8nBin, ...args], {
		cwd: userFolder,
		env: n8nEnv(runtime, userFolder, options),
		allowFail: options.allowFail,
		timeoutMs: options.timeoutMs ?? 180_000,
	});
}
