import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeParameters,
	NodeParameterValueType,
} from 'n8n-workflow';

function containsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(containsExpression);
	if (typeof value === 'object' && value !== null)
		return Object.values(value).some(containsExpression);
	return false;
}

/* Fast path for `{{ $json.x }}`: resolved from the item with exactly n8n's result, or left to n8n
 * (why it is sound: docs/performance.md, "Reading parameters"). */

const FIELD_REFERENCE =
	/^=\{\{[ \t\r\n]*\$json((?:\.[A-Za-z_$][\w$]*|\[(?:0|[1-9]\d{0,8}|"[^"\\{}\r\n\u2028\u2029]*"|'[^'\\{}\r\n\u2028\u2029]*')\])+)[ \t\r\n]*\}\}$/;

const ACCESSOR = /\.([A-Za-z_$][\w$]*)|\[(?:(\d+)|"([^"]*)"|'([^']*)')\]/g;

// n8n's sandbox refuses these (isSafeObjectProperty in n8n-workflow): left to n8n to fail.
const UNSAFE_NAMES = new Set([
	'__proto__',
	'prototype',
	'constructor',
	'getPrototypeOf',
	'setPrototypeOf',
	'getOwnPropertyDescriptor',
	'getOwnPropertyDescriptors',
	'defineProperty',
	'defineProperties',
	'mainModule',
	'binding',
	'_linkedBinding',
	'_load',
	'prepareStackTrace',
	'__lookupGetter__',
	'__lookupSetter__',
	'__defineGetter__',
	'__defineSetter__',
	'caller',
	'callee',
	'arguments',
	'getBuiltinModule',
	'dlopen',
	'execve',
	'loadEnvFile',
]);

function isPlainKey(key: string): boolean {
	// The isolate engines read a field named toString as Object.prototype's method; legacy does not.
	return !UNSAFE_NAMES.has(key) && !(key in Object.prototype);
}

export function parseFieldReference(raw: unknown): string[] | undefined {
	if (typeof raw !== 'string') return undefined;
	// n8n rejects any expression matching /\.\s*constructor/, even inside a quoted key.
	if (raw.includes('constructor')) return undefined;
	const match = FIELD_REFERENCE.exec(raw);
	// n8n refuses a dotted `$` unless it ends the expression: any dotted `$` is left to n8n.
	if (!match || /\.\$(?![\w$])/.test(match[1])) return undefined;
	const keys = [...match[1].matchAll(ACCESSOR)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4]);
	return keys.every(isPlainKey) ? keys : undefined;
}

const UNRESOLVED: unique symbol = Symbol('unresolved');

function isPlainObject(value: object): boolean {
	const prototype = Object.getPrototypeOf(value) as unknown;
	return prototype === Object.prototype || prototype === null;
}

function isPrimitive(value: unknown): boolean {
	return (
		value === null ||
		typeof value === 'string' ||
		typeof value === 'number' ||
		typeof value === 'boolean'
	);
}

function returnable(value: unknown): unknown {
	if (value === undefined || isPrimitive(value)) return value;
	if (Array.isArray(value)) {
		// n8n returns it as is (legacy) or copied (isolate); a copy equals both and protects the item.
		for (let i = 0; i < value.length; i++) {
			if (!(i in value) || !isPrimitive(value[i])) return UNRESOLVED;
		}
		return value.slice();
	}
	return UNRESOLVED;
}

function readFieldReference(json: unknown, keys: string[]): unknown {
	let current = json;
	for (const key of keys) {
		if (current === undefined || current === null) return undefined;
		if (typeof current !== 'object') return UNRESOLVED; // e.g. "abc".length
		if (Array.isArray(current) ? !/^(?:0|[1-9]\d*)$/.test(key) : !isPlainObject(current))
			return UNRESOLVED;
		if (!Object.hasOwn(current, key)) {
			// Inherited (toString…): the engines differ, let n8n say.
			return key in current ? UNRESOLVED : undefined;
		}
		current = (current as IDataObject)[key];
	}
	return returnable(current);
}

const MEMBER_NAME = /^[A-Za-z_$][\w$]*$/;

function collectionMembers(raw: unknown): string[] | undefined {
	if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || !isPlainObject(raw))
		return undefined;
	const names = Object.keys(raw);
	if (
		Object.hasOwn(raw, '__rl') ||
		!names.every((name) => MEMBER_NAME.test(name) && isPlainKey(name))
	)
		return undefined;
	return names;
}

function rawValue(parameters: IDataObject, name: string): unknown {
	if (!name.includes('.')) return parameters[name];
	let current: unknown = parameters;
	for (const key of name.split('.')) {
		if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key))
			return undefined;
		current = (current as IDataObject)[key];
	}
	return current;
}

export interface ItemParametersOptions {
	/** Off only to compare with n8n's own evaluation in tests. */
	fieldReferences?: boolean;
}

/** Reads parameters once, or from the item, where n8n's per-item evaluation would give the same. */
export class ItemParameters {
	private readonly constants = new Map<string, unknown>();

	private readonly perItem = new Set<string>();

	private readonly references = new Map<string, string[]>();

	/** Options holding an expression, read member by member rather than evaluated whole per item. */
	private readonly collections = new Map<string, string[]>();

	/** An item's fields may read one parameter more than once; n8n would evaluate it each time. */
	private readonly lastEvaluated = new Map<string, { itemIndex: number; value: unknown }>();

	private items: INodeExecutionData[] | undefined;

	private node: INode | undefined;

	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly options: ItemParametersOptions = {},
	) {}

	/** Taken once per run: n8n's getNode() deep-copies the whole node at each call. */
	raw(): INodeParameters {
		this.node ??= this.ctx.getNode();
		return this.node.parameters;
	}

	/** The node's version, whose defaults a saved workflow keeps (docs/compatibility.md). */
	typeVersion(): number {
		this.node ??= this.ctx.getNode();
		return this.node.typeVersion;
	}

	/** `name` may be a dot path (`options.clientReference`), as getNodeParameter takes it. */
	get<T = unknown>(name: string, itemIndex: number, fallback?: NodeParameterValueType): T {
		if (this.constants.has(name)) return this.constants.get(name) as T;
		if (!this.perItem.has(name)) {
			const raw = rawValue(this.raw(), name);
			if (containsExpression(raw)) {
				this.perItem.add(name);
				const keys = this.options.fieldReferences === false ? undefined : parseFieldReference(raw);
				if (keys) this.references.set(name, keys);
				const members = this.options.fieldReferences === false ? undefined : collectionMembers(raw);
				if (members) this.collections.set(name, members);
			} else {
				const value = this.ctx.getNodeParameter(name, itemIndex, fallback);
				this.constants.set(name, value);
				return value as T;
			}
		}
		const members = this.collections.get(name);
		if (members) return this.collection(name, members, itemIndex) as T;
		const keys = this.references.get(name);
		if (keys) {
			this.items ??= this.ctx.getInputData();
			const item = this.items[itemIndex];
			if (item) {
				const value = readFieldReference(item.json, keys);
				if (value !== UNRESOLVED) return value as T;
			}
		}
		const last = this.lastEvaluated.get(name);
		if (last?.itemIndex === itemIndex) return last.value as T;
		const value = this.ctx.getNodeParameter(name, itemIndex, fallback);
		this.lastEvaluated.set(name, { itemIndex, value });
		return value as T;
	}

	private collection(name: string, members: string[], itemIndex: number): IDataObject {
		const last = this.lastEvaluated.get(name);
		if (last?.itemIndex === itemIndex) return last.value as IDataObject;
		const value: IDataObject = {};
		for (const member of members) value[member] = this.get(`${name}.${member}`, itemIndex);
		this.lastEvaluated.set(name, { itemIndex, value });
		return value;
	}
}
