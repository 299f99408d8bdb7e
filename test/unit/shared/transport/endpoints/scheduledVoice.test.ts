/**
 * Scheduled voice messages on the wire: the list asked for with category 2, a voice message read
 * beside SMS ones (its template in place of text and type), its category when it names none, the
 * voice update's body in the PHP SDK's order (JSON and XML) and its answer read as voice.
 */
import type { WireScheduledVoiceUpdate } from '../../../../../nodes/shared/transport/endpoints/scheduledUpdate';
import {
	encodeScheduledFilter,
	fromWireListedMessage,
	SCHEDULED_CATEGORY_IDS,
	scheduledCategory,
	scheduledMessagesReader,
} from '../../../../../nodes/shared/transport/endpoints/scheduled';
import {
	encodeScheduledUpdate,
	scheduledUpdateReader,
	scheduledVoiceUpdateReader,
} from '../../../../../nodes/shared/transport/endpoints/scheduledUpdate';
import { readXml } from './readXml';

const BATCH = '4f1c2a9be07d4c55a3b6e8f01d2c3b4a';
const OTHER_BATCH = 'a'.repeat(32);

const SMS_XML = `<message><batch>${BATCH}</batch><category>sms</category><type>0</type><text>Hi</text><sender>SMSDemo</sender></message>`;
const SMS_WIRE = { batch: BATCH, category: 'sms', type: 0, text: 'Hi', sender: 'SMSDemo' };

describe('encodeScheduledFilter: voice', () => {
	it('category 2, as the PHP SDK writes it for voice', () => {
		expect(SCHEDULED_CATEGORY_IDS).toEqual({ sms: 1, voice: 2 });
		expect(encodeScheduledFilter({ category: 2 }, 'json')).toBe('{"category":2}');
		expect(encodeScheduledFilter({ category: 2 }, 'xml')).toBe(
			`<request><category>2</category></request>`,
		);
	});
});

/** A listed voice message: its template in place of text and type (the simulator's shape). */
const VOICE_XML =
	`<message><batch>${OTHER_BATCH}</batch><category>voice</category><template>appointment_reminder</template><personalise>false</personalise>` +
	'<sender>DemoVoice</sender><schedule><dateTime>2030-01-01 08:00:00</dateTime><offset>+00:00</offset></schedule><destinationsCount>1</destinationsCount></message>';

const VOICE_WIRE = {
	batch: OTHER_BATCH,
	category: 'voice',
	template: 'appointment_reminder',
	personalised: false,
	sender: 'DemoVoice',
	schedule: { dateTime: '2030-01-01 08:00:00', offset: '+00:00' },
	destinationsCount: 1,
};

describe('scheduled voice messages', () => {
	it('are read beside SMS ones, XML and JSON (category 2 in JSON); a USSD message is left out', () => {
		const ussd = `<message><batch>${'c'.repeat(32)}</batch><category>ussd</category></message>`;
		expect(
			readXml(scheduledMessagesReader, `<messages>${SMS_XML}${VOICE_XML}${ussd}</messages>`),
		).toEqual([SMS_WIRE, VOICE_WIRE]);
		const json = { ...VOICE_WIRE, category: 2, personalise: false, personalised: undefined };
		expect(
			scheduledMessagesReader.read({ messages: [json, { batch: BATCH, category: 3 }] }),
		).toEqual([VOICE_WIRE]);
	});

	it('scheduledCategory: the one named; when none is, voice for a template without text, else SMS', () => {
		expect(scheduledCategory({ batch: BATCH, category: 'voice' })).toBe('voice');
		expect(scheduledCategory({ batch: BATCH, category: 'sms', template: 'x' })).toBe('sms');
		expect(scheduledCategory({ batch: BATCH, template: 'x' })).toBe('voice');
		expect(scheduledCategory({ batch: BATCH, template: 'x', text: 'Hi' })).toBe('sms');
		expect(scheduledCategory({ batch: BATCH })).toBe('sms');
	});

	it('in the node’s words: the template where an SMS has type and text; no sender is null; an SMS as before', () => {
		expect(fromWireListedMessage({ batch: BATCH, category: 'sms', text: 'Hi' })).toMatchObject({
			category: 'sms',
			text: 'Hi',
			messageType: null,
		});
		expect(
			fromWireListedMessage({
				...VOICE_WIRE,
				category: 'voice',
				callback: { url: 'https://example.com/dlr', accept: 'application/xml' },
			}),
		).toEqual({
			batch: OTHER_BATCH,
			category: 'voice',
			template: 'appointment_reminder',
			sender: 'DemoVoice',
			scheduledAt: '2030-01-01 08:00:00',
			utcOffset: '+00:00',
			deliveryReportUrl: 'https://example.com/dlr',
			destinationsCount: 1,
		});
		expect(fromWireListedMessage({ batch: BATCH, category: 'voice' })).toEqual({
			batch: BATCH,
			category: 'voice',
			template: null,
			sender: null,
			scheduledAt: null,
			utcOffset: null,
		});
	});
});

describe('encodeScheduledUpdate: a voice message', () => {
	const id = 'APT-7-0123456789abcdef0123456789abcdef01';
	const full: WireScheduledVoiceUpdate = {
		destinations: { add: [{ number: '0241234567' }, { number: '0201234567', id }], delete: ['m1'] },
		callback: { url: 'https://example.com/dlr', accept: 'application/xml' },
		schedule: { dateTime: '2030-01-01 08:00:00', offset: '+00:00' },
		sender: 'DemoVoice',
		template: 'payment_due',
	};

	it('XML: template, sender, schedule, callback in the PHP SDK’s order, whatever the object’s, then <destinations>', () => {
		expect(encodeScheduledUpdate(full, 'xml')).toBe(
			`<request><template>payment_due</template><sender>DemoVoice</sender>` +
				'<schedule><dateTime>2030-01-01 08:00:00</dateTime><offset>+00:00</offset></schedule>' +
				'<callback><url>https://example.com/dlr</url><accept>application/xml</accept></callback>' +
				`<destinations><add><to>0241234567</to><to><number>0201234567</number><id>${id}</id></to></add>` +
				'<delete><to><id>m1</id></to></delete></destinations></request>',
		);
	});

	it('JSON: the same members in the same order', () => {
		expect(encodeScheduledUpdate(full, 'json')).toBe(
			'{"template":"payment_due","sender":"DemoVoice","schedule":{"dateTime":"2030-01-01 08:00:00","offset":"+00:00"},' +
				'"callback":{"url":"https://example.com/dlr","accept":"application/xml"},' +
				`"destinations":{"add":["0241234567",{"number":"0201234567","id":"${id}"}],"delete":[{"id":"m1"}]}}`,
		);
	});

	it('no sender, or an empty one: no sender member; no text, type or personalise ever', () => {
		expect(encodeScheduledUpdate({ template: 'payment_due', sender: '' }, 'xml')).toBe(
			`<request><template>payment_due</template></request>`,
		);
		expect(encodeScheduledUpdate({ template: 'payment_due' }, 'json')).toBe(
			'{"template":"payment_due"}',
		);
	});
});

describe('scheduledVoiceUpdateReader', () => {
	const answer = (category: string) =>
		`<batch>${BATCH}</batch><category>${category}</category><delivery>false</delivery><destinations>` +
		'<item><to>233241234567</to><id>m1</id><status><id>2104</id><label>DS_SUBMIT_SCHEDULED</label></status></item></destinations>';

	it('reads a voice answer (the label in any case, or 2, or none)', () => {
		const destinations = [
			{ id: 'm1', to: '233241234567', status: { id: 2104, label: 'DS_SUBMIT_SCHEDULED' } },
		];
		expect(readXml(scheduledVoiceUpdateReader, answer('VOICE'))).toEqual({
			batch: BATCH,
			category: 'voice',
			delivery: false,
			destinations,
		});
		expect(
			scheduledVoiceUpdateReader.read({ batch: BATCH, category: 2, delivery: false, destinations }),
		).toMatchObject({ category: 'voice' });
		expect(
			scheduledVoiceUpdateReader.read({ batch: BATCH, delivery: false, destinations }),
		).not.toHaveProperty('category');
	});

	it('an answer about SMS is not about this update: unreadable, with the update’s own words', () => {
		expect(() => readXml(scheduledVoiceUpdateReader, answer('sms'))).toThrow(
			'the answer names the message category sms, not voice',
		);
		expect(scheduledVoiceUpdateReader.unreadable).toBe(scheduledUpdateReader.unreadable);
		expect(scheduledVoiceUpdateReader.xmlLists).toEqual(scheduledUpdateReader.xmlLists);
	});
});
