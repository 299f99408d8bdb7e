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

/** A decoded value, or why the body could not be read. */
export type Decoded<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * Runs a reader and turns any failure into a reason: an unreadable answer is a fact to report
 * (it decides whether messages may have gone out), not an exception to propagate.
 */
export function decoded<T>(read: () => T): Decoded<T> {
	try {
		return { ok: true, value: read() };
	} catch (error) {
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
	return value === true || value === 'true' || value === '1' || value === 1;
}

export function toNullableText(value: unknown): string | null {
	if (value === null || value === undefined || value === '') return null;
	return String(value);
}

/**
 * A list member: a JSON array, or in XML `<name><item>…</item>…</name>` (its `item` path declared
 * in the reader's `xmlLists`, so that one item is still a list). Absent or empty means no entries.
 */
export function toList(value: unknown, whenNotAList: string): unknown[] {
	const list = isObject(value) ? (value.item ?? []) : value;
	if (list === '' || list === undefined) return [];
	if (!Array.isArray(list)) throw new UnreadableResponseError(whenNotAList);
	return list;
}
