/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The release path publishes with npm provenance, which n8n requires of verified community
 * packages: a version tag starts .github/workflows/publish.yml, whose job may mint the OIDC token
 * that signs the provenance statement and runs `npm run release`, which is `n8n-node release`,
 * which in GitHub Actions publishes with NPM_CONFIG_PROVENANCE=true.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
/** The workflow without its comments, so that only what runs is read. */
const workflow = read('.github/workflows/publish.yml')
	.split('\n')
	.map((line) => line.replace(/(^|\s)#.*$/, ''))
	.join('\n');

describe('the publish workflow', () => {
	it('runs on a version tag', () => {
		expect(workflow).toMatch(/on:\s*\n\s+push:\s*\n\s+tags:\s*\n\s+- 'v\*\.\*\.\*'/);
	});

	it('may mint the OIDC token that signs the provenance, and only reads the repository', () => {
		expect(workflow).toMatch(/permissions:\s*\n\s+id-token: write\s*\n\s+contents: read/);
	});

	it('refuses a tag that is not the package version, then runs npm run release with scripts on', () => {
		expect(workflow).toContain(
			`test "v$(node -p 'require("./package.json").version')" = "$GITHUB_REF_NAME"`,
		);
		expect(workflow).toMatch(/run: \|\s*\n[^\n]*\n\s+npm run release\n/);
		expect(workflow).toContain("npm_config_ignore_scripts: 'false'");
		expect(workflow).not.toMatch(/provenance['"]?\s*[:=]\s*['"]?false|--no-provenance/i);
	});

	it('npm run release is n8n-node release, which publishes with provenance in GitHub Actions', () => {
		expect(JSON.parse(read('package.json')).scripts.release).toBe('n8n-node release');
		const release = read('node_modules/@n8n/node-cli/dist/commands/release.js');
		expect(release).toContain('process.env.GITHUB_ACTIONS');
		expect(release).toMatch(/\['publish'\][\s\S]{0,200}NPM_CONFIG_PROVENANCE: 'true'/);
	});
});
