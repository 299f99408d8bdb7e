// n8n's official community-node rules, in their form for packages not meant for n8n Cloud
// (this package needs no Cloud-only restrictions, but follows every other rule).
import { configWithoutCloudSupport } from '@n8n/node-cli/eslint';

export default [
	...configWithoutCloudSupport,
	{ ignores: ['dist/**', 'node_modules/**', 'test/**', 'simulator/**', 'tools/**', 'bench/**', '.n8n-runtime/**', 'coverage/**'] },
];
