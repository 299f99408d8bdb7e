/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * XML with a document type is refused unread, in the service's answers as in pushed reports: the
 * parser would expand its internal entities (billion laughs, the quadratic blow-up), and the
 * service never declares one. Comments and CDATA, the other `<!` markup, are still read.
 */
import { decodeEnvelope, findDocumentType } from '../../../../nodes/shared/transport/codec';
import { sendResultReader } from '../../../../nodes/shared/transport/endpoints/send';

const REFUSED = {
	ok: false,
	reason:
		'the XML body declares a document type (<!DOCTYPE …>), which the service never sends; it was refused unread so that no entity in it could expand',
};

const answer = (inside: string, before = '') =>
	`<?xml version="1.0" encoding="UTF-8"?>${before}<response><handshake><id>0</id><label>HSHK_OK</label></handshake><data><batch>${inside}</batch><category>sms</category><delivery>false</delivery><destinations><item><id>1</id><to>233241234567</to><status><id>2105</id></status></item></destinations></data></response>`;

/** Ten entities, each ten of the one before: 10^10 "lol"s once expanded. */
function billionLaughs(): string {
	let declarations = '<!ENTITY lol0 "lol">';
	for (let k = 1; k <= 10; k++) declarations += `<!ENTITY lol${k} "${`&lol${k - 1};`.repeat(10)}">`;
	return answer('&lol10;', `<!DOCTYPE response [${declarations}]>`);
}

/** One 100 kB entity used 2,000 times in one field: 200 MB of text from a body of about 110 kB. */
function quadratic(): string {
	return answer(
		'&big;'.repeat(2000),
		`<!DOCTYPE response [<!ENTITY big "${'x'.repeat(100_000)}">]>`,
	);
}

describe('XML with a document type is refused unread', () => {
	it.each([
		['billion laughs', billionLaughs()],
		['the quadratic blow-up (one large entity used many times)', quadratic()],
		[
			'an external entity (a local file)',
			answer('&leak;', '<!DOCTYPE response [<!ENTITY leak SYSTEM "file:///etc/passwd">]>'),
		],
		[
			'an external document type',
			answer('00ab', '<!DOCTYPE response SYSTEM "http://127.0.0.1:9/evil.dtd">'),
		],
		['a parameter entity', answer('00ab', '<!DOCTYPE response [<!ENTITY % p "x"> %p;]>')],
		['a lowercase doctype', answer('00ab', '<!doctype response>')],
		['a document type after a comment', answer('00ab', '<!-- hi --><!DOCTYPE response>')],
		['an entity declaration without a document type', answer('00ab', '<!ENTITY x "y">')],
	])('%s', (_case, body) => {
		expect(decodeEnvelope(body, sendResultReader.xmlLists)).toEqual(REFUSED);
	});

	it('a billion laughs body never grows the heap by its expansion (it is not parsed at all)', () => {
		const body = billionLaughs();
		const before = process.memoryUsage().heapUsed;
		for (let k = 0; k < 100; k++) decodeEnvelope(body, sendResultReader.xmlLists);
		// 100 expansions would be 3 TB; reading the refusals keeps well under a megabyte of garbage each.
		expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
	});

	it('comments and CDATA are still read as before', () => {
		const decoded = decodeEnvelope(
			answer('<![CDATA[00ab]]>', '<!-- a comment -->'),
			sendResultReader.xmlLists,
		);
		expect(decoded).toEqual({
			ok: true,
			value: expect.objectContaining({ data: expect.objectContaining({ batch: '00ab' }) }),
		});
	});

	it('the predefined entities are still read (they cannot grow)', () => {
		const decoded = decodeEnvelope(
			answer('a&amp;b&lt;&gt;&quot;&apos;'),
			sendResultReader.xmlLists,
		);
		expect(decoded.ok && (decoded.value.data as { batch: string }).batch).toBe('a&b<>"\'');
	});

	it('finds only document types and entity declarations, not comments or CDATA', () => {
		expect(findDocumentType('<a><!-- x --><![CDATA[y]]></a>')).toBe(-1);
		expect(findDocumentType('<!---->')).toBe(-1);
		expect(findDocumentType('<a/><!DOCTYPE a>')).toBe(4);
		expect(findDocumentType('<!')).toBe(0);
		expect(findDocumentType('')).toBe(-1);
	});
});
