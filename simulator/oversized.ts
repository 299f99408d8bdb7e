/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The faults that make an answer too large to read or too deep to copy, after the request was
 * processed as usual (a send's messages go out): what a broken proxy or a hostile server in
 * front of the service may answer.
 * - `gzipBomb`: the real answer behind `bytes` of spaces (default 1 GiB), sent with
 *   `Content-Encoding: gzip` as gzip members of 1 MiB each (about 1 kB apiece): about 1 MB on the
 *   wire. JSON and XML allow whitespace before the body, so read whole it would still parse.
 * - `huge`: the same padding sent plain, `bytes` in all (default 300 MiB), streamed a MiB at a time.
 * - `deep`: the real answer with one member nested `depth` deep (default 5,000) in its first
 *   destination (or in `data` when it has none).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';

import type { ServiceResponse } from './service';
import type { FaultSpec } from './types';
import { packBody } from './wire';

export const DEFAULT_BOMB_BYTES = 1024 * 1024 * 1024;
export const DEFAULT_HUGE_BYTES = 300 * 1024 * 1024;
export const DEFAULT_DEPTH = 5000;

const MIB = 1024 * 1024;

/** An answer whose body is a stream of `length` bytes. */
export interface StreamedAnswer {
	status: number;
	headers: Record<string, string>;
	body: Readable;
	length: number;
	handshake?: number;
}

/** One gzip member of a MiB of spaces, made once. */
let spacesMember: Buffer | undefined;

function* bombMembers(padding: number, tail: Buffer): Generator<Buffer> {
	spacesMember ??= gzipSync(Buffer.alloc(MIB, 0x20), { level: 9 });
	const whole = Math.floor(padding / MIB);
	for (let i = 0; i < whole; i++) yield spacesMember;
	if (padding % MIB > 0) yield gzipSync(Buffer.alloc(padding % MIB, 0x20));
	yield gzipSync(tail);
}

function* spaces(padding: number, tail: Buffer): Generator<Buffer> {
	const chunk = Buffer.alloc(MIB, 0x20);
	for (let left = padding; left > 0; left -= MIB)
		yield left >= MIB ? chunk : chunk.subarray(0, left);
	yield tail;
}

/** gzipBomb and huge: the real answer behind padding, as a stream. */
export function oversizedAnswer(fault: FaultSpec, response: ServiceResponse): StreamedAnswer {
	const tail = Buffer.from(response.body, 'utf8');
	if (fault.kind === 'gzipBomb') {
		const padding = Math.max(0, (fault.bytes ?? DEFAULT_BOMB_BYTES) - tail.length);
		const members = [...bombMembers(padding, tail)];
		const length = members.reduce((sum, member) => sum + member.length, 0);
		return {
			...response,
			headers: { ...response.headers, 'content-encoding': 'gzip' },
			body: Readable.from(members, { objectMode: false }),
			length,
		};
	}
	const length = Math.max(tail.length, fault.bytes ?? DEFAULT_HUGE_BYTES);
	return {
		...response,
		body: Readable.from(spaces(length - tail.length, tail), { objectMode: false }),
		length,
	};
}

/** deep: the real answer with a member nested `depth` deep, packed again when it was gzbin. */
export function deepAnswer(fault: FaultSpec, response: ServiceResponse): ServiceResponse {
	const wire = response.wire;
	if (!wire) return response;
	const depth = fault.depth ?? DEFAULT_DEPTH;
	const text = wire.text;
	let deep: string;
	if (wire.format === 'json') {
		const member = `"deep":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
		deep = text.includes('"destinations":[{')
			? text.replace('"destinations":[{', `"destinations":[{${member},`)
			: text.replace('"data":{', `"data":{${member},`);
	} else {
		const member = `<deep>${'<a>'.repeat(depth)}1${'</a>'.repeat(depth)}</deep>`;
		deep = text.includes('<destinations><item>')
			? text.replace('<destinations><item>', `<destinations><item>${member}`)
			: text.replace('<data>', `<data>${member}`);
	}
	return { ...response, body: packBody(deep, wire.gzbin), wire: { ...wire, text: deep } };
}

/** Writes a streamed answer with backpressure: a client that stops reading stops the stream. */
export function pipeAnswer(
	req: IncomingMessage,
	res: ServerResponse,
	response: StreamedAnswer,
	done: () => void,
): void {
	res.writeHead(response.status, { ...response.headers, 'content-length': response.length });
	response.body.pipe(res);
	const closed = () => {
		done();
		response.body.destroy();
	};
	res.on('close', closed);
	req.socket.on('close', closed);
}
