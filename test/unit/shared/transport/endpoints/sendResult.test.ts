/**
 * Reading the send answer in every form the service may send it: as the v5 API documentation's
 * examples show it (category 1, three members per destination), in JSON and XML, and destination
 * by destination. As the vendor's SDK reads it, and the receipt, are in sendResult-sdk.test.ts.
 */
import { makeReportDestination } from '../../../../../nodes/shared/transport/endpoints/report';
import {
	decodeSendResult,
	readCategory,
	readSendAnswer,
	readSendResult,
	sendResultReader,
} from '../../../../../nodes/shared/transport/endpoints/send';
import { xmlData } from './readXml';

const PENDING = { id: 2105, label: 'DS_PENDING_ENROUTE' };

const XML_ITEM =
	'<item><id>m1</id><to>233241234567</to><status><id>2105</id><label>DS_PENDING_ENROUTE</label></status></item>';

function readJson(data: Record<string, unknown>) {
	return decodeSendResult({
		batch: 'b1',
		delivery: false,
		destinations: [{ id: 'm1', to: '233241234567', status: PENDING }],
		...data,
	});
}

function readXml(members: string) {
	return decodeSendResult(
		xmlData(
			sendResultReader,
			`<batch>b1</batch>${members}<delivery>false</delivery><destinations>${XML_ITEM}</destinations>`,
		),
	);
}

describe('send answer: the category, id or label', () => {
	it.each([1, '1', ' 1 ', 'sms', 'SMS', ' Sms '])('JSON %j is SMS', (category) => {
		expect(readJson({ category })).toMatchObject({ ok: true, value: { category: 'sms' } });
	});

	it.each(['1', 'sms', 'SMS', 'Sms'])('XML <category>%s</category> is SMS', (category) => {
		expect(readXml(`<category>${category}</category>`)).toMatchObject({
			ok: true,
			value: { category: 'sms' },
		});
	});

	it.each([
		['absent', {}],
		['null', { category: null }],
		['empty', { category: '' }],
	])('JSON %s: no category on the wire', (_case, data) => {
		const result = readJson(data);
		expect(result.ok && result.value).not.toHaveProperty('category');
	});

	it.each(['', '<category/>', '<category></category>'])(
		'XML %j: no category on the wire',
		(member) => {
			const result = readXml(member);
			expect(result.ok && result.value).not.toHaveProperty('category');
		},
	);

	it.each([
		[2, 'voice'],
		['2', 'voice'],
		[3, 'ussd'],
		['voice', 'voice'],
		['USSD', 'ussd'],
	])('JSON %j names another category: unreadable', (category, name) => {
		expect(readJson({ category })).toEqual({
			ok: false,
			reason: `the answer names the message category ${name}, not SMS`,
		});
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

	it.each([0, 4, 1.5, 'mms', '1a', true, { id: 2 }, ['sms']])(
		'a category that names none (%j) is ignored',
		(category) => {
			const result = readJson({ category });
			expect(result.ok).toBe(true);
			expect(result.ok && result.value).not.toHaveProperty('category');
		},
	);

	it('readCategory reads ids and labels alike', () => {
		expect([1, 2, 3, '1', '2', '3'].map(readCategory)).toEqual([
			'sms',
			'voice',
			'ussd',
			'sms',
			'voice',
			'ussd',
		]);
		expect(['sms', 'VOICE', ' Ussd '].map(readCategory)).toEqual(['sms', 'voice', 'ussd']);
		expect([undefined, null, '', 0, 4, 'email'].map(readCategory)).toEqual([
			undefined,
			undefined,
			undefined,
			undefined,
			undefined,
			undefined,
		]);
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
		expect(answer).toEqual({
			batch: 'b1',
			delivery: true,
			destinations: ['233241234567', '233241234568'],
		});
		expect(decodeSendResult(data())).toEqual({
			ok: true,
			value: { ...answer, destinations: readSendResult(data()).destinations },
		});
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
		const broken = {
			...data(),
			destinations: [
				{ id: 'm1', to: '1', status: PENDING },
				{ id: 'm2', status: PENDING },
			],
		};
		expect(() => readSendAnswer(broken, (d) => d)).toThrow('destination 2 number is missing');
	});
});
