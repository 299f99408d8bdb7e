import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

import { decodeEnvelope, encodeXmlRequest } from '../../../../nodes/shared/transport/codec';
import type { WireMessageUnit } from '../../../../nodes/shared/transport/endpoints/send';
import {
	encodeMessageUnit,
	sendResultReader,
} from '../../../../nodes/shared/transport/endpoints/send';
import { contentPaths, readPlainContent } from '../../../../nodes/shared/transport/xml-content';

const LISTS = sendResultReader.xmlLists;
const MALFORMED = { ok: false, reason: 'the XML body is malformed or cut short' };

/** The library's own reading of a whole body, validated: what every answer must still decode to. */
function libraryData(body: string): { ok: true; data: unknown } | { ok: false } {
	const paths = new Set(LISTS.map((list) => `response.data.${list}`));
	const parser = new XMLParser({
		ignoreAttributes: true,
		parseTagValue: false,
		trimValues: true,
		ignoreDeclaration: true,
		ignorePiTags: true,
		isArray: (_name, jpath) => paths.has(jpath),
	});
	try {
		const parsed = parser.parse(body, true) as {
			response?: { handshake?: unknown; data?: unknown };
		};
		const response = parsed.response;
		if (typeof response !== 'object' || response === null || typeof response.handshake !== 'object')
			return { ok: false };
		const data = response.data === '' || response.data === undefined ? null : response.data;
		return { ok: true, data };
	} catch {
		return { ok: false };
	}
}

const HEAD =
	'<?xml version="1.0" encoding="UTF-8"?><response><handshake><id>0</id><label>HSHK_OK</label></handshake>';
const answer = (destinations: string, before = '') =>
	`${HEAD}<data>${before}<batch>b1</batch><category>sms</category><delivery>false</delivery><destinations>${destinations}</destinations></data></response>`;
const item = (id: string, to: string, more = '') =>
	`<item><id>${id}</id><to>${to}</to><status><id>2105</id><label>DS_PENDING_ENROUTE</label></status>${more}</item>`;

function dataOf(body: string): unknown {
	const decoded = decodeEnvelope(body, LISTS);
	if (!decoded.ok) throw new Error(decoded.reason);
	return decoded.value.data;
}

describe('XML answers: the destinations read by the plain-content reader, exactly as the library reads them', () => {
	it('reads every member of every destination, texts trimmed, lists as arrays', () => {
		const body = answer(
			item('m-1', ' 233240000000 ') +
				item(
					'm-2',
					'233240000001',
					'<messageCount>2</messageCount><values><value>Ama</value><value> 12.5 </value></values>',
				),
		);
		expect(dataOf(body)).toEqual({
			batch: 'b1',
			category: 'sms',
			delivery: 'false',
			destinations: {
				item: [
					{ id: 'm-1', to: '233240000000', status: { id: '2105', label: 'DS_PENDING_ENROUTE' } },
					{
						id: 'm-2',
						to: '233240000001',
						status: { id: '2105', label: 'DS_PENDING_ENROUTE' },
						messageCount: '2',
						values: { value: ['Ama', '12.5'] },
					},
				],
			},
		});
	});

	it('one destination is still a list, one value too; an empty list and empty members are empty texts', () => {
		expect(
			dataOf(
				answer(item('m-1', '233240000000', '<values><value>x</value></values><country></country>')),
			),
		).toMatchObject({
			destinations: { item: [{ id: 'm-1', values: { value: ['x'] }, country: '' }] },
		});
		expect(dataOf(answer(''))).toMatchObject({ destinations: '' });
		expect(dataOf(answer(' \n\t '))).toMatchObject({ destinations: '' });
		expect(
			dataOf(answer('').replace('<destinations></destinations>', '<destinations/>')),
		).toMatchObject({ destinations: '' });
	});

	it('whitespace between elements is dropped; a repeated member becomes an array', () => {
		const body = answer(
			`\n  ${item('m-1', '1', '<country>GH</country><country>TG</country>')}\n  `,
		);
		expect(dataOf(body)).toMatchObject({
			destinations: { item: [{ to: '1', country: ['GH', 'TG'] }] },
		});
	});

	it('entities, character references, CDATA, attributes and comments are read by the library, the same way', () => {
		const body = answer(
			item('m-1', '&#50;33240000000', '<message>Tom &amp; Jerry &lt;3</message>') +
				'<!-- a comment -->' +
				item('m-2', '<![CDATA[233240000001]]>', '<message><![CDATA[a < b]]></message>').replace(
					'<item>',
					'<item kind="x">',
				),
		);
		expect(dataOf(body)).toMatchObject({
			destinations: {
				item: [
					// The library leaves character references as they are.
					{ id: 'm-1', to: '&#50;33240000000', message: 'Tom & Jerry <3' },
					{ id: 'm-2', to: '233240000001', message: 'a < b' },
				],
			},
		});
		expect(dataOf(body)).toEqual((libraryData(body) as { data: unknown }).data);
	});

	it.each([
		['text before the root', answer(item('m-1', '1')).replace('?><response>', '?>x<response>')],
		['a tag before the root', `<x></x>${answer(item('m-1', '1'))}`],
		[
			'a broken declaration',
			answer(item('m-1', '1')).replace('<?xml version="1.0"', '<?xml version="1.0'),
		],
		[
			'an attribute without a value on the root',
			answer(item('m-1', '1')).replace('<response>', '<response a>'),
		],
		['an unquoted attribute on data', answer(item('m-1', '1')).replace('<data>', '<data a=1>')],
		['an attribute left open on data', answer(item('m-1', '1')).replace('<data>', '<data a="1>')],
		[
			'an attribute without a value on an item',
			answer(item('m-1', '1')).replace('<item>', '<item a>'),
		],
		[
			'a mismatched closing tag in a destination',
			answer(item('m-1', '1').replace('</to>', '</ta>')),
		],
		['an unclosed destination', answer(item('m-1', '1').replace('</item>', ''))],
		['a stray closing tag among destinations', answer(item('m-1', '1') + '</item>')],
		['a bare & in a number', answer(item('m-1', '1&2'))],
		['a bad name', answer(item('m-1', '1').replace(/to>/g, '1to>'))],
		['text after the root', `${answer(item('m-1', '1'))}x`],
		['a body cut short', answer(item('m-1', '1')).slice(0, -30)],
	])('refuses %s, as the library does', (_what, body) => {
		expect(libraryData(body).ok).toBe(false);
		expect(decodeEnvelope(body, LISTS)).toEqual(MALFORMED);
	});

	it('a second destinations element, or one below another member, is read by the library', () => {
		const twice = answer(item('m-1', '1')).replace(
			'</data>',
			'<destinations><item><id>m-2</id></item></destinations></data>',
		);
		expect(dataOf(twice)).toEqual((libraryData(twice) as { data: unknown }).data);
		const deeper = answer('').replace(
			'<batch>',
			'<extra><destinations><item><id>m-3</id></item></destinations></extra><batch>',
		);
		expect(libraryData(deeper).ok).toBe(true);
		expect(dataOf(deeper)).toEqual((libraryData(deeper) as { data: unknown }).data);
	});

	const text = fc.oneof(
		fc.stringMatching(/^[ -~]{0,12}$/),
		fc.constantFrom(
			'',
			' ',
			'&amp;',
			'&#50;',
			'<![CDATA[<x>]]>',
			'\r\n',
			'>',
			']]>',
			'é ü',
			'\u00a0',
			'<a/>',
			'</x>',
		),
	);
	const member = fc.tuple(
		fc.constantFrom('id', 'to', 'country', 'message', 'messageCount', 'item'),
		text,
	);
	const record = fc.array(fc.oneof(member, fc.constant(['values', ''] as [string, string])), {
		maxLength: 6,
	});
	const gap = fc.constantFrom('', '', ' ', '\n  ', 'x');
	const destinationsContent = fc.array(fc.tuple(record, gap), { maxLength: 4 }).map((records) =>
		records
			.map(([members, between]) => {
				const inner = members
					.map(([name, value]) =>
						name === 'values'
							? '<values><value>1</value><value> 2 </value></values>'
							: `<${name}>${value}</${name}>`,
					)
					.join('');
				return `<item>${inner}</item>${between}`;
			})
			.join(''),
	);

	it('any destinations content, and any one character changed in the body: the same verdict and the same reading as the library', () => {
		fc.assert(
			fc.property(
				destinationsContent,
				fc.nat(),
				fc.constantFrom('', '<', '>', '/', '"', '=', ' ', 'a', '&', '!'),
				fc.boolean(),
				(content, at, inserted, change) => {
					const whole = answer(content);
					const position = at % whole.length;
					const body = change
						? whole.slice(0, position) + inserted + whole.slice(position + 1)
						: whole;
					const expected = libraryData(body);
					const decoded = decodeEnvelope(body, LISTS);
					expect(decoded.ok).toBe(expected.ok);
					if (decoded.ok && expected.ok) expect(decoded.value.data).toEqual(expected.data);
				},
			),
			{ numRuns: 400 },
		);
	});
});

describe('readPlainContent: plain content only', () => {
	const paths = contentPaths(['item', 'item.values.value']);

	it('reads plain content and declines anything else', () => {
		expect(readPlainContent('<item><to>1</to></item>', paths)).toEqual({ item: [{ to: '1' }] });
		expect(readPlainContent('', paths)).toBe('');
		for (const content of [
			'<item a="1"><to>1</to></item>',
			'<item><to>1 &amp; 2</to></item>',
			'<item><to><![CDATA[1]]></to></item>',
			'<item><!-- c --><to>1</to></item>',
			'<item><to/></item>',
			'<item><to>1</ta></item>',
			'<item>x<to>1</to></item>',
			'<item><to>1\r</to></item>',
			'<item><__proto__>1</__proto__></item>',
			'<item><to>1</to>',
			'</item>',
		]) {
			expect(readPlainContent(content, paths)).toBeUndefined();
		}
	});
});

describe('XML send requests: written directly, exactly as the library’s builder writes them', () => {
	/** The builder's input the node used to give it for a unit. */
	function builderInput(unit: WireMessageUnit): Record<string, unknown> {
		const to = unit.destinations.map((d) => {
			if (typeof d === 'string') return d;
			const out: Record<string, unknown> = { number: d.number };
			if (d.id !== undefined) out.id = d.id;
			if (d.values !== undefined) out.values = { value: d.values };
			return out;
		});
		const request: Record<string, unknown> = {
			text: unit.text,
			type: unit.type,
			sender: unit.sender,
			destinations: { to },
		};
		if (unit.schedule) request.schedule = unit.schedule;
		if (unit.callback) request.callback = unit.callback;
		return request;
	}

	const text = fc.oneof(
		fc.string({ maxLength: 12 }),
		fc.constantFrom(`Tom & "Jerry" <it's>`, '&amp;', '{$name}', ''),
	);
	const value = fc.oneof(text, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
	const destination = fc.oneof(
		text,
		fc.record({
			number: text,
			id: fc.option(text, { nil: undefined }),
			values: fc.option(fc.array(value, { maxLength: 3 }), { nil: undefined }),
		}),
	);

	it('plain, personalised, with ids, schedules and callbacks', () => {
		fc.assert(
			fc.property(
				text,
				fc.integer({ min: 0, max: 3 }),
				text,
				fc.array(destination, { maxLength: 4 }),
				fc.option(fc.record({ dateTime: text, offset: fc.option(text, { nil: undefined }) }), {
					nil: undefined,
				}),
				fc.option(fc.record({ url: text, accept: text }), { nil: undefined }),
				(messageText, type, sender, destinations, schedule, callback) => {
					const unit: WireMessageUnit = { text: messageText, type, sender, destinations };
					if (schedule) unit.schedule = schedule;
					if (callback) unit.callback = callback;
					expect(encodeMessageUnit(unit, 'xml')).toBe(encodeXmlRequest(builderInput(unit)));
				},
			),
			{ numRuns: 300 },
		);
	});

	it('escapes only what needs it', () => {
		const unit: WireMessageUnit = {
			text: 'A & B <3 "q" \'s\'',
			type: 0,
			sender: 'S',
			destinations: ['233240000000'],
		};
		const body = encodeMessageUnit(unit, 'xml');
		expect(body).toBe(
			'<request><text>A &amp; B &lt;3 &quot;q&quot; &apos;s&apos;</text><type>0</type><sender>S</sender><destinations><to>233240000000</to></destinations></request>',
		);
		expect(XMLValidator.validate(body)).toBe(true);
	});
});
