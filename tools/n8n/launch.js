#!/usr/bin/env node
// `npm start` and `npm run demo` on a fresh clone: install the project's own dependencies the
// first time (the TypeScript runner among them), then hand over to the TypeScript script.
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const script = process.argv[2];
if (!['start', 'demo', 'install'].includes(script)) {
	console.error('usage: launch.js start|demo|install [args]');
	process.exit(2);
}

const HELP = {
	start: `npm start: a real n8n with this package installed, next to the local SMS simulator (no account needed).
The first run installs n8n and its Node (about 15 minutes, 3 GB, kept in .n8n-runtime/ or N8N_RUNTIME_DIR).

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

const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
if (!fs.existsSync(tsx)) {
	console.log('First run: installing the project dependencies (npm install)…');
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	const install = spawnSync(npm, ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
	if (install.status !== 0) process.exit(install.status ?? 1);
}

const child = spawn(tsx, [path.join(__dirname, `${script}.ts`), ...process.argv.slice(3)], {
	cwd: root,
	stdio: 'inherit',
});
// Ctrl-C reaches the child too (same process group); it stops n8n and the simulator itself, and
// this process waits for it instead of leaving it to finish behind the prompt. A SIGTERM sent to
// this process alone is passed on.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
