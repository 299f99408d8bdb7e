/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Pushed delivery reports for the trigger's tests, in the shape the trigger assumes: the
 * delivery-report answer (the send answer's envelope with `delivery: true`), JSON or XML.
 */
import { constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';

export const BATCH = '9f2c4e1a7b3d45e8a0c6f1b2d3e4a5b6';

export interface Dest {
	id: unknown;
	to?: unknown;
	status?: unknown;
	[member: string]: unknown;
}

export function dest(
	id: string,
	to: string,
	status: number,
	extra: Record<string, unknown> = {},
): Dest {
	return { id, to, status: { id: status, label: `S${status}` }, ...extra };
}

export function jsonReport(
	destinations: unknown,
	data: Record<string, unknown> = {},
	handshake = 0,
): string {
	return JSON.stringify({
		handshake: { id: handshake, label: handshake === 0 ? 'HSHK_OK' : 'HSHK_ERR' },
		data: { batch: BATCH, category: 'sms', delivery: true, ...data, destinations },
	});
}

function xmlValue(value: unknown): string {
	if (value === undefined || value === null) return '';
	if (Array.isArray(value)) return value.map((v) => `<value>${xmlValue(v)}</value>`).join('');
	if (typeof value === 'object') {
		return Object.entries(value as Record<string, unknown>)
			.map(([k, v]) => `<${k}>${xmlValue(v)}</${k}>`)
			.join('');
	}
	return String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

export function xmlReport(destinations: Dest[], data: Record<string, unknown> = {}): string {
	const items = destinations.map((d) => `<item>${xmlValue(d)}</item>`).join('');
	return (
		'<?xml version="1.0" encoding="UTF-8"?><response><handshake><id>0</id><label>HSHK_OK</label></handshake>' +
		`<data>${xmlValue({ batch: BATCH, category: 'sms', delivery: 'true', ...data })}<destinations>${items}</destinations></data></response>`
	);
}

/** The compressed form (`gzbin`): base64 of gzip of the body. */
export function gzbin(body: string): string {
	return gzipSync(Buffer.from(body, 'utf8')).toString('base64');
}

/**
 * A gzip bomb: `megabytes` MB of zero bytes as one gzip member, base64 (about 1.3 kB per MB).
 * Built from one compressed megabyte repeated (a full flush ends it on a byte with an empty window,
 * so the copies chain), not by compressing a gigabyte in the test.
 */
export function gzipBomb(megabytes: number): string {
	const zeros = Buffer.alloc(1024 * 1024);
	const block = deflateRawSync(zeros, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
	let crc = 0;
	for (let i = 0; i < megabytes; i++) crc = crc32(zeros, crc);
	const trailer = Buffer.alloc(8);
	trailer.writeUInt32LE(crc >>> 0, 0);
	trailer.writeUInt32LE((megabytes * zeros.length) >>> 0, 4); // gzip records the length modulo 2^32
	const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
	const finalEmptyBlock = Buffer.from([0x03, 0x00]);
	return Buffer.concat([
		header,
		...Array<Buffer>(megabytes).fill(block),
		finalEmptyBlock,
		trailer,
	]).toString('base64');
}
