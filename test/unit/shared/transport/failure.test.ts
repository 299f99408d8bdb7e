import { NodeApiError } from 'n8n-workflow';

import {
	fromHttpStatus,
	fromNetworkError,
	retryAfterMs,
	TransportFailure,
} from '../../../../nodes/shared/transport/failure';
import { fakeNode } from '../../../harness/fakeContext';

const CHECK_ACCOUNT = 'Check the sent messages in your SMSOnlineGH account before sending again.';

describe('fromHttpStatus', () => {
	it.each([
		[429, 'The SMS service is rate limiting requests (HTTP 429): try again later'],
		[503, 'The SMS service is unavailable (HTTP 503): try again later'],
	])(
		'%d: turned away before processing, retryable, waits what Retry-After asks',
		(status, message) => {
			const judged = fromHttpStatus(status, { 'retry-after': '4' });
			expect({ ...judged }).toEqual({
				certainty: 'notProcessed',
				message,
				description:
					'The service turned the request away without processing it, so nothing was sent. Try again later.',
				httpCode: status,
				handshake: undefined,
				attempts: 1,
				retryable: true,
				waitMs: 4000,
			});
			expect(judged).toBeInstanceOf(TransportFailure);
			expect(fromHttpStatus(status, {}).waitMs).toBeUndefined();
		},
	);

	it.each([500, 502, 504, 599])('%d: may have been processed, not retryable', (status) => {
		const judged = fromHttpStatus(status, { 'retry-after': '1' });
		expect({ ...judged }).toEqual({
			certainty: 'maybeProcessed',
			message: `The SMS service failed with HTTP ${status}: check the sent messages in your SMSOnlineGH account before sending again`,
			description: `The service reported an error after receiving the request: it may have sent some or all of the messages. ${CHECK_ACCOUNT}`,
			httpCode: status,
			handshake: undefined,
			attempts: 1,
			retryable: false,
		});
	});

	it.each([404, 405])('%d: the Base URL does not serve the API', (status) => {
		expect({ ...fromHttpStatus(status, {}) }).toEqual({
			certainty: 'notProcessed',
			message: `The SMS service rejected the request with HTTP ${status}: check the Base URL in the SMSOnlineGH credential`,
			description:
				'The Base URL does not serve the v5 SMS API at this path. Check the Base URL in the credential.',
			httpCode: status,
			handshake: undefined,
			attempts: 1,
			retryable: false,
		});
	});

	it.each([400, 401, 403, 302])(
		'%d: not accepted, nothing sent, check the credential',
		(status) => {
			expect({ ...fromHttpStatus(status, { 'retry-after': '1' }) }).toEqual({
				certainty: 'notProcessed',
				message: `The SMS service rejected the request with HTTP ${status}: check the API key and Base URL in the SMSOnlineGH credential`,
				description:
					'The service did not accept the request, so nothing was sent. Check the credential and the Base URL.',
				httpCode: status,
				handshake: undefined,
				attempts: 1,
				retryable: false,
			});
		},
	);
});

describe('fromNetworkError', () => {
	const NOT_SENT = (code: string) =>
		`The request did not reach the service (network error ${code}), so nothing was sent. Check the Base URL in the credential and the network.`;

	it.each(['ECONNREFUSED', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH'])(
		'%s: never sent, retryable',
		(code) => {
			expect({ ...fromNetworkError(Object.assign(new Error('x'), { code }), 1000) }).toEqual({
				certainty: 'notProcessed',
				message:
					'Could not connect to the SMS service: check the Base URL in the SMSOnlineGH credential and the network',
				description: NOT_SENT(code),
				httpCode: undefined,
				handshake: undefined,
				attempts: 1,
				retryable: true,
			});
		},
	);

	it.each([
		'ENOTFOUND',
		'ERR_INVALID_URL',
		'CERT_HAS_EXPIRED',
		'DEPTH_ZERO_SELF_SIGNED_CERT',
		'SELF_SIGNED_CERT_IN_CHAIN',
	])('%s: never sent, but trying again will not help', (code) => {
		const judged = fromNetworkError({ code }, 1000);
		expect([judged.certainty, judged.retryable, judged.description]).toEqual([
			'notProcessed',
			false,
			NOT_SENT(code),
		]);
	});

	it('finds the code anywhere in the chain of causes (fetch wraps the socket error)', () => {
		const wrapped = new Error('fetch failed', {
			cause: { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) },
		});
		expect(fromNetworkError(wrapped, 1000)).toMatchObject({
			certainty: 'notProcessed',
			retryable: true,
		});
		const fourDeep = { cause: { cause: { cause: { cause: { code: 'ENOTFOUND' } } } } };
		expect(fromNetworkError(fourDeep, 1000).description).toBe(NOT_SENT('ENOTFOUND'));
	});

	it('skips what does not look like a code (lower case, numbers) and reads on down the chain', () => {
		const error = { code: 'econnreset', cause: { code: 500, cause: { code: 'ECONNREFUSED' } } };
		expect(fromNetworkError(error, 1000).description).toBe(NOT_SENT('ECONNREFUSED'));
	});

	it.each(['ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT'])(
		'timeout by code %s: may have been processed, not retryable',
		(code) => {
			expect({ ...fromNetworkError({ cause: { code } }, 60_000) }).toEqual({
				certainty: 'maybeProcessed',
				message:
					'The SMS service did not answer within 60 s: check the sent messages in your SMSOnlineGH account before sending again',
				description: `The request was sent but no answer came back in time: the service may have sent the messages. ${CHECK_ACCOUNT}`,
				httpCode: undefined,
				handshake: undefined,
				attempts: 1,
				retryable: false,
			});
		},
	);

	it('timeout by message, the seconds rounded', () => {
		const judged = fromNetworkError(new Error('Request Timeout after 1500ms'), 1500);
		expect([judged.certainty, judged.retryable, judged.message]).toEqual([
			'maybeProcessed',
			false,
			'The SMS service did not answer within 2 s: check the sent messages in your SMSOnlineGH account before sending again',
		]);
	});

	it('a code of its own wins over a message saying timeout', () => {
		const error = Object.assign(new Error('timeout while connecting'), { code: 'ECONNREFUSED' });
		expect(fromNetworkError(error, 1000).message).toBe(
			'Could not connect to the SMS service: check the Base URL in the SMSOnlineGH credential and the network',
		);
	});

	it.each([
		[
			'a reset connection',
			Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
			'ECONNRESET',
		],
		['an unknown code', { code: 'EPIPE' }, 'EPIPE'],
		['an Error without a code', new Error('something broke'), 'without a code'],
		['not even an object', 'boom', 'without a code'],
		['undefined', undefined, 'without a code'],
	])('%s: the answer was lost, may have been processed', (_case, error, code) => {
		expect({ ...fromNetworkError(error, 1000) }).toEqual({
			certainty: 'maybeProcessed',
			message:
				'The connection to the SMS service broke before its answer arrived: check the sent messages in your SMSOnlineGH account before sending again',
			description: `The request was sent but the answer was lost (network error ${code}): the service may have sent the messages. ${CHECK_ACCOUNT}`,
			httpCode: undefined,
			handshake: undefined,
			attempts: 1,
			retryable: false,
		});
	});
});

describe('retryAfterMs', () => {
	const NOW = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');

	it.each([
		['120', 120_000],
		['0', 0],
		[' 5 ', 5000],
		[7, 7000],
		[['3', '9'], 3000],
		['Wed, 21 Oct 2015 07:28:30 GMT', 30_000],
		['Wed, 21 Oct 2015 07:28:00 GMT', 0],
		['Wed, 21 Oct 2015 07:00:00 GMT', 0],
		['soon', undefined],
		['', undefined],
		['5s', undefined],
		// Not dates, however leniently Date.parse reads them (as days of 2001).
		['-5', undefined],
		['1.5', undefined],
		['2', 2000],
		['2 3', undefined],
		[undefined, undefined],
		[null, undefined],
		[{ seconds: 5 }, undefined],
		[[], undefined],
	])('%j → %s', (value, expected) => {
		expect(retryAfterMs(value, NOW)).toBe(expected);
	});

	it('an HTTP date is measured from now by default', () => {
		const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
		const ms = retryAfterMs(inTenSeconds) as number;
		expect(ms).toBeGreaterThan(8000);
		expect(ms).toBeLessThanOrEqual(10_000);
	});
});

describe('TransportFailure.toNodeApiError', () => {
	const node = fakeNode();

	it('carries the message, the description and the HTTP code, and nothing else in its response', () => {
		const failure = new TransportFailure(
			'maybeProcessed',
			'The SMS service failed with HTTP 500: check the sent messages in your SMSOnlineGH account before sending again',
			'It may have sent them.',
			500,
		);
		const error = failure.toNodeApiError(node);
		expect(error).toBeInstanceOf(NodeApiError);
		expect([error.message, error.description, error.httpCode]).toEqual([
			'The SMS service failed with HTTP 500: check the sent messages in your SMSOnlineGH account before sending again',
			'It may have sent them.',
			'500',
		]);
		expect(error.node).toBe(node);
		expect(error.errorResponse).toStrictEqual({
			message:
				'The SMS service failed with HTTP 500: check the sent messages in your SMSOnlineGH account before sending again',
			certainty: 'maybeProcessed',
		});
		expect(error.context).toEqual({});
		expect(error.cause).toBeUndefined();
	});

	it('a refusal carries a copy of its handshake, and no HTTP code when it has none', () => {
		const handshake = { id: 1203, label: 'HSHK_ERR_UA_AUTH' };
		const failure = new TransportFailure(
			'refused',
			'Refused.',
			'Check the key.',
			undefined,
			handshake,
		);
		const error = failure.toNodeApiError(node);
		expect(error.errorResponse).toStrictEqual({
			message: 'Refused.',
			certainty: 'refused',
			handshake: { ...handshake },
		});
		expect((error.errorResponse as { handshake: unknown }).handshake).not.toBe(handshake);
		expect(error.httpCode).toBeNull();
	});

	it('the caller’s message, description and item index win; the response keeps the failure’s own message', () => {
		const failure = new TransportFailure(
			'notProcessed',
			'Could not connect to the SMS service: check the Base URL in the SMSOnlineGH credential and the network',
			'Check the Base URL.',
		);
		const error = failure.toNodeApiError(node, {
			message: 'Sending failed',
			description: 'Summary',
			itemIndex: 3,
		});
		expect([error.message, error.description]).toEqual(['Sending failed', 'Summary']);
		expect(error.context).toEqual({ itemIndex: 3 });
		expect(error.errorResponse).toStrictEqual({
			message:
				'Could not connect to the SMS service: check the Base URL in the SMSOnlineGH credential and the network',
			certainty: 'notProcessed',
		});
	});

	it('n8n does not swap in its own words for any of the transport’s messages', () => {
		const judged = [
			fromHttpStatus(429, {}),
			fromHttpStatus(503, {}),
			fromHttpStatus(500, {}),
			fromHttpStatus(404, {}),
			fromHttpStatus(401, {}),
			fromNetworkError({ code: 'ECONNREFUSED' }, 1000),
			fromNetworkError({ code: 'ECONNRESET' }, 1000),
			fromNetworkError({ code: 'ETIMEDOUT' }, 1000),
			fromNetworkError({ code: 'ENOTFOUND' }, 1000),
		];
		for (const failure of judged) {
			const error = failure.toNodeApiError(node);
			expect([error.message, error.description]).toEqual([failure.message, failure.description]);
		}
	});
});
