/**
 * callService against a hand-made execution context: the exact request it hands to n8n's HTTP
 * helper, the credential read once per run, XML lists and no API key in a failure. Judging an
 * HTTP 200 answer is in service-judging.test.ts, retries in service-retry.test.ts.
 */
import type { IHttpRequestOptions } from 'n8n-workflow';

import { BALANCE_PATH, balanceReader } from '../../../../nodes/shared/transport/endpoints/balance';
import { SEND_PATH, sendResultReader } from '../../../../nodes/shared/transport/endpoints/send';
import {
	isObject,
	toList,
	toText,
	UnreadableResponseError,
} from '../../../../nodes/shared/transport/read';
import type { DataReader } from '../../../../nodes/shared/transport/service';
import { callService } from '../../../../nodes/shared/transport/service';
import type { Answer } from '../../../harness/fakeContext';
import {
	API_KEY,
	CREDENTIAL_REFERENCE,
	fakeContext,
	fakeNode,
	serviceAnswer,
} from '../../../harness/fakeContext';
import { JSON_OPTIONS, XML_OPTIONS, BALANCE, balanceCall } from './serviceFixtures';

/** A reader that hands `data` back as it is, declaring whichever XML lists it is given. */
function rawReader(xmlLists: string[]): DataReader<unknown> {
	return {
		xmlLists,
		read: (data) => data,
		unreadable: (reason) => ({ message: 'raw unreadable', description: reason }),
	};
}

/** A tiny endpoint reader: `things` is a list of texts. */
const thingsReader: DataReader<string[]> = {
	xmlLists: ['things.item'],
	read(data) {
		if (!isObject(data)) throw new UnreadableResponseError('there are no things');
		return toList(data.things, 'things is not a list').map((thing, i) =>
			toText(thing, `thing ${i + 1}`),
		);
	},
	unreadable: (reason) => ({
		message: 'The things could not be read',
		description: `Handshake 0, but ${reason}.`,
	}),
};

const XML_ONE_THING =
	'<?xml version="1.0" encoding="UTF-8"?><response><handshake><id>0</id><label>HSHK_OK</label></handshake><data><things><item>007</item></things></data></response>';

describe('callService: the request it hands to n8n', () => {
	it('JSON, without a body: POST to the path under the credential’s Base URL, with every option', async () => {
		const { calls, result, ctx } = await balanceCall([serviceAnswer(BALANCE)]);
		expect(result).toEqual({ ok: true, value: BALANCE, handshake: { id: 0, label: 'HSHK_OK' } });
		expect(calls).toHaveLength(1);
		const expected: IHttpRequestOptions = {
			method: 'POST',
			baseURL: 'https://sms.example',
			url: '/v5/account/balance',
			// Only the encodings n8n's client inflates as a stream, which the node counts as it reads.
			headers: {
				Accept: 'application/json',
				'Accept-Encoding': 'gzip, deflate',
				'Content-Type': 'application/json',
			},
			json: false,
			encoding: 'stream',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: 12_000,
		};
		expect(calls[0].options).toStrictEqual(expected);
		expect('body' in calls[0].options).toBe(false);
		expect(calls[0].credentialType).toBe('smsOnlineGhApi');
		expect(calls[0].self).toBe(ctx);
	});

	it('XML, with a body: the body as given and the XML media type both ways', async () => {
		const body = '<request><text>Hi</text></request>';
		const fake = fakeContext({
			answers: [serviceAnswer({ batch: 'b', delivery: false, destinations: [] })],
		});
		await callService(fake.ctx, { path: SEND_PATH, body, reader: sendResultReader }, XML_OPTIONS);
		const { options } = fake.calls[0];
		expect(options.url).toBe('/v5/message/sms/send');
		expect(options.headers).toEqual({
			Accept: 'application/xml',
			'Accept-Encoding': 'gzip, deflate',
			'Content-Type': 'application/xml',
		});
		expect(options.body).toBe(body);
	});

	it('an empty body is still sent (only undefined means none)', async () => {
		const fake = fakeContext({ answers: [serviceAnswer(BALANCE)] });
		await callService(
			fake.ctx,
			{ path: BALANCE_PATH, body: '', reader: balanceReader },
			JSON_OPTIONS,
		);
		expect(fake.calls[0].options.body).toBe('');
	});

	it.each([
		['https://sms.example', 'https://sms.example'],
		['https://sms.example/', 'https://sms.example'],
		['https://sms.example/v5', 'https://sms.example'],
		['https://sms.example/v5/', 'https://sms.example'],
		['  https://sms.example:8443/gateway//  ', 'https://sms.example:8443/gateway'],
		['', 'https://api.smsonlinegh.com'],
	])('Base URL %j → baseURL %s', async (baseUrl, root) => {
		const { calls } = await balanceCall([serviceAnswer(BALANCE)], JSON_OPTIONS, {
			apiKey: API_KEY,
			baseUrl,
		});
		expect(calls[0].options.baseURL).toBe(root);
		expect(calls[0].options.url).toBe(BALANCE_PATH);
	});

	it('a credential without a Base URL goes to the default host', async () => {
		const { calls } = await balanceCall([serviceAnswer(BALANCE)], JSON_OPTIONS, {
			apiKey: API_KEY,
		});
		expect(calls[0].options.baseURL).toBe('https://api.smsonlinegh.com');
	});
});

describe('callService: the credential, read once per run', () => {
	it('hands n8n the decrypted credential, so n8n does not read it again', async () => {
		const { calls } = await balanceCall([serviceAnswer(BALANCE)]);
		expect(calls[0].extra).toEqual({
			credentialsDecrypted: {
				id: CREDENTIAL_REFERENCE.id,
				name: CREDENTIAL_REFERENCE.name,
				type: 'smsOnlineGhApi',
				data: { authModel: 'apiKey', apiKey: API_KEY, baseUrl: 'https://sms.example' },
			},
		});
	});

	it('reads the credential once for several calls with the same context, again for a new context', async () => {
		const first = fakeContext({
			answers: [serviceAnswer(BALANCE), serviceAnswer(BALANCE), serviceAnswer(BALANCE)],
		});
		const call = { path: BALANCE_PATH, reader: balanceReader };
		await Promise.all([
			callService(first.ctx, call, JSON_OPTIONS),
			callService(first.ctx, call, JSON_OPTIONS),
		]);
		await callService(first.ctx, call, JSON_OPTIONS);
		expect(first.calls).toHaveLength(3);
		expect(first.credentialReads()).toBe(1);
		const credentials = first.calls.map(
			(c) => (c.extra as { credentialsDecrypted: unknown }).credentialsDecrypted,
		);
		expect(credentials[1]).toBe(credentials[0]);
		expect(credentials[2]).toBe(credentials[0]);

		const second = fakeContext({ answers: [serviceAnswer(BALANCE)] });
		await callService(second.ctx, call, JSON_OPTIONS);
		expect(second.credentialReads()).toBe(1);
	});

	it('a failed credential read is not kept: the call fails, the next call reads again', async () => {
		const fake = fakeContext({ answers: [serviceAnswer(BALANCE)] });
		fake.failCredentialReads(new Error('Credential decryption failed'));
		const call = { path: BALANCE_PATH, reader: balanceReader };
		await expect(callService(fake.ctx, call, JSON_OPTIONS)).rejects.toThrow(
			'Credential decryption failed',
		);
		expect(fake.calls).toHaveLength(0);
		await expect(callService(fake.ctx, call, JSON_OPTIONS)).resolves.toMatchObject({ ok: true });
		expect(fake.credentialReads()).toBe(2);
	});
});

describe('callService: XML lists are the reader’s to declare', () => {
	it('a reader declaring things.item gets a list for a single <item>, kept as text', async () => {
		const fake = fakeContext({ answers: [{ body: XML_ONE_THING }, { body: XML_ONE_THING }] });
		const raw = await callService(
			fake.ctx,
			{ path: '/v5/things', reader: rawReader(['things.item']) },
			XML_OPTIONS,
		);
		expect(raw).toEqual({
			ok: true,
			value: { things: { item: ['007'] } },
			handshake: { id: 0, label: 'HSHK_OK' },
		});
		const things = await callService(
			fake.ctx,
			{ path: '/v5/things', reader: thingsReader },
			XML_OPTIONS,
		);
		expect(things).toEqual({ ok: true, value: ['007'], handshake: { id: 0, label: 'HSHK_OK' } });
	});

	it('the same body read by a reader that does not declare it: a single element, not a list', async () => {
		const undeclared: DataReader<string[]> = { ...thingsReader, xmlLists: [] };
		const fake = fakeContext({ answers: [{ body: XML_ONE_THING }, { body: XML_ONE_THING }] });
		const raw = await callService(
			fake.ctx,
			{ path: '/v5/things', reader: rawReader([]) },
			XML_OPTIONS,
		);
		expect(raw).toEqual({
			ok: true,
			value: { things: { item: '007' } },
			handshake: { id: 0, label: 'HSHK_OK' },
		});
		const things = await callService(
			fake.ctx,
			{ path: '/v5/things', reader: undeclared },
			XML_OPTIONS,
		);
		expect(!things.ok && [things.failure.message, things.failure.description]).toEqual([
			'The things could not be read',
			'Handshake 0, but things is not a list.',
		]);
	});

	it('a declared list of two, and an empty list element, read alike', async () => {
		const two = XML_ONE_THING.replace('<item>007</item>', '<item>a</item><item>b</item>');
		const none = XML_ONE_THING.replace('<things><item>007</item></things>', '<things/>');
		const fake = fakeContext({ answers: [{ body: two }, { body: none }] });
		const call = { path: '/v5/things', reader: thingsReader };
		expect(await callService(fake.ctx, call, XML_OPTIONS)).toMatchObject({
			ok: true,
			value: ['a', 'b'],
		});
		expect(await callService(fake.ctx, call, XML_OPTIONS)).toMatchObject({ ok: true, value: [] });
	});
});

describe('callService: no failure carries the API key', () => {
	const leaky = (code: string) =>
		Object.assign(new Error(`connect failed for Authorization: key ${API_KEY}`), {
			code,
			config: { headers: { Authorization: `key ${API_KEY}` } },
		});
	const cases: Array<[string, Answer]> = [
		['a refused connection', { error: leaky('ECONNREFUSED') }],
		['a reset connection', { error: leaky('ECONNRESET') }],
		['a timeout', { error: leaky('ETIMEDOUT') }],
		[
			'an error without a code',
			{ error: new Error(`request to https://x/?key=${API_KEY} failed`) },
		],
		['HTTP 401', { status: 401, body: `Unauthorized: key ${API_KEY}` }],
		['HTTP 500', { status: 500, body: `stack: key ${API_KEY}` }],
		['an unreadable body echoing the key', { body: `Authorization: key ${API_KEY}` }],
		['a refusal', serviceAnswer({ apiKey: API_KEY }, { id: 1203, label: 'HSHK_ERR_UA_AUTH' })],
		['unreadable data echoing the key', serviceAnswer({ balance: API_KEY, model: API_KEY })],
	];

	it.each(cases)('%s', async (_case, answer) => {
		const { result } = await balanceCall([answer]);
		expect(result.ok).toBe(false);
		if (result.ok) return;
		const error = result.failure.toNodeApiError(fakeNode());
		const everything = JSON.stringify([
			result.failure,
			error,
			error.message,
			error.description,
			error.errorResponse,
		]);
		expect(everything).not.toContain(API_KEY);
		expect(everything).not.toContain('Authorization');
	});
});
