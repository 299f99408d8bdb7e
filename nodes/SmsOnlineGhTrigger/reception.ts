// Whether a push is let in, and what the service is answered; pure. The service does not sign its pushes (the vendor's SDK
// defines no header or signature), so a secret token in the URL is the only proof; refusals echo and log nothing of a request.
import { timingSafeEqual } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { readPush, type PushOptions } from './push';

export const DEFAULT_MAX_BODY_MB = 4;

export interface PushRequest {
	token: unknown;
	body: Buffer | string | undefined;
	contentType: string;
}

export interface ReceptionSettings extends PushOptions {
	secret: string;
	maxBodyBytes: number;
}

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

export function refuseStranger(token: unknown, settings: ReceptionSettings): Refusal | undefined {
	return sameToken(token, settings.secret)
		? undefined
		: { httpStatus: 401, message: 'Missing or wrong token' };
}

export function refuseTooLarge(settings: ReceptionSettings): Refusal {
	return { httpStatus: 413, message: `The body is larger than ${settings.maxBodyBytes} bytes` };
}

export function refuseUnreadable(): Refusal {
	return { httpStatus: 400, message: 'Not a delivery report: the body could not be read' };
}

export function refuseEncoding(): Refusal {
	return {
		httpStatus: 415,
		message: 'Unsupported Content-Encoding: send the body as it is (identity), gzip or deflate',
	};
}

/** The token first, then the size, then the body: a stranger learns nothing about the limits. */
export function receive(request: PushRequest, settings: ReceptionSettings): Reception {
	const stranger = refuseStranger(request.token, settings);
	if (stranger !== undefined) return stranger;
	if (byteLength(request.body) > settings.maxBodyBytes) return refuseTooLarge(settings);
	const text = request.body === undefined ? '' : request.body.toString();
	const outcome = readPush(text, request.contentType, settings);
	if (!outcome.accepted)
		return { httpStatus: outcome.httpStatus, message: `Not a delivery report: ${outcome.reason}` };
	return { httpStatus: 200, items: outcome.items };
}
