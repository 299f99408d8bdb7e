/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** This community package: built and packed, then installed into an n8n user folder. */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readMarker, sameMarker, writeJson } from './markers';
import { PROJECT_ROOT, RUNTIME_ROOT } from './paths';
import { npmEnv, run } from './processes';
import { elapsed, log, shown } from './report';

export const PACKAGE_NAME = 'n8n-nodes-smsonlinegh';

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
	const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', packDir], {
		cwd: PROJECT_ROOT,
		env: npmEnv(),
	});
	const info = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{
		filename: string;
		files: unknown[];
	}>;
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
 * `name`: the tarball's package (the bench installs a package of its own beside this one).
 */
export async function installPackage(
	userFolder: string,
	tarball: string,
	name: string = PACKAGE_NAME,
): Promise<void> {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const packageDir = path.join(nodesDir, 'node_modules', name);
	const markerFile = path.join(
		nodesDir,
		name === PACKAGE_NAME ? '.smsonlinegh-installed.json' : `.${name}-installed.json`,
	);
	const wanted = { sha256: sha256(tarball) };
	if (
		sameMarker(readMarker(markerFile), wanted) &&
		fs.existsSync(path.join(packageDir, 'package.json'))
	) {
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
		[
			'install',
			'--audit=false',
			'--fund=false',
			'--bin-links=false',
			'--install-strategy=shallow',
			'--ignore-scripts=true',
			'--package-lock=false',
			'--loglevel=error',
		],
		{ cwd: packageDir, env: npmEnv() },
	);
	const rootFile = path.join(nodesDir, 'package.json');
	const root =
		(readMarker(rootFile) as unknown as { dependencies?: Record<string, string> } | undefined) ??
		{};
	writeJson(rootFile, {
		name: 'installed-nodes',
		private: true,
		...root,
		dependencies: { ...root.dependencies, [name]: manifest.version },
	});
	writeJson(markerFile, wanted);
	log(`installed ${path.basename(tarball)} into ${shown(nodesDir)} in ${elapsed(t0)}`);
}
