import type { BalanceData } from './answers';
import {
	BALANCE,
	JSON_HEADERS,
	KEY_AUTH,
	SEND,
	plainUnit,
	post,
	raw,
	readXml,
	useSimulator,
} from './helpers';

const sim = useSimulator();

describe('routing', () => {
	it('answers 404 for an unknown path, and journals it', async () => {
		const res = await raw(sim().baseUrl, {
			path: '/v5/message/sms/sendd',
			headers: JSON_HEADERS,
			body: '{}',
		});
		expect(res.status).toBe(404);
		expect(sim().journal.map((e) => [e.path, e.httpStatus])).toEqual([
			['/v5/message/sms/sendd', 404],
		]);
	});

	it('answers 404 for v4 and for a trailing slash', async () => {
		for (const path of ['/v4/message/sms/send', '/v5/account/balance/']) {
			const res = await raw(sim().baseUrl, { path, headers: JSON_HEADERS });
			expect(res.status).toBe(404);
		}
	});

	it.each([SEND, '/v5/sms/send', BALANCE, '/v5/report/balance'])(
		'answers 405 with Allow: POST for GET %s',
		async (path) => {
			const res = await raw(sim().baseUrl, { method: 'GET', path, headers: JSON_HEADERS });
			expect(res.status).toBe(405);
			expect(res.headers.allow).toBe('POST');
		},
	);

	it('answers 405 for PUT and DELETE on a known path', async () => {
		for (const method of ['PUT', 'DELETE']) {
			// Node's client sends no length for a DELETE body, so only PUT carries one.
			const body = method === 'PUT' ? '{}' : undefined;
			const res = await raw(sim().baseUrl, { method, path: SEND, headers: JSON_HEADERS, body });
			expect(res.status).toBe(405);
			expect(res.headers.allow).toBe('POST');
		}
	});

	it('serves both send paths and both balance paths', async () => {
		const unit = plainUnit(['0241234567']);
		expect((await post(sim().baseUrl, SEND, unit)).json.handshake.id).toBe(0);
		expect(
			(await post(sim().baseUrl, '/v5/sms/send', plainUnit(['0241234568']))).json.handshake.id,
		).toBe(0);
		const a = await post<BalanceData>(sim().baseUrl, BALANCE, undefined);
		const b = await post<BalanceData>(sim().baseUrl, '/v5/report/balance', undefined);
		expect(a.json.data.balance).toBe(998);
		expect(b.json.data.balance).toBe(998);
	});

	it('ignores the query string when routing and journals the bare path', async () => {
		const res = await post(sim().baseUrl, `${BALANCE}?x=1&y=2`, undefined);
		expect(res.json.handshake.id).toBe(0);
		expect(sim().journal[0].path).toBe(BALANCE);
	});
});

describe('Accept (1101)', () => {
	const base = { 'content-type': 'application/json', authorization: KEY_AUTH };

	it('rejects a missing Accept, answering in JSON', async () => {
		const res = await raw(sim().baseUrl, { path: BALANCE, headers: base });
		expect(res.status).toBe(200);
		expect(res.headers['content-type']).toMatch(/^application\/json/);
		expect(JSON.parse(res.body)).toEqual({
			handshake: { id: 1101, label: 'HSHK_ERR_RH_HTTP_ACCEPT' },
			data: null,
		});
	});

	it.each([
		'application/json, text/plain, */*',
		'*/*',
		'text/plain',
		'application/*',
		'application/jsonx',
		'',
	])('rejects Accept %j', async (accept) => {
		const res = await raw(sim().baseUrl, { path: BALANCE, headers: { ...base, accept } });
		expect(JSON.parse(res.body).handshake.id).toBe(1101);
	});

	it('accepts media-type parameters and any letter case', async () => {
		for (const accept of [
			'application/json; charset=utf-8',
			'Application/JSON',
			'application/xml;charset=UTF-8',
		]) {
			const res = await raw(sim().baseUrl, { path: BALANCE, headers: { ...base, accept } });
			expect(res.status).toBe(200);
			expect(res.body).toMatch(/HSHK_OK/);
		}
	});

	it('checks Accept before anything else', async () => {
		const res = await raw(sim().baseUrl, {
			path: SEND,
			headers: { 'content-type': 'text/plain' },
			body: 'x',
		});
		expect(JSON.parse(res.body).handshake.id).toBe(1101);
	});
});

describe('Content-Type (1102)', () => {
	it('rejects a body without Content-Type', async () => {
		const res = await raw(sim().baseUrl, {
			path: SEND,
			headers: { accept: 'application/json', authorization: KEY_AUTH },
			body: JSON.stringify(plainUnit(['0241234567'])),
		});
		expect(JSON.parse(res.body)).toEqual({
			handshake: { id: 1102, label: 'HSHK_ERR_RH_CONTENT_TYPE' },
			data: null,
		});
		expect(sim().balance('demo')).toBe(1000);
	});

	it.each([
		'text/plain',
		'application/x-www-form-urlencoded',
		'application/json, application/xml',
		'text/xml',
	])('rejects Content-Type %j on a send', async (contentType) => {
		const res = await post(sim().baseUrl, SEND, plainUnit(['0241234567']), {
			...JSON_HEADERS,
			'content-type': contentType,
		});
		expect(res.json.handshake.id).toBe(1102);
	});

	it('lets a bodiless balance request omit Content-Type', async () => {
		const res = await raw(sim().baseUrl, {
			path: BALANCE,
			headers: { accept: 'application/json', authorization: KEY_AUTH },
		});
		expect(JSON.parse(res.body).handshake.id).toBe(0);
	});

	it('still checks a Content-Type sent on a bodiless request', async () => {
		const res = await raw(sim().baseUrl, {
			path: BALANCE,
			headers: {
				accept: 'application/json',
				'content-type': 'text/plain',
				authorization: KEY_AUTH,
			},
		});
		expect(JSON.parse(res.body).handshake.id).toBe(1102);
	});

	it('answers the error in XML when Accept asks for XML', async () => {
		sim().setDialect({ dialect: 'contract' });
		const res = await raw(sim().baseUrl, {
			path: SEND,
			headers: { accept: 'application/xml', 'content-type': 'text/plain', authorization: KEY_AUTH },
			body: 'hello',
		});
		expect(res.headers['content-type']).toMatch(/^application\/xml/);
		expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
		expect(readXml(res.body).response).toEqual({
			handshake: { id: '1102', label: 'HSHK_ERR_RH_CONTENT_TYPE' },
			data: '',
		});
	});

	it('checks Content-Type before Authorization', async () => {
		const res = await raw(sim().baseUrl, {
			path: SEND,
			headers: { accept: 'application/json', 'content-type': 'text/plain' },
			body: 'x',
		});
		expect(JSON.parse(res.body).handshake.id).toBe(1102);
	});
});
