// The one way to the service: credential, retries, HTTP status, envelope and handshake, then the endpoint's reader.
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
import {
	AnswerTooLarge,
	fromHttpStatus,
	fromNetworkError,
	READ_FIX,
	SEND_FIX,
	tooLargeAnswer,
	TransportFailure,
} from './failure';
import type { Decoded } from './read';
import { decoded } from './read';
import type { WireDataFormat, WireEnvelope, WireHandshake } from './wire';

export interface DataReader<T> {
	/** XML cannot tell a list of one from a single element: dot paths (`destinations.item`) of the lists. */
	readonly xmlLists: readonly string[];
	/** A list member left unparsed in a JSON body, each element parsed as `read` reaches it (json-content.ts). */
	readonly jsonList?: string;
	read(data: unknown): T;
	unreadable(reason: string): { message: string; description: string };
}

export interface ServiceCall<T> {
	path: string;
	body?: string;
	reader: DataReader<T>;
	/** Ask for the compressed (gzbin) answer: worth it for answers with many destinations. */
	compressed?: boolean;
	// Retried even when the first attempt may have reached the service: a read, or a send whose every
	// number carries its own message id (the service refuses an id it already has).
	idempotent?: boolean;
	/** Only reads: a failure says nothing was sent or changed by it, not that messages may have gone out. */
	readOnly?: boolean;
	/** How a read could ask for a smaller answer (`ask for fewer message IDs at a time`): the advice of one too large. */
	narrower?: string;
}

export type ServiceContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface RetryPolicy {
	maxAttempts: number;
	maxWaitMs: number;
}

export interface TransportOptions {
	format: WireDataFormat;
	timeoutMs: number;
	retry: RetryPolicy;
}

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 3, maxWaitMs: 30_000 };

export type CallResult<T> =
	| { ok: true; value: T; handshake: WireHandshake }
	| { ok: false; failure: TransportFailure };

// Read once per run: n8n decrypts on every getCredentials, and for every request unless handed it
// (performance.md). Keyed on the run's context, so a credential edited between runs is read afresh.
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

function backoffMs(attempt: number): number {
	return Math.min(8000, 500 * 2 ** (attempt - 1));
}

type HttpResponse = { statusCode: number; headers: Record<string, unknown>; body: unknown };
type Exchange = { response: HttpResponse; text?: AnswerText } | { error: unknown };

/** Every status comes back as an answer: the body, not the status, is the verdict. */
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
		// Only its code and message are read later: the error, with the request's headers, goes no further.
		return { error };
	}
}

// HTTP 200 alone is not success: the handshake id in the body is (v5 API documentation's error model).
// Only failures that prove nothing was processed are retried, unless the call is idempotent: a blind resend could send every SMS twice.
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
			// An unreadable answer is a lost answer too: an idempotent send is asked again and the service
			// refuses (2131) what it took. Reads keep their one attempt; an answer too large is as large again.
			const again =
				!judged.ok &&
				call.idempotent === true &&
				judged.failure.certainty === 'maybeProcessed' &&
				!(judged.failure instanceof AnswerTooLarge);
			const wait = backoffMs(attempt);
			if (
				!again ||
				attempt >= options.retry.maxAttempts ||
				waited + wait > options.retry.maxWaitMs
			) {
				return call.readOnly && !judged.ok
					? { ok: false, failure: readFailure(judged.failure) }
					: judged;
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
		if (!canRetry)
			return {
				ok: false,
				failure: finalFailure(call.readOnly ? asRead(failure) : failure, attempt, started),
			};
		waited += wait;
		await sleep(wait);
	}
}

const SEND_WARNING =
	/ ?The service may have sent the messages: check the sent messages in your SMSOnlineGH account before sending again\./;

function readFailure(failure: TransportFailure): TransportFailure {
	if (!SEND_WARNING.test(failure.description)) return failure;
	const description = failure.description.replace(
		SEND_WARNING,
		' The request only reads: nothing was sent or changed by it.',
	);
	return new TransportFailure(
		failure.certainty,
		readMessage(failure.message),
		description,
		failure.httpCode,
		failure.handshake,
		failure.attempts,
	);
}

function readMessage(message: string): string {
	return message.endsWith(`: ${SEND_FIX}`)
		? `${message.slice(0, -SEND_FIX.length)}${READ_FIX}`
		: message;
}

function asRead(failure: Judged): Judged {
	const description =
		failure.certainty === 'maybeProcessed'
			? 'The request only reads: nothing was sent or changed by it. Try again later.'
			: failure.description.replace(/,? so nothing was sent/, '');
	return Object.assign(
		new TransportFailure(
			failure.certainty,
			readMessage(failure.message),
			description,
			failure.httpCode,
		),
		{
			retryable: failure.retryable,
			waitMs: failure.waitMs,
		},
	);
}

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

function bodyText(
	text: string,
	headers: Record<string, unknown>,
): { text: string } | { reason: string } | 'tooLarge' {
	try {
		return { text: inflateAnswer(text, headers ?? {}) };
	} catch (error) {
		if (error instanceof RangeError) return 'tooLarge';
		return {
			reason: `the compressed (gzbin) body could not be inflated (${(error as Error).message})`,
		};
	}
}

function judgeAnswer<T>(
	answer: AnswerText,
	headers: Record<string, unknown>,
	call: ServiceCall<T>,
	attempts: number,
): CallResult<T> {
	const reader = call.reader;
	const body = answer === 'tooLarge' ? answer : bodyText(answer.text, headers);
	if (body === 'tooLarge') {
		const failure = tooLargeAnswer(
			`POST ${call.path}`,
			answer !== 'tooLarge',
			call.readOnly === true,
			attempts,
			call.narrower,
		);
		return { ok: false, failure };
	}
	const envelope: Decoded<WireEnvelope<unknown>> =
		'reason' in body
			? { ok: false, reason: body.reason }
			: decodeEnvelope(body.text, reader.xmlLists, reader.jsonList);
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

function unreadableBody(reason: string, attempts: number): CallResult<never> {
	return unreadableAnswer(
		`The SMS service sent an answer that could not be read: ${SEND_FIX}`,
		`HTTP 200, but ${reason}. The service may have sent the messages: check the sent messages in your SMSOnlineGH account before sending again.`,
		attempts,
	);
}

function unreadableAnswer(
	message: string,
	description: string,
	attempts: number,
): CallResult<never> {
	return {
		ok: false,
		failure: new TransportFailure('maybeProcessed', message, description, 200, undefined, attempts),
	};
}
