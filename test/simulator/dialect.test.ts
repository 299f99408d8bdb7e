/**
 * The two dialects side by side: the switch (constructor, programmatic, control endpoint), the
 * media types, the XML envelope on errors, the send answer's members, and the strict SDK reader
 * refusing what the contract dialect answers.
 */
import type { ControlJson } from './answers';
import { Simulator } from '../../simulator';
import {
	BALANCE,
	JSON_HEADERS,
	SEND,
	XML_HEADERS,
	account,
	plainUnit,
	post,
	raw,
	readXml,
	sendJson,
	useSimulator,
} from './helpers';
import { readSdk, readSendResult } from './sdk-reader';

const sim = useSimulator();

const XML_SEND =
	'<request><text>Hi</text><type>0</type><sender>SMSDemo</sender><destinations><to>0241234567</to></destinations></request>';
const XML_PERSONALISED =
	'<request><text>Hi {$name}</text><type>0</type><sender>SMSDemo</sender><destinations>' +
	'<to><number>0241234567</number><values><value>Ama</value></values></to></destinations></request>';

function xmlSend(
	body: string,
	headers: Record<string, string> = XML_HEADERS,
): ReturnType<typeof raw> {
	return raw(sim().baseUrl, { path: SEND, headers, body });
}

async function control(
	method: string,
	body?: unknown,
): Promise<{ status: number; json: ControlJson }> {
	const res = await fetch(`${sim().baseUrl}/__sim/dialect`, {
		method,
		body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
	});
	return { status: res.status, json: (await res.json()) as ControlJson };
}

describe('the switch', () => {
	it('defaults to sdk and distinct, with or without a config', () => {
		expect([sim().dialect, sim().templates]).toEqual(['sdk', 'distinct']);
		const other = new Simulator({ accounts: [account({ id: 'x', apiKey: 'x-key' })] });
		expect([other.dialect, other.templates]).toEqual(['sdk', 'distinct']);
		const contract = new Simulator({ dialect: 'contract', templates: 'occurrence' });
		expect([contract.dialect, contract.templates]).toEqual(['contract', 'occurrence']);
		expect(contract.balance('demo')).toBe(1000);
	});

	it('refuses an unknown dialect or reading', () => {
		expect(() => new Simulator({ dialect: 'soap' as never })).toThrow(
			/dialect must be one of sdk, contract/,
		);
		expect(() => sim().setDialect({ templates: 'first' as never })).toThrow(
			/templates must be one of/,
		);
		expect(sim().dialect).toBe('sdk');
	});

	it('GET and PUT /__sim/dialect; reset() keeps the setting', async () => {
		expect(await control('GET')).toEqual({
			status: 200,
			json: { dialect: 'sdk', templates: 'distinct', deliverAfterMs: 0, refusedBatches: 'listed' },
		});
		expect(await control('PUT', { dialect: 'contract' })).toEqual({
			status: 200,
			json: {
				dialect: 'contract',
				templates: 'distinct',
				deliverAfterMs: 0,
				refusedBatches: 'listed',
			},
		});
		expect((await control('PUT', { templates: 'occurrence', deliverAfterMs: 250 })).json).toEqual({
			dialect: 'contract',
			templates: 'occurrence',
			deliverAfterMs: 250,
			refusedBatches: 'listed',
		});
		sim().reset();
		expect(sim().dialect).toBe('contract');
		expect(sim().deliverAfterMs).toBe(250);
		const res = await raw(sim().baseUrl, { path: BALANCE, headers: JSON_HEADERS });
		expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
	});

	it('answers 400 for a bad setting and 405 for another method', async () => {
		expect((await control('PUT', { dialect: 'xml' })).status).toBe(400);
		expect((await control('PUT', { deliverAfterMs: -1 })).status).toBe(400);
		expect((await control('PUT', { deliverAfterMs: 1.5 })).status).toBe(400);
		expect((await control('PUT', { deliverAfterMs: '10' })).status).toBe(200);
		expect(sim().deliverAfterMs).toBe(10);
		expect((await control('PUT', 'not json')).status).toBe(400);
		expect((await control('PUT', [])).status).toBe(400);
		expect((await control('POST', {})).status).toBe(405);
		expect(sim().dialect).toBe('sdk');
	});
});

describe('media types', () => {
	it.each([
		['sdk', 'application/json', 'application/xml'],
		['contract', 'application/json; charset=utf-8', 'application/xml; charset=utf-8'],
	] as const)('%s: %s and %s, on success and on error', async (dialect, json, xml) => {
		sim().setDialect({ dialect });
		const ok = await raw(sim().baseUrl, { path: BALANCE, headers: JSON_HEADERS });
		const error = await raw(sim().baseUrl, {
			path: BALANCE,
			headers: { ...XML_HEADERS, authorization: 'key no' },
		});
		const noAccept = await raw(sim().baseUrl, {
			path: BALANCE,
			headers: { authorization: 'key no' },
		});
		expect([
			ok.headers['content-type'],
			error.headers['content-type'],
			noAccept.headers['content-type'],
		]).toEqual([json, xml, json]);
	});

	it('the charset fault adds "; charset=utf-8" in the sdk dialect, and the SDK refuses it', async () => {
		sim().addFault({ kind: 'charset', nth: 1 });
		const first = await xmlSend(XML_SEND);
		const second = await xmlSend(XML_SEND);
		expect(first.headers['content-type']).toBe('application/xml; charset=utf-8');
		expect(() => readSdk(first)).toThrow(/Content-Type application\/xml; charset=utf-8/);
		expect(readSdk(second).mediaType).toBe('application/xml');
		expect(sim().journal.map((e) => [e.fault, e.submitted])).toEqual([
			['charset', true],
			[undefined, true],
		]);
	});
});

describe('XML envelope on an error', () => {
	it('sdk: handshake only, no data element', async () => {
		const res = await xmlSend('<request><text>x</text></request>');
		expect(res.body).toBe(
			'<?xml version="1.0" encoding="UTF-8"?><response><handshake><id>1402</id><label>HSHK_ERR_BAD_REQUEST</label></handshake></response>',
		);
		expect(readXml(res.body).response).toEqual({
			handshake: { id: '1402', label: 'HSHK_ERR_BAD_REQUEST' },
		});
	});

	it('sdk: a 1102 in XML and the 1403 handshake fault carry no data element either', async () => {
		const res = await raw(sim().baseUrl, {
			path: SEND,
			headers: {
				accept: 'application/xml',
				'content-type': 'text/plain',
				authorization: XML_HEADERS.authorization,
			},
			body: 'hello',
		});
		expect(readSdk(res).handshakeId).toBe(1102);
		expect(res.body).not.toContain('<data');
		sim().addFault({ kind: 'handshake' });
		const fault = await xmlSend(XML_SEND);
		expect(fault.body).toMatch(
			/<handshake><id>1403<\/id><label>HSHK_ERR_INTERNAL<\/label><\/handshake><\/response>$/,
		);
		expect(readSdk(fault).handshakeId).toBe(1403);
	});

	it('sdk JSON keeps "data": null', async () => {
		const res = await post(sim().baseUrl, SEND, '{bad', JSON_HEADERS);
		expect(res.json).toEqual({
			handshake: { id: 1402, label: 'HSHK_ERR_BAD_REQUEST' },
			data: null,
		});
	});

	it('the strict reader refuses the contract dialect: charset, <data/>, category 1', async () => {
		sim().setDialect({ dialect: 'contract' });
		const error = await xmlSend('<request/>');
		expect(error.body).toContain('<data/>');
		expect(() => readSdk({ ...error, headers: { 'content-type': 'application/xml' } })).toThrow(
			/envelope check/,
		);
		const ok = await xmlSend(XML_SEND);
		expect(() => readSdk(ok)).toThrow(/charset/);
		expect(() =>
			readSendResult(readSdk({ ...ok, headers: { 'content-type': 'application/xml' } })),
		).toThrow(/category 1 is not a label/);
		const personalised = await xmlSend(XML_PERSONALISED);
		expect(personalised.body).not.toContain('<category>');
	});
});

describe('send answers in the sdk dialect', () => {
	it('JSON, plain: the contract members, then what the SDK reads, destinations last', async () => {
		const res = await sendJson(
			sim().baseUrl,
			plainUnit(['0241234567', 'bad', '+4915112345678', '12345678']),
		);
		const data = res.json.data;
		expect(Object.keys(data)).toEqual([
			'batch',
			'category',
			'delivery',
			'text',
			'type',
			'sender',
			'personalised',
			'destinationsCount',
			'destinations',
		]);
		expect(data).toMatchObject({
			category: 1,
			delivery: false,
			text: 'Hello from the simulator',
			type: 0,
		});
		expect(data).toMatchObject({ sender: 'SMSDemo', personalised: false, destinationsCount: 4 });
		const [gh, bad, de, unknown] = data.destinations;
		expect(Object.keys(gh)).toEqual([
			'id',
			'to',
			'country',
			'message',
			'messageCount',
			'status',
			'submitDateTime',
		]);
		expect(gh).toMatchObject({
			to: '233241234567',
			country: 'GH',
			message: 'Hello from the simulator',
			messageCount: 1,
		});
		expect(gh.submitDateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
		expect(
			Math.abs(Date.parse(`${String(gh.submitDateTime).replace(' ', 'T')}Z`) - Date.now()),
		).toBeLessThan(5000);
		expect(Object.keys(bad)).toEqual(['id', 'to', 'message', 'messageCount', 'status']);
		expect(bad).toMatchObject({
			messageCount: 0,
			status: { id: 2119, label: 'DS_REJECTED_DESTINATION' },
		});
		expect(de.country).toBe('DE');
		expect(unknown.country).toBeUndefined();
	});

	it('JSON, personalised: no category, each destination its own message and parts', async () => {
		const res = await sendJson(sim().baseUrl, {
			text: 'Hi {$name}',
			type: 0,
			sender: 'SMSDemo',
			destinations: [
				{ number: '0241234567', values: ['x'.repeat(200)] },
				{ number: '0201234567', values: [''] },
			],
		});
		const data = res.json.data;
		expect(Object.keys(data)).toEqual([
			'batch',
			'delivery',
			'text',
			'type',
			'sender',
			'personalised',
			'destinationsCount',
			'destinations',
		]);
		expect(data.personalised).toBe(true);
		expect(data.destinations[0]).toMatchObject({
			message: `Hi ${'x'.repeat(200)}`,
			messageCount: 2,
		});
		expect(data.destinations[1]).toMatchObject({ messageCount: 0, status: { id: 2115 } });
		expect(data.destinations[1].message).toBeUndefined();
	});

	it('XML: category is the label sms, for plain and personalised messages', async () => {
		for (const body of [XML_SEND, XML_PERSONALISED]) {
			const data = readSendResult(readSdk(await xmlSend(body)));
			expect(data.category).toBe('sms');
		}
	});
});
