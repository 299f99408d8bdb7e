/**
 * Delivery reports on the wire: the batch and message id forms the node accepts, the two paths,
 * the query body in JSON and XML, and the report read as a send answer with `delivery` true and a
 * validation per destination, in JSON and in XML (one destination still a list).
 */
import { decodeEnvelope } from '../../../../../nodes/shared/transport/codec';
import {
	BATCH_ID,
	deliveryReportPath,
	deliveryReportReader,
	destinationsReportPath,
	encodeReportQuery,
	MESSAGE_ID,
} from '../../../../../nodes/shared/transport/endpoints/report';
import { fromWireSendResult } from '../../../../../nodes/shared/transport/endpoints/send';
import { omit } from '../../../../harness/omit';

const BATCH = '4f1c2a9be07d4c55a3b6e8f01d2c3b4a';
const UUID = '093841e5-578a-41f4-5f5f-2f3910886c12';

/** The `data` of an XML answer, parsed as the transport parses it (with the reader's lists). */
function xmlData(data: string): unknown {
	const envelope = decodeEnvelope(
		`<response><handshake><id>0</id><label>HSHK_OK</label></handshake><data>${data}</data></response>`,
		deliveryReportReader.xmlLists,
	);
	if (!envelope.ok) throw new Error(envelope.reason);
	return envelope.value.data;
}

describe('BATCH_ID', () => {
	it.each([BATCH, BATCH.toUpperCase(), '0'.repeat(32), 'abcdefABCDEF0123456789abcdef0123'])(
		'%s is a batch id',
		(batch) => {
			expect(BATCH_ID.test(batch)).toBe(true);
		},
	);

	it.each([
		['31 characters', BATCH.slice(1)],
		['33 characters', `${BATCH}0`],
		['a UUID', UUID],
		['a letter past f', `${BATCH.slice(0, 31)}g`],
		['a space inside', `${BATCH.slice(0, 16)} ${BATCH.slice(17)}`],
		['a trailing new line', `${BATCH}\n`],
		['empty', ''],
	])('%s is not', (_case, batch) => {
		expect(BATCH_ID.test(batch)).toBe(false);
	});
});

describe('MESSAGE_ID', () => {
	it.each([
		UUID,
		'A'.repeat(30),
		'z'.repeat(40),
		'ORD-1042-0123456789abcdef0123456789abcde',
		'-'.repeat(30),
		BATCH,
	])('%s is a message id', (id) => {
		expect(MESSAGE_ID.test(id)).toBe(true);
	});

	it.each([
		['29 characters', 'a'.repeat(29)],
		['41 characters', 'a'.repeat(41)],
		['an underscore', `${'a'.repeat(29)}_`],
		['a space', `${'a'.repeat(15)} ${'a'.repeat(15)}`],
		['a dot', `${UUID.slice(0, 35)}.`],
		['a non-ASCII letter', `${'a'.repeat(29)}é`],
		['a trailing new line', `${UUID}\n`],
	])('%s is not', (_case, id) => {
		expect(MESSAGE_ID.test(id)).toBe(false);
	});
});

describe('report paths and query', () => {
	it('the whole batch and the destinations named by id, the batch in the path', () => {
		expect(deliveryReportPath(BATCH)).toBe(`/v5/report/message/delivery/${BATCH}`);
		expect(destinationsReportPath(BATCH)).toBe(`/v5/report/message/delivery/destinations/${BATCH}`);
	});

	it('a batch that would break the path is escaped', () => {
		expect(deliveryReportPath('a/b?c')).toBe('/v5/report/message/delivery/a%2Fb%3Fc');
		expect(destinationsReportPath('a b#')).toBe(
			'/v5/report/message/delivery/destinations/a%20b%23',
		);
	});

	it('JSON: {"destinations": [ids]}', () => {
		expect(encodeReportQuery([UUID, 'A'.repeat(30)], 'json')).toBe(
			`{"destinations":["${UUID}","${'A'.repeat(30)}"]}`,
		);
		expect(encodeReportQuery([UUID], 'json')).toBe(`{"destinations":["${UUID}"]}`);
	});

	it('XML: one <id> per message id inside <destinations>, one id still an element', () => {
		expect(encodeReportQuery([UUID, 'A'.repeat(30)], 'xml')).toBe(
			`<request><destinations><id>${UUID}</id><id>${'A'.repeat(30)}</id></destinations></request>`,
		);
		expect(encodeReportQuery([UUID], 'xml')).toBe(
			`<request><destinations><id>${UUID}</id></destinations></request>`,
		);
	});

	it('the ids go out in the order given, the caller’s list untouched', () => {
		const ids = ['b'.repeat(30), 'a'.repeat(30)];
		expect(JSON.parse(encodeReportQuery(ids, 'json'))).toEqual({
			destinations: ['b'.repeat(30), 'a'.repeat(30)],
		});
		expect(ids).toEqual(['b'.repeat(30), 'a'.repeat(30)]);
	});
});

/** A report as the vendor's SDK reads it: the send answer's shape, delivery true, a validation per destination. */
const REPORT_JSON = {
	batch: BATCH,
	category: 'sms',
	delivery: true,
	destinations: [
		{
			to: '233241234567',
			id: UUID,
			country: 'Ghana',
			messageCount: 1,
			status: { id: 2110, label: 'DS_DELIVERED' },
			validation: { id: 2401, label: 'DV_OK' },
			submitDateTime: '2025-03-01 09:30:00',
			reportDateTime: '2025-03-01 09:30:07',
		},
	],
};

const REPORT_WIRE = {
	batch: BATCH,
	category: 'sms',
	delivery: true,
	destinations: [
		{
			id: UUID,
			to: '233241234567',
			status: { id: 2110, label: 'DS_DELIVERED' },
			country: 'Ghana',
			messageCount: 1,
			submitDateTime: '2025-03-01 09:30:00',
			reportDateTime: '2025-03-01 09:30:07',
			validation: { id: 2401, label: 'DV_OK' },
		},
	],
};

const REPORT_ITEM =
	`<item><to>233241234567</to><id>${UUID}</id><country>Ghana</country><messageCount>1</messageCount>` +
	'<status><id>2110</id><label>DS_DELIVERED</label></status><validation><id>2401</id><label>DV_OK</label></validation>' +
	'<submitDateTime>2025-03-01 09:30:00</submitDateTime><reportDateTime>2025-03-01 09:30:07</reportDateTime></item>';

describe('deliveryReportReader', () => {
	it('JSON: every member the SDK reads', () => {
		expect(deliveryReportReader.read(REPORT_JSON)).toEqual(REPORT_WIRE);
	});

	it('JSON: members the node does not know are ignored, at the top and in a destination', () => {
		const data = {
			...REPORT_JSON,
			total: 9,
			next: { page: 2 },
			destinations: [{ ...REPORT_JSON.destinations[0], network: 'MTN' }],
		};
		expect(deliveryReportReader.read(data)).toEqual(REPORT_WIRE);
	});

	it('XML: one destination is still a list, delivery true read from text', () => {
		const xml = `<batch>${BATCH}</batch><category>sms</category><delivery>true</delivery><destinations>${REPORT_ITEM}</destinations>`;
		expect(deliveryReportReader.read(xmlData(xml))).toEqual(REPORT_WIRE);
	});

	it('XML: two destinations, one still pending without a report time, unknown elements ignored', () => {
		const pending =
			`<item><to>233201234567</to><id>B${'b'.repeat(29)}</id><status><id>2105</id><label>DS_PENDING_ENROUTE</label></status>` +
			'<validation><id>2403</id><label>DV_ERR_DESTINATION_ID</label></validation><operator>Vodafone</operator></item>';
		const xml =
			`<future><a>1</a></future><batch>${BATCH}</batch><category>sms</category><delivery>true</delivery>` +
			`<destinations>${REPORT_ITEM}${pending}</destinations>`;
		expect(deliveryReportReader.read(xmlData(xml))).toEqual({
			...REPORT_WIRE,
			destinations: [
				REPORT_WIRE.destinations[0],
				{
					id: `B${'b'.repeat(29)}`,
					to: '233201234567',
					status: { id: 2105, label: 'DS_PENDING_ENROUTE' },
					validation: { id: 2403, label: 'DV_ERR_DESTINATION_ID' },
				},
			],
		});
	});

	it('XML: an empty destinations element is a report of nobody', () => {
		const xml = `<batch>${BATCH}</batch><category>sms</category><delivery>true</delivery><destinations/>`;
		expect(deliveryReportReader.read(xmlData(xml))).toEqual({
			batch: BATCH,
			category: 'sms',
			delivery: true,
			destinations: [],
		});
	});

	it('an id the service could not check (validation other than 2401) may name no number: read with to empty', () => {
		const unchecked = {
			id: UUID,
			status: { id: 2101, label: 'DS_UNKNOWN' },
			validation: { id: 2403, label: 'DV_ERR_DESTINATION_ID' },
		};
		expect(
			deliveryReportReader.read({ ...REPORT_JSON, destinations: [unchecked] }).destinations,
		).toEqual([
			{
				id: UUID,
				to: '',
				status: { id: 2101, label: 'DS_UNKNOWN' },
				validation: { id: 2403, label: 'DV_ERR_DESTINATION_ID' },
			},
		]);
		const xml =
			`<batch>${BATCH}</batch><category>sms</category><delivery>true</delivery><destinations><item><id>${UUID}</id>` +
			'<status><id>2101</id></status><validation><id>2402</id><label>DV_ERR_QUERY_TIME</label></validation></item></destinations>';
		expect(deliveryReportReader.read(xmlData(xml)).destinations).toEqual([
			{
				id: UUID,
				to: '',
				status: { id: 2101, label: '' },
				validation: { id: 2402, label: 'DV_ERR_QUERY_TIME' },
			},
		]);
	});

	it('a destination without a number is still unreadable when it was checked, or says nothing of a check', () => {
		const noNumber = omit(REPORT_JSON.destinations[0], 'to');
		expect(() => deliveryReportReader.read({ ...REPORT_JSON, destinations: [noNumber] })).toThrow(
			'destination 1 number is missing',
		);
		const unvalidated = omit(noNumber, 'validation');
		expect(() =>
			deliveryReportReader.read({ ...REPORT_JSON, destinations: [unvalidated] }),
		).toThrow('destination 1 number is missing');
	});

	it('lists as the send answer does', () => {
		expect(deliveryReportReader.xmlLists).toEqual([
			'destinations.item',
			'destinations.item.values.value',
		]);
	});

	it('an answer about voice messages, or without a batch, cannot be read', () => {
		expect(() => deliveryReportReader.read({ ...REPORT_JSON, category: 'voice' })).toThrow(
			'the answer names the message category voice, not SMS',
		);
		const noBatch = omit(REPORT_JSON, 'batch');
		expect(() => deliveryReportReader.read(noBatch)).toThrow('batch is missing');
		expect(() => deliveryReportReader.read(null)).toThrow('the send response has no data');
	});

	it('an unreadable report says that asking sent nothing', () => {
		expect(deliveryReportReader.unreadable('batch is missing')).toEqual({
			message: 'The SMS service sent a delivery report that could not be read: try again later',
			description:
				'HTTP 200 and handshake 0, but batch is missing. Asking for a report sends nothing: try again later.',
		});
	});

	it('the node’s receipt: delivery true, parts billed, times, validation id', () => {
		expect(fromWireSendResult(deliveryReportReader.read(REPORT_JSON))).toEqual({
			batch: BATCH,
			category: 'sms',
			delivery: true,
			destinations: [
				{
					messageId: UUID,
					to: '233241234567',
					status: { id: 2110, label: 'DS_DELIVERED' },
					country: 'Ghana',
					partsBilled: 1,
					submittedAt: '2025-03-01 09:30:00',
					reportedAt: '2025-03-01 09:30:07',
					validation: 2401,
				},
			],
		});
	});
});
