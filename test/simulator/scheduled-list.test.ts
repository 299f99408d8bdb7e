/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Scheduled messages: the list (POST /v5/message/scheduled/load), its filters and the account's
 * time zone. One message, its destinations, cancel and dispatch are in scheduled-batch.test.ts.
 */
import type { ScheduledList, SendData, XmlScheduledList } from './answers';
import { DEMO_ACCOUNT } from '../../simulator';
import { JSON_HEADERS, XML_HEADERS, account, plainUnit, useSimulator } from './helpers';
import { GZBIN_XML, LATER, LIST, call, envelopeOf, handshakeOf, sendOk } from './lifecycle-helpers';

const LAGOS_KEY = 'lagos-api-key-0123456789';
const sim = useSimulator({
	accounts: [
		DEMO_ACCOUNT,
		account({ id: 'lagos', apiKey: LAGOS_KEY, login: 'l@example.com', timeZone: 'Africa/Lagos' }),
	],
});
const LAGOS = { ...JSON_HEADERS, authorization: `key ${LAGOS_KEY}` };

async function scheduled(
	destinations: unknown[] = ['0241234567'],
	schedule: unknown = LATER,
	extra = {},
): Promise<SendData> {
	return sendOk(sim().baseUrl, plainUnit(destinations, { schedule, ...extra }));
}

async function list<E extends ScheduledList | XmlScheduledList = ScheduledList>(
	body = '',
	headers: Record<string, string> = JSON_HEADERS,
): Promise<E> {
	return envelopeOf<E>(await call(sim().baseUrl, LIST, body, headers));
}

describe('POST /v5/message/scheduled/load', () => {
	it('PHP form, gzbin+xml: waiting messages by schedule time, every member the SDK reads', async () => {
		const late = await scheduled(['0241234567'], {
			dateTime: '2031-05-01 09:00:00',
			offset: '+02:00',
		});
		const early = await scheduled(['0241234567', '0201234567'], LATER, {
			callback: { url: 'http://127.0.0.1:9/dlr', accept: 'application/xml' },
		});
		await sendOk(sim().baseUrl, plainUnit(['0241234567']));
		const res = await call(sim().baseUrl, LIST, '<request><category>1</category></request>', {
			...XML_HEADERS,
			accept: GZBIN_XML,
		});
		expect(res.headers['content-type']).toBe(GZBIN_XML);
		const messages = envelopeOf<XmlScheduledList>(res).data.messages.message;
		expect(messages).toEqual([
			{
				batch: early.batch,
				category: 'sms',
				type: '0',
				text: 'Hello from the simulator',
				personalise: 'false',
				sender: 'SMSDemo',
				schedule: { dateTime: '2030-01-31 08:30:00', offset: '+00:00' },
				callback: { url: 'http://127.0.0.1:9/dlr', accept: 'application/xml' },
				destinationsCount: '2',
			},
			expect.objectContaining({
				batch: late.batch,
				schedule: { dateTime: '2031-05-01 09:00:00', offset: '+02:00' },
				destinationsCount: '1',
			}),
		]);
		expect(messages[1].callback).toBeUndefined();
	});

	it('the Python form <request><batch /></request>, an empty body and {} all mean every message', async () => {
		const one = await scheduled();
		const noType = { accept: 'application/json', authorization: JSON_HEADERS.authorization };
		for (const [body, headers] of [
			['<request><batch /></request>', XML_HEADERS],
			['', XML_HEADERS],
			['', noType],
			['{}', JSON_HEADERS],
		] as const) {
			const envelope = await list<ScheduledList | XmlScheduledList>(body, headers);
			const messages =
				headers === XML_HEADERS
					? (envelope as XmlScheduledList).data.messages.message
					: (envelope as ScheduledList).data.messages;
			expect(messages.map((m) => m.batch)).toEqual([one.batch]);
		}
	});

	it('JSON: category 1, personalise a boolean; a personalised message says true', async () => {
		const sent = await sendOk(sim().baseUrl, {
			text: 'Hi {$name}',
			type: 1,
			sender: 'SMSDemo',
			destinations: [{ number: '0241234567', values: ['Ama'] }],
			schedule: LATER,
		});
		const [message] = (await list('{"category": 1}')).data.messages;
		expect(message).toEqual({
			batch: sent.batch,
			category: 1,
			type: 1,
			text: 'Hi {$name}',
			personalise: true,
			sender: 'SMSDemo',
			schedule: { dateTime: '2030-01-31 08:30:00', offset: '+00:00' },
			destinationsCount: 1,
		});
	});

	it('none waiting: <messages/> inside data, {"messages": []} in JSON', async () => {
		await sendOk(sim().baseUrl, plainUnit(['0241234567']));
		const xml = await call(sim().baseUrl, LIST, '', XML_HEADERS);
		expect(xml.body).toMatch(/<data><messages\/><\/data><\/response>$/);
		expect((await list()).data).toEqual({ messages: [] });
	});

	it('the contract dialect answers category 1 in XML too', async () => {
		sim().setDialect({ dialect: 'contract' });
		await scheduled();
		const envelope = await list<XmlScheduledList>('', XML_HEADERS);
		expect(envelope.data.messages.message[0].category).toBe('1');
	});

	it('filters by from/to (inclusive), read in the offset given or in the account time zone', async () => {
		const a = await scheduled(['0241234567'], { dateTime: '2030-01-31 08:30' });
		const b = await scheduled(['0241234567'], {
			dateTime: '2030-01-31 10:00:00',
			offset: '+01:00',
		});
		const filter = (from: string, to: string, offset?: string): string =>
			JSON.stringify({ category: 1, dateTime: { from, to, ...(offset ? { offset } : {}) } });
		const batches = async (body: string): Promise<string[]> =>
			(await list(body)).data.messages.map((m) => m.batch);
		expect(await batches(filter('2030-01-31 08:30', '2030-01-31 09:00'))).toEqual([
			a.batch,
			b.batch,
		]);
		expect(await batches(filter('2030-01-31 08:30:01', '2030-01-31 09:00'))).toEqual([b.batch]);
		expect(await batches(filter('2030-01-31 09:30', '2030-01-31 10:00', '+01:00'))).toEqual([
			a.batch,
			b.batch,
		]);
		const xml = `<request><category>1</category><dateTime><from>2030-01-31 08:00:00</from><to>2030-01-31 08:30:00</to></dateTime></request>`;
		expect(
			envelopeOf<XmlScheduledList>(await call(sim().baseUrl, LIST, xml, XML_HEADERS)).data.messages
				.message,
		).toHaveLength(1);
	});

	it('an account in another time zone: its schedules and filters are read in it', async () => {
		const sent = await sendOk(
			sim().baseUrl,
			plainUnit(['0241234567'], { schedule: LATER }),
			LAGOS.authorization,
		);
		const [message] = envelopeOf<ScheduledList>(await call(sim().baseUrl, LIST, '', LAGOS)).data
			.messages;
		expect(message).toMatchObject({
			batch: sent.batch,
			schedule: { dateTime: '2030-01-31 08:30:00', offset: '+01:00' },
		});
		const utc = JSON.stringify({
			dateTime: { from: '2030-01-31 07:30', to: '2030-01-31 07:30', offset: '+00:00' },
		});
		expect(
			envelopeOf<ScheduledList>(await call(sim().baseUrl, LIST, utc, LAGOS)).data.messages,
		).toHaveLength(1);
		const local = JSON.stringify({
			dateTime: { from: '2030-01-31 07:30', to: '2030-01-31 07:30' },
		});
		expect(
			envelopeOf<ScheduledList>(await call(sim().baseUrl, LIST, local, LAGOS)).data.messages,
		).toHaveLength(0);
		// The demo account sees none of it.
		expect((await list()).data.messages).toEqual([]);
	});

	it.each<[string, string, Record<string, string>, number]>([
		['category 3, USSD (1806)', '{"category": 3}', JSON_HEADERS, 1806],
		['category sms (1806)', '<request><category>sms</category></request>', XML_HEADERS, 1806],
		[
			'a from without a to (1807)',
			'{"dateTime": {"from": "2030-01-01 00:00"}}',
			JSON_HEADERS,
			1807,
		],
		['an empty dateTime (1807)', '<request><dateTime/></request>', XML_HEADERS, 1807],
		[
			'a month 13 (1807)',
			'{"dateTime": {"from": "2030-13-01 00:00", "to": "2030-12-01 00:00"}}',
			JSON_HEADERS,
			1807,
		],
		[
			'30 February (1807)',
			'{"dateTime": {"from": "2030-02-30 00:00", "to": "2030-03-01 00:00"}}',
			JSON_HEADERS,
			1807,
		],
		[
			'an ISO time (1807)',
			'{"dateTime": {"from": "2030-01-01T00:00:00Z", "to": "2030-01-02 00:00"}}',
			JSON_HEADERS,
			1807,
		],
		[
			'from after to (1807)',
			'{"dateTime": {"from": "2030-01-02 00:00", "to": "2030-01-01 00:00"}}',
			JSON_HEADERS,
			1807,
		],
		[
			'offset +5 (1808)',
			'{"dateTime": {"from": "2030-01-01 00:00", "to": "2030-01-02 00:00", "offset": "+5"}}',
			JSON_HEADERS,
			1808,
		],
		[
			'offset +05:17 (1808)',
			'{"dateTime": {"from": "2030-01-01 00:00", "to": "2030-01-02 00:00", "offset": "+05:17"}}',
			JSON_HEADERS,
			1808,
		],
		['an unparsable body (1402)', '<request><category>1</category>', XML_HEADERS, 1402],
		['a JSON list (1402)', '[1]', JSON_HEADERS, 1402],
	])('%s', async (_label, body, headers, id) => {
		await scheduled();
		const res = await call(sim().baseUrl, LIST, body, headers);
		expect(handshakeOf(res)).toBe(id);
		if (headers === XML_HEADERS) expect(res.body).toMatch(/<\/handshake><\/response>$/);
		else expect(envelopeOf(res).data).toBeNull();
	});
});
