// The house rules, for all the project's code: ESLint's and typescript-eslint's recommended
// rules, and at most 400 lines a file and 60 a function.
//
// eslint.config.mjs is n8n's default configuration, unchanged, as n8n's strict mode requires:
// `n8n-node lint` checks it and runs `eslint .` with it, so it governs the published code
// (nodes/, credentials/, package.json). Its rules are about node packages and would misfire on
// the rest (a simulator must read process.env and set timers), so simulator/, tools/, bench/ and
// test/ each have an eslint.config.mjs made by houseConfig below; ESLint reads the configuration
// nearest to each file when ESLINT_FLAGS=unstable_config_lookup_from_file (ESLint 10's default),
// which `npm run lint:n8n` sets. This file's default export holds the published code and the
// top-level scripts to the house rules too (`npm run lint:house`).
import js from '@eslint/js';
import { globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The house rules for the folder of the configuration that uses them.
 * @param {{ tests?: boolean, ignores?: string[] }} options tests: jest globals, no function limit
 */
export function houseConfig({ tests = false, ignores = [] } = {}) {
	return tseslint.config(
		globalIgnores(['dist/**', 'node_modules/**', '.n8n-runtime/**', 'coverage/**', 'test-artifacts/**', ...ignores]),
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
		...(tests
			? [
					{
						files: ['**/*.ts', '**/*.js'],
						languageOptions: { globals: { ...globals.jest } },
						rules: {
							// Tests read arbitrary members of the service's answers and of n8n's run data.
							'@typescript-eslint/no-explicit-any': 'off',
							// A describe block is a list of cases, not a function that does one step.
							'max-lines-per-function': 'off',
						},
					},
				]
			: []),
	);
}

export default houseConfig();
