/** POST /v5/auth: the account profile, and the account time zone it reports. */
import { DEMO_ACCOUNT, Simulator } from '../../simulator';
import {
	JSON_HEADERS,
	SEND,
	XML_HEADERS,
	account,
	plainUnit,
	post,
	raw,
	sendJson,
	statusIds,
	useSimulator,
} from './helpers';
import { readProfile, readSdk } from './sdk-reader';

const sim = useSimulator({
	accounts: [
		{ ...DEMO_ACCOUNT, senders: [...DEMO_ACCOUNT.senders] },
		account({
			id: 'india',
			apiKey: 'india-key',
			login: 'india@example.com',
			timeZone: 'Asia/Kolkata',
			messageType: 1,
		}),
		account({
			id: 'silent',
			apiKey: 'silent-key',
			login: 'silent@example.com',
			senders: [],
			voiceSenders: [],
		}),
	],
});

const AUTH = '/v5/auth';

function profile(authorization: string, accept = 'application/json'): ReturnType<typeof raw> {
	return raw(sim().baseUrl, {
		path: AUTH,
		headers: { accept, 'content-type': 'application/xml', 'content-length': '0', authorization },
	});
}

describe('POST /v5/auth', () => {
	it('JSON: the natural form of the profile tree', async () => {
		const body = JSON.parse((await profile(JSON_HEADERS.authorization)).body);
		expect(body.handshake).toEqual({ id: 0, label: 'HSHK_OK' });
		const { user, general } = body.data.settings;
		expect(user).toMatchObject({
			timeZone: 'Africa/Accra',
			messageType: 0,
			defDestination: {
				countryName: 'Ghana',
				countryCode: 'GH',
				dialCode: 233,
				minNumLen: 9,
				maxNumLen: 9,
			},
		});
		expect(user.routeFilters).toEqual([
			{
				countryCode: 'GH',
				countryName: 'Ghana',
				dialCode: 233,
				networksFilter: '[235][0-9]{8}',
				areaCodesFilter: null,
				usesAreaCodes: false,
				cnum_minlen: 9,
				cnum_maxlen: 9,
				registerSender: true,
				numericSenderAllowed: false,
			},
		]);
		expect(user.messageSenders).toEqual({
			sms: [
				{ name: 'SMSDemo', caseSensitive: true, countryCodes: ['GH'] },
				{ name: 'Alerts', caseSensitive: true, countryCodes: ['GH'] },
			],
			voice: [{ name: 'DemoVoice', caseSensitive: true, countryCodes: ['GH'] }],
			countries: [{ name: 'Ghana', code: 'GH' }],
		});
		expect(
			general.messageTypes.map((t: { id: number; singleLen: number; concatLen: number }) => [
				t.id,
				t.singleLen,
				t.concatLen,
			]),
		).toEqual([
			[0, 160, 153],
			[1, 70, 67],
			[2, 160, 153],
			[3, 70, 67],
		]);
		expect(general.timeZones[0]).toMatchObject({
			name: 'Africa',
			cities: expect.arrayContaining([{ name: 'Accra', offset: '+00:00' }]),
		});
		expect(sim().journal[0]).toMatchObject({
			path: AUTH,
			accountId: 'demo',
			handshake: 0,
			submitted: false,
		});
	});

	it('XML: the tree the SDK reads, region and city offsets as attributes', async () => {
		const answer = readSdk(await profile(XML_HEADERS.authorization, 'application/xml'));
		const data = readProfile(answer);
		expect(answer.dataXml).toContain('<region name="Africa"><city offset="+00:00">Accra</city>');
		expect(answer.dataXml).toContain(
			'<areaCodesFilter>null</areaCodesFilter><usesAreaCodes>false</usesAreaCodes>',
		);
		expect(data.settings.user.messageSenders?.sms.sender[0].countryCodes.code).toEqual(['GH']);
	});

	it("voice senders under messageSenders/voice, the sms list's shape, between sms and countries", async () => {
		const answer = readSdk(await profile(XML_HEADERS.authorization, 'application/xml'));
		const senders = readProfile(answer).settings.user.messageSenders;
		expect(senders?.voice?.sender).toEqual([
			{ name: 'DemoVoice', caseSensitive: 'true', countryCodes: { code: ['GH'] } },
		]);
		expect(answer.dataXml).toContain(
			'</sms><voice><sender><name>DemoVoice</name><caseSensitive>true</caseSensitive><countryCodes><code>GH</code></countryCodes></sender></voice><countries>',
		);
	});

	it('an account with voice senders only lists voice and countries; without voice senders, no voice', async () => {
		const sms = JSON.parse((await profile('key india-key')).body).data.settings.user.messageSenders;
		expect(Object.keys(sms)).toEqual(['sms', 'voice', 'countries']);
		const quiet = new Simulator({
			accounts: [
				account({
					id: 'v',
					apiKey: 'v-key',
					login: 'v@example.com',
					senders: [],
					voiceSenders: ['Clinic'],
				}),
			],
		});
		const base = await quiet.start(0);
		try {
			const res = await raw(base, {
				path: AUTH,
				headers: { accept: 'application/json', 'content-length': '0', authorization: 'key v-key' },
			});
			expect(JSON.parse(res.body).data.settings.user.messageSenders).toEqual({
				voice: [{ name: 'Clinic', caseSensitive: true, countryCodes: ['GH'] }],
				countries: [{ name: 'Ghana', code: 'GH' }],
			});
		} finally {
			await quiet.stop();
		}
		const plain = new Simulator({
			accounts: [account({ id: 's', apiKey: 's-key', login: 's@example.com', voiceSenders: [] })],
		});
		const plainBase = await plain.start(0);
		try {
			const res = await raw(plainBase, {
				path: AUTH,
				headers: { accept: 'application/json', 'content-length': '0', authorization: 'key s-key' },
			});
			expect(Object.keys(JSON.parse(res.body).data.settings.user.messageSenders)).toEqual([
				'sms',
				'countries',
			]);
		} finally {
			await plain.stop();
		}
	});

	it("the account's own time zone and message type; the zone is listed", async () => {
		const json = JSON.parse((await profile('key india-key')).body).data.settings;
		expect(json.user).toMatchObject({ timeZone: 'Asia/Kolkata', messageType: 1 });
		const asia = json.general.timeZones.find((r: { name: string }) => r.name === 'Asia');
		expect(asia.cities).toContainEqual({ name: 'Kolkata', offset: '+05:30' });
		readProfile(readSdk(await profile('key india-key', 'application/xml')));
	});

	it('an account without senders has no messageSenders', async () => {
		const json = JSON.parse((await profile('key silent-key')).body).data.settings;
		expect(json.user.messageSenders).toBeUndefined();
		readProfile(readSdk(await profile('key silent-key', 'application/xml')));
	});

	it('the usual gates: wrong key 1203, Accept 1101, GET 405; Portal Pass with the flag', async () => {
		expect(JSON.parse((await profile('key wrong   ls')).body)).toEqual({
			handshake: { id: 1203, label: 'HSHK_ERR_UA_AUTH' },
			data: null,
		});
		expect(
			JSON.parse((await profile(JSON_HEADERS.authorization, 'text/html')).body).handshake.id,
		).toBe(1101);
		expect(
			(await raw(sim().baseUrl, { method: 'GET', path: AUTH, headers: JSON_HEADERS })).status,
		).toBe(405);
		const factor = `factor ${Buffer.from('demo@example.com__::Demo-Passw0rd').toString('base64')}   ls`;
		expect(JSON.parse((await profile(factor)).body).handshake.id).toBe(0);
		expect(JSON.parse((await profile('key  ls')).body).handshake.id).toBe(1202);
	});

	it('a body sent anyway is ignored', async () => {
		const res = await post(sim().baseUrl, AUTH, { anything: true }, JSON_HEADERS);
		expect(res.json.handshake.id).toBe(0);
	});

	it('refuses an unknown time zone or message type in the configuration', () => {
		expect(
			() => new Simulator({ accounts: [account({ id: 'x', timeZone: 'Mars/Olympus' })] }),
		).toThrow(/time zone/);
		expect(() => new Simulator({ accounts: [account({ id: 'x', messageType: 7 })] })).toThrow(
			/messageType/,
		);
	});
});

describe("a schedule without offset is read in the account's time zone", () => {
	const HOUR = 3_600_000;
	/** A wall clock `hoursAhead` from now as seen in UTC. */
	const utcWallClock = (hoursAhead: number): string =>
		new Date(Date.now() + hoursAhead * HOUR).toISOString().slice(0, 16).replace('T', ' ');

	it('three hours ahead on a UTC clock is two and a half hours ago in Kolkata (+05:30)', async () => {
		const dateTime = utcWallClock(3);
		const india = await post(
			sim().baseUrl,
			SEND,
			plainUnit(['0241234567'], { schedule: { dateTime } }),
			{
				...JSON_HEADERS,
				authorization: 'key india-key',
			},
		);
		expect(india.json.handshake.id).toBe(1807);
		const demo = await sendJson(
			sim().baseUrl,
			plainUnit(['0241234567'], { schedule: { dateTime } }),
		);
		expect(statusIds(demo)).toEqual([2104]);
	});

	it('seven hours ahead on a UTC clock is still ahead in Kolkata', async () => {
		const res = await post(
			sim().baseUrl,
			SEND,
			plainUnit(['0241234567'], { schedule: { dateTime: utcWallClock(7) } }),
			{
				...JSON_HEADERS,
				authorization: 'key india-key',
			},
		);
		expect(statusIds(res)).toEqual([2104]);
	});
});
