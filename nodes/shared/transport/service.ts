/**
 * The one way to the service: `callService` with an endpoint's path, body and reader (each
 * endpoint's are in endpoints/). The credential once per run, retries, the HTTP status, the
 * envelope and its handshake, then the endpoint's reader.
 */
import type {
	ICredentialsDecrypted,
	IExecuteFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { describeHandshake } from '../meanings/handshakes';
import type { AnswerText } from './answer-body';
import { ACCEPT_ENCODING, discardAnswer, readAnswerText } from './answer-body';
import { decodeEnvelope, MEDIA_TYPES } from './codec';
import { compressedMediaType, inflateAnswer } from './compressed';
import { serviceRoot, SMSONLINEGH_CREDENTIAL_TYPE } from './credentialType';
import type { Judged } from './failure';
import { AnswerTooLarge, fromHttpStatus, fromNetworkError, READ_FIX, SEND_FIX, tooLargeAnswer, TransportFailure } from './failure';
import type { Decoded } from './read';
import { decoded } from './read';
import type { WireDataFormat, WireEnvelope, WireHandshake } from './wire';

/** How to read the `data` of one endpoint's answer. */
export interface DataReader<T> {
	/**
	 * Elements below `data` that are lists in the XML form, as dot paths (`destinations.item`):
	 * XML cannot tell a list of one from a single element, so the reader says which are lists.
	 */
	readonly xmlLists: readonly string[];
	/**
	 * A list member of `data` to leave unparsed in a JSON body, each element parsed when `read`
	 * reaches it (a JsonList, json-content.ts): for readers that read a long list element by element.
	 */
	readonly jsonList?: string;
	/** Reads `data` of an answer with handshake 0, throwing UnreadableResponseError if it cannot. */
	read(data: unknown): T;
	/** What it means for the user when the service said yes (handshake 0) but `data` is unreadable. */
	unreadable(reason: string): { message: string; description: string };
}

/** One call of the service: every endpoint is a POST to a path under the service root. */
export interface ServiceCall<T> {
	/** The path after the service root, its parameters (a batch id, say) already in it. */
	path: string;
	/** The request body in the data format of the options, or none. */
	body?: string;
	reader: DataReader<T>;
	/** Ask for the compressed form of the answer (worth it for answers with many destinations). */
	compressed?: boolean;
	/**
	 * Sending it twice changes nothing, so it is retried even when the first attempt may have
	 * reached the service (HTTP 5xx, a timeout, a broken connection): a read, or a send whose every
	 * number carries its own message id (the service refuses an id it already has).
	 */
	idempotent?: boolean;
	/**
	 * The call only reads (a report, a list, the profile): idempotent, and a failure says that
	 * nothing was sent or changed by it, not that messages may have gone out.
	 */
	readOnly?: boolean;
}

/** What calls the service: a node's run, the editor loading a list of options, or a trigger's poll. */
export type ServiceContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

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

export type CallResult<T> =
	| { ok: true; value: T; handshake: WireHandshake }
	| { ok: false; failure: TransportFailure };

/**
 * The node's credential, read once per run of the node. n8n loads and decrypts a credential on
 * every getCredentials call, and httpRequestWithAuthentication calls it again for each request
 * unless it is handed the decrypted credential: on a list of 100,000 numbers that was a fifth of
 * the node's time. n8n builds a new execution context for every run of a node, so keying the cache
 * on it means a credential edited between runs (or between Retry On Fail tries) is read afresh.
 */
const credentialsByRun = new WeakMap<ServiceContext, Promise<ICredentialsDecrypted>>();

export function credentialsOf(ctx: ServiceContext): Promise<ICredentialsDecrypted> {
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

type HttpResponse = { statusCode: number; headers: Record<string, unknown>; body: unknown };
/** An HTTP answer, with the text of its body when it is HTTP 200 (other bodies go unread). */
type Exchange = { response: HttpResponse; text?: AnswerText } | { error: unknown };

/**
 * One HTTP exchange. Every status comes back as an answer: the body, not the status, is the
 * verdict. The body of an HTTP 200 is read within the node's limit as it arrives (answer-body.ts).
 */
async function exchange(
	ctx: ServiceContext,
	credentials: ICredentialsDecrypted,
	call: ServiceCall<unknown>,
	options: TransportOptions,
): Promise<Exchange> {
	const mediaType = MEDIA_TYPES[options.format];
	const request: IHttpRequestOptions = {
		method: 'POST',
		baseURL: serviceRoot(credentials.data?.baseUrl),
		url: call.path,
		headers: {
			Accept: call.compressed ? compressedMediaType(options.format) : mediaType,
			'Accept-Encoding': ACCEPT_ENCODING,
			'Content-Type': mediaType,
		},
		json: false,
		encoding: 'stream',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: options.timeoutMs,
	};
	if (call.body !== undefined) request.body = call.body;
	try {
		const response = (await ctx.helpers.httpRequestWithAuthentication.call(
			ctx,
			SMSONLINEGH_CREDENTIAL_TYPE,
			request,
			// n8n then applies the credential's authenticate to it instead of reading it again.
			{ credentialsDecrypted: credentials },
		)) as HttpResponse;
		if (response.statusCode !== 200) {
			discardAnswer(response.body);
			return { response };
		}
		return { response, text: await readAnswerText(response.body) };
	} catch (error) {
		// Only a network error's code and message are read later: the error itself, with the
		// request's headers in its config, goes no further.
		return { error };
	}
}

/**
 * Calls the service and reads the answer's data with the endpoint's reader.
 *
 * HTTP 200 alone is not success: the verdict is the handshake id in the body (the v5 API
 * documentation's error model), so every status is accepted from the HTTP client and judged here.
 * Only failures that prove the service did not process the request are retried; a request that
 * may have gone through is never sent again blindly, since that could send every SMS in it twice.
 * An idempotent call (a read, or a send whose numbers carry their own message ids) is retried after
 * those failures as well; such a send also after an unreadable answer.
 */
export async function callService<T>(
	ctx: ServiceContext,
	call: ServiceCall<T>,
	options: TransportOptions,
): Promise<CallResult<T>> {
	const credentials = await credentialsOf(ctx);
	const started = Date.now();
	let waited = 0;
	for (let attempt = 1; ; attempt++) {
		const answer = await exchange(ctx, credentials, call, options);
		if ('response' in answer && answer.text !== undefined) {
			const judged = judgeAnswer(answer.text, answer.response.headers, call, attempt);
			// An unreadable answer (truncated, malformed) is a lost answer too: a send whose numbers
			// carry message ids of their own is asked again, as after a reset, and the service refuses
			// (2131) what it already took. Reads keep their one attempt here.
			// An answer too large is as large when asked again.
			const again = !judged.ok && call.idempotent === true && judged.failure.certainty === 'maybeProcessed' && !(judged.failure instanceof AnswerTooLarge);
			const wait = backoffMs(attempt);
			if (!again || attempt >= options.retry.maxAttempts || waited + wait > options.retry.maxWaitMs) {
				return call.readOnly && !judged.ok ? { ok: false, failure: readFailure(judged.failure) } : judged;
			}
			waited += wait;
			await sleep(wait);
			continue;
		}
		const failure =
			'response' in answer
				? fromHttpStatus(answer.response.statusCode, answer.response.headers ?? {})
				: fromNetworkError(answer.error, options.timeoutMs);
		const idempotent = call.idempotent === true || call.readOnly === true;
		const retryable = failure.retryable || (idempotent && failure.certainty === 'maybeProcessed');
		const wait = failure.waitMs ?? backoffMs(attempt);
		const canRetry =
			retryable && attempt < options.retry.maxAttempts && waited + wait <= options.retry.maxWaitMs;
		if (!canRetry) return { ok: false, failure: finalFailure(call.readOnly ? asRead(failure) : failure, attempt, started) };
		waited += wait;
		await sleep(wait);
	}
}

const SEND_WARNING = / ?The service may have sent the messages: check the sent messages in your SMSOnlineGH account before sending again\./;

/** An unreadable answer to a read: its reason stays, the warning that belongs to a send goes. */
function readFailure(failure: TransportFailure): TransportFailure {
	if (!SEND_WARNING.test(failure.description)) return failure;
	const description = failure.description.replace(SEND_WARNING, ' The request only reads: nothing was sent or changed by it.');
	return new TransportFailure(failure.certainty, readMessage(failure.message), description, failure.httpCode, failure.handshake, failure.attempts);
}

/** A message whose fix belongs to a send, with the fix of a read. */
function readMessage(message: string): string {
	return message.endsWith(`: ${SEND_FIX}`) ? `${message.slice(0, -SEND_FIX.length)}${READ_FIX}` : message;
}

/** A failed read: the same failure, told without the warnings that belong to a send. */
function asRead(failure: Judged): Judged {
	const description =
		failure.certainty === 'maybeProcessed'
			? 'The request only reads: nothing was sent or changed by it. Try again later.'
			: failure.description.replace(/,? so nothing was sent/, '');
	return Object.assign(new TransportFailure(failure.certainty, readMessage(failure.message), description, failure.httpCode), {
		retryable: failure.retryable,
		waitMs: failure.waitMs,
	});
}

/** The failure the caller sees: after several attempts, its description says how many and how long. */
function finalFailure(failure: Judged, attempts: number, started: number): TransportFailure {
	return new TransportFailure(
		failure.certainty,
		failure.message,
		attempts > 1
			? `${failure.description} (${attempts} attempts over ${Math.round((Date.now() - started) / 1000)} s)`
			: failure.description,
		failure.httpCode,
		undefined,
		attempts,
	);
}

/** The answer's body as text, inflated when it is compressed (gzbin); why not when it cannot be. */
function bodyText(text: string, headers: Record<string, unknown>): { text: string } | { reason: string } | 'tooLarge' {
	try {
		return { text: inflateAnswer(text, headers ?? {}) };
	} catch (error) {
		if (error instanceof RangeError) return 'tooLarge';
		return { reason: `the compressed (gzbin) body could not be inflated (${(error as Error).message})` };
	}
}

/** Judges an HTTP 200 answer: its size, its envelope, its handshake, then its data. */
function judgeAnswer<T>(answer: AnswerText, headers: Record<string, unknown>, call: ServiceCall<T>, attempts: number): CallResult<T> {
	const reader = call.reader;
	const body = answer === 'tooLarge' ? answer : bodyText(answer.text, headers);
	if (body === 'tooLarge') {
		const failure = tooLargeAnswer(`POST ${call.path}`, answer !== 'tooLarge', call.readOnly === true, attempts);
		return { ok: false, failure };
	}
	const envelope: Decoded<WireEnvelope<unknown>> =
		'reason' in body ? { ok: false, reason: body.reason } : decodeEnvelope(body.text, reader.xmlLists, reader.jsonList);
	if (!envelope.ok) return unreadableBody(envelope.reason, attempts);
	const { handshake, data } = envelope.value;
	if (handshake.id !== 0) {
		const meaning = describeHandshake(handshake.id, handshake.label);
		const failure = new TransportFailure(
			'refused',
			meaning.message,
			`${meaning.description} (handshake ${handshake.id}${handshake.label ? ` ${handshake.label}` : ''})`,
			200,
			{ ...handshake },
			attempts,
		);
		return { ok: false, failure };
	}
	const value = decoded(() => reader.read(data));
	// A part of the body parsed only as it was read is malformed: the body is, as if it had failed to parse.
	if (!value.ok && value.malformed) return unreadableBody(value.reason, attempts);
	if (!value.ok) {
		const { message, description } = reader.unreadable(value.reason);
		return unreadableAnswer(message, description, attempts);
	}
	return { ok: true, value: value.value, handshake };
}

/** HTTP 200 whose body is not the service's envelope, or not well-formed. */
function unreadableBody(reason: string, attempts: number): CallResult<never> {
	return unreadableAnswer(
		`The SMS service sent an answer that could not be read: ${SEND_FIX}`,
		`HTTP 200, but ${reason}. The service may have sent the messages: check the sent messages in your SMSOnlineGH account before sending again.`,
		attempts,
	);
}

/** HTTP 200 whose body cannot be read: the service may have acted on the request. */
function unreadableAnswer(message: string, description: string, attempts: number): CallResult<never> {
	return { ok: false, failure: new TransportFailure('maybeProcessed', message, description, 200, undefined, attempts) };
}
