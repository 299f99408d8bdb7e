/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** Answering one non-control request and noting in its journal entry how it went. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RawAnswer } from './fault-answers';
import { pipeAnswer, type StreamedAnswer } from './oversized';
import type { ServiceResponse } from './service';
import type { JournalEntry } from './types';

/** One non-control request on its way through the simulator. */
export interface Exchange {
	req: IncomingMessage;
	res: ServerResponse;
	entry: JournalEntry;
	/** performance.now() at arrival, for the journal's durationMs. */
	arrived: number;
}

export function answer(
	{ res, entry, arrived }: Exchange,
	response: ServiceResponse | RawAnswer,
): void {
	const body = response.body;
	const length = typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.length;
	entry.httpStatus = response.status;
	if (response.handshake !== undefined) entry.handshake = response.handshake;
	res.writeHead(response.status, { ...response.headers, 'content-length': length });
	res.end(body);
	entry.durationMs = performance.now() - arrived;
}

export function answerStreamed(
	{ req, res, entry, arrived }: Exchange,
	response: StreamedAnswer,
): void {
	entry.httpStatus = response.status;
	pipeAnswer(req, res, response, () => (entry.durationMs ??= performance.now() - arrived));
}

/** A TCP reset (RST), which clients report as ECONNRESET, rather than an orderly close. */
export function resetConnection({ req, entry, arrived }: Exchange): void {
	if (!req.socket.destroyed) req.socket.resetAndDestroy();
	entry.durationMs = performance.now() - arrived;
}

export function noteOutcome(entry: JournalEntry, response: ServiceResponse): void {
	if (response.accountId !== undefined) entry.accountId = response.accountId;
	if (response.unit !== undefined) entry.unit = response.unit;
	if (response.rendered !== undefined) entry.rendered = response.rendered;
	if (response.voice !== undefined) entry.voice = response.voice;
	if (response.handshake !== undefined) entry.handshake = response.handshake;
	entry.submitted = response.submitted;
}
