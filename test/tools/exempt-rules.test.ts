/**
 * The exemption line of a development file names n8n's community-node rules only; every other
 * finding is a fault listed for a fix in the code (tools/lint/exempt-rules.ts).
 */
import { chooseRules, exemptionLine, REASON } from '../../tools/lint/exempt-rules';

const finding = (ruleId: string | null, line = 1, column = 1, message = 'flagged') => ({
	ruleId,
	line,
	column,
	message,
});

describe('lint:exempt: which rules a line may name', () => {
	it('names each community-node rule that fires once, sorted', () => {
		const choice = chooseRules('test/a.ts', [
			finding('@n8n/community-nodes/no-restricted-imports'),
			finding('@n8n/community-nodes/no-restricted-globals', 3),
			finding('@n8n/community-nodes/no-restricted-imports', 9),
		]);
		expect(choice).toEqual({
			rules: [
				'@n8n/community-nodes/no-restricted-globals',
				'@n8n/community-nodes/no-restricted-imports',
			],
			faults: [],
		});
	});

	it('refuses any other rule: it is a fault, listed as file:line:col rule message, and not named', () => {
		const choice = chooseRules('bench/b.ts', [
			finding('no-console', 12, 3, 'Unexpected console statement.'),
			finding('@n8n/community-nodes/no-restricted-globals', 4),
			finding(
				'@typescript-eslint/no-explicit-any',
				20,
				17,
				'Unexpected any. Specify a different type.',
			),
			finding(
				'@typescript-eslint/no-unused-vars',
				7,
				9,
				"'_x' is assigned a value but never used.",
			),
		]);
		expect(choice.rules).toEqual(['@n8n/community-nodes/no-restricted-globals']);
		expect(choice.faults).toEqual([
			'bench/b.ts:12:3 no-console Unexpected console statement.',
			'bench/b.ts:20:17 @typescript-eslint/no-explicit-any Unexpected any. Specify a different type.',
			"bench/b.ts:7:9 @typescript-eslint/no-unused-vars '_x' is assigned a value but never used.",
		]);
	});

	it("a rule that only looks like n8n's, or a finding without a rule (a parse error), is a fault too", () => {
		const choice = chooseRules('tools/c.ts', [
			finding('n8n-nodes-base/node-param-description', 2, 1, 'x'),
			finding('@n8n/community-nodes-extra/rule', 3, 1, 'y'),
			finding(null, 5, 2, 'Parsing error: ; expected'),
		]);
		expect(choice.rules).toEqual([]);
		expect(choice.faults).toEqual([
			'tools/c.ts:2:1 n8n-nodes-base/node-param-description x',
			'tools/c.ts:3:1 @n8n/community-nodes-extra/rule y',
			'tools/c.ts:5:2 (no rule) Parsing error: ; expected',
		]);
	});

	it('writes one line naming the rules, or none when no rule fires', () => {
		expect(
			exemptionLine([
				'@n8n/community-nodes/no-restricted-globals',
				'@n8n/community-nodes/no-restricted-imports',
			]),
		).toBe(
			`/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- ${REASON} */\n`,
		);
		expect(exemptionLine([])).toBe('');
	});
});
