import { XMLValidator } from 'fast-xml-parser';
import {
	BALANCE,
	BATCH,
	JSON_HEADERS,
	SEND,
	UUID,
	XML_HEADERS,
	post,
	raw,
	readXml,
	useSimulator,
	type JsonAnswer,
} from './helpers';

const sim = useSimulator();

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

function xmlSend(body: string, headers: Record<string, string> = XML_HEADERS): Promise<JsonAnswer> {
	return post(sim().baseUrl, SEND, body, headers);
}

describe('XML requests and answers', () => {
	it('sends one number and answers one <item>', async () => {
		sim().setDialect({ dialect: 'contract' });
		const res = await xmlSend(
			'<?xml version="1.0" encoding="UTF-8"?><request><text>Hello &amp; welcome</text><type>0</type>' +
				'<sender>SMSDemo</sender><destinations><to>0241234567</to></destinations></request>',
		);
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
		expect(res.text.startsWith(DECLARATION)).toBe(true);
		expect(XMLValidator.validate(res.text)).toBe(true);
		const { response } = readXml(res.text);
		expect(response.handshake).toEqual({ id: '0', label: 'HSHK_OK' });
		expect(response.data.batch).toMatch(BATCH);
		expect(response.data.category).toBe('1');
		expect(response.data.delivery).toBe('false');
		expect(response.data.destinations.item).toHaveLength(1);
		const [item] = response.data.destinations.item;
		expect(item.id).toMatch(UUID);
		expect(item.to).toBe('233241234567');
		expect(item.status).toEqual({ id: '2105', label: 'DS_PENDING_ENROUTE' });
		expect(sim().journal[0].format).toBe('xml');
		expect(sim().journal[0].unit).toEqual({
			text: 'Hello & welcome',
			type: 0,
			sender: 'SMSDemo',
			destinations: ['0241234567'],
		});
	});

	it('reads several numbers, keeps leading zeros and answers one <item> each', async () => {
		const res = await xmlSend(`<request>
	<text>  spaced text  </text>
	<type>1</type>
	<sender>Alerts</sender>
	<destinations>
		<to>0241234567</to>
		<to>0201234567</to>
		<to>+233241234569</to>
	</destinations>
</request>`);
		const items = readXml(res.text).response.data.destinations.item;
		expect(items.map((i: { to: string }) => i.to)).toEqual([
			'233241234567',
			'233201234567',
			'233241234569',
		]);
		expect(sim().journal[0].unit?.text).toBe('  spaced text  ');
		expect(sim().journal[0].unit?.type).toBe(1);
	});

	it('reads a personalised request with one <value> and keeps values as strings', async () => {
		sim().setDialect({ dialect: 'contract' });
		const res = await xmlSend(
			'<request><text>Hi {$name}</text><type>0</type><sender>SMSDemo</sender><destinations>' +
				'<to><number>0242053072</number><values><value>007</value></values></to>' +
				'</destinations></request>',
		);
		const { response } = readXml(res.text);
		expect(response.handshake.id).toBe('0');
		expect(response.data.category).toBeUndefined();
		expect(res.text).not.toContain('<category>');
		expect(response.data.destinations.item[0].status.id).toBe('2105');
		expect(sim().journal[0].unit?.destinations).toEqual([
			{ number: '0242053072', values: ['007'] },
		]);
		expect(sim().journal[0].rendered).toEqual(['Hi 007']);
	});

	it('reads a personalised request with several destinations and values', async () => {
		const res = await xmlSend(`<?xml version="1.0" encoding="UTF-8"?>
<request>
	<text>Dear {$name}, your balance is \${$amount}</text>
	<type>0</type>
	<sender>SMSDemo</sender>
	<destinations>
		<to><number>0242053072</number><values><value>Daniel</value><value>59.45</value></values></to>
		<to>
			<number>0242053073</number>
			<values>
				<value>Ama</value>
				<value>1e3</value>
			</values>
		</to>
		<to><number>0242053074</number><values/></to>
		<to><number>0242053075</number><values><value>Only</value></values></to>
	</destinations>
</request>`);
		const items = readXml(res.text).response.data.destinations.item;
		expect(items.map((i: { status: { id: string } }) => i.status.id)).toEqual([
			'2105',
			'2105',
			'2115',
			'2118',
		]);
		expect(sim().journal[0].rendered).toEqual([
			'Dear Daniel, your balance is $59.45',
			'Dear Ama, your balance is $1e3',
			null,
			null,
		]);
	});

	it('answers the balance with empty currency elements', async () => {
		const res = await raw(sim().baseUrl, {
			path: BALANCE,
			headers: { accept: 'application/xml', authorization: XML_HEADERS.authorization },
		});
		expect(res.body).toBe(
			`${DECLARATION}<response><handshake><id>0</id><label>HSHK_OK</label></handshake>` +
				'<data><balance>1000</balance><model>quantity</model><currencyName/><currencyCode/></data></response>',
		);
	});

	it('answers an error envelope with an empty data element', async () => {
		sim().setDialect({ dialect: 'contract' });
		const res = await xmlSend('<request><text>x</text></request>');
		expect(res.text).toBe(
			`${DECLARATION}<response><handshake><id>1402</id><label>HSHK_ERR_BAD_REQUEST</label></handshake><data/></response>`,
		);
	});

	it('reads XML and answers JSON when asked', async () => {
		const res = await xmlSend(
			'<request><text>Hi</text><type>0</type><sender>SMSDemo</sender><destinations><to>0241234567</to></destinations></request>',
			{ ...XML_HEADERS, accept: 'application/json' },
		);
		expect(res.json.data.destinations[0].to).toBe('233241234567');
		expect(res.json.data.category).toBe(1);
	});

	it('escapes what it echoes', async () => {
		const res = await post(
			sim().baseUrl,
			SEND,
			{ text: 'x', type: 0, sender: 'SMSDemo', destinations: ['<b>&"'] },
			{ ...JSON_HEADERS, accept: 'application/xml' },
		);
		expect(XMLValidator.validate(res.text)).toBe(true);
		expect(readXml(res.text).response.data.destinations.item[0].to).toBe('<b>&"');
		expect(res.text).toContain('<to>&lt;b&gt;&amp;"</to>');
	});
});

describe('bad XML (1402)', () => {
	const body = (inner: string): string => `<request>${inner}</request>`;
	const fields = '<text>Hi</text><type>0</type><sender>SMSDemo</sender>';
	const cases: Array<[string, string]> = [
		['unparsable XML', '<request><text>Hi</text>'],
		['mismatched tags', '<request><text>Hi</txt></request>'],
		['plain text', 'hello'],
		['a JSON body sent as XML', '{"text":"Hi"}'],
		[
			'the wrong root',
			`<message>${fields}<destinations><to>0241234567</to></destinations></message>`,
		],
		['two roots', `${body(`${fields}<destinations><to>0241234567</to></destinations>`)}<request/>`],
		[
			'a missing text',
			body(
				'<type>0</type><sender>SMSDemo</sender><destinations><to>0241234567</to></destinations>',
			),
		],
		[
			'an empty text',
			body(
				'<text></text><type>0</type><sender>SMSDemo</sender><destinations><to>0241234567</to></destinations>',
			),
		],
		[
			'a non-numeric type',
			body(
				'<text>Hi</text><type>zero</type><sender>SMSDemo</sender><destinations><to>0241234567</to></destinations>',
			),
		],
		[
			'type 7',
			body(
				'<text>Hi</text><type>7</type><sender>SMSDemo</sender><destinations><to>0241234567</to></destinations>',
			),
		],
		[
			'two text elements',
			body(`${fields}<text>Again</text><destinations><to>0241234567</to></destinations>`),
		],
		['empty destinations', body(`${fields}<destinations/>`)],
		[
			'destinations with a foreign element',
			body(`${fields}<destinations><number>0241234567</number></destinations>`),
		],
		[
			'text beside <to> elements',
			body(`${fields}<destinations>oops<to>0241234567</to></destinations>`),
		],
		[
			'plain and personalised <to> mixed',
			body(
				`<text>Hi {$a}</text><type>0</type><sender>SMSDemo</sender><destinations><to>0241234567</to><to><number>0241234568</number><values><value>x</value></values></to></destinations>`,
			),
		],
		[
			'a personalised <to> without values',
			body(
				`<text>Hi {$a}</text><type>0</type><sender>SMSDemo</sender><destinations><to><number>0241234568</number></to></destinations>`,
			),
		],
		[
			'values holding text',
			body(
				`<text>Hi {$a}</text><type>0</type><sender>SMSDemo</sender><destinations><to><number>0241234568</number><values>x</values></to></destinations>`,
			),
		],
	];

	it.each(cases)('answers 1402 for %s', async (_label, xml) => {
		const res = await xmlSend(xml);
		expect(readXml(res.text).response.handshake).toEqual({
			id: '1402',
			label: 'HSHK_ERR_BAD_REQUEST',
		});
		expect(sim().balance('demo')).toBe(1000);
	});

	it('accepts a byte order mark before the declaration', async () => {
		const res = await xmlSend(
			`\uFEFF<?xml version="1.0" encoding="UTF-8"?>${body(`${fields}<destinations><to>0241234567</to></destinations>`)}`,
		);
		expect(readXml(res.text).response.handshake.id).toBe('0');
	});

	it('reads CDATA and comments inside text', async () => {
		const res = await xmlSend(
			body(
				'<text><![CDATA[a <b> & c]]><!-- note --> d</text><type>0</type><sender>SMSDemo</sender><destinations><to>0241234567</to></destinations>',
			),
		);
		expect(readXml(res.text).response.handshake.id).toBe('0');
		expect(sim().journal[0].unit?.text).toBe('a <b> & c d');
	});

	it('tolerates whitespace around the type', async () => {
		const res = await xmlSend(
			body(
				'<text>Hi</text><type> 0 </type><sender>SMSDemo</sender><destinations><to>0241234567</to></destinations>',
			),
		);
		expect(readXml(res.text).response.handshake.id).toBe('0');
	});

	it('reads schedule and callback elements', async () => {
		const res = await xmlSend(
			body(
				`${fields}<destinations><to>0241234567</to></destinations>` +
					'<schedule><dateTime>2030-05-01 10:00</dateTime><offset>-05:30</offset></schedule>' +
					'<callback><url>https://example.com/hook?a=1&amp;b=2</url><accept>application/xml</accept></callback>',
			),
		);
		expect(readXml(res.text).response.handshake.id).toBe('0');
		expect(sim().journal[0].unit?.schedule).toEqual({
			dateTime: '2030-05-01 10:00',
			offset: '-05:30',
		});
		expect(sim().journal[0].unit?.callback).toEqual({
			url: 'https://example.com/hook?a=1&b=2',
			accept: 'application/xml',
		});
	});
});
