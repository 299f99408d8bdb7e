// Lint for the code that is not published: the simulator, the tools, the bench and the tests.
// The published code (nodes/, credentials/, package.json) is linted by eslint.config.mjs with n8n's
// community-node rules, as n8n's scanner lints it; those rules are about node packages and would
// misfire here (a simulator must read process.env and set timers), so this code gets ESLint's and
// typescript-eslint's recommended rules instead.
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
		// Tests read arbitrary members of the service's answers and of n8n's run data.
		rules: { '@typescript-eslint/no-explicit-any': 'off' },
	},
);
