/**
 * The queue-mode suite (npm run test:queue): Redis, Postgres, n8n main and two workers on this
 * machine (for the trigger, two webhook processors too), the package installed on each, driven
 * through webhooks against the simulator. Needs
 * Debian's redis-server and postgresql, and the n8n 2.x runtime (installed the first time, like
 * npm run test:e2e). N8N_E2E_SKIP_BUILD=1 packs the existing dist/.
 */
/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/queue'],
	testMatch: ['**/*.e2e.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { isolatedModules: true, diagnostics: false }],
	},
	globalSetup: '<rootDir>/test/queue/global-setup.ts',
	globalTeardown: '<rootDir>/test/queue/global-teardown.ts',
	maxWorkers: 1,
	testTimeout: 5 * 60 * 1000,
	verbose: true,
};
