/**
 * Label tables: in the 'sdk' dialect every id the vendor's SDK (Zenoph.Notify) lists carries the
 * SDK's name (2105 excepted: its wire label is documented); the 'contract' dialect keeps the
 * simulator's own labels; ids nobody lists keep a SIM label in both.
 */
import { STATUS, VALIDATION_LABELS, handshakeLabel, statusLabel } from '../../simulator/labels';
import { JSON_HEADERS, SEND, plainUnit, raw, useSimulator } from './helpers';

const sim = useSimulator();

/** The SDK's RequestHandshake names (without the HSHK_ERR_ prefix). */
const SDK_HANDSHAKES: Array<[number, string]> = [
	[1101, 'RH_HTTP_ACCEPT'],
	[1102, 'RH_CONTENT_TYPE'],
	[1201, 'UA_MODEL'],
	[1202, 'UA_PID'],
	[1203, 'UA_AUTH'],
	[1204, 'UA_API_NO_ACCESS'],
	[1205, 'UA_API_NO_PPASS'],
	[1501, 'MR_BATCH_ID'],
	[1502, 'MR_DESTINATIONS'],
	[1503, 'MR_PARAMETER'],
	[1504, 'MR_QUERY_TIME'],
	[1505, 'MR_VOICE_FILE'],
	[1506, 'MR_VOICE_SIZE'],
	[1507, 'MR_STATUS_FILTER'],
	[1801, 'SM_PROCESSED'],
	[1802, 'SM_CANCELLED'],
	[1803, 'SM_NOT_SCHEDULED'],
	[1804, 'SM_REFERENCE_ID'],
	[1805, 'SM_MESSAGE_ID'],
	[1806, 'SM_CATEGORY'],
	[1807, 'SM_DATETIME'],
	[1808, 'SM_TZ_OFFSET'],
];

describe('handshake labels', () => {
	it.each(SDK_HANDSHAKES)('sdk: %i is HSHK_ERR_%s', (id, name) => {
		expect(handshakeLabel(id, 'sdk')).toBe(`HSHK_ERR_${name}`);
	});

	it('sdk: 1401-1411 carry a label of the HSHK_ERR_ family, as before', () => {
		for (let id = 1401; id <= 1411; id++)
			expect(handshakeLabel(id, 'sdk')).toBe(handshakeLabel(id, 'contract'));
		expect(handshakeLabel(1406, 'sdk')).toBe('HSHK_ERR_API_RETIRED');
	});

	it('contract: the ids the documentation never labels keep SIM labels', () => {
		expect(handshakeLabel(1501, 'contract')).toBe('HSHK_ERR_SIM_1501');
		expect(handshakeLabel(1807, 'contract')).toBe('HSHK_ERR_SIM_1807');
		expect(handshakeLabel(1807)).toBe('HSHK_ERR_SIM_1807');
	});

	it('both: an id nobody lists keeps the simulator label; 1305 keeps MV_ERR_MESSAGE', () => {
		for (const dialect of ['sdk', 'contract'] as const) {
			expect(handshakeLabel(1999, dialect)).toBe('HSHK_ERR_SIM_1999');
			expect(handshakeLabel(1305, dialect)).toBe('MV_ERR_MESSAGE');
		}
	});

	it('a handshake fault answers the label of the dialect in force', async () => {
		sim().addFault({ kind: 'handshake', handshakeId: 1804 });
		const sdk = await raw(sim().baseUrl, {
			path: SEND,
			headers: JSON_HEADERS,
			body: JSON.stringify(plainUnit(['0241234567'])),
		});
		expect(JSON.parse(sdk.body).handshake.label).toBe('HSHK_ERR_SM_REFERENCE_ID');
		sim().setDialect({ dialect: 'contract' });
		const contract = await raw(sim().baseUrl, { path: SEND, headers: JSON_HEADERS, body: '{}' });
		expect(JSON.parse(contract.body).handshake.label).toBe('HSHK_ERR_SIM_1804');
	});
});

describe('destination status labels', () => {
	const names = [
		'UNKNOWN',
		'SCHEDULE_CANCELLED',
		'SCHEDULE_DELETED',
		'SUBMIT_SCHEDULED',
		'PENDING_ENROUTE',
		'SUBMIT_PROCESSING',
		'SUBMIT_QUEUED',
		'PENDING_DELIV_REPT',
		'SUBMITTED',
		'DELIVERED',
		'EXPIRED',
		'UNDELIVERED',
		'REJECTED',
	];

	it('sdk: 2101-2113 by the SDK names, 2105 by its documented wire label', () => {
		names.forEach((name, i) => expect(statusLabel(2101 + i, 'sdk')).toBe(`DS_${name}`));
	});

	it.each<[number, string]>([
		[2114, 'DS_REJECTED_SYSTEM'],
		[2117, 'DS_REJECTED_VALUES_EXISTS'],
		[2119, 'DS_REJECTED_DESTINATION'],
		[2120, 'DS_REJECTED_DESTINATION_DUPLICATE'],
		[2121, 'DS_REJECTED_INSUFF_CREDIT'],
		[2128, 'DS_REJECTED_SENDER_UNREGISTERED'],
		[2131, 'DS_REJECTED_MSGID_DUPLICATE'],
		[2137, 'DS_REJECTED_WAP_URL'],
		[2138, 'DS_IGNORED_LOAD_MAX'],
		[2139, 'DS_SUBMIT_PENDING_ACK'],
		[2140, 'DS_REJECTED_CREDIT_HOLD'],
	])('sdk: %i is %s', (id, label) => {
		expect(statusLabel(id, 'sdk')).toBe(label);
	});

	it('every id 2101-2140 has an SDK label in the sdk dialect', () => {
		for (let id = 2101; id <= 2140; id++) expect(statusLabel(id, 'sdk')).toMatch(/^DS_(?!SIM_)/);
	});

	it('contract: the simulator labels of before, for the statuses it answers', () => {
		expect(Object.values(STATUS).map((s) => [s.id, s.label])).toEqual(
			expect.arrayContaining([
				[2104, 'DS_SCHEDULED'],
				[2105, 'DS_PENDING_ENROUTE'],
				[2119, 'DS_REJECTED_INVALID_NUMBER'],
				[2121, 'DS_REJECTED_INSUFFICIENT_CREDIT'],
			]),
		);
		expect(statusLabel(2119, 'contract')).toBe('DS_REJECTED_INVALID_NUMBER');
		expect(statusLabel(2122, 'contract')).toBe('DS_SIM_2122');
	});

	it('validation ids 2401-2404', () => {
		expect([...VALIDATION_LABELS]).toEqual([
			[2401, 'DV_OK'],
			[2402, 'DV_ERR_QUERY_TIME'],
			[2403, 'DV_ERR_DESTINATION_ID'],
			[2404, 'DV_UNKNOWN'],
		]);
	});
});
