/**
 * Whether a pushed request is let in, and what the service is answered. Pure: the node's
 * webhook() hands it the request's parts and writes what it decides.
 *
 * The service does not sign its pushes (the vendor's SDK defines no header or signature for
 * them), so the only proof a push comes from the URL given to the service is a secret token in
 * that URL. Refusals say only why in general terms: they never echo the token, the headers or the
 * body, and nothing of a refused request is logged.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { readPush, type PushOptions } from './push';

/** Bodies above this many bytes are refused unless the node's option raises it. */
export const DEFAULT_MAX_BODY_MB = 4;

export interface PushRequest {
	/** The token the request carries (the `token` query parameter), if any. */
	token: unknown;
	body: Buffer | string | undefined;
	contentType: string;
}

export interface ReceptionSettings extends PushOptions {
	/** The node's secret token. */
	secret: string;
	maxBodyBytes: number;
}

/** A request turned away: no execution, this status and a message naming nothing of it. */
export type Refusal = { httpStatus: 400 | 401 | 413 | 415; message: string };

export type Reception = Refusal | { httpStatus: 200; items: IDataObject[] };

/** Compares in constant time, so the answer's timing tells nothing of the secret. */
function sameToken(given: unknown, secret: string): boolean {
	if (typeof given !== 'string' || secret === '') return false;
	const a = Buffer.from(given, 'utf8');
	const b = Buffer.from(secret, 'utf8');
	return a.length === b.length && timingSafeEqual(a, b);
}

function byteLength(body: Buffer | string | undefined): number {
	if (body === undefined) return 0;
	return typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.length;
}

/** The refusal of a request without the node's token, or undefined when it carries it. */
export function refuseStranger(token: unknown, settings: ReceptionSettings): Refusal | undefined {
	return sameToken(token, settings.secret) ? undefined : { httpStatus: 401, message: 'Missing or wrong token' };
}

/** The refusal of a body over the node's Maximum Body Size. */
export function refuseTooLarge(settings: ReceptionSettings): Refusal {
	return { httpStatus: 413, message: `The body is larger than ${settings.maxBodyBytes} bytes` };
}

/** The refusal of a body that could not be read whole (the request broke off, say). */
export function refuseUnreadable(): Refusal {
	return { httpStatus: 400, message: 'Not a delivery report: the body could not be read' };
}

/** The refusal of a Content-Encoding the node cannot inflate within its limit (br, compress, …). */
export function refuseEncoding(): Refusal {
	return { httpStatus: 415, message: 'Unsupported Content-Encoding: send the body as it is (identity), gzip or deflate' };
}

/** The token first, then the size, then the body: a stranger learns nothing about the limits. */
export function receive(request: PushRequest, settings: ReceptionSettings): Reception {
	const stranger = refuseStranger(request.token, settings);
	if (stranger !== undefined) return stranger;
	if (byteLength(request.body) > settings.maxBodyBytes) return refuseTooLarge(settings);
	const text = request.body === undefined ? '' : request.body.toString();
	const outcome = readPush(text, request.contentType, settings);
	if (!outcome.accepted) return { httpStatus: outcome.httpStatus, message: `Not a delivery report: ${outcome.reason}` };
	return { httpStatus: 200, items: outcome.items };
}
