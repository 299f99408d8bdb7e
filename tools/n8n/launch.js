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
