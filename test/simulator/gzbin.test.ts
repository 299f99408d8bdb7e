/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** Compressed (gzbin) answers: base64 of gzip of the XML or JSON body, with faults on top. */
import { gunzipSync } from 'node:zlib';
import { BALANCE, JSON_HEADERS, SEND, XML_HEADERS, plainUnit, raw, useSimulator } from './helpers';

const sim = useSimulator();

const GZBIN_JSON = 'application/vnd.zenoph.zbm.gzbin+json';
const GZBIN_XML = 'application/vnd.zenoph.zbm.gzbin+xml';
const UNIT = JSON.stringify(plainUnit(['0241234567']));

function unpack(body: string): string {
	return gunzipSync(Buffer.from(body, 'base64')).toString('utf8');
}

describe('gzbin answers', () => {
	it('JSON: the same envelope, packed, typed gzbin+json; the request stays plain JSON', async () => {
		const res = await raw(sim().baseUrl, {
			path: SEND,
			headers: { ...JSON_HEADERS, accept: GZBIN_JSON },
			body: UNIT,
		});
		expect(res.headers['content-type']).toBe(GZBIN_JSON);
		expect(res.body).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
		const envelope = JSON.parse(unpack(res.body));
		expect(envelope.handshake).toEqual({ id: 0, label: 'HSHK_OK' });
		expect(envelope.data.destinations[0]).toMatchObject({
			to: '233241234567',
			status: { id: 2105 },
		});
		expect(Number(res.headers['content-length'])).toBe(res.body.length);
		expect(sim().journal[0]).toMatchObject({ format: 'json', handshake: 0, submitted: true });
	});

	it('XML: a gzip member (RFC 1952) holding the XML answer', async () => {
		const res = await raw(sim().baseUrl, {
			path: BALANCE,
			headers: { ...XML_HEADERS, accept: GZBIN_XML },
		});
		const bytes = Buffer.from(res.body, 'base64');
		expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
		expect(unpack(res.body)).toBe(
			'<?xml version="1.0" encoding="UTF-8"?><response><handshake><id>0</id><label>HSHK_OK</label></handshake>' +
				'<data><balance>1000</balance><model>quantity</model><currencyName/><currencyCode/></data></response>',
		);
	});

	it('the contract dialect packs too, the media type without charset', async () => {
		sim().setDialect({ dialect: 'contract' });
		const res = await raw(sim().baseUrl, {
			path: BALANCE,
			headers: { ...JSON_HEADERS, 'content-type': 'application/json', accept: GZBIN_JSON },
		});
		expect(res.headers['content-type']).toBe(GZBIN_JSON);
		expect(JSON.parse(unpack(res.body)).data.balance).toBe(1000);
	});

	it.each([
		'application/vnd.zenoph.zbm.gzbin+urlencoded',
		'application/vnd.zenoph.zbm.gzbin',
		`${GZBIN_XML}, application/xml`,
	])('answers 1101 for Accept %j', async (accept) => {
		const res = await raw(sim().baseUrl, { path: BALANCE, headers: { ...JSON_HEADERS, accept } });
		expect(res.headers['content-type']).toBe('application/json');
		expect(JSON.parse(res.body).handshake.id).toBe(1101);
	});

	it('the case of the media type and parameters do not matter on Accept', async () => {
		const res = await raw(sim().baseUrl, {
			path: BALANCE,
			headers: { ...JSON_HEADERS, accept: 'Application/VND.zenoph.zbm.GZBIN+XML; q=1' },
		});
		expect(res.headers['content-type']).toBe(GZBIN_XML);
	});
});

describe('faults on gzbin answers', () => {
	it('handshake: packed in the asked format', async () => {
		sim().addFault({ kind: 'handshake', handshakeId: 1502 });
		const res = await raw(sim().baseUrl, {
			path: BALANCE,
			headers: { ...XML_HEADERS, accept: GZBIN_XML },
		});
		expect(res.headers['content-type']).toBe(GZBIN_XML);
		expect(unpack(res.body)).toMatch(
			/<handshake><id>1502<\/id><label>HSHK_ERR_MR_DESTINATIONS<\/label><\/handshake><\/response>$/,
		);
	});

	it('malformed: decodes, but to XML that does not parse', async () => {
		sim().addFault({ kind: 'malformed' });
		const res = await raw(sim().baseUrl, {
			path: BALANCE,
			headers: { ...XML_HEADERS, accept: GZBIN_XML },
		});
		expect(res.headers['content-type']).toBe(GZBIN_XML);
		expect(unpack(res.body)).toMatch(/<\/respons>$/);
	});

	it('truncated: half of the packed body, which no longer decodes', async () => {
		sim().addFault({ kind: 'truncated' });
		const res = await raw(sim().baseUrl, {
			path: SEND,
			headers: { ...JSON_HEADERS, accept: GZBIN_JSON },
			body: UNIT,
		});
		expect(() => unpack(res.body)).toThrow();
		expect(sim().balance('demo')).toBe(999);
	});

	it('charset: added to a gzbin media type too', async () => {
		sim().addFault({ kind: 'charset' });
		const res = await raw(sim().baseUrl, {
			path: BALANCE,
			headers: { ...XML_HEADERS, accept: GZBIN_XML },
		});
		expect(res.headers['content-type']).toBe(`${GZBIN_XML}; charset=utf-8`);
	});
});
