/**
 * End-to-end tests against a real n8n (npm run test:e2e). The first run installs n8n into
 * .n8n-runtime/ (several minutes); later runs reuse it. Tests run one file at a time: each starts
 * n8n processes of its own, and the machine has two cores.
 *
 *   N8N_E2E_RUNTIMES=n8n-2,n8n-1   runtimes for the CLI tests (default both; n8n-2 = 2.x on Node 24,
 *                                  n8n-1 = the newest 1.x on the machine's Node)
 *   N8N_E2E_SKIP_BUILD=1           use the existing dist/ instead of running npm run build
 *   N8N_E2E_EDITOR=0               skip the browser tests
 */
/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { isolatedModules: true, diagnostics: false }],
	},
	globalSetup: '<rootDir>/test/e2e/global-setup.ts',
	globalTeardown: '<rootDir>/test/e2e/global-teardown.ts',
	maxWorkers: 1,
	testTimeout: 10 * 60 * 1000,
	// CLI suites first (they also cover the compatibility runtime), the browser last.
	testSequencer: '<rootDir>/test/e2e/sequencer.js',
	verbose: true,
};
