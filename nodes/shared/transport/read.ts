/**
 * Small readers for the `data` of the service's answers. The same reader serves JSON and XML: the
 * XML codec reads every value as text, so numbers and booleans are converted here, and a list is a
 * JSON array or, in XML, an element whose children are `<item>`s.
 */

/** The answer could not be read as the service's envelope or its data. Thrown by readers only. */
export class UnreadableResponseError extends Error {
	constructor(reason: string) {
		super(reason);
		this.name = 'UnreadableResponseError';
	}
}

/**
 * The body is not well-formed JSON or XML: thrown by a reader when it reaches a part of the body
 * parsed only then (json-content.ts), so the answer is judged as if the body had failed to parse.
 */
export class MalformedBodyError extends UnreadableResponseError {}

/** A decoded value, or why the body could not be read (`malformed`: the body itself is not well-formed). */
export type Decoded<T> = { ok: true; value: T } | { ok: false; reason: string; malformed?: true };

/**
 * Runs a reader and turns any failure into a reason: an unreadable answer is a fact to report
 * (it decides whether messages may have gone out), not an exception to propagate.
 */
export function decoded<T>(read: () => T): Decoded<T> {
	try {
		return { ok: true, value: read() };
	} catch (error) {
		if (error instanceof MalformedBodyError) return { ok: false, reason: error.message, malformed: true };
		return { ok: false, reason: error instanceof UnreadableResponseError ? error.message : 'it could not be read' };
	}
}

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function toInteger(value: unknown, what: string): number {
	const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof n !== 'number' || !Number.isInteger(n)) {
		throw new UnreadableResponseError(`${what} is not an integer`);
	}
	return n;
}

export function toText(value: unknown, what: string): string {
	if (typeof value === 'string') return value;
	if (typeof value === 'number') return String(value);
	throw new UnreadableResponseError(`${what} is missing`);
}

export function toBoolean(value: unknown): boolean {
	if (typeof value === 'string') return ['true', '1'].includes(value.trim().toLowerCase());
	return value === true || value === 1;
}

export function toNullableText(value: unknown): string | null {
	if (value === null || value === undefined || value === '') return null;
	return String(value);
}

/**
 * A list member: a JSON array, or in XML `<name><item>…</item>…</name>` (its `item` path declared
 * in the reader's `xmlLists`, so that one item is still a list; another element name can be given,
 * such as `value` for `<values><value>…</value></values>`). Absent or empty means no entries.
 */
export function toList(value: unknown, whenNotAList: string, element = 'item'): unknown[] {
	const list = isObject(value) ? (value[element] ?? []) : value;
	if (list === '' || list === undefined) return [];
	if (!Array.isArray(list)) throw new UnreadableResponseError(whenNotAList);
	return list;
}

/*
 * Readers of optional members. The service took the request before it wrote them, so a member
 * that is missing, empty or not of its type is left out (undefined) rather than making the whole
 * answer unreadable: losing every number's status over one odd extra would help nobody.
 */

/** A text member, or undefined when absent, empty or not text. */
export function optionalText(value: unknown): string | undefined {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	return value;
}

/** An integer member (a JSON number or, in XML, its digits), or undefined when it is not one. */
export function optionalInteger(value: unknown): number | undefined {
	const n = typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : value;
	return typeof n === 'number' && Number.isSafeInteger(n) ? n : undefined;
}

/** A boolean member (`true`/`false` in JSON, the text `true`/`false` in XML, any case), else undefined. */
export function optionalBoolean(value: unknown): boolean | undefined {
	if (typeof value === 'boolean') return value;
	if (typeof value !== 'string') return undefined;
	const text = value.trim().toLowerCase();
	return text === 'true' ? true : text === 'false' ? false : undefined;
}

/** A date and time as the vendor's SDK reads them, `YYYY-MM-DD HH:MM:SS`; anything else is undefined. */
export function optionalDateTime(value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	return /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(text) ? text : undefined;
}
