/**
 * Scheduled messages on the wire: the paths, the list's filter, the list read in every wrapping
 * the service may use (JSON and XML, one message still a list, `personalise` or `personalised`),
 * a message's destinations and the bare acknowledgement of cancel and dispatch. The update is in
 * scheduledUpdate.test.ts.
 */
import {
	acknowledgementReader,
	encodeScheduledFilter,
	fromWireScheduledMessage,
	SCHEDULED_LIST_PATH,
	scheduledDestinationsReader,
	scheduledMessagesReader,
	scheduledPath,
} from '../../../../../nodes/shared/transport/endpoints/scheduled';
import { omit } from '../../../../harness/omit';
import { readXml } from './readXml';

const BATCH = '4f1c2a9be07d4c55a3b6e8f01d2c3b4a';

describe('scheduled paths', () => {
	it('the list, and each action on one batch', () => {
		expect(SCHEDULED_LIST_PATH).toBe('/v5/message/scheduled/load');
		expect(scheduledPath('load', BATCH)).toBe(`/v5/message/scheduled/load/${BATCH}`);
		expect(scheduledPath('destinations/load', BATCH)).toBe(
			`/v5/message/scheduled/destinations/load/${BATCH}`,
		);
		expect(scheduledPath('cancel', BATCH)).toBe(`/v5/message/scheduled/cancel/${BATCH}`);
		expect(scheduledPath('dispatch', BATCH)).toBe(`/v5/message/scheduled/dispatch/${BATCH}`);
		expect(scheduledPath('update', BATCH)).toBe(`/v5/message/scheduled/update/${BATCH}`);
	});

	it('a batch that would break the path is escaped', () => {
		expect(scheduledPath('cancel', '../x y')).toBe('/v5/message/scheduled/cancel/..%2Fx%20y');
	});
});

describe('encodeScheduledFilter', () => {
	const range = { from: '2030-01-01 00:00:00', to: '2030-01-31 23:59:59', offset: '+00:00' };

	it('SMS only, no range', () => {
		expect(encodeScheduledFilter({ category: 1 }, 'json')).toBe('{"category":1}');
		expect(encodeScheduledFilter({ category: 1 }, 'xml')).toBe(
			`<request><category>1</category></request>`,
		);
	});

	it('a range with its offset', () => {
		expect(encodeScheduledFilter({ category: 1, dateTime: range }, 'json')).toBe(
			'{"category":1,"dateTime":{"from":"2030-01-01 00:00:00","to":"2030-01-31 23:59:59","offset":"+00:00"}}',
		);
		expect(encodeScheduledFilter({ category: 1, dateTime: range }, 'xml')).toBe(
			`<request><category>1</category><dateTime><from>2030-01-01 00:00:00</from><to>2030-01-31 23:59:59</to>` +
				'<offset>+00:00</offset></dateTime></request>',
		);
	});

	it('a range without an offset', () => {
		const noOffset = omit(range, 'offset');
		expect(encodeScheduledFilter({ category: 1, dateTime: noOffset }, 'xml')).toBe(
			`<request><category>1</category><dateTime><from>2030-01-01 00:00:00</from><to>2030-01-31 23:59:59</to></dateTime></request>`,
		);
	});
});

/** A listed message with every member the vendor's SDK reads. */
const MESSAGE_XML =
	`<message><batch>${BATCH}</batch><category>sms</category><type>0</type><text>Hi {$va}</text><personalise>true</personalise>` +
	'<sender>SMSDemo</sender><schedule><dateTime>2030-01-01 08:00:00</dateTime><offset>+00:00</offset></schedule>' +
	'<callback><url>https://example.com/dlr</url><accept>application/json</accept></callback><destinationsCount>2</destinationsCount></message>';

const MESSAGE_JSON = {
	batch: BATCH,
	category: 'sms',
	type: 0,
	text: 'Hi {$va}',
	personalise: true,
	sender: 'SMSDemo',
	schedule: { dateTime: '2030-01-01 08:00:00', offset: '+00:00' },
	callback: { url: 'https://example.com/dlr', accept: 'application/json' },
	destinationsCount: 2,
};

const MESSAGE_WIRE = {
	batch: BATCH,
	category: 'sms',
	type: 0,
	text: 'Hi {$va}',
	personalised: true,
	sender: 'SMSDemo',
	schedule: { dateTime: '2030-01-01 08:00:00', offset: '+00:00' },
	callback: { url: 'https://example.com/dlr', accept: 'application/json' },
	destinationsCount: 2,
};

const OTHER_BATCH = 'a'.repeat(32);

describe('scheduledMessagesReader: JSON', () => {
	it.each([
		['under messages', { messages: [MESSAGE_JSON, { batch: OTHER_BATCH }] }],
		['data itself a list', [MESSAGE_JSON, { batch: OTHER_BATCH }]],
		['message entries under data', { message: [MESSAGE_JSON, { batch: OTHER_BATCH }] }],
		[
			'messages holding message entries',
			{ messages: { message: [MESSAGE_JSON, { batch: OTHER_BATCH }] } },
		],
	])('%s', (_case, data) => {
		expect(scheduledMessagesReader.read(data)).toEqual([MESSAGE_WIRE, { batch: OTHER_BATCH }]);
	});

	it('the send answer’s name personalised is read too; personalise wins when both are there', () => {
		expect(scheduledMessagesReader.read([{ batch: BATCH, personalised: 'true' }])).toEqual([
			{ batch: BATCH, personalised: true },
		]);
		expect(
			scheduledMessagesReader.read([{ batch: BATCH, personalise: false, personalised: true }]),
		).toEqual([{ batch: BATCH, personalised: false }]);
	});

	it('no messages: an empty list, no list member, or an empty messages member', () => {
		expect(scheduledMessagesReader.read({ messages: [] })).toEqual([]);
		expect(scheduledMessagesReader.read([])).toEqual([]);
		expect(scheduledMessagesReader.read({})).toEqual([]);
		expect(scheduledMessagesReader.read({ messages: '' })).toEqual([]);
	});

	it('unknown members are ignored, and malformed optional ones left out', () => {
		const odd = {
			...MESSAGE_JSON,
			priority: 'high',
			type: 'gsm',
			destinationsCount: 'two',
			schedule: { offset: '+00:00' },
			callback: { accept: 'x' },
		};
		const rest = omit(MESSAGE_WIRE, 'type', 'destinationsCount', 'schedule', 'callback');
		expect(scheduledMessagesReader.read({ total: 1, messages: [odd] })).toEqual([rest]);
	});

	it('a callback without accept is read as XML; a schedule without offset has none; times trimmed', () => {
		const data = [
			{
				batch: BATCH,
				callback: { url: 'https://example.com/r' },
				schedule: { dateTime: ' 2030-01-01 08:00:00 ' },
			},
		];
		expect(scheduledMessagesReader.read(data)).toEqual([
			{
				batch: BATCH,
				callback: { url: 'https://example.com/r', accept: 'application/xml' },
				schedule: { dateTime: '2030-01-01 08:00:00' },
			},
		]);
	});

	it('what cannot be read says which message and why', () => {
		expect(() => scheduledMessagesReader.read([MESSAGE_JSON, 'x'])).toThrow(
			'scheduled message 2 is not an object',
		);
		expect(() => scheduledMessagesReader.read({ messages: [{ text: 'Hi' }] })).toThrow(
			'scheduled message 1 batch is missing',
		);
		expect(() => scheduledMessagesReader.read({ messages: 'x' })).toThrow(
			'the messages are not a list',
		);
		expect(() => scheduledMessagesReader.read(null)).toThrow('the answer has no data');
		expect(() => scheduledMessagesReader.read('x')).toThrow('the answer has no data');
	});

	it('an unreadable list says that reading changes nothing', () => {
		expect(scheduledMessagesReader.unreadable('the messages are not a list')).toEqual({
			message:
				'The SMS service sent a list of scheduled messages that could not be read: try again later',
			description:
				'HTTP 200 and handshake 0, but the messages are not a list. Reading the list changes nothing: try again later.',
		});
	});
});

describe('scheduledMessagesReader: XML', () => {
	const second = `<message><batch>${OTHER_BATCH}</batch><personalise>FALSE</personalise><unknown><a>1</a></unknown></message>`;

	it('one message directly under data is still a list', () => {
		expect(readXml(scheduledMessagesReader, MESSAGE_XML)).toEqual([MESSAGE_WIRE]);
	});

	it('one message under <messages> is still a list', () => {
		expect(readXml(scheduledMessagesReader, `<messages>${MESSAGE_XML}</messages>`)).toEqual([
			MESSAGE_WIRE,
		]);
	});

	it('two messages, either way; unknown elements ignored, booleans in any case', () => {
		const expected = [MESSAGE_WIRE, { batch: OTHER_BATCH, personalised: false }];
		expect(readXml(scheduledMessagesReader, `${MESSAGE_XML}${second}`)).toEqual(expected);
		expect(
			readXml(
				scheduledMessagesReader,
				`<count>2</count><messages>${MESSAGE_XML}${second}</messages>`,
			),
		).toEqual(expected);
	});

	it('<personalised> is read as well', () => {
		expect(
			readXml(
				scheduledMessagesReader,
				`<message><batch>${BATCH}</batch><personalised>true</personalised></message>`,
			),
		).toEqual([{ batch: BATCH, personalised: true }]);
	});

	it('no message elements: none', () => {
		expect(readXml(scheduledMessagesReader, '<messages/>')).toEqual([]);
		expect(readXml(scheduledMessagesReader, '<messages></messages>')).toEqual([]);
		expect(readXml(scheduledMessagesReader, '<count>0</count>')).toEqual([]);
	});

	it('empty optional elements are left out', () => {
		const bare = `<message><batch>${BATCH}</batch><text/><sender></sender><type/><schedule/><callback/></message>`;
		expect(readXml(scheduledMessagesReader, bare)).toEqual([{ batch: BATCH }]);
	});

	it('the lists it declares', () => {
		expect(scheduledMessagesReader.xmlLists).toEqual(['messages.message', 'message']);
	});
});

describe('fromWireScheduledMessage', () => {
	it('every member in the node’s words', () => {
		expect(
			fromWireScheduledMessage(MESSAGE_WIRE as Parameters<typeof fromWireScheduledMessage>[0]),
		).toEqual({
			batch: BATCH,
			category: 'sms',
			messageType: 'gsm',
			text: 'Hi {$va}',
			personalised: true,
			sender: 'SMSDemo',
			scheduledAt: '2030-01-01 08:00:00',
			utcOffset: '+00:00',
			deliveryReportUrl: 'https://example.com/dlr',
			destinationsCount: 2,
		});
	});

	it('a bare message: nulls, personalised false, no report url or count', () => {
		expect(fromWireScheduledMessage({ batch: BATCH })).toEqual({
			batch: BATCH,
			category: 'sms',
			messageType: null,
			text: null,
			personalised: false,
			sender: null,
			scheduledAt: null,
			utcOffset: null,
		});
	});

	it('each type id by name; an unknown id is null', () => {
		expect(
			[0, 1, 2, 3, 7].map((type) => fromWireScheduledMessage({ batch: BATCH, type }).messageType),
		).toEqual(['gsm', 'unicode', 'flash', 'flashUnicode', null]);
	});
});

const DESTINATION_XML =
	'<item><to>233241234567</to><id>m1</id><status><id>2104</id><label>DS_SUBMIT_SCHEDULED</label></status>' +
	'<values><value>Ama</value></values><carrier>MTN</carrier></item>';

describe('scheduledDestinationsReader', () => {
	const wire = {
		id: 'm1',
		to: '233241234567',
		status: { id: 2104, label: 'DS_SUBMIT_SCHEDULED' },
		values: ['Ama'],
	};

	it('XML: one destination and one value are still lists; unknown elements ignored', () => {
		expect(
			readXml(scheduledDestinationsReader, `<destinations>${DESTINATION_XML}</destinations>`),
		).toEqual([wire]);
	});

	it('XML: two destinations, the second without values or a status label', () => {
		const second = '<item><to>233201234567</to><id>m2</id><status><id>2104</id></status></item>';
		expect(
			readXml(
				scheduledDestinationsReader,
				`<batch>${BATCH}</batch><destinations>${DESTINATION_XML}${second}</destinations>`,
			),
		).toEqual([wire, { id: 'm2', to: '233201234567', status: { id: 2104, label: '' } }]);
	});

	it('JSON, with unknown members', () => {
		const data = { batch: BATCH, extra: 1, destinations: [{ ...wire, carrier: 'MTN' }] };
		expect(scheduledDestinationsReader.read(data)).toEqual([wire]);
	});

	it('none: an empty element or no member', () => {
		expect(readXml(scheduledDestinationsReader, '<destinations/>')).toEqual([]);
		expect(scheduledDestinationsReader.read({})).toEqual([]);
	});

	it('what cannot be read', () => {
		expect(() => scheduledDestinationsReader.read(null)).toThrow('the answer has no data');
		expect(() => scheduledDestinationsReader.read({ destinations: 'x' })).toThrow(
			'the destinations are not a list',
		);
		expect(() =>
			scheduledDestinationsReader.read({ destinations: [{ id: 'm1', to: '1' }] }),
		).toThrow('destination 1 has no status');
		expect(scheduledDestinationsReader.unreadable('r').description).toBe(
			'HTTP 200 and handshake 0, but r. Reading them changes nothing: try again later.',
		);
	});
});

describe('acknowledgementReader', () => {
	it('reads nothing, whatever data there is', () => {
		expect(acknowledgementReader.xmlLists).toEqual([]);
		expect(
			[undefined, null, '', { batch: BATCH }, 'ok'].map((data) => acknowledgementReader.read(data)),
		).toEqual([null, null, null, null, null]);
	});
});
