/**
 * Build: type-check, bundle, copy assets.
 *
 * n8n installs community packages into a shared runtime and its rules forbid runtime
 * `dependencies` and Node's own modules, so fast-xml-parser (XML), pako (gzip) and
 * libphonenumber-js (numbering plans) are devDependencies bundled into the node's files by esbuild;
 * n8n-workflow (the peer dependency n8n provides) stays external.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { series, src, dest } = require('gulp');
const esbuild = require('esbuild');

const root = __dirname;
const dist = path.join(root, 'dist');

const entries = {
	'nodes/SmsOnlineGh/SmsOnlineGh.node': 'nodes/SmsOnlineGh/SmsOnlineGh.node.ts',
	'nodes/SmsOnlineGhTrigger/SmsOnlineGhTrigger.node':
		'nodes/SmsOnlineGhTrigger/SmsOnlineGhTrigger.node.ts',
	'nodes/SmsOnlineGhReportTrigger/SmsOnlineGhReportTrigger.node':
		'nodes/SmsOnlineGhReportTrigger/SmsOnlineGhReportTrigger.node.ts',
	'nodes/SmsOnlineGhBalanceTrigger/SmsOnlineGhBalanceTrigger.node':
		'nodes/SmsOnlineGhBalanceTrigger/SmsOnlineGhBalanceTrigger.node.ts',
	'credentials/SmsOnlineGhApi.credentials': 'credentials/SmsOnlineGhApi.credentials.ts',
};

function clean(done) {
	fs.rmSync(dist, { recursive: true, force: true });
	done();
}

function typecheck(done) {
	const tsc = spawnSync(
		process.execPath,
		[require.resolve('typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.build.json'],
		{
			cwd: root,
			stdio: 'inherit',
		},
	);
	done(tsc.status === 0 ? undefined : new Error('Type check failed'));
}

async function bundle() {
	await esbuild.build({
		entryPoints: Object.entries(entries).map(([out, input]) => ({
			out,
			in: path.join(root, input),
		})),
		outdir: dist,
		bundle: true,
		platform: 'node',
		target: 'node20',
		format: 'cjs',
		external: ['n8n-workflow'],
		sourcemap: false,
		minify: false,
		legalComments: 'inline',
		logLevel: 'warning',
	});
}

function assets() {
	return src(['nodes/**/*.svg', 'nodes/**/*.node.json'], { cwd: root, base: root }).pipe(
		dest(dist),
	);
}

/**
 * The package entry. index.js at the top level serves a source checkout (after a build); the
 * published tarball carries only dist/, so the same file goes there with its paths made local.
 */
function entry(done) {
	const source = fs.readFileSync(path.join(root, 'index.js'), 'utf8');
	fs.writeFileSync(
		path.join(dist, 'index.js'),
		source.replaceAll("require('./dist/", "require('./"),
	);
	done();
}

exports.clean = clean;
exports.typecheck = typecheck;
exports.bundle = bundle;
exports.build = series(clean, typecheck, bundle, assets, entry);
exports.default = exports.build;
