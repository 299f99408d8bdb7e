/**
 * Destinations with the client's own message id: the object form `{number, id}` in JSON and
 * `<to><number/><id/></to>` in XML (id after number, before values, as the vendor's SDK writes it),
 * mixed with plain numbers in one request; and the node's recipients carrying their message ids
 * into the wire unit, plain and personalised.
 */
import type { OutgoingMessage, Recipient } from '../../../nodes/SmsOnlineGh/sending/message';
import { toWireMessageUnit } from '../../../nodes/SmsOnlineGh/sending/message';
import type { WireMessageUnit } from '../../../nodes/shared/transport/endpoints/send';
import { encodeMessageUnit } from '../../../nodes/shared/transport/endpoints/send';

const ID_A = 'ORD-1-00112233445566778899aabbccddeeff0011';
const ID_B = '0123456789abcdef0123456789abcdef01234567';

describe('encodeMessageUnit: destinations with a custom message id', () => {
	const unit: WireMessageUnit = {
		text: 'Hello',
		type: 0,
		sender: 'SMSDemo',
		destinations: ['0241234567', { number: '0201234567', id: ID_A }],
	};

	it('JSON: a plain number beside {number, id}', () => {
		expect(encodeMessageUnit(unit, 'json')).toBe(
			`{"text":"Hello","type":0,"sender":"SMSDemo","destinations":["0241234567",{"number":"0201234567","id":"${ID_A}"}]}`,
		);
	});

	it('XML: <to>number</to> beside <to><number/><id/></to>', () => {
		expect(encodeMessageUnit(unit, 'xml')).toBe(
			`<request><text>Hello</text><type>0</type><sender>SMSDemo</sender>` +
				`<destinations><to>0241234567</to><to><number>0201234567</number><id>${ID_A}</id></to></destinations></request>`,
		);
	});

	it('XML: one identified destination alone is still one <to> element', () => {
		const one: WireMessageUnit = { ...unit, destinations: [{ number: '0201234567', id: ID_B }] };
		expect(encodeMessageUnit(one, 'xml')).toBe(
			`<request><text>Hello</text><type>0</type><sender>SMSDemo</sender>` +
				`<destinations><to><number>0201234567</number><id>${ID_B}</id></to></destinations></request>`,
		);
	});

	it('personalised: the id stands between the number and the values, in JSON and XML', () => {
		const personalised: WireMessageUnit = {
			text: 'Hi {$va}',
			type: 0,
			sender: 'SMSDemo',
			destinations: [
				{ number: '0241234567', id: ID_A, values: ['Ama'] },
				{ number: '0201234567', values: ['Kofi'] },
			],
		};
		expect(encodeMessageUnit(personalised, 'json')).toBe(
			`{"text":"Hi {$va}","type":0,"sender":"SMSDemo","destinations":[{"number":"0241234567","id":"${ID_A}","values":["Ama"]},` +
				'{"number":"0201234567","values":["Kofi"]}]}',
		);
		expect(encodeMessageUnit(personalised, 'xml')).toBe(
			`<request><text>Hi {$va}</text><type>0</type><sender>SMSDemo</sender><destinations>` +
				`<to><number>0241234567</number><id>${ID_A}</id><values><value>Ama</value></values></to>` +
				'<to><number>0201234567</number><values><value>Kofi</value></values></to></destinations></request>',
		);
	});

	it('XML: the schedule and callback follow the destinations, as the v5 documentation puts them', () => {
		const scheduled: WireMessageUnit = {
			...unit,
			destinations: [{ number: '0201234567', id: ID_B }],
			schedule: { dateTime: '2030-01-01 08:00:00', offset: '+00:00' },
			callback: { url: 'https://example.com/dlr', accept: 'application/json' },
		};
		expect(encodeMessageUnit(scheduled, 'xml')).toBe(
			`<request><text>Hello</text><type>0</type><sender>SMSDemo</sender>` +
				`<destinations><to><number>0201234567</number><id>${ID_B}</id></to></destinations>` +
				'<schedule><dateTime>2030-01-01 08:00:00</dateTime><offset>+00:00</offset></schedule>' +
				'<callback><url>https://example.com/dlr</url><accept>application/json</accept></callback></request>',
		);
	});

	it('without ids, the plain forms are unchanged', () => {
		const plain: WireMessageUnit = { ...unit, destinations: ['0241234567', '0201234567'] };
		expect(encodeMessageUnit(plain, 'xml')).toBe(
			`<request><text>Hello</text><type>0</type><sender>SMSDemo</sender>` +
				'<destinations><to>0241234567</to><to>0201234567</to></destinations></request>',
		);
		expect(encodeMessageUnit(plain, 'json')).toBe(
			'{"text":"Hello","type":0,"sender":"SMSDemo","destinations":["0241234567","0201234567"]}',
		);
	});
});

function recipient(itemIndex: number, number: string, extra: Partial<Recipient> = {}): Recipient {
	return {
		itemIndex,
		input: number,
		number,
		key: `233${number.slice(1)}`,
		text: 'Hello',
		characters: 5,
		parts: 1,
		...extra,
	};
}

function message(recipients: Recipient[], extra: Partial<OutgoingMessage> = {}): OutgoingMessage {
	return {
		sender: 'SMSDemo',
		text: 'Hello',
		type: 'gsm',
		personalised: false,
		recipients,
		...extra,
	};
}

describe('toWireMessageUnit: recipients with a message id', () => {
	it('plain: the recipient with an id takes the object form, the other stays a number', () => {
		const unit = toWireMessageUnit(
			message([
				recipient(0, '0241234567'),
				recipient(1, '0201234567', { reference: 'ORD-1', messageId: ID_A }),
			]),
		);
		expect(unit).toEqual({
			text: 'Hello',
			type: 0,
			sender: 'SMSDemo',
			destinations: ['0241234567', { number: '0201234567', id: ID_A }],
		});
	});

	it('personalised: number, id and the values per occurrence', () => {
		const withId = recipient(0, '0241234567', {
			messageId: ID_A,
			values: ['Ama', 5],
			text: 'Hi Ama, 5 Ama',
		});
		const without = recipient(1, '0201234567', { values: ['Kofi', 2], text: 'Hi Kofi, 2 Kofi' });
		const unit = toWireMessageUnit(
			message([withId, without], { text: 'Hi {$name}, {$n} {$name}', personalised: true }),
		);
		expect(unit).toEqual({
			text: 'Hi {$va}, {$vb} {$vc}',
			type: 0,
			sender: 'SMSDemo',
			destinations: [
				{ number: '0241234567', id: ID_A, values: ['Ama', 5, 'Ama'] },
				{ number: '0201234567', values: ['Kofi', 2, 'Kofi'] },
			],
		});
	});

	it('only the recipients given, with their ids; schedule and callback copied', () => {
		const a = recipient(0, '0241234567', { messageId: ID_A });
		const b = recipient(1, '0201234567', { messageId: ID_B });
		const schedule = { dateTime: '2030-01-01 08:00:00', offset: '+00:00' };
		const unit = toWireMessageUnit(message([a, b], { schedule }), [b]);
		expect(unit).toEqual({
			text: 'Hello',
			type: 0,
			sender: 'SMSDemo',
			destinations: [{ number: '0201234567', id: ID_B }],
			schedule,
		});
		expect(unit.schedule).not.toBe(schedule);
	});
});
