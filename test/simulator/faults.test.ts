/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
import { XMLValidator } from 'fast-xml-parser';
import {
	BALANCE,
	JSON_HEADERS,
	SEND,
	XML_HEADERS,
	plainUnit,
	post,
	raw,
	sendJson,
	useSimulator,
} from './helpers';

const sim = useSimulator();

const UNIT = JSON.stringify(plainUnit(['0241234567']));
const FULL_BALANCE_BODY = JSON.stringify({
	handshake: { id: 0, label: 'HSHK_OK' },
	data: { balance: 1000, model: 'quantity', currencyName: null, currencyCode: null },
});

function rawSend(headers: Record<string, string> = JSON_HEADERS): ReturnType<typeof raw> {
	return raw(sim().baseUrl, { path: SEND, headers, body: UNIT });
}

async function okSend(): Promise<void> {
	const res = await sendJson(sim().baseUrl, plainUnit(['0201234567']));
	expect(res.status).toBe(200);
	expect(res.json.handshake.id).toBe(0);
}

describe('HTTP status faults', () => {
	it('http500: answers 500 with a short text, processes nothing', async () => {
		sim().addFault({ kind: 'http500', retryAfter: 9 });
		const res = await rawSend();
		expect(res.status).toBe(500);
		expect(res.headers['content-type']).toMatch(/^text\/plain/);
		expect(res.body).toBe('Internal Server Error');
		expect(res.headers['retry-after']).toBeUndefined();
		expect(sim().balance('demo')).toBe(1000);
		expect(sim().journal[0]).toMatchObject({
			httpStatus: 500,
			fault: 'http500',
			submitted: false,
			rawBody: UNIT,
		});
		expect(sim().journal[0].unit).toBeUndefined();
		expect(sim().journal[0].handshake).toBeUndefined();
	});

	it('http503: answers 503 with Retry-After when given', async () => {
		sim().addFault({ kind: 'http503', retryAfter: 7 });
		const res = await rawSend();
		expect(res.status).toBe(503);
		expect(res.headers['retry-after']).toBe('7');
		expect(res.body).toBe('Service Unavailable');
		expect(sim().submissionCounts()).toEqual({});
	});

	it('http429: answers 429 with Retry-After, and without it when not given', async () => {
		sim().addFault({ kind: 'http429', retryAfter: 2, nth: 1 });
		sim().addFault({ kind: 'http429', nth: 2 });
		const first = await rawSend();
		const second = await rawSend();
		expect([first.status, second.status]).toEqual([429, 429]);
		expect(first.headers['retry-after']).toBe('2');
		expect(second.headers['retry-after']).toBeUndefined();
		expect(sim().balance('demo')).toBe(1000);
	});
});

describe('connection faults', () => {
	it('resetBefore: resets the connection, nothing submitted', async () => {
		sim().addFault({ kind: 'resetBefore' });
		await expect(rawSend()).rejects.toMatchObject({ code: 'ECONNRESET' });
		expect(sim().balance('demo')).toBe(1000);
		expect(sim().submissionCounts()).toEqual({});
		expect(sim().journal[0]).toMatchObject({
			httpStatus: 0,
			fault: 'resetBefore',
			submitted: false,
		});
	});

	it('resetAfter: processes fully, then resets without answering', async () => {
		sim().addFault({ kind: 'resetAfter' });
		await expect(rawSend()).rejects.toMatchObject({ code: 'ECONNRESET' });
		expect(sim().balance('demo')).toBe(999);
		expect(sim().submissionCount('233241234567')).toBe(1);
		const entry = sim().journal[0];
		expect(entry).toMatchObject({
			httpStatus: 0,
			fault: 'resetAfter',
			submitted: true,
			accountId: 'demo',
		});
		expect(entry.unit?.destinations).toEqual(['0241234567']);
		expect(entry.handshake).toBeUndefined();
	});

	it('resetAfter through fetch surfaces as a network error', async () => {
		sim().addFault({ kind: 'resetAfter' });
		await expect(sendJson(sim().baseUrl, plainUnit(['0241234567']))).rejects.toThrow(
			'fetch failed',
		);
		expect(sim().balance('demo')).toBe(999);
	});

	it('hang: never answers until stop(), which closes promptly', async () => {
		sim().addFault({ kind: 'hang' });
		let settled = false;
		const pending = rawSend().then(
			() => (settled = true),
			(error: unknown) => {
				settled = true;
				throw error;
			},
		);
		await new Promise((resolve) => setTimeout(resolve, 300));
		expect(settled).toBe(false);
		expect(sim().journal[0]).toMatchObject({ fault: 'hang', httpStatus: 0, submitted: false });
		const started = Date.now();
		await sim().stop();
		expect(Date.now() - started).toBeLessThan(1000);
		await expect(pending).rejects.toBeDefined();
	});

	it('stop() closes idle keep-alive connections promptly', async () => {
		await okSend();
		const started = Date.now();
		await sim().stop();
		expect(Date.now() - started).toBeLessThan(1000);
	});
});

describe('body faults', () => {
	it('truncated: answers 200 with the first half of the real body', async () => {
		sim().addFault({ kind: 'truncated' });
		const res = await raw(sim().baseUrl, { path: BALANCE, headers: JSON_HEADERS });
		expect(res.status).toBe(200);
		expect(res.body).toBe(FULL_BALANCE_BODY.slice(0, Math.floor(FULL_BALANCE_BODY.length / 2)));
		expect(Number(res.headers['content-length'])).toBe(res.body.length);
		expect(sim().journal[0]).toMatchObject({ fault: 'truncated', httpStatus: 200, handshake: 0 });
	});

	it('truncated: a send is processed and charged', async () => {
		sim().addFault({ kind: 'truncated' });
		const res = await rawSend();
		expect(() => JSON.parse(res.body)).toThrow();
		expect(res.body.startsWith('{"handshake":{"id":0')).toBe(true);
		expect(sim().balance('demo')).toBe(999);
		expect(sim().journal[0].submitted).toBe(true);
	});

	it('malformed: answers 200 with JSON that does not parse, after processing', async () => {
		sim().addFault({ kind: 'malformed' });
		const res = await rawSend();
		expect(res.status).toBe(200);
		expect(res.headers['content-type']).toMatch(/^application\/json/);
		expect(() => JSON.parse(res.body)).toThrow();
		expect(sim().balance('demo')).toBe(999);
		expect(sim().journal[0]).toMatchObject({ fault: 'malformed', submitted: true });
	});

	it('malformed: answers 200 with XML that does not validate', async () => {
		sim().addFault({ kind: 'malformed' });
		const res = await raw(sim().baseUrl, {
			path: BALANCE,
			headers: { accept: 'application/xml', authorization: XML_HEADERS.authorization },
		});
		expect(res.status).toBe(200);
		expect(res.headers['content-type']).toMatch(/^application\/xml/);
		expect(XMLValidator.validate(res.body)).not.toBe(true);
	});

	it('handshake: answers the given handshake with data null, processing nothing', async () => {
		sim().addFault({ kind: 'handshake', handshakeId: 1407 });
		const res = await rawSend();
		expect(res.status).toBe(200);
		expect(JSON.parse(res.body)).toEqual({
			handshake: { id: 1407, label: 'HSHK_ERR_SERVICE' },
			data: null,
		});
		expect(sim().balance('demo')).toBe(1000);
		expect(sim().journal[0]).toMatchObject({
			fault: 'handshake',
			handshake: 1407,
			submitted: false,
		});
	});

	it('handshake: defaults to 1403 and answers in the asked format', async () => {
		sim().setDialect({ dialect: 'contract' });
		sim().addFault({ kind: 'handshake' });
		const res = await rawSend({ ...JSON_HEADERS, accept: 'application/xml' });
		expect(res.body).toContain(
			'<handshake><id>1403</id><label>HSHK_ERR_INTERNAL</label></handshake><data/>',
		);
	});
});

describe('latency', () => {
	it('waits, then handles normally', async () => {
		sim().addFault({ kind: 'latency', ms: 300, nth: 1 });
		const started = Date.now();
		const res = await sendJson(sim().baseUrl, plainUnit(['0241234567']));
		expect(Date.now() - started).toBeGreaterThanOrEqual(280);
		expect(res.json.handshake.id).toBe(0);
		expect(sim().journal[0]).toMatchObject({ fault: 'latency', submitted: true });
	});

	it('adds to another fault hitting the same request', async () => {
		sim().addFault({ kind: 'latency', ms: 200 });
		sim().addFault({ kind: 'http503' });
		const started = Date.now();
		const res = await rawSend();
		expect(Date.now() - started).toBeGreaterThanOrEqual(180);
		expect(res.status).toBe(503);
		expect(sim().journal[0].fault).toBe('http503');
	});
});

describe('targeting', () => {
	it('nth hits only the n-th request after the fault was added, once', async () => {
		await okSend();
		sim().addFault({ kind: 'http500', nth: 2 });
		const statuses: number[] = [];
		for (let i = 0; i < 4; i++)
			statuses.push((await post(sim().baseUrl, BALANCE, undefined)).status);
		expect(statuses).toEqual([200, 500, 200, 200]);
		expect(sim().journal.map((e) => e.fault)).toEqual([
			undefined,
			undefined,
			'http500',
			undefined,
			undefined,
		]);
	});

	it('a fault without nth hits every request until cleared', async () => {
		sim().addFault({ kind: 'http503' });
		expect((await rawSend()).status).toBe(503);
		expect((await rawSend()).status).toBe(503);
		sim().clearFaults();
		expect((await rawSend()).status).toBe(200);
	});

	it('path restricts which requests hit and which count', async () => {
		sim().addFault({ kind: 'http500', path: SEND, nth: 2 });
		const balance1 = await post(sim().baseUrl, BALANCE, undefined);
		const send1 = await rawSend();
		const balance2 = await post(sim().baseUrl, BALANCE, undefined);
		const send2 = await rawSend();
		const send3 = await rawSend();
		expect([balance1.status, send1.status, balance2.status, send2.status, send3.status]).toEqual([
			200, 200, 200, 500, 200,
		]);
	});

	it('a path fault without nth leaves other paths alone', async () => {
		sim().addFault({ kind: 'handshake', handshakeId: 1406, path: BALANCE });
		expect((await post(sim().baseUrl, BALANCE, undefined)).json.handshake.id).toBe(1406);
		await okSend();
		expect((await post(sim().baseUrl, '/v5/report/balance', undefined)).json.handshake.id).toBe(0);
	});

	it('does not count control requests', async () => {
		sim().addFault({ kind: 'http500', nth: 1 });
		const control = await fetch(`${sim().baseUrl}/__sim/journal`);
		expect(control.status).toBe(200);
		expect((await rawSend()).status).toBe(500);
	});

	it('counts unknown paths and faults them too', async () => {
		sim().addFault({ kind: 'http503', nth: 2 });
		expect((await raw(sim().baseUrl, { path: '/nowhere', headers: JSON_HEADERS })).status).toBe(
			404,
		);
		expect((await raw(sim().baseUrl, { path: '/nowhere', headers: JSON_HEADERS })).status).toBe(
			503,
		);
	});

	it('rejects a malformed fault spec', () => {
		expect(() => sim().addFault({ kind: 'explode' } as never)).toThrow(/Unknown fault kind/);
		expect(() => sim().addFault({ kind: 'http500', nth: 0 })).toThrow(/nth/);
		expect(() => sim().addFault({ kind: 'http500', path: 'v5/sms/send' })).toThrow(/path/);
		expect(() => sim().addFault({ kind: 'latency', ms: -1 })).toThrow(/ms/);
	});

	it('reset() disarms faults', async () => {
		sim().addFault({ kind: 'http500' });
		sim().reset();
		expect((await rawSend()).status).toBe(200);
	});
});

describe('faults on the lifecycle paths', () => {
	it('a fault armed for a cancel path hits it: nothing is cancelled; resetAfter cancels, then drops the answer', async () => {
		const sent = await sendJson(
			sim().baseUrl,
			plainUnit(['0241234567'], { schedule: { dateTime: '2030-01-31 08:30' } }),
		);
		const path = `/v5/message/scheduled/cancel/${sent.json.data.batch}`;
		sim().addFault({ kind: 'handshake', handshakeId: 1504, path, nth: 1 });
		const refused = await raw(sim().baseUrl, { path, headers: JSON_HEADERS });
		expect(JSON.parse(refused.body)).toEqual({
			handshake: { id: 1504, label: 'HSHK_ERR_MR_QUERY_TIME' },
			data: null,
		});
		expect(sim().batch(sent.json.data.batch)?.state).toBe('scheduled');
		sim().addFault({ kind: 'resetAfter', path, nth: 1 });
		await expect(raw(sim().baseUrl, { path, headers: JSON_HEADERS })).rejects.toThrow(
			/ECONNRESET|socket hang up/,
		);
		expect(sim().batch(sent.json.data.batch)?.state).toBe('cancelled');
		expect(sim().balance('demo')).toBe(1000);
		expect(sim().journal.map((e) => e.fault)).toEqual([undefined, 'handshake', 'resetAfter']);
	});
});
