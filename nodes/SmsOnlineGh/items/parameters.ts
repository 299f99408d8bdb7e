import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeParameters, NodeParameterValueType } from 'n8n-workflow';

function containsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(containsExpression);
	if (typeof value === 'object' && value !== null) return Object.values(value).some(containsExpression);
	return false;
}

// Fast path: a parameter that is one field reference (`={{ $json.a }}`) is read from the item, with
// exactly n8n's result or not at all; why that is sound: docs/performance.md, "Reading parameters".

/** `={{ $json<accessors> }}` and nothing else; whitespace only just inside the braces. */
const FIELD_REFERENCE =
	/^=\{\{[ \t\r\n]*\$json((?:\.[A-Za-z_$][\w$]*|\[(?:0|[1-9]\d{0,8}|"[^"\\{}\r\n\u2028\u2029]*"|'[^'\\{}\r\n\u2028\u2029]*')\])+)[ \t\r\n]*\}\}$/;

/** One accessor: `.name`, `[12]`, `["key"]` or `['key']`. */
const ACCESSOR = /\.([A-Za-z_$][\w$]*)|\[(?:(\d+)|"([^"]*)"|'([^']*)')\]/g;

/** n8n-workflow's isSafeObjectProperty refuses these: an expression naming one is left to n8n to fail. */
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
	// The isolate engines look such names up on an empty object first, so an own field named
	// toString or valueOf reads as Object.prototype's method there but as the field in legacy.
	return !UNSAFE_NAMES.has(key) && !(key in Object.prototype);
}

export function parseFieldReference(raw: unknown): string[] | undefined {
	if (typeof raw !== 'string') return undefined;
	// n8n rejects any expression matching /\.\s*constructor/, even inside a quoted key.
	if (raw.includes('constructor')) return undefined;
	const match = FIELD_REFERENCE.exec(raw);
	// n8n refuses a dotted `$` unless it ends the expression (`$json.$`): any dotted `$` is left to n8n.
	if (!match || /\.\$(?![\w$])/.test(match[1])) return undefined;
	const keys = [...match[1].matchAll(ACCESSOR)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4]);
	return keys.every(isPlainKey) ? keys : undefined;
}

/** Returned when the fast path cannot tell what n8n would give: n8n evaluates instead. */
const UNRESOLVED: unique symbol = Symbol('unresolved');

function isPlainObject(value: object): boolean {
	const prototype = Object.getPrototypeOf(value) as unknown;
	return prototype === Object.prototype || prototype === null;
}

function isPrimitive(value: unknown): boolean {
	return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function returnable(value: unknown): unknown {
	if (value === undefined || isPrimitive(value)) return value;
	if (Array.isArray(value)) {
		// A list of primitives with no holes: n8n gives it back as is (legacy engine) or as a copy
		// (isolate engine); a copy is equal to both and keeps the item's own list out of reach.
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
		// n8n's expression gives undefined when a step along the way is missing or null.
		if (current === undefined || current === null) return undefined;
		if (typeof current !== 'object') return UNRESOLVED; // e.g. "abc".length
		if (Array.isArray(current) ? !/^(?:0|[1-9]\d*)$/.test(key) : !isPlainObject(current)) return UNRESOLVED;
		if (!Object.hasOwn(current, key)) {
			// Missing: undefined. Inherited (toString, hasOwnProperty…): the engines differ, let n8n say.
			return key in current ? UNRESOLVED : undefined;
		}
		current = (current as IDataObject)[key];
	}
	return returnable(current);
}

/** An option's name that a dot path can name (n8n's collection options are identifiers). */
const MEMBER_NAME = /^[A-Za-z_$][\w$]*$/;

/** A collection whose member names a dot path can carry (not a list or a resource locator), or undefined. */
function collectionMembers(raw: unknown): string[] | undefined {
	if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || !isPlainObject(raw)) return undefined;
	const names = Object.keys(raw);
	if (Object.hasOwn(raw, '__rl') || !names.every((name) => MEMBER_NAME.test(name) && isPlainKey(name))) return undefined;
	return names;
}

function rawValue(parameters: IDataObject, name: string): unknown {
	if (!name.includes('.')) return parameters[name];
	let current: unknown = parameters;
	for (const key of name.split('.')) {
		if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return undefined;
		current = (current as IDataObject)[key];
	}
	return current;
}

export interface ItemParametersOptions {
	/** Off only to compare with n8n's own evaluation in tests. */
	fieldReferences?: boolean;
}

// A parameter without an expression is read once per run, one that is a field reference from the
// item; only other expressions are evaluated per item by n8n.
export class ItemParameters {
	private readonly constants = new Map<string, unknown>();

	private readonly perItem = new Set<string>();

	private readonly references = new Map<string, string[]>();

	/** Read member by member: n8n would evaluate the whole collection for each item. */
	private readonly collections = new Map<string, string[]>();

	/** An item's fields may read one parameter more than once (Options), and n8n would evaluate it each time. */
	private readonly lastEvaluated = new Map<string, { itemIndex: number; value: unknown }>();

	private items: INodeExecutionData[] | undefined;

	/** The account's calling code (sending/homeCountry.ts); undefined: not known yet, Ghana (233) is assumed. */
	homeCallingCode: string | undefined;

	/** Whether a number was read in the assumed home country, which the router must then confirm. */
	homeAssumed = false;

	readonly assumeHome = (): void => {
		this.homeAssumed = true;
	};

	private nodeParameters: INodeParameters | undefined;

	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly options: ItemParametersOptions = {},
	) {}

	/** Taken once per run: n8n's getNode() deep-copies the whole node at each call. */
	raw(): INodeParameters {
		this.nodeParameters ??= this.ctx.getNode().parameters;
		return this.nodeParameters;
	}

	/** `name` may be a dot path (`options.clientReference`): an option differing per item costs only its own evaluation. */
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
