import type { IExecuteFunctions, NodeParameterValueType } from 'n8n-workflow';

/** True when a raw parameter value holds an n8n expression anywhere inside it. */
function containsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(containsExpression);
	if (typeof value === 'object' && value !== null) return Object.values(value).some(containsExpression);
	return false;
}

/**
 * Reads node parameters for many items without paying n8n's expression cost where it is not
 * needed. A parameter without any expression has the same value for every item, so it is read
 * once; only parameters that hold an expression are evaluated per item.
 */
export class ItemParameters {
	private readonly constants = new Map<string, unknown>();

	private readonly perItem = new Set<string>();

	constructor(private readonly ctx: IExecuteFunctions) {}

	get<T = unknown>(name: string, itemIndex: number, fallback?: NodeParameterValueType): T {
		if (this.constants.has(name)) return this.constants.get(name) as T;
		if (!this.perItem.has(name)) {
			const raw = this.ctx.getNode().parameters[name];
			if (containsExpression(raw)) {
				this.perItem.add(name);
			} else {
				const value = this.ctx.getNodeParameter(name, itemIndex, fallback);
				this.constants.set(name, value);
				return value as T;
			}
		}
		return this.ctx.getNodeParameter(name, itemIndex, fallback) as T;
	}
}
