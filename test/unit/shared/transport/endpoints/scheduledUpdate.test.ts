/**
 * The update of a scheduled message on the wire (scheduledUpdate.ts): its body (full strings, JSON
 * and XML) and its answer.
 */
import {
	encodeScheduledUpdate,
	scheduledUpdateReader,
	type WireScheduledUpdate,
} from '../../../../../nodes/shared/transport/endpoints/scheduledUpdate';
import { sendResultReader } from '../../../../../nodes/shared/transport/endpoints/send';
import { readXml } from './readXml';

const BATCH = '4f1c2a9be07d4c55a3b6e8f01d2c3b4a';

describe('encodeScheduledUpdate', () => {
	const properties = { text: 'Hi', type: 0, sender: 'SMSDemo' };
	const id = 'ORD-1-0123456789abcdef0123456789abcdef012';
	const full: WireScheduledUpdate = {
		...properties,
		personalise: false,
		schedule: { dateTime: '2030-01-01 08:00:00', offset: '+00:00' },
		callback: { url: 'https://example.com/dlr', accept: 'application/xml' },
		destinations: {
			add: [
				{ number: '0241234567' },
				{ number: '0201234567', id },
				{ number: '0551234567', values: ['Ama', 5] },
			],
			delete: ['m1', 'm2'],
		},
	};

	it('JSON: the properties, then destinations {add: [number | {number, id, values}], delete: [{id}]}', () => {
		expect(encodeScheduledUpdate(full, 'json')).toBe(
			'{"text":"Hi","type":0,"sender":"SMSDemo","personalise":false,' +
				'"schedule":{"dateTime":"2030-01-01 08:00:00","offset":"+00:00"},"callback":{"url":"https://example.com/dlr","accept":"application/xml"},' +
				`"destinations":{"add":["0241234567",{"number":"0201234567","id":"${id}"},{"number":"0551234567","values":["Ama",5]}],` +
				'"delete":[{"id":"m1"},{"id":"m2"}]}}',
		);
	});

	it('XML: <destinations><add><to>…</to></add><delete><to><id>…</id></to></delete></destinations>, last', () => {
		expect(encodeScheduledUpdate(full, 'xml')).toBe(
			`<request><text>Hi</text><type>0</type><sender>SMSDemo</sender><personalise>false</personalise>` +
				'<schedule><dateTime>2030-01-01 08:00:00</dateTime><offset>+00:00</offset></schedule>' +
				'<callback><url>https://example.com/dlr</url><accept>application/xml</accept></callback>' +
				`<destinations><add><to>0241234567</to><to><number>0201234567</number><id>${id}</id></to>` +
				'<to><number>0551234567</number><values><value>Ama</value><value>5</value></values></to></add>' +
				'<delete><to><id>m1</id></to><to><id>m2</id></to></delete></destinations></request>',
		);
	});

	it('one destination to add and one to delete are still elements', () => {
		const one = {
			...properties,
			destinations: { add: [{ number: '0241234567', id }], delete: ['m1'] },
		};
		expect(encodeScheduledUpdate(one, 'xml')).toBe(
			`<request><text>Hi</text><type>0</type><sender>SMSDemo</sender><destinations>` +
				`<add><to><number>0241234567</number><id>${id}</id></to></add><delete><to><id>m1</id></to></delete></destinations></request>`,
		);
		expect(encodeScheduledUpdate(one, 'json')).toBe(
			`{"text":"Hi","type":0,"sender":"SMSDemo","destinations":{"add":[{"number":"0241234567","id":"${id}"}],"delete":[{"id":"m1"}]}}`,
		);
	});

	it('only deletions, or only additions: the other element is left out', () => {
		expect(encodeScheduledUpdate({ ...properties, destinations: { delete: ['m1'] } }, 'xml')).toBe(
			`<request><text>Hi</text><type>0</type><sender>SMSDemo</sender><destinations><delete><to><id>m1</id></to></delete></destinations></request>`,
		);
		expect(
			encodeScheduledUpdate(
				{ ...properties, destinations: { add: [{ number: '0241234567' }], delete: [] } },
				'json',
			),
		).toBe('{"text":"Hi","type":0,"sender":"SMSDemo","destinations":{"add":["0241234567"]}}');
	});

	it('no change of destinations: no destinations element at all', () => {
		const expected = `<request><text>Hi</text><type>0</type><sender>SMSDemo</sender></request>`;
		expect(encodeScheduledUpdate(properties, 'xml')).toBe(expected);
		expect(
			encodeScheduledUpdate({ ...properties, destinations: { add: [], delete: [] } }, 'xml'),
		).toBe(expected);
		expect(encodeScheduledUpdate({ ...properties, destinations: {} }, 'json')).toBe(
			'{"text":"Hi","type":0,"sender":"SMSDemo"}',
		);
	});

	it('text is escaped in XML', () => {
		expect(encodeScheduledUpdate({ ...properties, text: 'A & B <C>' }, 'xml')).toBe(
			`<request><text>A &amp; B &lt;C&gt;</text><type>0</type><sender>SMSDemo</sender></request>`,
		);
	});
});

describe('scheduledUpdateReader', () => {
	it('reads the batch’s destinations after the change, as a send answer (2103: deleted)', () => {
		const xml =
			`<batch>${BATCH}</batch><category>sms</category><delivery>false</delivery><destinations>` +
			'<item><to>233241234567</to><id>m1</id><status><id>2103</id><label>DS_SCHEDULE_DELETED</label></status></item></destinations>';
		expect(readXml(scheduledUpdateReader, xml)).toEqual({
			batch: BATCH,
			category: 'sms',
			delivery: false,
			destinations: [
				{ id: 'm1', to: '233241234567', status: { id: 2103, label: 'DS_SCHEDULE_DELETED' } },
			],
		});
		expect(scheduledUpdateReader.xmlLists).toEqual(sendResultReader.xmlLists);
	});

	it('an unreadable answer says the update was made and to check with Get', () => {
		expect(scheduledUpdateReader.unreadable('batch is missing')).toEqual({
			message:
				'The SMS service updated the scheduled message but its answer could not be read: check it with Get before changing it again',
			description:
				'The handshake was 0 (accepted), but batch is missing. Check the scheduled message with Get before changing it again.',
		});
	});
});
