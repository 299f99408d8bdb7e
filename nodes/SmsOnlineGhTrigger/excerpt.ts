// A bounded, depth-limited excerpt, never the raw structure: a member nested 5,000 deep overflowed the stack of n8n's task
// broker as it serialised the item. The whole body is kept beside the item as binary data.
import type { IDataObject } from 'n8n-workflow';

export const EXCERPT_CHARS = 1000;

const MAX_DEPTH = 4;
const MAX_MEMBERS = 20;
const MAX_TEXT = 200;
/** Members and elements shown in all: breadth is bounded as well as depth. */
const MAX_NODES = 200;

const MORE = '…';

export function textExcerpt(text: string, chars = EXCERPT_CHARS): string {
	return text.length <= chars
		? text
		: `${text.slice(0, chars)}${MORE} (${text.length} characters in all)`;
}

export function valueExcerpt(value: unknown): unknown {
	const budget = { nodes: MAX_NODES };
	return copy(value, 0, budget);
}

function copy(value: unknown, depth: number, budget: { nodes: number }): unknown {
	if (typeof value === 'string') return textExcerpt(value, MAX_TEXT);
	if (typeof value !== 'object' || value === null)
		return typeof value === 'function' || typeof value === 'symbol' ? String(value) : value;
	if (depth >= MAX_DEPTH || budget.nodes <= 0)
		return Array.isArray(value) ? `[${MORE}]` : `{${MORE}}`;
	if (Array.isArray(value)) {
		const out: unknown[] = [];
		for (const element of value.slice(0, MAX_MEMBERS)) {
			if (budget.nodes-- <= 0) break;
			out.push(copy(element, depth + 1, budget));
		}
		if (out.length < value.length) out.push(`${MORE} (${value.length} elements in all)`);
		return out;
	}
	const out: IDataObject = {};
	const keys = Object.keys(value);
	let shown = 0;
	for (const key of keys) {
		if (shown >= MAX_MEMBERS || budget.nodes-- <= 0) break;
		out[textExcerpt(key, MAX_TEXT)] = copy(
			(value as Record<string, unknown>)[key],
			depth + 1,
			budget,
		) as IDataObject;
		shown++;
	}
	if (shown < keys.length) out[MORE] = `${keys.length - shown} more members`;
	return out;
}
