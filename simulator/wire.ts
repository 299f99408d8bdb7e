/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The envelope's way onto the wire: which media types the service takes and answers, the
 * compressed (`gzbin`) answers, and the dialect settings that decide the details.
 */
import { gzipSync } from 'node:zlib';
import type {
	DataFormat,
	Dialect,
	DialectSettings,
	RefusedBatches,
	TemplateReading,
} from './types';

const MEDIA_TYPES: ReadonlyMap<string, DataFormat> = new Map([
	['application/json', 'json'],
	['application/xml', 'xml'],
]);

/**
 * Compressed answers, after the vendor's SDK (Zenoph.Notify): asked for with these Accept values,
 * the body is base64 of gzip (RFC 1952) of the XML or JSON body, and the Content-Type is the same
 * media type. Only answers are compressed; a request body is always plain XML or JSON.
 */
const GZBIN_TYPES: ReadonlyMap<string, DataFormat> = new Map([
	['application/vnd.zenoph.zbm.gzbin+json', 'json'],
	['application/vnd.zenoph.zbm.gzbin+xml', 'xml'],
]);

export const GZBIN_MEDIA_TYPES: Readonly<Record<DataFormat, string>> = {
	json: 'application/vnd.zenoph.zbm.gzbin+json',
	xml: 'application/vnd.zenoph.zbm.gzbin+xml',
};

/** What an answer is written in: its format, and whether it is compressed. */
export interface Negotiated {
	format: DataFormat;
	gzbin: boolean;
}

/** The essence of a single media type (no parameters, lower case); undefined for a list. */
function essence(header: string | string[] | undefined): string | undefined {
	if (typeof header !== 'string' || header.includes(',')) return undefined;
	const semicolon = header.indexOf(';');
	return (semicolon < 0 ? header : header.slice(0, semicolon)).trim().toLowerCase();
}

/**
 * The format a Content-Type names, or undefined. Parameters (`; charset=utf-8`) are allowed; a
 * list (`application/json, text/plain, *\/*`) is not: the service wants exactly one of its two
 * formats, and a client sending a browser-style list has a bug the simulator must show.
 */
export function mediaFormat(header: string | string[] | undefined): DataFormat | undefined {
	const type = essence(header);
	return type === undefined ? undefined : MEDIA_TYPES.get(type);
}

/** What an Accept header asks for: one of the two plain media types, or one of the two gzbin ones. */
export function acceptOf(header: string | string[] | undefined): Negotiated | undefined {
	const type = essence(header);
	if (type === undefined) return undefined;
	const plain = MEDIA_TYPES.get(type);
	if (plain) return { format: plain, gzbin: false };
	const packed = GZBIN_TYPES.get(type);
	return packed ? { format: packed, gzbin: true } : undefined;
}

/** The contract's media types, as the simulator has always answered them. */
export const CONTENT_TYPES: Readonly<Record<DataFormat, string>> = {
	json: 'application/json; charset=utf-8',
	xml: 'application/xml; charset=utf-8',
};

/**
 * The vendor's SDK compares the answer's Content-Type with its labels as a whole string, so the
 * 'sdk' dialect answers the bare media type; the 'contract' dialect adds the charset.
 */
export function contentTypeFor(wire: Negotiated, dialect: Dialect): string {
	if (wire.gzbin) return GZBIN_MEDIA_TYPES[wire.format];
	return dialect === 'sdk'
		? wire.format === 'json'
			? 'application/json'
			: 'application/xml'
		: CONTENT_TYPES[wire.format];
}

/** The body as sent: as is, or base64 of gzip for a gzbin answer. */
export function packBody(text: string, gzbin: boolean): string {
	return gzbin ? gzipSync(Buffer.from(text, 'utf8')).toString('base64') : text;
}

/** Adds `; charset=utf-8` to a media type that has no parameters (the `charset` fault). */
export function withCharset(contentType: string): string {
	return contentType.includes(';') ? contentType : `${contentType}; charset=utf-8`;
}

export const DEFAULT_SETTINGS: Readonly<DialectSettings> = Object.freeze({
	dialect: 'sdk',
	templates: 'distinct',
	deliverAfterMs: 0,
	refusedBatches: 'listed',
});

const DIALECTS: readonly Dialect[] = ['sdk', 'contract'];
const READINGS: readonly TemplateReading[] = ['distinct', 'occurrence'];
const REFUSED_BATCHES: readonly RefusedBatches[] = ['listed', 'notKept', 'empty'];

/** Checks settings that may come from JSON, the command line or the environment; returns a clean copy. */
export function validateSettings(input: unknown): Partial<DialectSettings> {
	if (typeof input !== 'object' || input === null || Array.isArray(input)) {
		throw new Error(
			'Settings must be an object such as {"dialect": "sdk", "templates": "distinct"}',
		);
	}
	const { dialect, templates, deliverAfterMs, refusedBatches } = input as Record<string, unknown>;
	const out: Partial<DialectSettings> = {};
	if (dialect !== undefined) {
		if (!DIALECTS.includes(dialect as Dialect))
			throw new Error(`dialect must be one of ${DIALECTS.join(', ')}`);
		out.dialect = dialect as Dialect;
	}
	if (templates !== undefined) {
		if (!READINGS.includes(templates as TemplateReading)) {
			throw new Error(`templates must be one of ${READINGS.join(', ')}`);
		}
		out.templates = templates as TemplateReading;
	}
	if (deliverAfterMs !== undefined) out.deliverAfterMs = delay(deliverAfterMs);
	if (refusedBatches !== undefined) {
		if (!REFUSED_BATCHES.includes(refusedBatches as RefusedBatches)) {
			throw new Error(`refusedBatches must be one of ${REFUSED_BATCHES.join(', ')}`);
		}
		out.refusedBatches = refusedBatches as RefusedBatches;
	}
	return out;
}

/** A whole number of milliseconds, 0 or more; from JSON a number, from the command line its digits. */
function delay(value: unknown): number {
	const ms = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
	if (typeof ms !== 'number' || !Number.isSafeInteger(ms) || ms < 0) {
		throw new Error('deliverAfterMs must be a whole number of milliseconds, 0 or more');
	}
	return ms;
}
