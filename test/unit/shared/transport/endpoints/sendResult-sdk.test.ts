/**
 * Reading the send answer as the vendor's SDK (Zenoph.Notify) reads it (category `sms`, the
 * request's echoes, per destination country, text, parts, times, validation and values), in JSON and
 * XML, a malformed optional member left out, and the mapping to the node's receipt.
 */
import type { WireSendResult } from '../../../../../nodes/shared/transport/endpoints/send';
import {
	decodeSendResult,
	fromWireSendResult,
	sendResultReader,
} from '../../../../../nodes/shared/transport/endpoints/send';
import { omit } from '../../../../harness/omit';
import { xmlData } from './readXml';

const PENDING = { id: 2105, label: 'DS_PENDING_ENROUTE' };

const XML_ITEM =
	'<item><id>m1</id><to>233241234567</to><status><id>2105</id><label>DS_PENDING_ENROUTE</label></status></item>';

/** A send answer as the SDK reads it, every member present. */
const SDK_JSON = {
	batch: 'b1',
	text: 'Hello {$name}',
	type: 0,
	sender: 'SMSDemo',
	personalised: true,
	category: 'sms',
	delivery: false,
	destinationsCount: 1,
	destinations: [
		{
			to: '233241234567',
			id: 'm1',
			country: 'Ghana',
			message: 'Hello Ama',
			messageCount: 1,
			status: { id: 2110, label: 'DS_DELIVERED' },
			validation: { id: 2401, label: 'DV_OK' },
			submitDateTime: '2025-03-01 09:30:00',
			reportDateTime: '2025-03-01 09:30:07',
			values: ['Ama'],
		},
	],
};

const SDK_WIRE: WireSendResult = {
	batch: 'b1',
	category: 'sms',
	delivery: false,
	destinations: [
		{
			id: 'm1',
			to: '233241234567',
			status: { id: 2110, label: 'DS_DELIVERED' },
			country: 'Ghana',
			message: 'Hello Ama',
			messageCount: 1,
			submitDateTime: '2025-03-01 09:30:00',
			reportDateTime: '2025-03-01 09:30:07',
			validation: { id: 2401, label: 'DV_OK' },
			values: ['Ama'],
		},
	],
	text: 'Hello {$name}',
	type: 0,
	sender: 'SMSDemo',
	personalised: true,
	destinationsCount: 1,
};

/** The same answer in XML, `destinations` not last, with members the node does not know. */
const SDK_XML =
	'<batch>b1</batch><text>Hello {$name}</text><type>0</type><sender>SMSDemo</sender><personalised>true</personalised>' +
	'<category>sms</category><destinations><item><to>233241234567</to><id>m1</id><country>Ghana</country>' +
	'<message>Hello Ama</message><messageCount>1</messageCount><status><id>2110</id><label>DS_DELIVERED</label></status>' +
	'<validation><id>2401</id><label>DV_OK</label></validation><submitDateTime>2025-03-01 09:30:00</submitDateTime>' +
	'<reportDateTime>2025-03-01 09:30:07</reportDateTime><values><value>Ama</value></values><network>MTN</network></item>' +
	'</destinations><delivery>false</delivery><destinationsCount>1</destinationsCount><future><a>1</a></future>';

describe('send answer: the members the vendor’s SDK reads', () => {
	it('JSON: every member read', () => {
		expect(decodeSendResult(SDK_JSON)).toEqual({ ok: true, value: SDK_WIRE });
	});

	it('XML: every member read, one destination and one value still lists, wherever they stand', () => {
		expect(decodeSendResult(xmlData(sendResultReader, SDK_XML))).toEqual({
			ok: true,
			value: SDK_WIRE,
		});
	});

	it('XML: two destinations and two values', () => {
		const two = SDK_XML.replace(
			'<values><value>Ama</value></values>',
			'<values><value>Ama</value><value>59.45</value></values>',
		).replace('</destinations>', `${XML_ITEM.replace('m1', 'm2')}</destinations>`);
		const result = decodeSendResult(xmlData(sendResultReader, two));
		expect(result.ok && result.value.destinations.map((d) => [d.id, d.values])).toEqual([
			['m1', ['Ama', '59.45']],
			['m2', undefined],
		]);
	});

	it('JSON: unknown members anywhere are ignored', () => {
		const data = {
			...SDK_JSON,
			next: { deep: [1] },
			destinations: [{ ...SDK_JSON.destinations[0], extra: 'x' }],
		};
		expect(decodeSendResult(data)).toEqual({ ok: true, value: SDK_WIRE });
	});

	it('the documentation’s example: only batch, category, delivery and id, to, status', () => {
		const data = {
			batch: 'b1',
			category: 1,
			delivery: false,
			destinations: [{ id: 'm1', to: '233241234567', status: PENDING }],
		};
		expect(decodeSendResult(data)).toEqual({ ok: true, value: { ...data, category: 'sms' } });
	});
});

describe('send answer: a malformed optional member is left out, the answer still read', () => {
	const destination = SDK_JSON.destinations[0];
	const bare = omit(
		SDK_WIRE.destinations[0],
		'submitDateTime',
		'reportDateTime',
		'messageCount',
		'country',
		'validation',
		'values',
		'message',
	);

	it.each([
		['messageCount', 'two'],
		['messageCount', -1],
		['messageCount', 1.5],
		['messageCount', ''],
		['submitDateTime', ''],
		['submitDateTime', '2025-03-01 09:30'],
		['submitDateTime', '2025-13-01 09:30:00'],
		['submitDateTime', '2025-03-01T09:30:00Z'],
		['reportDateTime', ''],
		['reportDateTime', { at: 1 }],
		['country', ''],
		['country', { name: 'Ghana' }],
		['message', ['a']],
		['validation', { id: 'ok' }],
		['validation', 2401],
		['values', [{ a: 1 }]],
		['values', 'Ama'],
	])('destination %s %j', (member, value) => {
		const result = decodeSendResult({
			...SDK_JSON,
			destinations: [{ ...destination, [member]: value }],
		});
		expect(result.ok).toBe(true);
		expect(result.ok && result.value.destinations[0]).not.toHaveProperty(member);
	});

	it.each([
		['type', 'gsm'],
		['personalised', 'maybe'],
		['destinationsCount', 'one'],
		['text', { t: 1 }],
		['sender', ''],
	])('top level %s %j', (member, value) => {
		const result = decodeSendResult({ ...SDK_JSON, [member]: value });
		expect(result.ok).toBe(true);
		expect(result.ok && result.value).not.toHaveProperty(member);
	});

	it('XML: empty timestamps and an empty values element are left out', () => {
		const empty = SDK_XML.replace('2025-03-01 09:30:00', '')
			.replace('<reportDateTime>2025-03-01 09:30:07</reportDateTime>', '<reportDateTime/>')
			.replace('<values><value>Ama</value></values>', '<values/>')
			.replace('<country>Ghana</country>', '<country></country>');
		const result = decodeSendResult(xmlData(sendResultReader, empty));
		expect(result.ok && result.value.destinations[0]).toEqual({
			...bare,
			messageCount: 1,
			message: 'Hello Ama',
			validation: { id: 2401, label: 'DV_OK' },
		});
	});

	it('XML: personalised reads true and false in any case', () => {
		expect(
			[' TRUE ', 'False'].map((p) => {
				const result = decodeSendResult(
					xmlData(
						sendResultReader,
						SDK_XML.replace(
							'<personalised>true</personalised>',
							`<personalised>${p}</personalised>`,
						),
					),
				);
				return result.ok && result.value.personalised;
			}),
		).toEqual([true, false]);
	});

	it('delivery reads true in any case, and anything else as false', () => {
		const delivery = (value: unknown) => {
			const result = decodeSendResult({ ...SDK_JSON, delivery: value });
			return result.ok && result.value.delivery;
		};
		expect([true, 'true', 'TRUE', ' True ', 1, '1'].map(delivery)).toEqual([
			true,
			true,
			true,
			true,
			true,
			true,
		]);
		expect([false, 'false', '', undefined, 'yes', 0].map(delivery)).toEqual([
			false,
			false,
			false,
			false,
			false,
			false,
		]);
	});

	it('the required members still are: a destination without a status makes the answer unreadable', () => {
		const noStatus = omit(destination, 'status');
		expect(decodeSendResult({ ...SDK_JSON, destinations: [noStatus] })).toEqual({
			ok: false,
			reason: 'destination 1 has no status',
		});
	});
});

describe('fromWireSendResult', () => {
	it('always the category sms; the service’s parts, times and country beside each destination', () => {
		expect(fromWireSendResult(SDK_WIRE)).toEqual({
			batch: 'b1',
			category: 'sms',
			delivery: false,
			destinations: [
				{
					messageId: 'm1',
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

	it('an answer without a category, and destinations with only id, to and status', () => {
		const wire: WireSendResult = {
			batch: 'b2',
			delivery: false,
			destinations: [{ id: 'm', to: '1', status: PENDING }],
		};
		expect(fromWireSendResult(wire)).toEqual({
			batch: 'b2',
			category: 'sms',
			delivery: false,
			destinations: [{ messageId: 'm', to: '1', status: PENDING }],
		});
	});
});
