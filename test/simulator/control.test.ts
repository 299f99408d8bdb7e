import type { ControlJson } from './answers';
import {
	BALANCE,
	JSON_HEADERS,
	SEND,
	plainUnit,
	post,
	raw,
	sendJson,
	useSimulator,
} from './helpers';

const sim = useSimulator();

async function control(
	method: string,
	path: string,
	body?: unknown,
): Promise<{ status: number; allow: string | null; json: ControlJson }> {
	const res = await fetch(`${sim().baseUrl}/__sim/${path}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
	});
	return {
		status: res.status,
		allow: res.headers.get('allow'),
		json: (await res.json()) as ControlJson,
	};
}

describe('journal', () => {
	it('records every field of a request, in arrival order', async () => {
		const body = JSON.stringify(plainUnit(['0241234567']));
		await raw(sim().baseUrl, {
			path: `${SEND}?trace=1`,
			headers: { ...JSON_HEADERS, 'X-Trace-Id': 'abc' },
			body,
		});
		await raw(sim().baseUrl, { method: 'GET', path: BALANCE, headers: { 'X-Trace-Id': 'def' } });
		const [first, second] = sim().journal;
		expect(first).toEqual({
			seq: 1,
			method: 'POST',
			path: SEND,
			headers: expect.objectContaining({ ...JSON_HEADERS, 'x-trace-id': 'abc' }),
			rawBody: body,
			format: 'json',
			unit: {
				text: 'Hello from the simulator',
				type: 0,
				sender: 'SMSDemo',
				destinations: ['0241234567'],
			},
			accountId: 'demo',
			httpStatus: 200,
			handshake: 0,
			submitted: true,
			durationMs: expect.any(Number),
		});
		expect(second).toEqual({
			seq: 2,
			method: 'GET',
			path: BALANCE,
			headers: expect.objectContaining({ 'x-trace-id': 'def' }),
			rawBody: '',
			httpStatus: 405,
			submitted: false,
			durationMs: expect.any(Number),
		});
	});

	it('records rejected requests with their handshake', async () => {
		await post(sim().baseUrl, SEND, '{bad json', JSON_HEADERS);
		expect(sim().journal[0]).toMatchObject({
			handshake: 1402,
			accountId: 'demo',
			submitted: false,
			rawBody: '{bad json',
		});
		expect(sim().journal[0].unit).toBeUndefined();
	});

	it('records the format of an XML body', async () => {
		await post(sim().baseUrl, SEND, '<request/>', {
			...JSON_HEADERS,
			'content-type': 'application/xml; charset=utf-8',
		});
		expect(sim().journal[0].format).toBe('xml');
	});

	it('reset() empties journal and counts, restarts seq and restores balances', async () => {
		await sendJson(sim().baseUrl, plainUnit(['0241234567']));
		sim().setBalance('demo', 3);
		sim().reset();
		expect(sim().journal).toEqual([]);
		expect(sim().submissionCounts()).toEqual({});
		expect(sim().balance('demo')).toBe(1000);
		await sendJson(sim().baseUrl, plainUnit(['0241234567']));
		expect(sim().journal[0].seq).toBe(1);
	});

	it('throws for an unknown account', () => {
		expect(() => sim().balance('nobody')).toThrow(/Unknown/);
		expect(() => sim().setBalance('nobody', 5)).toThrow(/Unknown/);
	});
});

describe('control endpoint', () => {
	it('serves the journal and is not journaled itself', async () => {
		await sendJson(sim().baseUrl, plainUnit(['0241234567']));
		const res = await control('GET', 'journal');
		expect(res.status).toBe(200);
		expect(res.json).toEqual(JSON.parse(JSON.stringify(sim().journal)));
		expect(res.json).toHaveLength(1);
		expect(sim().journal).toHaveLength(1);
	});

	it('serves submission counts', async () => {
		await sendJson(sim().baseUrl, plainUnit(['0241234567', '0201234567']));
		await sendJson(sim().baseUrl, plainUnit(['0241234567']));
		expect((await control('GET', 'submissions')).json).toEqual({
			'233241234567': 2,
			'233201234567': 1,
		});
	});

	it('arms a fault from JSON and disarms all with DELETE', async () => {
		const armed = await control('POST', 'faults', { kind: 'http503', retryAfter: 3 });
		expect(armed.status).toBe(201);
		const hit = await raw(sim().baseUrl, { path: BALANCE, headers: JSON_HEADERS });
		expect(hit.status).toBe(503);
		expect(hit.headers['retry-after']).toBe('3');
		expect((await control('DELETE', 'faults')).status).toBe(200);
		expect((await raw(sim().baseUrl, { path: BALANCE, headers: JSON_HEADERS })).status).toBe(200);
	});

	it('arms a list of faults', async () => {
		const armed = await control('POST', 'faults', [
			{ kind: 'http500', nth: 1 },
			{ kind: 'http429', nth: 2 },
		]);
		expect(armed.json).toEqual({ ok: true, armed: 2 });
		const a = await raw(sim().baseUrl, { path: BALANCE, headers: JSON_HEADERS });
		const b = await raw(sim().baseUrl, { path: BALANCE, headers: JSON_HEADERS });
		expect([a.status, b.status]).toEqual([500, 429]);
	});

	it('refuses a bad fault and arms nothing from a list with one', async () => {
		const bad = await control('POST', 'faults', [{ kind: 'http500' }, { kind: 'nope' }]);
		expect(bad.status).toBe(400);
		expect(bad.json.error).toMatch(/Unknown fault kind/);
		expect((await control('POST', 'faults', 'not json')).status).toBe(400);
		expect((await raw(sim().baseUrl, { path: BALANCE, headers: JSON_HEADERS })).status).toBe(200);
	});

	it('resets', async () => {
		await sendJson(sim().baseUrl, plainUnit(['0241234567']));
		sim().addFault({ kind: 'http500' });
		expect((await control('POST', 'reset')).status).toBe(200);
		expect(sim().journal).toHaveLength(0);
		expect(sim().balance('demo')).toBe(1000);
		expect((await raw(sim().baseUrl, { path: BALANCE, headers: JSON_HEADERS })).status).toBe(200);
	});

	it('reads and sets a balance', async () => {
		expect((await control('GET', 'balance/demo')).json).toEqual({
			accountId: 'demo',
			balance: 1000,
		});
		const set = await control('PUT', 'balance/demo', { balance: 1 });
		expect(set.json).toEqual({ accountId: 'demo', balance: 1 });
		expect(sim().balance('demo')).toBe(1);
		const res = await sendJson(sim().baseUrl, plainUnit(['0241234567', '0201234567']));
		expect(res.json.data.destinations.map((d: { status: { id: number } }) => d.status.id)).toEqual([
			2105, 2121,
		]);
	});

	it('answers 404 for an unknown account and 400 for a bad balance', async () => {
		expect((await control('GET', 'balance/nobody')).status).toBe(404);
		expect((await control('PUT', 'balance/nobody', { balance: 5 })).status).toBe(404);
		expect((await control('PUT', 'balance/demo', { balance: 'lots' })).status).toBe(400);
		expect(sim().balance('demo')).toBe(1000);
	});

	it('reads and replaces the senders: the profile lists them and sends are checked against them; reset restores them', async () => {
		const profileSenders = async () => {
			const res = await raw(sim().baseUrl, { path: '/v5/auth', headers: JSON_HEADERS });
			const body = JSON.parse(res.body);
			return (body.data.settings.user.messageSenders?.sms ?? []).map(
				(s: { name: string }) => s.name,
			);
		};
		expect((await control('GET', 'senders/demo')).json).toEqual({
			accountId: 'demo',
			senders: ['SMSDemo', 'Alerts'],
		});
		const set = await control('PUT', 'senders/demo', { senders: ['SMSDemo', 'Alerts', 'NewOne'] });
		expect(set.json).toEqual({ accountId: 'demo', senders: ['SMSDemo', 'Alerts', 'NewOne'] });
		expect(await profileSenders()).toEqual(['SMSDemo', 'Alerts', 'NewOne']);
		const res = await sendJson(sim().baseUrl, { ...plainUnit(['0241234567']), sender: 'NewOne' });
		expect(res.json.data.destinations.map((d: { status: { id: number } }) => d.status.id)).toEqual([
			2105,
		]);
		sim().setSenders('demo', ['Alerts']);
		const refused = await sendJson(sim().baseUrl, plainUnit(['0241234567']));
		expect(
			refused.json.data.destinations.map((d: { status: { id: number } }) => d.status.id),
		).toEqual([2128]);
		sim().reset();
		expect(sim().senders('demo')).toEqual(['SMSDemo', 'Alerts']);
		expect(await profileSenders()).toEqual(['SMSDemo', 'Alerts']);
	});

	it('senders: 404 for an unknown account, 400 for a bad list, 405 for another method', async () => {
		expect((await control('GET', 'senders/nobody')).status).toBe(404);
		expect((await control('PUT', 'senders/demo', { senders: 'SMSDemo' })).status).toBe(400);
		expect((await control('PUT', 'senders/demo', { senders: [''] })).status).toBe(400);
		expect((await control('POST', 'senders/demo', { senders: [] })).status).toBe(405);
		expect(sim().senders('demo')).toEqual(['SMSDemo', 'Alerts']);
	});

	it('answers 404 for an unknown resource and 405 for a wrong method', async () => {
		expect((await control('GET', 'nothing')).status).toBe(404);
		const wrong = await control('GET', 'reset');
		expect(wrong.status).toBe(405);
		expect(wrong.allow).toBe('POST');
		expect((await control('POST', 'journal', {})).status).toBe(405);
		expect(sim().journal).toHaveLength(0);
	});
});
