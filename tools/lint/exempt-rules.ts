/**
 * What `npm run lint:exempt` may write into a development file's exemption line: n8n's
 * community-node rules only, the ones about code n8n loads. Anything else n8n's configuration
 * flags (no-console, no-unused-vars, a parse error, …) is a fault to fix in the code; it is
 * reported, never exempted (docs/development.md).
 */

export const EXEMPTABLE_PREFIX = '@n8n/community-nodes/';

export const REASON =
	'development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md)';

/** The part of an ESLint message the choice reads. */
export interface Finding {
	ruleId: string | null;
	line: number;
	column: number;
	message: string;
}

export interface Choice {
	/** The community-node rules that fire, sorted, each once: what the line names. */
	rules: string[];
	/** Every other finding, as `file:line:col rule message`. */
	faults: string[];
}

export function chooseRules(file: string, findings: readonly Finding[]): Choice {
	const rules = new Set<string>();
	const faults: string[] = [];
	for (const finding of findings) {
		if (finding.ruleId?.startsWith(EXEMPTABLE_PREFIX)) rules.add(finding.ruleId);
		else
			faults.push(
				`${file}:${finding.line}:${finding.column} ${finding.ruleId ?? '(no rule)'} ${finding.message}`,
			);
	}
	return { rules: [...rules].sort(), faults };
}

/** The first line for these rules, or nothing when none fires. */
export function exemptionLine(rules: readonly string[]): string {
	return rules.length ? `/* eslint-disable ${rules.join(', ')} -- ${REASON} */\n` : '';
}
