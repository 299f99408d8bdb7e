// The house rules, for all the project's code: ESLint's and typescript-eslint's recommended
// rules, and at most 400 lines a file and 60 a function.
//
// eslint.config.mjs is n8n's default configuration, unchanged, as n8n's strict mode requires:
// `n8n-node lint` checks it and runs `eslint .` with it over every .ts file of the repository.
// Its rules are about code that n8n loads; simulator/, tools/, bench/ and test/ are Node programs
// that n8n never loads (a simulator must read process.env and start servers), so each of their
// files that n8n's rules flag opens with one eslint-disable line naming exactly those rules.
// Their own rules are these: each of those folders has an eslint.config.mjs made by houseConfig,
// which `npm run lint:house` runs from inside the folder (ESLint 9 reads the configuration of
// the folder it starts in). docs/development.md says why this layout.
import js from '@eslint/js';
import { globalIgnores } from 'eslint/config';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The house rules for the folder of the configuration that uses them.
 * @param {{ tests?: boolean, ignores?: string[] }} options tests: jest globals, no function limit
 */
export function houseConfig({ tests = false, ignores = [] } = {}) {
	return tseslint.config(
		globalIgnores([
			'dist/**',
			'node_modules/**',
			'.n8n-runtime/**',
			'coverage/**',
			'test-artifacts/**',
			...ignores,
		]),
		{
			// n8n's rules, known but off, so that the files' eslint-disable lines for n8n's
			// configuration name rules that exist here too.
			plugins: { '@n8n/community-nodes': n8nCommunityNodesPlugin },
			linterOptions: { reportUnusedDisableDirectives: 'off' },
		},
		{
			files: ['**/*.ts', '**/*.js'],
			extends: [js.configs.recommended, tseslint.configs.recommended],
			languageOptions: { globals: { ...globals.node } },
			rules: {
				eqeqeq: ['error', 'always'],
				'no-console': 'off',
				'@typescript-eslint/consistent-type-imports': [
					'error',
					{ fixStyle: 'inline-type-imports' },
				],
				'@typescript-eslint/no-unused-vars': [
					'error',
					{ argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
				],
				// Each file one job, each function one step: at most 400 lines a file, 60 a function.
				'max-lines': ['error', { max: 400 }],
				'max-lines-per-function': [
					'error',
					{ max: 60, skipBlankLines: true, skipComments: true, IIFEs: true },
				],
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
