/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The floor node's package (bench/floor-node/): bundled with esbuild, packed and installed into
 * the bench's n8n user folder beside the SMSOnlineGH package, as n8n's installer would install
 * it. It exists only there: it is not in this package's `n8n.nodes` nor in its dist/.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { build } from 'esbuild';

import { installPackage, PROJECT_ROOT, run } from '../tools/n8n/runtime';
import { FLOOR_PACKAGE } from './floor-node-type';

/** Builds, packs and installs the floor node's package into the n8n user folder. */
export async function installFloorPackage(userFolder: string): Promise<void> {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smsonlinegh-bench-floor-'));
	try {
		const packageDir = path.join(dir, 'package');
		await build({
			entryPoints: [path.join(PROJECT_ROOT, 'bench', 'floor-node', 'ReadParameters.node.ts')],
			outfile: path.join(packageDir, 'dist', 'ReadParameters.node.js'),
			bundle: true,
			platform: 'node',
			format: 'cjs',
			target: 'node20',
			external: ['n8n-workflow'],
			logLevel: 'warning',
		});
		const manifest = {
			name: FLOOR_PACKAGE,
			version: '0.0.0',
			private: true,
			description: "The bench's floor node: reads SMSOnlineGH Send's parameters and sends nothing",
			keywords: ['n8n-community-node-package'],
			main: 'dist/ReadParameters.node.js',
			files: ['dist'],
			n8n: { n8nNodesApiVersion: 1, credentials: [], nodes: ['dist/ReadParameters.node.js'] },
			peerDependencies: { 'n8n-workflow': '*' },
		};
		fs.writeFileSync(path.join(packageDir, 'package.json'), JSON.stringify(manifest, null, 2));
		const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], {
			cwd: packageDir,
		});
		const info = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{ filename: string }>;
		await installPackage(userFolder, path.join(dir, info[0].filename), FLOOR_PACKAGE);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}
