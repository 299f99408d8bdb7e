/**
 * POST /v5/message/voice/send, what is refused or charged: the template (1505), what a voice request
 * may not carry, multipart refused, senders and credit. The body forms are in voice.test.ts.
 */
import { Simulator } from '../../simulator';
import { JSON_HEADERS, XML_HEADERS, useSimulator } from './helpers';
import { call, envelopeOf } from './lifecycle-helpers';
import { readSdk } from './sdk-reader';
import {
	FORM,
	ID_A,
	VOICE,
	voiceHandshake,
	voiceHeaders,
	voiceOk,
	voiceUnit,
} from './voice-helpers';

const sim = useSimulator();

/** The PHP SDK's XML writer's sample, with the demo account's template and sender. */
const PHP_XML = `<request><template>appointment_reminder</template><sender>DemoVoice</sender><destinations><to>0244123456</to><to><number>233201234567</number><id>${ID_A}</id></to></destinations></request>`;

describe('the template: 1505', () => {
	it.each<[string, string, string]>([
		[
			'JSON, an unknown template',
			JSON.stringify(voiceUnit(['0244123456'], { template: 'Payment_Due' })),
			'application/json',
		],
		['JSON, no template', JSON.stringify({ destinations: ['0244123456'] }), 'application/json'],
		[
			'JSON, an empty template',
			JSON.stringify(voiceUnit(['0244123456'], { template: '' })),
			'application/json',
		],
		[
			'XML, no template',
			'<request><destinations><to>0244123456</to></destinations></request>',
			'application/xml',
		],
		[
			'XML, <template/>',
			'<request><template/><destinations><to>0244123456</to></destinations></request>',
			'application/xml',
		],
		['key-value, no template (the writer allows it)', 'sender=DemoVoice&to=0244123456', FORM],
	])('%s: 1505, nothing submitted', async (_name, body, type) => {
		const res = await call(sim().baseUrl, VOICE, body, voiceHeaders(type));
		expect(JSON.parse(res.body)).toEqual({
			handshake: { id: 1505, label: 'HSHK_ERR_MR_VOICE_FILE' },
			data: null,
		});
		expect(sim().journal[0]).toMatchObject({ handshake: 1505, submitted: false });
		expect(sim().balance('demo')).toBe(1000);
		expect(sim().submissionCounts()).toEqual({});
	});

	it('XML in the sdk dialect: 1505 without a data element', async () => {
		const res = await call(
			sim().baseUrl,
			VOICE,
			PHP_XML.replace('appointment_reminder', 'welcome_tpl'),
			XML_HEADERS,
		);
		expect(readSdk(res).handshakeId).toBe(1505);
		expect(res.body).not.toContain('<data');
	});

	it('a template added by a test is playable; reset() restores the configured ones', async () => {
		expect(
			await voiceHandshake(
				sim().baseUrl,
				JSON.stringify(voiceUnit(['0244123456'], { template: 'welcome_tpl' })),
			),
		).toBe(1505);
		sim().setVoiceTemplates('demo', [...sim().voiceTemplates('demo'), 'welcome_tpl']);
		expect(sim().voiceTemplates('demo')).toEqual([
			'appointment_reminder',
			'payment_due',
			'welcome_tpl',
		]);
		expect(
			await voiceHandshake(
				sim().baseUrl,
				JSON.stringify(voiceUnit(['0244123456'], { template: 'welcome_tpl' })),
			),
		).toBe(0);
		sim().reset();
		expect(sim().voiceTemplates('demo')).toEqual(['appointment_reminder', 'payment_due']);
	});
});

describe('what a voice request may not carry', () => {
	it.each<[string, string, string]>([
		['JSON text', JSON.stringify(voiceUnit(['0244123456'], { text: 'Hello' })), 'application/json'],
		['JSON type', JSON.stringify(voiceUnit(['0244123456'], { type: 0 })), 'application/json'],
		[
			'JSON personalise',
			JSON.stringify(voiceUnit(['0244123456'], { personalise: false })),
			'application/json',
		],
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
		[
			'JSON no destinations',
			JSON.stringify({ template: 'payment_due', destinations: [] }),
			'application/json',
		],
		['XML text', PHP_XML.replace('<sender>', '<text>Hello</text><sender>'), 'application/xml'],
		[
			'XML values',
			PHP_XML.replace(`<id>${ID_A}</id>`, '<values><value>Ama</value></values>'),
			'application/xml',
		],
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
		expect(await voiceHandshake(sim().baseUrl, 'x', 'application/vnd.zenoph.zbm.gzbin+xml')).toBe(
			1102,
		);
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
		expect(
			await voiceHandshake(sim().baseUrl, upload, `multipart/form-data; boundary=${boundary}`),
		).toBe(1402);
		// What the PHP SDK would send: no boundary, Content-Length 0.
		expect(await voiceHandshake(sim().baseUrl, '', 'multipart/form-data')).toBe(1402);
		expect(sim().journal.map((e) => [e.handshake, e.submitted])).toEqual([
			[1402, false],
			[1402, false],
		]);
		expect(sim().voiceTemplates('demo')).toEqual(['appointment_reminder', 'payment_due']);
	});

	it('the SMS send still refuses a form or multipart body (1102)', async () => {
		const res = await call(
			sim().baseUrl,
			'/v5/message/sms/send',
			'to=0244123456',
			voiceHeaders(FORM),
		);
		expect(JSON.parse(res.body).handshake.id).toBe(1102);
	});
});

describe('senders and credit', () => {
	it('no sender is accepted (the writers treat it as optional); the answer then has none', async () => {
		const data = await voiceOk(sim().baseUrl, {
			template: 'payment_due',
			destinations: ['0244123456'],
		});
		expect(data.sender).toBeUndefined();
		expect(data.destinations[0].status.id).toBe(2105);
	});

	it('a sender that is no voice sender of the account: 2128 everywhere, nothing charged (an SMS sender too)', async () => {
		const data = await voiceOk(
			sim().baseUrl,
			voiceUnit(['0244123456', '0201234567'], { sender: 'SMSDemo' }),
		);
		expect(data.destinations.map((d) => [d.status.id, d.messageCount])).toEqual([
			[2128, 0],
			[2128, 0],
		]);
		expect(sim().balance('demo')).toBe(1000);
	});

	it('no length or character rule on a voice sender', async () => {
		const long = '+233 30 212 3456 ext. 9 (front desk)';
		const custom = new Simulator({
			accounts: [
				{
					id: 'c',
					apiKey: 'c-key',
					balance: 5,
					senders: [],
					voiceSenders: [long],
					voiceTemplates: ['t'],
				},
			],
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
