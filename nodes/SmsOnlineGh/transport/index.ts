import type {
	ICredentialsDecrypted,
	IExecuteFunctions,
	IHttpRequestOptions,
	INode,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';

import { serviceRoot, SMSONLINEGH_CREDENTIAL_TYPE } from '../../../credentials/SmsOnlineGhApi.credentials';
import { describeHandshake } from '../helpers/handshakes';
import { decodeEnvelope, MEDIA_TYPES } from './codec';
import type { WireDataFormat, WireEnvelope } from './wire';

export * from './codec';
export type * from './wire';

/** The contract's paths (spec 4.1 and 4.2). */
export const PATHS = {
	send: '/v5/message/sms/send',
	balance: '/v5/account/balance',
} as const;

export type Endpoint = keyof typeof PATHS;

/**
 * Whether the service may have acted on a failed request. This decides what the node may do next:
 * an SMS costs money and cannot be taken back, so only a request that surely did not reach the
 * service is ever sent again.
 */
export type Certainty =
	/** The request never reached the service, or the service said it did not process it. */
	| 'notProcessed'
	/** The request may have been processed: the answer was lost, late or unreadable. */
	| 'maybeProcessed'
	/** The service read the request and refused it (a handshake error): nothing was sent. */
	| 'refused';

export interface RetryPolicy {
	/** Attempts in all, the first included. */
	maxAttempts: number;
	/** Longest total time spent waiting between attempts, in milliseconds. */
	maxWaitMs: number;
}

export interface TransportOptions {
	format: WireDataFormat;
	/** Milliseconds before a request is abandoned. */
	timeoutMs: number;
	retry: RetryPolicy;
}

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 3, maxWaitMs: 30_000 };

/**
 * A failed call, described only with our own words and the service's ids: it never holds the
 * request options, the axios error or its config, which carry the Authorization header. It is a
 * value, not an exception: what the node does next depends on its certainty.
 */
export class TransportFailure {
	constructor(
		readonly certainty: Certainty,
		readonly message: string,
		readonly description: string,
		readonly httpCode?: number,
		readonly handshake?: { id: number; label: string },
		readonly attempts = 1,
	) {}

	/** The n8n error a user sees. A fresh object is passed as the response so nothing else leaks in. */
	toNodeApiError(node: INode, extra: { message?: string; description?: string; itemIndex?: number } = {}) {
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
const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** Finds a Node or axios error code anywhere in the chain of causes, reading nothing else. */
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

type Judged = TransportFailure & { retryable: boolean; waitMs?: number };

function fromNetworkError(error: unknown, timeoutMs: number): Judged {
	const code = errorCode(error);
	let failure: TransportFailure;
	let retryable = false;
	if (code && (NEVER_SENT_RETRYABLE.has(code) || NEVER_SENT_FINAL.has(code))) {
		retryable = NEVER_SENT_RETRYABLE.has(code);
		failure = new TransportFailure(
			'notProcessed',
			'Could not connect to the SMS service',
			`The request did not reach the service (network error ${code}), so nothing was sent. Check the Base URL in the credential and the network.`,
		);
	} else if (isTimeout(error, code)) {
		failure = new TransportFailure(
			'maybeProcessed',
			`The SMS service did not answer within ${Math.round(timeoutMs / 1000)} s`,
			'The request was sent but no answer came back in time: the service may have sent the messages. Check the sent messages in your SMSOnlineGH account before sending again.',
		);
	} else {
		failure = new TransportFailure(
			'maybeProcessed',
			'The connection to the SMS service broke before its answer arrived',
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
	const date = Date.parse(raw);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function fromHttpStatus(status: number, headers: Record<string, unknown>): Judged {
	// 429 and 503 say the service turned the request away before doing anything with it.
	if (status === 429 || status === 503) {
		const failure = new TransportFailure(
			'notProcessed',
			status === 429 ? 'The SMS service is rate limiting requests (HTTP 429)' : 'The SMS service is unavailable (HTTP 503)',
			'The service turned the request away without processing it, so nothing was sent. Try again later.',
			status,
		);
		return Object.assign(failure, { retryable: true, waitMs: retryAfterMs(headers['retry-after']) });
	}
	// Any other 5xx: the service (or a proxy in front of it) failed somewhere, perhaps after sending.
	if (status >= 500) {
		const failure = new TransportFailure(
			'maybeProcessed',
			`The SMS service failed with HTTP ${status}`,
			'The service reported an error after receiving the request: it may have sent some or all of the messages. Check the sent messages in your SMSOnlineGH account before sending again.',
			status,
		);
		return Object.assign(failure, { retryable: false });
	}
	const failure = new TransportFailure(
		'notProcessed',
		`The SMS service rejected the request with HTTP ${status}`,
		status === 404 || status === 405
			? 'The Base URL does not serve the v5 SMS API at this path. Check the Base URL in the credential.'
			: 'The service did not accept the request, so nothing was sent. Check the credential and the Base URL.',
		status,
	);
	return Object.assign(failure, { retryable: false });
}

/**
 * The node's credential, read once per run of the node. n8n loads and decrypts a credential on
 * every getCredentials call, and httpRequestWithAuthentication calls it again for each request
 * unless it is handed the decrypted credential: on a list of 100,000 numbers that was a fifth of
 * the node's time. n8n builds a new execution context for every run of a node, so keying the cache
 * on it means a credential edited between runs (or between Retry On Fail tries) is read afresh.
 */
const credentialsByRun = new WeakMap<IExecuteFunctions, Promise<ICredentialsDecrypted>>();

function credentialsOf(ctx: IExecuteFunctions): Promise<ICredentialsDecrypted> {
	let credentials = credentialsByRun.get(ctx);
	if (!credentials) {
		const reference = ctx.getNode().credentials?.[SMSONLINEGH_CREDENTIAL_TYPE];
		credentials = ctx.getCredentials(SMSONLINEGH_CREDENTIAL_TYPE).then((data) => ({
			id: reference?.id ?? '',
			name: reference?.name ?? '',
			type: SMSONLINEGH_CREDENTIAL_TYPE,
			data,
		}));
		// A failed read is not kept: the next call asks n8n again.
		credentials.catch(() => credentialsByRun.delete(ctx));
		credentialsByRun.set(ctx, credentials);
	}
	return credentials;
}

/** Backoff for attempt n (1-based): 0.5 s, 1 s, 2 s, … capped at 8 s. */
function backoffMs(attempt: number): number {
	return Math.min(8000, 500 * 2 ** (attempt - 1));
}

export type CallResult =
	| { ok: true; envelope: WireEnvelope<unknown> }
	| { ok: false; failure: TransportFailure };

type HttpResponse = { statusCode: number; headers: Record<string, unknown>; body: unknown };

/**
 * Calls the service; success is an envelope whose handshake is 0.
 *
 * HTTP 200 alone is not success: the verdict is the handshake id in the body (spec section 7), so
 * every status is accepted from the HTTP client and judged here. Only failures that prove the
 * service did not process the request are retried; a request that may have gone through is never
 * sent again blindly, since that could send every SMS in it twice.
 */
export async function callService(
	ctx: IExecuteFunctions,
	endpoint: Endpoint,
	body: string | undefined,
	options: TransportOptions,
): Promise<CallResult> {
	const credentials = await credentialsOf(ctx);
	const baseURL = serviceRoot(credentials.data?.baseUrl);
	const mediaType = MEDIA_TYPES[options.format];
	const started = Date.now();
	let waited = 0;

	for (let attempt = 1; ; attempt++) {
		const request: IHttpRequestOptions = {
			method: 'POST',
			baseURL,
			url: PATHS[endpoint],
			headers: { Accept: mediaType, 'Content-Type': mediaType },
			json: false,
			encoding: 'text',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: options.timeoutMs,
		};
		if (body !== undefined) request.body = body;

		let answer: { response: HttpResponse } | { error: unknown };
		try {
			answer = {
				response: (await ctx.helpers.httpRequestWithAuthentication.call(
					ctx,
					SMSONLINEGH_CREDENTIAL_TYPE,
					request,
					// n8n then applies the credential's authenticate to it instead of reading it again.
					{ credentialsDecrypted: credentials },
				)) as HttpResponse,
			};
		} catch (error) {
			answer = { error };
		}
		if ('response' in answer && answer.response.statusCode === 200) {
			return judgeEnvelope(answer.response.body, attempt);
		}
		// Only a network error's code and message are read: the error itself, with the request's
		// headers in its config, goes no further.
		const failure =
			'response' in answer
				? fromHttpStatus(answer.response.statusCode, answer.response.headers ?? {})
				: fromNetworkError(answer.error, options.timeoutMs);

		const wait = failure.waitMs ?? backoffMs(attempt);
		const canRetry =
			failure.retryable &&
			attempt < options.retry.maxAttempts &&
			waited + wait <= options.retry.maxWaitMs;
		if (!canRetry) {
			return {
				ok: false,
				failure: new TransportFailure(
					failure.certainty,
					failure.message,
					attempt > 1
						? `${failure.description} (${attempt} attempts over ${Math.round((Date.now() - started) / 1000)} s)`
						: failure.description,
					failure.httpCode,
					undefined,
					attempt,
				),
			};
		}
		waited += wait;
		await sleep(wait);
	}
}

function judgeEnvelope(body: unknown, attempts: number): CallResult {
	const decoded = decodeEnvelope(typeof body === 'string' ? body : JSON.stringify(body ?? ''));
	if (!decoded.ok) {
		return {
			ok: false,
			failure: new TransportFailure(
				'maybeProcessed',
				'The SMS service sent an answer that could not be read',
				`HTTP 200, but ${decoded.reason}. The service may have sent the messages: check the sent messages in your SMSOnlineGH account before sending again.`,
				200,
				undefined,
				attempts,
			),
		};
	}
	const { handshake } = decoded.value;
	if (handshake.id !== 0) {
		const meaning = describeHandshake(handshake.id, handshake.label);
		return {
			ok: false,
			failure: new TransportFailure(
				'refused',
				meaning.message,
				`${meaning.description} (handshake ${handshake.id}${handshake.label ? ` ${handshake.label}` : ''})`,
				200,
				{ ...handshake },
				attempts,
			),
		};
	}
	return { ok: true, envelope: decoded.value };
}
