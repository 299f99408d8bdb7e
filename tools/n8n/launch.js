#!/usr/bin/env node
// `npm start` and `npm run demo` on a fresh clone: install the project's own dependencies the
// first time (the TypeScript runner among them), then hand over to the TypeScript script.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { formatDuration } = require('./duration');

const root = path.resolve(__dirname, '..', '..');
const script = process.argv[2];
if (!['start', 'demo', 'install'].includes(script)) {
	console.error('usage: launch.js start|demo|install [args]');
	process.exit(2);
}

const HELP = {
	start: `npm start: a real n8n with this package installed, next to the local SMS simulator (no account needed).
The first run installs n8n and its Node (3 GB, kept in .n8n-runtime/ or N8N_RUNTIME_DIR): about 12 minutes
on a fresh 2-core machine, a progress line at least every 10 s. Compiling n8n's sqlite3 needs gcc, g++,
make and python3 (Debian: apt-get install -y build-essential python3).

  N8N_PORT=5678     n8n's port (its task broker takes the next free port that is not SIM_PORT)
  SIM_PORT=8025     the simulator's port
  N8N_RUNTIME=1     run n8n 1.x on this machine's Node instead of n8n 2.x
  N8N_ECHO=1        print n8n's own output
  SKIP_BUILD=1      install the dist/ already built`,
	demo: `npm run demo: the demo workflows executed headless by a real n8n (n8n execute) against the local simulator.

  SIM_PORT=8025     the simulator's port (n8n's CLI uses 5690 and 5691)
  N8N_RUNTIME=1     run n8n 1.x on this machine's Node instead of n8n 2.x`,
	install: `npm run n8n:install [-- n8n-2|n8n-1|all]: installs the pinned n8n runtime(s) and exits.`,
};
if (process.argv.slice(3).some((arg) => arg === '--help' || arg === '-h')) {
	console.log(HELP[script]);
	process.exit(0);
}

const t0 = Date.now();
const seconds = () => formatDuration(Date.now() - t0);

// Everything this launcher starts runs in a process group of its own, which it signals as a
// whole: npm runs it through `sh -c`, which passes no signal on, and when a SIGTERM makes npm
// exit this process is left with a new parent. So SIGINT, SIGTERM, SIGHUP or losing the parent
// all stop the group; whatever still runs 9 s later is killed.
let current;
let stopping = false;
function signalGroup(child, signal) {
	try {
		process.kill(-child.pid, signal);
	} catch {
		/* the group is gone */
	}
}
function stop(signal) {
	if (stopping) return;
	stopping = true;
	if (!current) process.exit(130);
	signalGroup(current, signal);
	setTimeout(() => signalGroup(current, 'SIGKILL'), 9000).unref();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGHUP', () => stop('SIGTERM'));
const parent = process.ppid;
setInterval(() => process.ppid !== parent && stop('SIGTERM'), 500).unref();

/** Runs a command in its own process group; resolves with its exit code. */
function runGroup(command, args, options = {}) {
	return new Promise((resolve) => {
		const child = spawn(command, args, { cwd: root, detached: true, ...options });
		current = child;
		child.on('exit', (code, signal) => {
			signalGroup(child, 'SIGKILL'); // what it started and left behind
			resolve(code ?? (signal ? 1 : 0));
		});
	});
}

/** How many of the lockfile's packages are in node_modules so far. */
function installedOfLocked() {
	try {
		const locked = Object.keys(
			JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')).packages ?? {},
		);
		const wanted = locked.filter((p) => p.startsWith('node_modules/'));
		const present = wanted.filter((p) => fs.existsSync(path.join(root, p, 'package.json'))).length;
		return `${present} of ${wanted.length} packages`;
	} catch {
		return 'packages';
	}
}

/**
 * The project's own npm install: a line every 10 s; npm's engine warnings said in one line. Until
 * the first package is unpacked (about 30 s on a fresh machine) the line counts the downloads that
 * npm's http log names, so no count stands at 0.
 */
async function installProject() {
	console.log(
		'[launch] first run: installing the project dependencies (npm install; a few minutes)',
	);
	const tarballs = new Set();
	const progress = () => {
		const inPlace = installedOfLocked();
		if (!inPlace.startsWith('0 of ') || tarballs.size === 0) return `${inPlace} in place`;
		return `${tarballs.size} of about ${inPlace.slice('0 of '.length)} downloaded, none unpacked yet`;
	};
	const ticker = setInterval(
		() => console.log(`[launch] npm install: ${progress()} (${seconds()})`),
		10_000,
	);
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	const exited = runGroup(npm, ['install', '--no-audit', '--no-fund', '--loglevel=http'], {
		stdio: ['ignore', 'inherit', 'pipe'],
	});
	let explained = false;
	let rest = '';
	current.stderr.on('data', (chunk) => {
		const lines = (rest + chunk.toString()).split('\n');
		rest = lines.pop();
		for (const line of lines) {
			if (line.startsWith('npm http ')) {
				const tarball = /https?:\/\/\S+\.tgz\b/.exec(line);
				if (tarball) tarballs.add(tarball[0]);
			} else if (!line.startsWith('npm warn EBADENGINE')) process.stderr.write(`${line}\n`);
			else if (!explained) {
				explained = true;
				console.log(
					'[launch] npm warns (EBADENGINE) that isolated-vm, pulled in by n8n-workflow, wants Node 24: nothing here loads it (install scripts are off, .npmrc)',
				);
			}
		}
	});
	const code = await exited;
	if (rest) process.stderr.write(rest);
	clearInterval(ticker);
	return code;
}

async function main() {
	const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
	if (!fs.existsSync(tsx)) {
		const code = await installProject();
		if (code !== 0 || stopping) process.exit(code || 130);
		console.log(`[launch] npm install done (${seconds()})`);
	}
	const code = await runGroup(
		tsx,
		[path.join(__dirname, `${script}.ts`), ...process.argv.slice(3)],
		{
			stdio: 'inherit',
			env: { ...process.env, SMSONLINEGH_LAUNCH_T0: String(t0) },
		},
	);
	process.exit(code);
}

main();
