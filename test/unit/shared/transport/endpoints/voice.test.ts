/**
 * The voice send's body (exact XML in the PHP SDK's order, JSON by the same members) and the
 * reading of its answer: category voice (label in any case, or 2) or none; SMS or USSD unreadable.
 */
import {
	encodeVoiceUnit,
	readVoiceSendResult,
	VOICE_SEND_PATH,
} from '../../../../../nodes/shared/transport/endpoints/voice';
import { decoded } from '../../../../../nodes/shared/transport/read';
import {
	fromWireSendResult,
	readSendResult,
} from '../../../../../nodes/shared/transport/endpoints/send';
import { toWireVoiceUnit } from '../../../../../nodes/SmsOnlineGh/sending/outgoing';
import type { Recipient, VoiceMessage } from '../../../../../nodes/SmsOnlineGh/sending/message';

const ID = 'ORD-1-0123456789abcdef0123456789abcdef01';

describe('encodeVoiceUnit', () => {
	it('the path', () => {
		expect(VOICE_SEND_PATH).toBe('/v5/message/voice/send');
	});

	it('XML: template, sender, schedule, callback, destinations, in that order whatever the object order', () => {
		const unit = {
			destinations: ['0241234567', { number: '233201234567', id: ID }],
			callback: { url: 'https://example.com/dlr?a=1&b=2', accept: 'application/json' },
			schedule: { dateTime: '2030-01-31 08:30', offset: '+00:00' },
			sender: 'DemoVoice',
			template: 'appointment_reminder',
		};
		expect(encodeVoiceUnit(unit, 'xml')).toBe(
			'<request><template>appointment_reminder</template><sender>DemoVoice</sender>' +
				'<schedule><dateTime>2030-01-31 08:30</dateTime><offset>+00:00</offset></schedule>' +
				'<callback><url>https://example.com/dlr?a=1&amp;b=2</url><accept>application/json</accept></callback>' +
				`<destinations><to>0241234567</to><to><number>233201234567</number><id>${ID}</id></to></destinations></request>`,
		);
		expect(encodeVoiceUnit(unit, 'json')).toBe(
			'{"template":"appointment_reminder","sender":"DemoVoice","schedule":{"dateTime":"2030-01-31 08:30","offset":"+00:00"},' +
				`"callback":{"url":"https://example.com/dlr?a=1&b=2","accept":"application/json"},"destinations":["0241234567",{"number":"233201234567","id":"${ID}"}]}`,
		);
	});

	it('an empty sender is left out, as the SDK leaves it out; the template is escaped', () => {
		const unit = { template: 'a<b>&"c\'', sender: '', destinations: ['0241234567'] };
		expect(encodeVoiceUnit(unit, 'xml')).toBe(
			'<request><template>a&lt;b&gt;&amp;&quot;c&apos;</template><destinations><to>0241234567</to></destinations></request>',
		);
		expect(encodeVoiceUnit(unit, 'json')).toBe(
			'{"template":"a<b>&\\"c\'","destinations":["0241234567"]}',
		);
	});
});

describe('toWireVoiceUnit', () => {
	const recipient = (number: string, extra: Partial<Recipient> = {}): Recipient => ({
		itemIndex: 0,
		input: number,
		number,
		key: `233${number.slice(1)}`,
		text: '',
		characters: 0,
		parts: 0,
		...extra,
	});
	const message = (recipients: Recipient[], extra: Partial<VoiceMessage> = {}): VoiceMessage => ({
		kind: 'voice',
		sender: '',
		template: 'payment_due',
		recipients,
		...extra,
	});

	it('no text, type or values; a recipient with a message id takes the object form; no sender when empty', () => {
		const unit = toWireVoiceUnit(
			message([
				recipient('0241234567'),
				recipient('0201234567', { reference: 'ORD-1', messageId: ID }),
			]),
		);
		expect(unit).toEqual({
			template: 'payment_due',
			destinations: ['0241234567', { number: '0201234567', id: ID }],
		});
	});

	it('the sender, schedule and callback when set, and only the recipients asked for', () => {
		const a = recipient('0241234567');
		const b = recipient('0201234567');
		const schedule = { dateTime: '2030-01-31 08:30' };
		const callback = { url: 'https://example.com/dlr', accept: 'application/xml' };
		expect(
			toWireVoiceUnit(message([a, b], { sender: 'DemoVoice', schedule, callback }), [b]),
		).toEqual({
			template: 'payment_due',
			sender: 'DemoVoice',
			schedule,
			callback,
			destinations: ['0201234567'],
		});
	});
});

describe('the voice send answer', () => {
	const answer = (category: unknown) => ({
		batch: '5e2374a447b9201e33096d1c5283326e',
		...(category === undefined ? {} : { category }),
		delivery: false,
		destinations: [
			{ id: 'm1', to: '233241234567', status: { id: 2105, label: 'DS_PENDING_ENROUTE' } },
		],
	});

	it.each([2, '2', 'voice', 'VOICE', ' Voice '])(
		'category %j is voice, and the node says voice',
		(category) => {
			const read = readVoiceSendResult(answer(category));
			expect(read.category).toBe('voice');
			expect(fromWireSendResult(read).category).toBe('voice');
		},
	);

	it('no category: read (dispatch says voice for a voice request whatever the answer omits)', () => {
		const read = readVoiceSendResult(answer(undefined));
		expect(read).not.toHaveProperty('category');
	});

	it.each([
		[1, 'sms'],
		['sms', 'sms'],
		[3, 'ussd'],
	])('category %j is not about this voice request: unreadable', (category, name) => {
		expect(decoded(() => readVoiceSendResult(answer(category)))).toEqual({
			ok: false,
			reason: `the answer names the message category ${name}, not voice`,
		});
	});

	it('the SMS send reader still refuses a voice answer', () => {
		expect(decoded(() => readSendResult(answer('voice')))).toEqual({
			ok: false,
			reason: 'the answer names the message category voice, not SMS',
		});
	});
});
