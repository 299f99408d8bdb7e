import {
	XML_HEADERS,
	plainUnit,
	post,
	readXml,
	SEND,
	sendJson,
	statusIds,
	useSimulator,
} from './helpers';

const sim = useSimulator();

const HOUR = 3_600_000;
const SCHEDULED = { id: 2104, label: 'DS_SCHEDULED' };

/** `YYYY-MM-DD hh:mm` as a wall clock at `offsetMinutes` from UTC shows the instant `ms`. */
function wallClock(ms: number, offsetMinutes = 0): string {
	return new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

function scheduled(
	destinations: unknown[],
	schedule: Record<string, unknown>,
): Record<string, unknown> {
	return plainUnit(destinations, { schedule });
}

async function expectRejected(schedule: Record<string, unknown>, id: number): Promise<void> {
	const res = await sendJson(sim().baseUrl, scheduled(['0241234567'], schedule));
	expect(res.status).toBe(200);
	expect(res.json).toEqual({ handshake: { id, label: `HSHK_ERR_SIM_${id}` }, data: null });
	expect(sim().balance('demo')).toBe(1000);
	expect(sim().submissionCounts()).toEqual({});
	expect(sim().journal[0]).toMatchObject({ handshake: id, submitted: false, accountId: 'demo' });
	expect(sim().journal[0].unit?.schedule).toEqual(schedule);
}

describe('a schedule in the future', () => {
	it('answers 2104 for accepted destinations, takes credit and counts submissions as for 2105', async () => {
		sim().setDialect({ dialect: 'contract' });
		const res = await sendJson(
			sim().baseUrl,
			scheduled(['0241234567', 'not-a-number', '233201234567', '0241234567'], {
				dateTime: '2030-01-31 08:30',
				offset: '+00:00',
			}),
		);
		expect(res.json.handshake).toEqual({ id: 0, label: 'HSHK_OK' });
		expect(statusIds(res)).toEqual([2104, 2119, 2104, 2120]);
		expect(res.json.data.destinations[0].status).toEqual(SCHEDULED);
		expect(res.json.data.delivery).toBe(false);
		expect(sim().balance('demo')).toBe(998);
		expect(sim().submissionCounts()).toEqual({ '233241234567': 1, '233201234567': 1 });
		expect(sim().journal[0].submitted).toBe(true);
	});

	it('without offset, reads the date-time as UTC (standing in for the account time zone)', async () => {
		const res = await sendJson(
			sim().baseUrl,
			scheduled(['0241234567'], { dateTime: wallClock(Date.now() + 2 * HOUR) }),
		);
		expect(statusIds(res)).toEqual([2104]);
	});

	it('reads the date-time in the given offset', async () => {
		// Three hours ahead on a UTC wall clock: still ahead at -05:00, already past at +05:00.
		const dateTime = wallClock(Date.now() + 3 * HOUR);
		expect(
			statusIds(
				await sendJson(sim().baseUrl, scheduled(['0241234567'], { dateTime, offset: '-05:00' })),
			),
		).toEqual([2104]);
		expect(
			(await sendJson(sim().baseUrl, scheduled(['0241234567'], { dateTime, offset: '+05:00' })))
				.json.handshake.id,
		).toBe(1807);
		expect(sim().submissionCount('233241234567')).toBe(1);
	});

	it('accepts an hour ahead in a far-east offset and a quarter-hour offset', async () => {
		const at = Date.now() + HOUR;
		for (const [offset, minutes] of [
			['+13:00', 13 * 60],
			['+05:45', 5 * 60 + 45],
			['-12:00', -12 * 60],
			['-00:00', 0],
		] as const) {
			const res = await sendJson(
				sim().baseUrl,
				scheduled(['0241234567'], { dateTime: wallClock(at, minutes), offset }),
			);
			expect([offset, statusIds(res)]).toEqual([offset, [2104]]);
		}
	});

	it('accepts 29 February in a leap year', async () => {
		const res = await sendJson(
			sim().baseUrl,
			scheduled(['0241234567'], { dateTime: '2032-02-29 12:00' }),
		);
		expect(statusIds(res)).toEqual([2104]);
	});

	it('still rejects destinations for lack of credit', async () => {
		sim().setBalance('demo', 1);
		const res = await sendJson(
			sim().baseUrl,
			scheduled(['0241234567', '0201234567'], { dateTime: '2030-01-31 08:30' }),
		);
		expect(statusIds(res)).toEqual([2104, 2121]);
		expect(sim().balance('demo')).toBe(0);
	});

	it('applies to personalised messages, charged on the rendered text', async () => {
		const res = await sendJson(sim().baseUrl, {
			text: 'Hi {$name}',
			type: 0,
			sender: 'SMSDemo',
			destinations: [
				{ number: '0241234567', values: ['Ama'] },
				{ number: '0201234567', values: [''] },
			],
			schedule: { dateTime: '2030-01-31 08:30', offset: '+01:00' },
		});
		expect(statusIds(res)).toEqual([2104, 2115]);
		expect(sim().journal[0].rendered).toEqual(['Hi Ama', null]);
		expect(sim().balance('demo')).toBe(999);
	});

	it('answers 2104 in XML too', async () => {
		sim().setDialect({ dialect: 'contract' });
		const xml =
			'<request><text>Hello</text><type>0</type><sender>SMSDemo</sender>' +
			'<destinations><to>0241234567</to></destinations>' +
			'<schedule><dateTime>2030-05-01 10:00</dateTime><offset>-05:30</offset></schedule></request>';
		const res = await post(sim().baseUrl, SEND, xml, XML_HEADERS);
		const item = readXml(res.text).response.data.destinations.item;
		expect(item[0].status).toEqual({ id: '2104', label: 'DS_SCHEDULED' });
	});
});

describe('an unusable schedule (handshake 18xx, nothing submitted)', () => {
	// The labels HSHK_ERR_SIM_1807/1808 and the empty <data/> are the contract dialect's.
	beforeEach(() => sim().setDialect({ dialect: 'contract' }));

	it('1807 for a date-time in the past', async () => {
		await expectRejected({ dateTime: '2020-01-31 08:30', offset: '+00:00' }, 1807);
	});

	it('1807 for a past date-time without offset (UTC)', async () => {
		await expectRejected({ dateTime: wallClock(Date.now() - HOUR) }, 1807);
	});

	it('1807 for the current minute', async () => {
		await expectRejected({ dateTime: wallClock(Date.now()) }, 1807);
	});

	it.each(['2030-02-30 10:00', '2031-02-29 10:00', '2030-04-31 10:00'])(
		'1807 for %s, a day that does not exist',
		async (dateTime) => {
			await expectRejected({ dateTime }, 1807);
		},
	);

	it.each(['+05:17', '-03:59', '+00:01'])(
		'1808 for offset %s, not a whole quarter hour',
		async (offset) => {
			await expectRejected({ dateTime: '2030-01-31 08:30', offset }, 1808);
		},
	);

	it('1808 before the date is judged', async () => {
		await expectRejected({ dateTime: '2020-01-31 08:30', offset: '+05:17' }, 1808);
	});

	it('answers in the asked format (XML)', async () => {
		const xml =
			'<request><text>Hello</text><type>0</type><sender>SMSDemo</sender>' +
			'<destinations><to>0241234567</to></destinations>' +
			'<schedule><dateTime>2001-05-01 10:00</dateTime></schedule></request>';
		const res = await post(sim().baseUrl, SEND, xml, XML_HEADERS);
		const response = readXml(res.text).response;
		expect(response.handshake).toEqual({ id: '1807', label: 'HSHK_ERR_SIM_1807' });
		expect(response.data).toBe('');
		expect(sim().balance('demo')).toBe(1000);
	});

	it('ill-formed schedules stay 1402', async () => {
		for (const schedule of [
			{ dateTime: '2030-01-31 8:30' },
			{ dateTime: '2030-01-31 08:30', offset: '+13:30' },
		]) {
			const res = await sendJson(sim().baseUrl, scheduled(['0241234567'], schedule));
			expect(res.json.handshake.id).toBe(1402);
		}
	});
});

describe('the sdk dialect and the forms the vendor SDK sends', () => {
	/** `YYYY-MM-DD hh:mm:ss` in UTC for the instant `ms`. */
	const withSeconds = (ms: number): string =>
		new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

	it('2104 carries the SDK label DS_SUBMIT_SCHEDULED, in JSON and XML', async () => {
		const res = await sendJson(
			sim().baseUrl,
			scheduled(['0241234567'], { dateTime: '2030-01-31 08:30' }),
		);
		expect(res.json.data.destinations[0].status).toEqual({
			id: 2104,
			label: 'DS_SUBMIT_SCHEDULED',
		});
		const xml =
			'<request><text>Hello</text><type>0</type><sender>SMSDemo</sender>' +
			'<schedule><dateTime>2030-05-01 10:00:00</dateTime><offset>-05:30</offset></schedule>' +
			'<destinations><to>0241234567</to></destinations></request>';
		const item = readXml((await post(sim().baseUrl, SEND, xml, XML_HEADERS)).text).response.data
			.destinations.item;
		expect(item[0].status).toEqual({ id: '2104', label: 'DS_SUBMIT_SCHEDULED' });
	});

	it('1807 and 1808 carry the SDK labels; JSON data null, XML no data element', async () => {
		const past = await sendJson(
			sim().baseUrl,
			scheduled(['0241234567'], { dateTime: '2020-01-31 08:30:00' }),
		);
		expect(past.json).toEqual({
			handshake: { id: 1807, label: 'HSHK_ERR_SM_DATETIME' },
			data: null,
		});
		const odd = await sendJson(
			sim().baseUrl,
			scheduled(['0241234567'], { dateTime: '2030-01-31 08:30', offset: '+05:17' }),
		);
		expect(odd.json.handshake).toEqual({ id: 1808, label: 'HSHK_ERR_SM_TZ_OFFSET' });
		const xml =
			'<request><text>Hello</text><type>0</type><sender>SMSDemo</sender><destinations><to>0241234567</to></destinations>' +
			'<schedule><dateTime>2001-05-01 10:00:00</dateTime></schedule></request>';
		const res = await post(sim().baseUrl, SEND, xml, XML_HEADERS);
		expect(readXml(res.text).response).toEqual({
			handshake: { id: '1807', label: 'HSHK_ERR_SM_DATETIME' },
		});
		expect(sim().balance('demo')).toBe(1000);
	});

	it('seconds are read: half a minute ahead is ahead, two seconds ago is past', async () => {
		const ahead = withSeconds(Date.now() + 30_000);
		expect(
			statusIds(await sendJson(sim().baseUrl, scheduled(['0241234567'], { dateTime: ahead }))),
		).toEqual([2104]);
		expect(sim().journal[0].unit?.schedule).toEqual({ dateTime: ahead });
		const behind = withSeconds(Date.now() - 2_000);
		expect(
			(await sendJson(sim().baseUrl, scheduled(['0241234567'], { dateTime: behind }))).json
				.handshake.id,
		).toBe(1807);
	});

	it('-13:00 is accepted as the SDK pattern allows, +13:00 as before', async () => {
		for (const offset of ['-13:00', '+13:00']) {
			const res = await sendJson(
				sim().baseUrl,
				scheduled(['0241234567'], { dateTime: '2030-01-31 08:30:00', offset }),
			);
			expect([offset, statusIds(res)]).toEqual([offset, [2104]]);
		}
	});

	it.each([
		{ dateTime: '2030-01-31 08:30:60' },
		{ dateTime: '2030-01-31 08:30:5' },
		{ dateTime: '2030-01-31 08:30:00.000' },
		{ dateTime: '2030-01-31 08:30:00', offset: '-13:30' },
		{ dateTime: '2030-01-31 08:30:00', offset: '+14:00' },
	])('still 1402 for %j', async (schedule) => {
		expect(
			(await sendJson(sim().baseUrl, scheduled(['0241234567'], schedule))).json.handshake.id,
		).toBe(1402);
	});
});
