/**
 * Reading the send answer in every form the service may send it: as the v5 API documentation's
 * examples show it (category 1, three members per destination) and as the vendor's SDK
 * (Zenoph.Notify) reads it (category `sms`, the request's echoes, per destination country, text,
 * parts, times, validation and values), in JSON and XML; and the mapping to the node's receipt.
 */
import { decodeEnvelope } from '../../../../../nodes/shared/transport/codec';
import { makeReportDestination } from '../../../../../nodes/shared/transport/endpoints/report';
import type { WireSendResult } from '../../../../../nodes/shared/transport/endpoints/send';
import {
	decodeSendResult,
	fromWireSendResult,
	readCategory,
	readSendAnswer,
	readSendResult,
	sendResultReader,
} from '../../../../../nodes/shared/transport/endpoints/send';
import { omit } from '../../../../harness/omit';

const PENDING = { id: 2105, label: 'DS_PENDING_ENROUTE' };

/** The `data` of an XML answer, parsed as the transport parses it (with the reader's lists). */
function xmlData(data: string): unknown {
	const envelope = decodeEnvelope(
		`<response><handshake><id>0</id><label>HSHK_OK</label></handshake><data>${data}</data></response>`,
		sendResultReader.xmlLists,
	);
	if (!envelope.ok) throw new Error(envelope.reason);
	return envelope.value.data;
}

const XML_ITEM = '<item><id>m1</id><to>233241234567</to><status><id>2105</id><label>DS_PENDING_ENROUTE</label></status></item>';

function readJson(data: Record<string, unknown>) {
	return decodeSendResult({ batch: 'b1', delivery: false, destinations: [{ id: 'm1', to: '233241234567', status: PENDING }], ...data });
}

function readXml(members: string) {
	return decodeSendResult(xmlData(`<batch>b1</batch>${members}<delivery>false</delivery><destinations>${XML_ITEM}</destinations>`));
}

describe('send answer: the category, id or label', () => {
	it.each([1, '1', ' 1 ', 'sms', 'SMS', ' Sms '])('JSON %j is SMS', (category) => {
		expect(readJson({ category })).toMatchObject({ ok: true, value: { category: 'sms' } });
	});

	it.each(['1', 'sms', 'SMS', 'Sms'])('XML <category>%s</category> is SMS', (category) => {
		expect(readXml(`<category>${category}</category>`)).toMatchObject({ ok: true, value: { category: 'sms' } });
	});

	it.each([
		['absent', {}],
		['null', { category: null }],
		['empty', { category: '' }],
	])('JSON %s: no category on the wire', (_case, data) => {
		const result = readJson(data);
		expect(result.ok && result.value).not.toHaveProperty('category');
	});

	it.each(['', '<category/>', '<category></category>'])('XML %j: no category on the wire', (member) => {
		const result = readXml(member);
		expect(result.ok && result.value).not.toHaveProperty('category');
	});

	it.each([
		[2, 'voice'],
		['2', 'voice'],
		[3, 'ussd'],
		['voice', 'voice'],
		['USSD', 'ussd'],
	])('JSON %j names another category: unreadable', (category, name) => {
		expect(readJson({ category })).toEqual({ ok: false, reason: `the answer names the message category ${name}, not SMS` });
	});

	it.each([
		['2', 'voice'],
		['Voice', 'voice'],
		['3', 'ussd'],
		['ussd', 'ussd'],
	])('XML <category>%s</category> names another category: unreadable', (category, name) => {
		expect(readXml(`<category>${category}</category>`)).toEqual({
			ok: false,
			reason: `the answer names the message category ${name}, not SMS`,
		});
	});

	it.each([0, 4, 1.5, 'mms', '1a', true, { id: 2 }, ['sms']])('a category that names none (%j) is ignored', (category) => {
		const result = readJson({ category });
		expect(result.ok).toBe(true);
		expect(result.ok && result.value).not.toHaveProperty('category');
	});

	it('readCategory reads ids and labels alike', () => {
		expect([1, 2, 3, '1', '2', '3'].map(readCategory)).toEqual(['sms', 'voice', 'ussd', 'sms', 'voice', 'ussd']);
		expect(['sms', 'VOICE', ' Ussd '].map(readCategory)).toEqual(['sms', 'voice', 'ussd']);
		expect([undefined, null, '', 0, 4, 'email'].map(readCategory)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
	});
});

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
		expect(decodeSendResult(xmlData(SDK_XML))).toEqual({ ok: true, value: SDK_WIRE });
	});

	it('XML: two destinations and two values', () => {
		const two = SDK_XML.replace('<values><value>Ama</value></values>', '<values><value>Ama</value><value>59.45</value></values>').replace(
			'</destinations>',
			`${XML_ITEM.replace('m1', 'm2')}</destinations>`,
		);
		const result = decodeSendResult(xmlData(two));
		expect(result.ok && result.value.destinations.map((d) => [d.id, d.values])).toEqual([
			['m1', ['Ama', '59.45']],
			['m2', undefined],
		]);
	});

	it('JSON: unknown members anywhere are ignored', () => {
		const data = { ...SDK_JSON, next: { deep: [1] }, destinations: [{ ...SDK_JSON.destinations[0], extra: 'x' }] };
		expect(decodeSendResult(data)).toEqual({ ok: true, value: SDK_WIRE });
	});

	it('the documentation’s example: only batch, category, delivery and id, to, status', () => {
		const data = { batch: 'b1', category: 1, delivery: false, destinations: [{ id: 'm1', to: '233241234567', status: PENDING }] };
		expect(decodeSendResult(data)).toEqual({ ok: true, value: { ...data, category: 'sms' } });
	});
});

describe('send answer: a malformed optional member is left out, the answer still read', () => {
	const destination = SDK_JSON.destinations[0];
	const bare = omit(SDK_WIRE.destinations[0], 'submitDateTime', 'reportDateTime', 'messageCount', 'country', 'validation', 'values', 'message');

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
		const result = decodeSendResult({ ...SDK_JSON, destinations: [{ ...destination, [member]: value }] });
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
		const result = decodeSendResult(xmlData(empty));
		expect(result.ok && result.value.destinations[0]).toEqual({ ...bare, messageCount: 1, message: 'Hello Ama', validation: { id: 2401, label: 'DV_OK' } });
	});

	it('XML: personalised reads true and false in any case', () => {
		expect([' TRUE ', 'False'].map((p) => {
			const result = decodeSendResult(xmlData(SDK_XML.replace('<personalised>true</personalised>', `<personalised>${p}</personalised>`)));
			return result.ok && result.value.personalised;
		})).toEqual([true, false]);
	});

	it('delivery reads true in any case, and anything else as false', () => {
		const delivery = (value: unknown) => {
			const result = decodeSendResult({ ...SDK_JSON, delivery: value });
			return result.ok && result.value.delivery;
		};
		expect([true, 'true', 'TRUE', ' True ', 1, '1'].map(delivery)).toEqual([true, true, true, true, true, true]);
		expect([false, 'false', '', undefined, 'yes', 0].map(delivery)).toEqual([false, false, false, false, false, false]);
	});

	it('the required members still are: a destination without a status makes the answer unreadable', () => {
		const noStatus = omit(destination, 'status');
		expect(decodeSendResult({ ...SDK_JSON, destinations: [noStatus] })).toEqual({ ok: false, reason: 'destination 1 has no status' });
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
		const wire: WireSendResult = { batch: 'b2', delivery: false, destinations: [{ id: 'm', to: '1', status: PENDING }] };
		expect(fromWireSendResult(wire)).toEqual({
			batch: 'b2',
			category: 'sms',
			delivery: false,
			destinations: [{ messageId: 'm', to: '1', status: PENDING }],
		});
	});
});

describe('send answer read destination by destination (readSendAnswer)', () => {
	const data = () => ({
		batch: 'b1',
		delivery: true,
		destinations: [
			{ id: 'm1', to: '233241234567', status: PENDING, country: 'Ghana' },
			{ id: 'm2', to: '233241234568', status: PENDING },
		],
	});

	it('hands each destination over as read, with the batch, and gives back what was made of them', () => {
		const seen: string[] = [];
		const answer = readSendAnswer(data(), (destination, batch) => {
			seen.push(`${batch}/${destination.id}`);
			return destination.to;
		});
		expect(seen).toEqual(['b1/m1', 'b1/m2']);
		expect(answer).toEqual({ batch: 'b1', delivery: true, destinations: ['233241234567', '233241234568'] });
		expect(decodeSendResult(data())).toEqual({ ok: true, value: { ...answer, destinations: readSendResult(data()).destinations } });
	});

	it('lets go of the answer’s list only when told to, and makes each destination with the maker given', () => {
		const kept = data();
		readSendResult(kept);
		expect(kept.destinations).toHaveLength(2);
		expect(kept.destinations[0]).toBeDefined();
		const released = data();
		const made = readSendAnswer(released, (d) => d, { release: true, make: makeReportDestination });
		expect(released.destinations).toEqual([undefined, undefined]);
		expect(made.destinations).toEqual(readSendResult(data()).destinations);
	});

	it('an unreadable destination stops the reading with its reason', () => {
		const broken = { ...data(), destinations: [{ id: 'm1', to: '1', status: PENDING }, { id: 'm2', status: PENDING }] };
		expect(() => readSendAnswer(broken, (d) => d)).toThrow('destination 2 number is missing');
	});
});
