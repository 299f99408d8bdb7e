import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeParameters, NodeParameterValueType } from 'n8n-workflow';

/** True when a raw parameter value holds an n8n expression anywhere inside it. */
function containsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(containsExpression);
	if (typeof value === 'object' && value !== null) return Object.values(value).some(containsExpression);
	return false;
}

/*
 * The fast path for field references.
 *
 * A parameter whose whole raw value is `={{ $json.a }}`, `={{ $json["a b"].c }}` or
 * `={{ $json.list[0] }}` is resolved from the item's json here instead of by n8n's expression
 * engine (about 1 ms per item with the isolate engine, against microseconds here). It is sound
 * because n8n's result for such an expression depends on the item alone:
 * - `$json` is `connectionInputData[itemIndex].json`, the node's own input item (short syntax in
 *   WorkflowDataProxy): not the paired item, nor the run, mode or timezone. For a node with one
 *   main input that array is the one `getInputData()` returns.
 * - The key names are in the expression text, the same for every item. Names n8n's sandbox refuses
 *   (it throws, whatever the data) are never taken on the fast path.
 * - After evaluation n8n only rewrites luxon DateTimes inside objects (cleanupParameterData) and
 *   validates properties that declare `validateType`, which this node's properties do not (a test
 *   holds that). Only primitives and copies of lists of primitives are returned here.
 * Anything else (objects, dates, inherited names, a walk through a string) goes to n8n's own
 * evaluation, so the fast path returns exactly what n8n would or is not taken. n8n's legacy and
 * isolate engines agree on everything taken here; they differ on objects, which are not
 * (test/node/parameters.test.ts compares with both).
 */

/** `={{ $json<accessors> }}` and nothing else; whitespace only just inside the braces. */
const FIELD_REFERENCE =
	/^=\{\{[ \t\r\n]*\$json((?:\.[A-Za-z_$][\w$]*|\[(?:0|[1-9]\d{0,8}|"[^"\\{}\r\n\u2028\u2029]*"|'[^'\\{}\r\n\u2028\u2029]*')\])+)[ \t\r\n]*\}\}$/;

/** One accessor: `.name`, `[12]`, `["key"]` or `['key']`. */
const ACCESSOR = /\.([A-Za-z_$][\w$]*)|\[(?:(\d+)|"([^"]*)"|'([^']*)')\]/g;

/**
 * Property names n8n's expression sandboxing refuses to read (isSafeObjectProperty in n8n-workflow):
 * an expression naming one fails, so it is left to n8n to fail it.
 */
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

/** Whether n8n reads the key as an item field whatever the engine; if not, n8n is left to say. */
function isPlainKey(key: string): boolean {
	// The isolate engines look such names up on an empty object first, so an own field named
	// toString or valueOf reads as Object.prototype's method there but as the field in legacy.
	return !UNSAFE_NAMES.has(key) && !(key in Object.prototype);
}

/** The keys of a raw value that is exactly one field reference, or undefined. */
export function parseFieldReference(raw: unknown): string[] | undefined {
	if (typeof raw !== 'string') return undefined;
	// n8n rejects any expression matching /\.\s*constructor/, even inside a quoted key.
	if (raw.includes('constructor')) return undefined;
	const match = FIELD_REFERENCE.exec(raw);
	// n8n refuses a dotted `$` unless it ends the expression (`$json.$` but not `$json.$.a`): any
	// dotted `$` is left to n8n (`$json["$"]` is fine either way).
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

/** The value as n8n would return it, if it is one the fast path may return. */
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

/** Walks the keys from an item's json like `$json.a.b` does, or gives up (UNRESOLVED). */
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

/**
 * The member names of a collection holding an expression, read member by member; undefined when
 * the value is not such a collection (a list, a resource locator, or names a path cannot carry).
 */
function collectionMembers(raw: unknown): string[] | undefined {
	if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || !isPlainObject(raw)) return undefined;
	const names = Object.keys(raw);
	if (Object.hasOwn(raw, '__rl') || !names.every((name) => MEMBER_NAME.test(name) && isPlainKey(name))) return undefined;
	return names;
}

/** A parameter's raw value by its name or dot path; undefined when a step is missing. */
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
	/**
	 * Read parameters that are one field reference (`{{ $json.phone }}`) straight from the item.
	 * On by default; off only to compare with n8n's own evaluation in tests.
	 */
	fieldReferences?: boolean;
}

/**
 * Reads node parameters for many items without paying n8n's expression cost where it is not
 * needed. A parameter without any expression has the same value for every item, so it is read
 * once; a parameter that is one field reference is read from the item; only other expressions are
 * evaluated per item by n8n.
 */
export class ItemParameters {
	private readonly constants = new Map<string, unknown>();

	private readonly perItem = new Set<string>();

	/** Keys of the parameters that are one field reference. */
	private readonly references = new Map<string, string[]>();

	/**
	 * Collections (Options) holding an expression, with their member names. n8n would evaluate the
	 * whole collection for each item (about 1 ms an item with its isolate engine, for one
	 * `{{ $json.orderId }}` among constants); read member by member, each constant is read once and
	 * a field reference from the item, so one Client Reference costs what its own field costs.
	 */
	private readonly collections = new Map<string, string[]>();

	/**
	 * The value n8n last evaluated for each parameter, and for which item. An item's fields can read
	 * the same parameter more than once (Options holds the data format, the schedule and the
	 * country code), and n8n would evaluate every expression in it again each time.
	 */
	private readonly lastEvaluated = new Map<string, { itemIndex: number; value: unknown }>();

	private items: INodeExecutionData[] | undefined;

	/**
	 * The account's home country (its calling code, from the profile), where an item's numbers are
	 * read when its Default Country Code is empty; set by the router, for the operations that read
	 * numbers (sending/homeCountry.ts). Undefined: not known yet, Ghana (233) is assumed.
	 */
	homeCallingCode: string | undefined;

	/** Whether a number was read in the assumed home country, which the router must then confirm. */
	homeAssumed = false;

	/** Marks that a number was read in the assumed home country (the number rules call it). */
	readonly assumeHome = (): void => {
		this.homeAssumed = true;
	};

	private nodeParameters: INodeParameters | undefined;

	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly options: ItemParametersOptions = {},
	) {}

	/**
	 * The node's raw parameters (expressions as their `=` text), taken once per run: n8n's getNode()
	 * deep-copies the whole node at each call.
	 */
	raw(): INodeParameters {
		this.nodeParameters ??= this.ctx.getNode().parameters;
		return this.nodeParameters;
	}

	/**
	 * The value of a parameter for one item. `name` may be a dot path into a collection
	 * (`options.clientReference`), as n8n's getNodeParameter takes it: one option that differs per
	 * item then costs only its own evaluation, not that of the whole collection.
	 */
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

	/**
	 * A collection as n8n evaluates it (each member's expressions resolved, nothing added), built
	 * from its members read by their dot paths, as n8n's getNodeParameter takes them.
	 */
	private collection(name: string, members: string[], itemIndex: number): IDataObject {
		const last = this.lastEvaluated.get(name);
		if (last?.itemIndex === itemIndex) return last.value as IDataObject;
		const value: IDataObject = {};
		for (const member of members) value[member] = this.get(`${name}.${member}`, itemIndex);
		this.lastEvaluated.set(name, { itemIndex, value });
		return value;
	}
}
