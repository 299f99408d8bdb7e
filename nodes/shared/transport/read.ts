// The same readers serve JSON and XML: the XML codec reads every value as text, so numbers and booleans are converted here.

export class UnreadableResponseError extends Error {
	constructor(reason: string) {
		super(reason);
		this.name = 'UnreadableResponseError';
	}
}

/** Thrown on reaching a part of the body parsed only then (json-content.ts): judged as if the body had failed to parse. */
export class MalformedBodyError extends UnreadableResponseError {}

export type Decoded<T> = { ok: true; value: T } | { ok: false; reason: string; malformed?: true };

// An unreadable answer is a fact to report (it decides whether messages may have gone out), not an exception.
export function decoded<T>(read: () => T): Decoded<T> {
	try {
		return { ok: true, value: read() };
	} catch (error) {
		if (error instanceof MalformedBodyError)
			return { ok: false, reason: error.message, malformed: true };
		return {
			ok: false,
			reason: error instanceof UnreadableResponseError ? error.message : 'it could not be read',
		};
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

// A JSON array, or in XML `<name><item>…</item></name>` with its `item` path in the reader's `xmlLists` (so one item is
// still a list; `element` names another, such as `value`). Absent or empty means no entries.
export function toList(value: unknown, whenNotAList: string, element = 'item'): unknown[] {
	const list = isObject(value) ? (value[element] ?? []) : value;
	if (list === '' || list === undefined) return [];
	if (!Array.isArray(list)) throw new UnreadableResponseError(whenNotAList);
	return list;
}

// Optional members: the service took the request before writing them, so one missing, empty or of another type is left
// out rather than making the answer unreadable (losing every number's status over one odd extra helps nobody).

export function optionalText(value: unknown): string | undefined {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	return value;
}

export function optionalInteger(value: unknown): number | undefined {
	const n = typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : value;
	return typeof n === 'number' && Number.isSafeInteger(n) ? n : undefined;
}

export function optionalBoolean(value: unknown): boolean | undefined {
	if (typeof value === 'boolean') return value;
	if (typeof value !== 'string') return undefined;
	const text = value.trim().toLowerCase();
	return text === 'true' ? true : text === 'false' ? false : undefined;
}

/** As the vendor's SDK reads it: `YYYY-MM-DD HH:MM:SS`. */
export function optionalDateTime(value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	return /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(text)
		? text
		: undefined;
}
