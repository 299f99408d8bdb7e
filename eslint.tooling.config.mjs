// The house rules, for all the project's code. The published code (nodes/, credentials/,
// package.json) is also linted by eslint.config.mjs with n8n's community-node rules, as n8n's
// scanner lints it; those rules are about node packages and would misfire on the rest (a simulator
// must read process.env and set timers), so the simulator, the tools, the bench and the tests get
// ESLint's and typescript-eslint's recommended rules here, and every file the size limits.
import js from '@eslint/js';
import { globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	globalIgnores(['dist/**', 'node_modules/**', '.n8n-runtime/**', 'coverage/**', 'test-artifacts/**']),
	{
		files: ['**/*.ts', '**/*.js'],
		extends: [js.configs.recommended, tseslint.configs.recommended],
		languageOptions: { globals: { ...globals.node } },
		rules: {
			eqeqeq: ['error', 'always'],
			'no-console': 'off',
			'@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			// Each file one job, each function one step: at most 400 lines a file, 60 a function.
			'max-lines': ['error', { max: 400 }],
			'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true, IIFEs: true }],
		},
	},
	{
		files: ['**/*.js'],
		languageOptions: { sourceType: 'commonjs' },
		rules: { '@typescript-eslint/no-require-imports': 'off' },
	},
	{
		files: ['test/**/*.ts'],
		languageOptions: { globals: { ...globals.jest } },
		rules: {
			// Tests read arbitrary members of the service's answers and of n8n's run data.
			'@typescript-eslint/no-explicit-any': 'off',
			// A describe block is a list of cases, not a function that does one step.
			'max-lines-per-function': 'off',
		},
	},
);
