/**
 * `npm test`: unit, simulator and workflow tests. The workflow tests (test/node) run twice, the
 * node against the simulator in each dialect the real service may speak: the vendor SDK's (exact
 * media types, `category` as a label in XML, the members the SDK reads, no data element on an
 * error; templates read one value per occurrence) and the contract's (a charset on the media
 * type, `category` 1, `<data/>` on an error; templates read by distinct variable).
 */
const common = {
	testEnvironment: 'node',
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { diagnostics: false }],
	},
	setupFilesAfterEnv: ['<rootDir>/test/setup-properties.js'],
};

/** @type {import('jest').Config} */
module.exports = {
	testTimeout: 30000,
	projects: [
		{
			...common,
			displayName: 'sdk dialect',
			roots: ['<rootDir>/test', '<rootDir>/nodes', '<rootDir>/credentials'],
			// End-to-end tests against a real n8n have their own commands (npm run test:e2e, test:queue).
			testPathIgnorePatterns: ['/node_modules/', '/test/e2e/', '/test/queue/'],
			setupFiles: ['<rootDir>/test/setup-env.js', '<rootDir>/test/setup-dialect-sdk.js'],
		},
		{
			...common,
			displayName: 'contract dialect',
			roots: ['<rootDir>/test/node'],
			setupFiles: ['<rootDir>/test/setup-env.js', '<rootDir>/test/setup-dialect-contract.js'],
		},
	],
};
