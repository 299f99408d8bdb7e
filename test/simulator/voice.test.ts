/**
 * POST /v5/message/voice/send: the three body forms and the answer in each dialect. The template,
 * what a request may not carry, senders and credit are in voice-checks.test.ts.
 */
import type { Envelope } from './answers';
import { XML_HEADERS, UUID, readXml, useSimulator } from './helpers';
import { call } from './lifecycle-helpers';
import { readSdk, readSendResult } from './sdk-reader';
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

describe('the three body forms', () => {
	it('XML as the PHP SDK writes it: the SDK reads the answer as a voice report', async () => {
		const res = await call(sim().baseUrl, VOICE, PHP_XML, XML_HEADERS);
		const data = readSendResult(readSdk(res));
		expect(data).toMatchObject({
			category: 'voice',
			delivery: 'false',
			sender: 'DemoVoice',
			destinationsCount: '2',
		});
		expect(data.text).toBeUndefined();
		expect(data.type).toBeUndefined();
		expect(data.destinations.item.map((d) => [d.to, d.messageCount, d.status.id])).toEqual([
			['233244123456', '1', '2105'],
			['233201234567', '1', '2105'],
		]);
		expect(data.destinations.item[0].id).toMatch(UUID);
		expect(data.destinations.item[1].id).toBe(ID_A);
		expect(data.destinations.item[0].message).toBeUndefined();
		expect(sim().journal[0]).toMatchObject({
			path: VOICE,
			accountId: 'demo',
			handshake: 0,
			submitted: true,
		});
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
		const data = await voiceOk(
			sim().baseUrl,
			voiceUnit(['0244123456', { number: '0201234567', id: ID_A }]),
		);
		expect(Object.keys(data)).toEqual([
			'batch',
			'category',
			'delivery',
			'sender',
			'personalised',
			'destinationsCount',
			'destinations',
		]);
		expect(data).toMatchObject({
			category: 2,
			delivery: false,
			sender: 'DemoVoice',
			personalised: false,
		});
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
		expect(
			(JSON.parse(res.body) as Envelope).data.destinations.map((d) => [
				d.id === ID_A,
				d.to,
				d.status.id,
			]),
		).toEqual([
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
		expect((JSON.parse(res.body) as Envelope).data.destinations.map((d) => d.status.id)).toEqual([
			2128, 2128,
		]);
	});

	it.each<[string, string]>([
		['no to', 'template=payment_due'],
		['a repeated key', 'template=payment_due&to=0244123456&to=0201234567'],
		['an offset without a schedule', 'template=payment_due&offset=%2B01%3A00&to=0244123456'],
		[
			'a callback_accept without a url',
			'template=payment_due&callback_accept=application%2Fjson&to=0244123456',
		],
		[
			'a schedule without seconds or minutes',
			'template=payment_due&schedule=2030-01-31&to=0244123456',
		],
		[
			'a callback_accept of text/plain',
			'template=payment_due&callback_url=http%3A%2F%2Fx%2F&callback_accept=text%2Fplain&to=1',
		],
	])('key-value with %s: 1402', async (_name, body) => {
		expect(await voiceHandshake(sim().baseUrl, body, FORM)).toBe(1402);
		expect(sim().balance('demo')).toBe(1000);
	});
});
