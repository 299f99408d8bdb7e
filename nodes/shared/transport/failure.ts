import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { MAX_ANSWER_BYTES } from './answer-body';

const MAX_ANSWER_MB = MAX_ANSWER_BYTES / (1024 * 1024);

// Whether the service may have acted on a failed request: an SMS costs money and cannot be taken
// back, so only a request that surely did not reach the service is ever sent again.
export type Certainty =
	| 'notProcessed'
	/** The answer was lost, late or unreadable. */
	| 'maybeProcessed'
	/** A handshake error: nothing was sent. */
	| 'refused';

// Our own words and the service's ids only, never the request options or the axios error (they carry
// the Authorization header). A value, not an exception: what the node does next depends on its certainty.
export class TransportFailure {
	constructor(
		readonly certainty: Certainty,
		readonly message: string,
		readonly description: string,
		readonly httpCode?: number,
		readonly handshake?: { id: number; label: string },
		readonly attempts = 1,
	) {}

	/** A fresh object is passed as the response so nothing else leaks in. */
	toNodeApiError(
		node: INode,
		extra: { message?: string; description?: string; itemIndex?: number } = {},
	) {
		const response: JsonObject = { message: this.message, certainty: this.certainty };
		if (this.handshake) response.handshake = { ...this.handshake };
		return new NodeApiError(node, response, {
			message: extra.message ?? this.message,
			description: extra.description ?? this.description,
			httpCode: this.httpCode !== undefined ? String(this.httpCode) : undefined,
			itemIndex: extra.itemIndex,
		});
	}
}

// A message names its fix itself: n8n hands an AI agent only the message of an error, never its description.
export const SEND_FIX = 'check the sent messages in your SMSOnlineGH account before sending again';

export const READ_FIX = 'try again later';

export class AnswerTooLarge extends TransportFailure {}

// `narrower`: how this operation could ask for a smaller answer; a balance or a profile cannot, so its advice is the Base URL alone.
export function tooLargeAnswer(
	request: string,
	inflated: boolean,
	readOnly: boolean,
	attempts: number,
	narrower?: string,
): AnswerTooLarge {
	const mb = Math.round(MAX_ANSWER_MB);
	const baseUrl =
		"check that the Base URL in the SMSOnlineGH credential is the SMSOnlineGH service's";
	const fix = !readOnly
		? SEND_FIX
		: narrower
			? `${baseUrl}, and if it is, ${narrower}`
			: `${baseUrl}: the service's answer to this request is small`;
	return new AnswerTooLarge(
		'maybeProcessed',
		`The SMS service's answer to ${request} is larger than ${mb} MB, the most the node reads: ${fix}`,
		`HTTP 200, but the answer ${inflated ? 'inflates to' : 'is'} more than ${mb} MB; the node stopped reading it there. ` +
			'The largest answer the service writes (a delivery report of 100,000 destinations) is under 50 MB, so this one is not what the service usually sends. ' +
			(readOnly
				? 'The request only reads: nothing was sent or changed by it.'
				: 'The service may have sent the messages: check the sent messages in your SMSOnlineGH account before sending again.'),
		200,
		undefined,
		attempts,
	);
}

export type Judged = TransportFailure & { retryable: boolean; waitMs?: number };

/** Network error codes that prove the request never left this machine or never reached a server. */
const NEVER_SENT_RETRYABLE = new Set(['ECONNREFUSED', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);
const NEVER_SENT_FINAL = new Set([
	'ENOTFOUND',
	'ERR_INVALID_URL',
	'ERR_TLS_CERT_ALTNAME_INVALID',
	'CERT_HAS_EXPIRED',
	'DEPTH_ZERO_SELF_SIGNED_CERT',
	'SELF_SIGNED_CERT_IN_CHAIN',
	'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);
const TIMEOUT_CODES = new Set([
	'ECONNABORTED',
	'ETIMEDOUT',
	'ESOCKETTIMEDOUT',
	'UND_ERR_CONNECT_TIMEOUT',
]);

function errorCode(error: unknown): string | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
		const code = (current as { code?: unknown }).code;
		if (typeof code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(code)) return code;
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

function isTimeout(error: unknown, code: string | undefined): boolean {
	if (code && TIMEOUT_CODES.has(code)) return true;
	const message = error instanceof Error ? error.message : '';
	return /timeout/i.test(message);
}

export function fromNetworkError(error: unknown, timeoutMs: number): Judged {
	const code = errorCode(error);
	let failure: TransportFailure;
	let retryable = false;
	if (code && (NEVER_SENT_RETRYABLE.has(code) || NEVER_SENT_FINAL.has(code))) {
		retryable = NEVER_SENT_RETRYABLE.has(code);
		failure = new TransportFailure(
			'notProcessed',
			'Could not connect to the SMS service: check the Base URL in the SMSOnlineGH credential and the network',
			`The request did not reach the service (network error ${code}), so nothing was sent. Check the Base URL in the credential and the network.`,
		);
	} else if (isTimeout(error, code)) {
		failure = new TransportFailure(
			'maybeProcessed',
			`The SMS service did not answer within ${Math.round(timeoutMs / 1000)} s: ${SEND_FIX}`,
			'The request was sent but no answer came back in time: the service may have sent the messages. Check the sent messages in your SMSOnlineGH account before sending again.',
		);
	} else {
		failure = new TransportFailure(
			'maybeProcessed',
			`The connection to the SMS service broke before its answer arrived: ${SEND_FIX}`,
			`The request was sent but the answer was lost (network error ${code ?? 'without a code'}): the service may have sent the messages. Check the sent messages in your SMSOnlineGH account before sending again.`,
		);
	}
	return Object.assign(failure, { retryable });
}

/** Retry-After in milliseconds: seconds or an HTTP date (RFC 9110 10.2.3). */
export function retryAfterMs(value: unknown, now = Date.now()): number | undefined {
	const text = Array.isArray(value) ? value[0] : value;
	if (typeof text !== 'string' && typeof text !== 'number') return undefined;
	const raw = String(text).trim();
	if (/^\d+$/.test(raw)) return Number(raw) * 1000;
	// An HTTP date names its day or month; anything else (-5, 1.5) is no date, however leniently Date.parse reads it.
	if (!/[A-Za-z]{3}/.test(raw)) return undefined;
	const date = Date.parse(raw);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function fromHttpStatus(status: number, headers: Record<string, unknown>): Judged {
	// 429 and 503 say the service turned the request away before doing anything with it.
	if (status === 429 || status === 503) {
		const failure = new TransportFailure(
			'notProcessed',
			status === 429
				? 'The SMS service is rate limiting requests (HTTP 429): try again later'
				: 'The SMS service is unavailable (HTTP 503): try again later',
			'The service turned the request away without processing it, so nothing was sent. Try again later.',
			status,
		);
		return Object.assign(failure, {
			retryable: true,
			waitMs: retryAfterMs(headers['retry-after']),
		});
	}
	// Any other 5xx: the service (or a proxy in front of it) failed somewhere, perhaps after sending.
	if (status >= 500) {
		const failure = new TransportFailure(
			'maybeProcessed',
			`The SMS service failed with HTTP ${status}: ${SEND_FIX}`,
			'The service reported an error after receiving the request: it may have sent some or all of the messages. Check the sent messages in your SMSOnlineGH account before sending again.',
			status,
		);
		return Object.assign(failure, { retryable: false });
	}
	const failure = new TransportFailure(
		'notProcessed',
		`The SMS service rejected the request with HTTP ${status}: check the ${status === 404 || status === 405 ? 'Base URL' : 'API key and Base URL'} in the SMSOnlineGH credential`,
		status === 404 || status === 405
			? 'The Base URL does not serve the v5 SMS API at this path. Check the Base URL in the credential.'
			: 'The service did not accept the request, so nothing was sent. Check the credential and the Base URL.',
		status,
	);
	return Object.assign(failure, { retryable: false });
}
