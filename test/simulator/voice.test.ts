/**
 * POST /v5/message/voice/send: the three body forms, the answer in each dialect, the template
 * (1505), what a voice request may not carry, multipart refused, senders and credit.
 */
import type { Envelope } from './answers';
import { Simulator } from '../../simulator';
import { JSON_HEADERS, XML_HEADERS, UUID, readXml, useSimulator } from './helpers';
import { call, envelopeOf } from './lifecycle-helpers';
import { readSdk, readSendResult } from './sdk-reader';
import { FORM, ID_A, VOICE, voiceHandshake, voiceHeaders, voiceOk, voiceUnit } from './voice-helpers';

const sim = useSimulator();

/** The PHP SDK's XML writer's sample, with the demo account's template and sender. */
const PHP_XML = `<request><template>appointment_reminder</template><sender>DemoVoice</sender><destinations><to>0244123456</to><to><number>233201234567</number><id>${ID_A}</id></to></destinations></request>`;

describe('the three body forms', () => {
	it('XML as the PHP SDK writes it: the SDK reads the answer as a voice report', async () => {
		const res = await call(sim().baseUrl, VOICE, PHP_XML, XML_HEADERS);
		const data = readSendResult(readSdk(res));
		expect(data).toMatchObject({ category: 'voice', delivery: 'false', sender: 'DemoVoice', destinationsCount: '2' });
		expect(data.text).toBeUndefined();
		expect(data.type).toBeUndefined();
		expect(data.destinations.item.map((d) => [d.to, d.messageCount, d.status.id])).toEqual([
			['233244123456', '1', '2105'],
			['233201234567', '1', '2105'],
		]);
		expect(data.destinations.item[0].id).toMatch(UUID);
		expect(data.destinations.item[1].id).toBe(ID_A);
		expect(data.destinations.item[0].message).toBeUndefined();
		expect(sim().journal[0]).toMatchObject({ path: VOICE, accountId: 'demo', handshake: 0, submitted: true });
		expect(sim().journal[0].voice).toEqual({
			template: 'appointment_reminder',
			sender: 'DemoVoice',
			destinations: ['0244123456', { number: '233201234567', id: ID_A }],
		});
	});

	it('XML members in any order: schedule and callback after destinations, as the documentation places them', async () => {
		const body = `<request><destinations><to>0244123456</to></destinations><callback><url>http://127.0.0.1:9/dlr</url><accept>application/json</accept></callback><schedule><dateTime>2030-01-31 08:30</dateTime></schedule><template>payment_due</template></request>`;
		const res = await call(sim().baseUrl, VOICE, body, XML_HEADERS);
		expect(readXml(res.body).response.data.destinations.item[0].status.id).toBe('2104');
		expect(sim().journal[0].voice).toEqual({
			template: 'payment_due',
			destinations: ['0244123456'],
			schedule: { dateTime: '2030-01-31 08:30' },
			callback: { url: 'http://127.0.0.1:9/dlr', accept: 'application/json' },
		});
	});

	it('JSON (inferred): numbers and {number, id}; category 2, no text or type, destinations last', async () => {
		const data = await voiceOk(sim().baseUrl, voiceUnit(['0244123456', { number: '0201234567', id: ID_A }]));
		expect(Object.keys(data)).toEqual([
			'batch',
			'category',
			'delivery',
			'sender',
			'personalised',
			'destinationsCount',
			'destinations',
		]);
		expect(data).toMatchObject({ category: 2, delivery: false, sender: 'DemoVoice', personalised: false });
		expect(Object.keys(data.destinations[0])).toEqual([
			'id',
			'to',
			'country',
			'messageCount',
			'status',
			'submitDateTime',
		]);
		expect(data.destinations[1]).toMatchObject({ id: ID_A, to: '233201234567', messageCount: 1 });
	});

	it('the contract dialect: batch, category 2, delivery, destinations of {id, to, status}', async () => {
		sim().setDialect({ dialect: 'contract' });
		const data = await voiceOk(sim().baseUrl, voiceUnit(['0244123456']));
		expect(Object.keys(data)).toEqual(['batch', 'category', 'delivery', 'destinations']);
		expect(data.category).toBe(2);
		expect(Object.keys(data.destinations[0])).toEqual(['id', 'to', 'status']);
		const xml = await call(sim().baseUrl, VOICE, PHP_XML, XML_HEADERS);
		expect(readXml(xml.body).response.data.category).toBe('2');
	});

	it('key-value, percent-encoded as PHP http_build_query writes it', async () => {
		const body = new URLSearchParams({
			sender: 'DemoVoice',
			template: 'payment_due',
			schedule: '2030-01-31 08:30:00',
			offset: '+01:00',
			callback_url: 'http://127.0.0.1:9/dlr?a=1&b=2',
			callback_accept: 'application/json',
			to: `0244123456,${ID_A}@+233201234567`,
		}).toString();
		expect(body).toContain('schedule=2030-01-31+08%3A30%3A00&offset=%2B01%3A00');
		const res = await call(sim().baseUrl, VOICE, body, voiceHeaders(FORM));
		expect((JSON.parse(res.body) as Envelope).data.destinations.map((d) => [d.id === ID_A, d.to, d.status.id])).toEqual([
			[false, '233244123456', 2104],
			[true, '233201234567', 2104],
		]);
		expect(sim().journal[0].voice).toEqual({
			template: 'payment_due',
			sender: 'DemoVoice',
			destinations: ['0244123456', { number: '+233201234567', id: ID_A }],
			schedule: { dateTime: '2030-01-31 08:30:00', offset: '+01:00' },
			callback: { url: 'http://127.0.0.1:9/dlr?a=1&b=2', accept: 'application/json' },
		});
	});

	it('key-value as Python joins it, without percent-encoding: a + in to and offset is a plus', async () => {
		const body = `sender=Demo+Voice&template=appointment_reminder&schedule=2030-01-31 08:30:00&offset=+01:00&callback_url=http://127.0.0.1:9/dlr&to=+233244123456,${ID_A}@0201234567`;
		const res = await call(sim().baseUrl, VOICE, body, voiceHeaders(`${FORM}; charset=utf-8`));
		expect(JSON.parse(res.body).handshake.id).toBe(0);
		expect(sim().journal[0].voice).toEqual({
			template: 'appointment_reminder',
			sender: 'Demo Voice',
			destinations: ['+233244123456', { number: '0201234567', id: ID_A }],
			schedule: { dateTime: '2030-01-31 08:30:00', offset: '+01:00' },
			// The SDKs' default accept.
			callback: { url: 'http://127.0.0.1:9/dlr', accept: 'application/xml' },
		});
		// "Demo Voice" is not a voice sender of the account.
		expect((JSON.parse(res.body) as Envelope).data.destinations.map((d) => d.status.id)).toEqual([2128, 2128]);
	});

	it.each<[string, string]>([
		['no to', 'template=payment_due'],
		['a repeated key', 'template=payment_due&to=0244123456&to=0201234567'],
		['an offset without a schedule', 'template=payment_due&offset=%2B01%3A00&to=0244123456'],
		['a callback_accept without a url', 'template=payment_due&callback_accept=application%2Fjson&to=0244123456'],
		['a schedule without seconds or minutes', 'template=payment_due&schedule=2030-01-31&to=0244123456'],
		[
			'a callback_accept of text/plain',
			'template=payment_due&callback_url=http%3A%2F%2Fx%2F&callback_accept=text%2Fplain&to=1',
		],
	])('key-value with %s: 1402', async (_name, body) => {
		expect(await voiceHandshake(sim().baseUrl, body, FORM)).toBe(1402);
		expect(sim().balance('demo')).toBe(1000);
	});
});

describe('the template: 1505', () => {
	it.each<[string, string, string]>([
		[
			'JSON, an unknown template',
			JSON.stringify(voiceUnit(['0244123456'], { template: 'Payment_Due' })),
			'application/json',
		],
		['JSON, no template', JSON.stringify({ destinations: ['0244123456'] }), 'application/json'],
		['JSON, an empty template', JSON.stringify(voiceUnit(['0244123456'], { template: '' })), 'application/json'],
		['XML, no template', '<request><destinations><to>0244123456</to></destinations></request>', 'application/xml'],
		[
			'XML, <template/>',
			'<request><template/><destinations><to>0244123456</to></destinations></request>',
			'application/xml',
		],
		['key-value, no template (the writer allows it)', 'sender=DemoVoice&to=0244123456', FORM],
	])('%s: 1505, nothing submitted', async (_name, body, type) => {
		const res = await call(sim().baseUrl, VOICE, body, voiceHeaders(type));
		expect(JSON.parse(res.body)).toEqual({ handshake: { id: 1505, label: 'HSHK_ERR_MR_VOICE_FILE' }, data: null });
		expect(sim().journal[0]).toMatchObject({ handshake: 1505, submitted: false });
		expect(sim().balance('demo')).toBe(1000);
		expect(sim().submissionCounts()).toEqual({});
	});

	it('XML in the sdk dialect: 1505 without a data element', async () => {
		const res = await call(sim().baseUrl, VOICE, PHP_XML.replace('appointment_reminder', 'welcome_tpl'), XML_HEADERS);
		expect(readSdk(res).handshakeId).toBe(1505);
		expect(res.body).not.toContain('<data');
	});

	it('a template added by a test is playable; reset() restores the configured ones', async () => {
		expect(
			await voiceHandshake(sim().baseUrl, JSON.stringify(voiceUnit(['0244123456'], { template: 'welcome_tpl' }))),
		).toBe(1505);
		sim().setVoiceTemplates('demo', [...sim().voiceTemplates('demo'), 'welcome_tpl']);
		expect(sim().voiceTemplates('demo')).toEqual(['appointment_reminder', 'payment_due', 'welcome_tpl']);
		expect(
			await voiceHandshake(sim().baseUrl, JSON.stringify(voiceUnit(['0244123456'], { template: 'welcome_tpl' }))),
		).toBe(0);
		sim().reset();
		expect(sim().voiceTemplates('demo')).toEqual(['appointment_reminder', 'payment_due']);
	});
});

describe('what a voice request may not carry', () => {
	it.each<[string, string, string]>([
		['JSON text', JSON.stringify(voiceUnit(['0244123456'], { text: 'Hello' })), 'application/json'],
		['JSON type', JSON.stringify(voiceUnit(['0244123456'], { type: 0 })), 'application/json'],
		['JSON personalise', JSON.stringify(voiceUnit(['0244123456'], { personalise: false })), 'application/json'],
		[
			'JSON values on a destination',
			JSON.stringify(voiceUnit([{ number: '0244123456', values: ['Ama'] }])),
			'application/json',
		],
		[
			'JSON a template that is not a string',
			JSON.stringify(voiceUnit(['0244123456'], { template: 7 })),
			'application/json',
		],
		['JSON no destinations', JSON.stringify({ template: 'payment_due', destinations: [] }), 'application/json'],
		['XML text', PHP_XML.replace('<sender>', '<text>Hello</text><sender>'), 'application/xml'],
		['XML values', PHP_XML.replace(`<id>${ID_A}</id>`, '<values><value>Ama</value></values>'), 'application/xml'],
		['XML another root', PHP_XML.replace(/request>/g, 'voice>'), 'application/xml'],
		['key-value text', 'template=payment_due&text=Hello&to=0244123456', FORM],
		['key-value values', 'template=payment_due&values=Ama&to=0244123456', FORM],
	])('%s: 1402', async (_name, body, type) => {
		expect(await voiceHandshake(sim().baseUrl, body, type)).toBe(1402);
		expect(sim().balance('demo')).toBe(1000);
	});

	it('an empty body is 1401; a gzbin or text body is 1102', async () => {
		expect(await voiceHandshake(sim().baseUrl, '', 'application/json')).toBe(1401);
		expect(await voiceHandshake(sim().baseUrl, '', FORM)).toBe(1401);
		expect(await voiceHandshake(sim().baseUrl, 'x', 'application/vnd.zenoph.zbm.gzbin+xml')).toBe(1102);
		expect(await voiceHandshake(sim().baseUrl, 'x', 'text/plain')).toBe(1102);
	});

	it('multipart/form-data (an upload, whose layout no source shows): 1402, with or without a body', async () => {
		const boundary = '----sim';
		const upload = [
			`--${boundary}`,
			'Content-Disposition: form-data; name="template"',
			'',
			'welcome_tpl',
			`--${boundary}`,
			'Content-Disposition: form-data; name="voice_file"; filename="welcome.mp3"',
			'Content-Type: audio/mpeg',
			'',
			'ID3',
			`--${boundary}--`,
			'',
		].join('\r\n');
		expect(await voiceHandshake(sim().baseUrl, upload, `multipart/form-data; boundary=${boundary}`)).toBe(1402);
		// What the PHP SDK would send: no boundary, Content-Length 0.
		expect(await voiceHandshake(sim().baseUrl, '', 'multipart/form-data')).toBe(1402);
		expect(sim().journal.map((e) => [e.handshake, e.submitted])).toEqual([
			[1402, false],
			[1402, false],
		]);
		expect(sim().voiceTemplates('demo')).toEqual(['appointment_reminder', 'payment_due']);
	});

	it('the SMS send still refuses a form or multipart body (1102)', async () => {
		const res = await call(sim().baseUrl, '/v5/message/sms/send', 'to=0244123456', voiceHeaders(FORM));
		expect(JSON.parse(res.body).handshake.id).toBe(1102);
	});
});

describe('senders and credit', () => {
	it('no sender is accepted (the writers treat it as optional); the answer then has none', async () => {
		const data = await voiceOk(sim().baseUrl, { template: 'payment_due', destinations: ['0244123456'] });
		expect(data.sender).toBeUndefined();
		expect(data.destinations[0].status.id).toBe(2105);
	});

	it('a sender that is no voice sender of the account: 2128 everywhere, nothing charged (an SMS sender too)', async () => {
		const data = await voiceOk(sim().baseUrl, voiceUnit(['0244123456', '0201234567'], { sender: 'SMSDemo' }));
		expect(data.destinations.map((d) => [d.status.id, d.messageCount])).toEqual([
			[2128, 0],
			[2128, 0],
		]);
		expect(sim().balance('demo')).toBe(1000);
	});

	it('no length or character rule on a voice sender', async () => {
		const long = '+233 30 212 3456 ext. 9 (front desk)';
		const custom = new Simulator({
			accounts: [{ id: 'c', apiKey: 'c-key', balance: 5, senders: [], voiceSenders: [long], voiceTemplates: ['t'] }],
		});
		const base = await custom.start(0);
		try {
			const res = await call(
				base,
				VOICE,
				JSON.stringify({ template: 't', sender: long, destinations: ['0244123456'] }),
				{
					...JSON_HEADERS,
					authorization: 'key c-key',
				},
			);
			expect(envelopeOf(res).data.destinations[0].status.id).toBe(2105);
		} finally {
			await custom.stop();
		}
	});

	it('one credit per accepted destination; 2121 once the credit runs out; per-number counts as SMS', async () => {
		sim().setBalance('demo', 2);
		const data = await voiceOk(
			sim().baseUrl,
			voiceUnit(['0244123456', 'bad', '0244123456', '0201234567', '0551234567']),
		);
		expect(data.destinations.map((d) => [d.status.id, d.messageCount])).toEqual([
			[2105, 1],
			[2119, 0],
			[2120, 0],
			[2105, 1],
			[2121, 0],
		]);
		expect(sim().balance('demo')).toBe(0);
		expect(sim().submissionCounts()).toEqual({ '233244123456': 1, '233201234567': 1 });
	});
});
