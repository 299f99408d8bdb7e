/**
 * Replays the lifecycle requests of the vendor's SDK (Zenoph.Notify, PHP 2.25.08 and Python
 * 2.23.10) as the published facts about them describe: delivery reports (bodiless with Accept
 * gzbin+xml, or the message ids), scheduled messages (the list in the PHP and Python forms, one
 * message, its destinations, the update, cancel and dispatch). Every answer goes through the
 * strict reader (sdk-reader.ts, sdk-lifecycle-reader.ts), which refuses what the SDK would refuse.
 */
import type { XmlSendData } from './answers';
import { SEND, UUID, useSimulator, type RawAnswer } from './helpers';
import {
	readReport,
	readScheduledDestinations,
	readScheduledMessages,
	readSdk,
	readSendResult,
	type SdkAnswer,
} from './sdk-reader';
import { GZBIN_XML, phpHeaders, pyHeaders, replayOn } from './sdk-requests';

const sim = useSimulator();

const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const SCHEDULE =
	'<schedule><dateTime>2030-01-31 08:30:00</dateTime><offset>+00:00</offset></schedule>';
/** The SDK gives an added destination a lowercase UUIDv4 when the caller gave none. */
const SDK_ID = '7d5c9a1e-3b2f-4c8d-9e0a-1f2b3c4d5e6f';

function replay(path: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
	return replayOn(sim().baseUrl, path, headers, body);
}

async function sdk(
	path: string,
	headers: Record<string, string>,
	body?: string,
): Promise<SdkAnswer> {
	return readSdk(await replay(path, headers, body));
}

const to = (...numbers: string[]): string => numbers.map((n) => `<to>${n}</to>`).join('');

/** A send as the SDK writes it (Python for a schedule: PHP 2.25.08 never writes one); its result. */
async function send(destinations: string, extra = ''): Promise<XmlSendData> {
	const body =
		'<request><text>Hello from the SDK</text><type>0</type><sender>SMSDemo</sender>' +
		`${extra}<destinations>${destinations}</destinations></request>`;
	return readSendResult(await sdk(SEND, pyHeaders(), body));
}

const idsBody = (ids: string[]): string =>
	`<request><destinations>${ids.map((id) => `<id>${id}</id>`).join('')}</destinations></request>`;

describe('delivery reports, as the SDK asks for them', () => {
	it.each([
		['PHP', phpHeaders],
		['Python', pyHeaders],
	])(
		'%s: /delivery/{batch}, bodiless, gzbin+xml: every destination with its times',
		async (_sdk, headers) => {
			const sent = await send(to('233241234567', '233240000000', '233249999999', '12'));
			const answer = await sdk(
				`/v5/report/message/delivery/${sent.batch}`,
				headers(undefined, GZBIN_XML),
			);
			expect(answer.mediaType).toBe(GZBIN_XML);
			const data = readReport(answer);
			expect(data).toMatchObject({
				batch: sent.batch,
				category: 'sms',
				delivery: 'true',
				destinationsCount: '4',
			});
			expect(data.destinations.item.map((i) => [i.status.id, i.messageCount])).toEqual([
				['2110', '1'],
				['2112', '1'],
				['2111', '1'],
				['2119', '0'],
			]);
			expect(data.destinations.item[0].reportDateTime).toMatch(TIMESTAMP);
			expect(sim().journal.at(-1)).toMatchObject({ rawBody: '', handshake: 0, accountId: 'demo' });
		},
	);

	it('before the delivery time: 2105 with a submit time and no report time', async () => {
		sim().setDialect({ deliverAfterMs: 60_000 });
		const sent = await send(to('233241234567'));
		const data = readReport(
			await sdk(`/v5/report/message/delivery/${sent.batch}`, phpHeaders(undefined, GZBIN_XML)),
		);
		expect(data.destinations.item[0].status.id).toBe('2105');
		expect(data.destinations.item[0].submitDateTime).toMatch(TIMESTAMP);
	});

	it('a scheduled batch: 2104 items the reader takes', async () => {
		const sent = await send(to('233241234567'), SCHEDULE);
		const data = readReport(
			await sdk(`/v5/report/message/delivery/${sent.batch}`, pyHeaders(undefined, GZBIN_XML)),
		);
		expect(data.destinations.item[0].status.id).toBe('2104');
	});

	it('PHP: /delivery/destinations/{batch} with the message ids; unknown ids carry id, status and validation', async () => {
		const sent = await send(to('233241234567', '233201234567'));
		const [a, b] = sent.destinations.item.map((i) => i.id);
		const unknown = '0f9c2b4e-6d1a-4c3b-9e8f-7a6b5c4d3e2f';
		const answer = await sdk(
			`/v5/report/message/delivery/destinations/${sent.batch}`,
			phpHeaders(),
			idsBody([b, unknown, 'x', a]),
		);
		expect(answer.mediaType).toBe('application/xml');
		const items = readReport(answer).destinations.item;
		expect(items.map((i) => [i.id, i.validation?.id])).toEqual([
			[b, '2401'],
			[unknown, '2404'],
			['x', '2403'],
			[a, '2401'],
		]);
		expect(items[1]).toEqual({
			id: unknown,
			status: { id: '2101', label: 'DS_UNKNOWN' },
			validation: expect.anything(),
		});
	});

	it('errors: 1501 for an unknown batch, 1502 for no ids, each a handshake with no data element', async () => {
		const sent = await send(to('233241234567'));
		const unknown = await sdk(
			`/v5/report/message/delivery/${'0'.repeat(32)}`,
			phpHeaders(undefined, GZBIN_XML),
		);
		expect([unknown.handshakeId, unknown.dataXml]).toEqual([1501, undefined]);
		expect(unknown.xml).toContain('<label>HSHK_ERR_MR_BATCH_ID</label>');
		const empty = await sdk(
			`/v5/report/message/delivery/destinations/${sent.batch}`,
			phpHeaders(),
			idsBody([]),
		);
		expect([empty.handshakeId, empty.dataXml]).toEqual([1502, undefined]);
	});
});

describe('scheduled messages, as the SDK calls them', () => {
	it('PHP load: category 1 and a date pair with offset, gzbin+xml', async () => {
		const sent = await send(to('233241234567'), SCHEDULE);
		const body =
			'<request><category>1</category><dateTime><from>2030-01-01 00:00:00</from><to>2030-12-31 23:59:59</to>' +
			'<offset>+00:00</offset></dateTime></request>';
		const answer = await sdk('/v5/message/scheduled/load', phpHeaders(undefined, GZBIN_XML), body);
		expect(readScheduledMessages(answer)).toEqual([
			{
				batch: sent.batch,
				category: 'sms',
				type: '0',
				text: 'Hello from the SDK',
				personalise: 'false',
				sender: 'SMSDemo',
				schedule: { dateTime: '2030-01-31 08:30:00', offset: '+00:00' },
				destinationsCount: '1',
			},
		]);
	});

	it('Python load: <request><batch /></request>; none waiting is an empty list, never empty data', async () => {
		const none = await sdk(
			'/v5/message/scheduled/load',
			pyHeaders(undefined, GZBIN_XML),
			'<request><batch /></request>',
		);
		expect(readScheduledMessages(none)).toEqual([]);
		expect(none.dataXml).toBe('<messages/>');
		await send(to('233241234567'), SCHEDULE);
		const one = await sdk(
			'/v5/message/scheduled/load',
			pyHeaders(undefined, GZBIN_XML),
			'<request><batch /></request>',
		);
		expect(readScheduledMessages(one)).toHaveLength(1);
	});

	it('load/{batch}, bodiless: the one message', async () => {
		const sent = await send(to('233241234567'), SCHEDULE);
		const [message] = readScheduledMessages(
			await sdk(`/v5/message/scheduled/load/${sent.batch}`, phpHeaders()),
		);
		expect(message.batch).toBe(sent.batch);
	});

	it('destinations/load/{batch}, bodiless, gzbin+xml: items keyed by id, values of a personalised one', async () => {
		const body =
			'<request><text>Hi {$name}</text><type>0</type><sender>SMSDemo</sender>' +
			SCHEDULE +
			'<destinations><to><number>233241234567</number><values><value>Ama</value></values></to></destinations></request>';
		const sent = readSendResult(await sdk(SEND, pyHeaders(), body));
		const answer = await sdk(
			`/v5/message/scheduled/destinations/load/${sent.batch}`,
			phpHeaders(undefined, GZBIN_XML),
		);
		const [item] = readScheduledDestinations(answer);
		expect(item).toMatchObject({
			id: sent.destinations.item[0].id,
			to: '233241234567',
			values: { value: ['Ama'] },
			status: { id: '2104' },
		});
	});

	it('update, gzbin+xml: full properties, then add, update and delete; 2103 marks the deleted', async () => {
		const sent = await send(to('233241234567', '233201234567', '233271234567'), SCHEDULE);
		const [a, b, c] = sent.destinations.item.map((i) => i.id);
		const body =
			'<request><text>Moved</text><type>0</type><sender>SMSDemo</sender>' +
			'<schedule><dateTime>2030-02-01 09:00:00</dateTime><offset>+00:00</offset></schedule>' +
			'<destinations>' +
			`<add><to><number>233551234567</number><id>${SDK_ID}</id></to></add>` +
			`<update><to><number>233261234567</number><id>${b}</id></to></update>` +
			`<delete><to><id>${c}</id></to></delete>` +
			'</destinations></request>';
		const answer = await sdk(
			`/v5/message/scheduled/update/${sent.batch}`,
			phpHeaders(undefined, GZBIN_XML),
			body,
		);
		const data = readSendResult(answer);
		expect(data).toMatchObject({ text: 'Moved', delivery: 'false', destinationsCount: '4' });
		const items = data.destinations.item;
		expect(items.map((i) => [i.id, i.status.id])).toEqual([
			[a, '2104'],
			[b, '2104'],
			[c, '2103'],
			[SDK_ID, '2104'],
		]);
		expect(items.every((i) => UUID.test(i.id))).toBe(true);
		const [message] = readScheduledMessages(
			await sdk('/v5/message/scheduled/load', phpHeaders(undefined, GZBIN_XML)),
		);
		expect(message.schedule.dateTime).toBe('2030-02-01 09:00:00');
	});

	it('cancel and dispatch, bodiless: a handshake 0 with data', async () => {
		const one = await send(to('233241234567'), SCHEDULE);
		const two = await send(to('233201234567'), SCHEDULE);
		const cancelled = await sdk(`/v5/message/scheduled/cancel/${one.batch}`, phpHeaders());
		const dispatched = await sdk(`/v5/message/scheduled/dispatch/${two.batch}`, pyHeaders());
		expect([cancelled.handshakeId, dispatched.handshakeId]).toEqual([0, 0]);
		expect(cancelled.dataXml).toBe(
			`<batch>${one.batch}</batch><destinationsCount>1</destinationsCount>`,
		);
		const report = readReport(
			await sdk(`/v5/report/message/delivery/${one.batch}`, phpHeaders(undefined, GZBIN_XML)),
		);
		expect(report.destinations.item[0].status.id).toBe('2102');
	});

	it.each<[string, number, string]>([
		['cancelled', 1802, 'HSHK_ERR_SM_CANCELLED'],
		['dispatched', 1801, 'HSHK_ERR_SM_PROCESSED'],
		['sent at once', 1803, 'HSHK_ERR_SM_NOT_SCHEDULED'],
		['unknown', 1804, 'HSHK_ERR_SM_REFERENCE_ID'],
	])(
		'a batch %s: %i on load, cancel, dispatch and update, as a bare handshake',
		async (state, id, label) => {
			let batch = '0'.repeat(32);
			if (state !== 'unknown')
				batch = (await send(to('233241234567'), state === 'sent at once' ? '' : SCHEDULE)).batch;
			if (state === 'cancelled') await sdk(`/v5/message/scheduled/cancel/${batch}`, phpHeaders());
			if (state === 'dispatched')
				await sdk(`/v5/message/scheduled/dispatch/${batch}`, phpHeaders());
			const update = '<request><text>x</text><type>0</type><sender>SMSDemo</sender></request>';
			for (const [path, body] of [
				[`load/${batch}`, undefined],
				[`cancel/${batch}`, undefined],
				[`dispatch/${batch}`, undefined],
				[`update/${batch}`, update],
			]) {
				const answer = await sdk(
					`/v5/message/scheduled/${path}`,
					phpHeaders(undefined, GZBIN_XML),
					body,
				);
				expect([answer.handshakeId, answer.dataXml]).toEqual([id, undefined]);
				expect(answer.xml).toContain(`<label>${label}</label>`);
			}
		},
	);

	it.each<[string, string, number]>([
		['a USSD category', '<request><category>3</category></request>', 1806],
		[
			'a single date',
			'<request><category>1</category><dateTime><from>2030-01-01 00:00:00</from></dateTime></request>',
			1807,
		],
		[
			'an offset outside the SDK pattern',
			'<request><category>1</category><dateTime><from>2030-01-01 00:00:00</from><to>2030-01-02 00:00:00</to><offset>+14:00</offset></dateTime></request>',
			1808,
		],
	])('load with %s: %i', async (_label, body, id) => {
		expect(
			(await sdk('/v5/message/scheduled/load', phpHeaders(undefined, GZBIN_XML), body)).handshakeId,
		).toBe(id);
	});
});

describe('the strict readers refuse what the SDK would', () => {
	const envelope = (data: string): RawAnswer => ({
		status: 200,
		headers: { 'content-type': 'application/xml' },
		body: `<response><handshake><id>0</id><label>HSHK_OK</label></handshake><data>${data}</data></response>`,
	});
	const message = (inner: string): string =>
		`<messages><message><batch>b</batch><category>sms</category><type>0</type><text>t</text>${inner}` +
		'<sender>s</sender></message></messages>';
	const schedule =
		'<schedule><dateTime>2030-01-31 08:30:00</dateTime><offset>+00:00</offset></schedule>';

	it.each([
		[
			'personalised instead of personalise',
			message(`<personalised>false</personalised>${schedule}`),
			/personalise missing/,
		],
		[
			'a schedule without seconds',
			message(
				`<personalise>false</personalise><schedule><dateTime>2030-01-31 08:30</dateTime><offset>+00:00</offset></schedule>`,
			),
			/not YYYY-MM-DD HH:MM:SS/,
		],
		[
			'category 1',
			message(`<personalise>false</personalise>${schedule}`).replace(
				'<category>sms</category>',
				'<category>1</category>',
			),
			/not a label/,
		],
	])('a scheduled message with %s', (_label, data, rule) => {
		expect(() => readScheduledMessages(readSdk(envelope(data)))).toThrow(rule);
	});

	const report = (item: string): string =>
		'<batch>b</batch><category>sms</category><delivery>true</delivery>' +
		`<destinations><item><id>i</id><to>233241234567</to><messageCount>1</messageCount>${item}</item></destinations>`;

	it.each([
		[
			'a final status without reportDateTime',
			report('<status><id>2110</id></status><submitDateTime>2030-01-01 00:00:00</submitDateTime>'),
			/2110 without reportDateTime/,
		],
		[
			'a pending status with reportDateTime',
			report(
				'<status><id>2105</id></status><submitDateTime>2030-01-01 00:00:00</submitDateTime><reportDateTime>2030-01-01 00:00:00</reportDateTime>',
			),
			/2105 with reportDateTime/,
		],
		[
			'an accepted destination without submitDateTime',
			report('<status><id>2105</id></status>'),
			/without submitDateTime/,
		],
		[
			'delivery false',
			report('<status><id>2119</id></status>').replace(
				'<delivery>true</delivery>',
				'<delivery>false</delivery>',
			),
			/delivery other than true/,
		],
	])('a report with %s', (_label, data, rule) => {
		expect(() => readReport(readSdk(envelope(data)))).toThrow(rule);
	});

	it('an item without a number that is not an unknown id (2101)', () => {
		const data = report('<status><id>2110</id></status>').replace('<to>233241234567</to>', '');
		expect(() => readReport(readSdk(envelope(data)))).toThrow(/without to/);
	});
});
