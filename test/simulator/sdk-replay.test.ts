/**
 * Replays the requests the vendor's SDK (Zenoph.Notify, PHP 2.25.08 and Python 2.23.10) sends,
 * written from the published facts about them (no SDK code): XML bodies with no declaration and
 * no whitespace, members in the SDK's order, bodiless calls with `Content-Length: 0` and
 * `Content-Type: application/xml`, the flag on `/v5/auth`. Every answer goes through the strict
 * reader (sdk-reader.ts), which refuses what the SDK would refuse.
 */
import { BALANCE, SEND, UUID, useSimulator, type RawAnswer } from './helpers';
import { readBalance, readProfile, readSdk, readSendResult } from './sdk-reader';
import { GZBIN_XML, KEY, phpHeaders, pyHeaders, replayOn } from './sdk-requests';

const sim = useSimulator();

const AUTH = '/v5/auth';

function replay(path: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
	return replayOn(sim().baseUrl, path, headers, body);
}

/** `<request>` in the SDK's child order: text, type, sender, personalise?, schedule?, callback?, destinations. */
function request(inner: { text?: string; sender?: string; extra?: string; to: string }): string {
	const text = inner.text ?? 'Hello from the SDK';
	return (
		`<request><text>${text}</text><type>0</type><sender>${inner.sender ?? 'SMSDemo'}</sender>` +
		`${inner.extra ?? ''}<destinations>${inner.to}</destinations></request>`
	);
}

const to = (...numbers: string[]): string => numbers.map((n) => `<to>${n}</to>`).join('');

describe('send, as the SDK writes it', () => {
	it('a plain message: every member the SDK reads, destinations last', async () => {
		const answer = readSdk(
			await replay(SEND, phpHeaders(), request({ to: to('233241234567', '233201234567') })),
		);
		expect(answer.mediaType).toBe('application/xml');
		const data = readSendResult(answer);
		expect(data).toMatchObject({
			category: 'sms',
			delivery: 'false',
			text: 'Hello from the SDK',
			type: '0',
			sender: 'SMSDemo',
			personalised: 'false',
			destinationsCount: '2',
		});
		expect(Object.keys(data).at(-1)).toBe('destinations');
		for (const item of data.destinations.item) {
			expect(item).toMatchObject({
				country: 'GH',
				message: 'Hello from the SDK',
				messageCount: '1',
			});
			expect(item.status.id).toBe('2105');
			expect(item.id).toMatch(UUID);
			expect(item.reportDateTime).toBeUndefined();
		}
		expect(answer.xml).not.toContain('<reportDateTime');
		expect(sim().balance('demo')).toBe(998);
	});

	it('numbers exactly as the caller gave them (no profile loaded): 024…, 233…, +233…', async () => {
		const answer = readSdk(
			await replay(
				SEND,
				pyHeaders(),
				request({ to: to('0241234567', '233201234567', '+233551234567') }),
			),
		);
		const items = readSendResult(answer).destinations.item;
		expect(items.map((i: { to: string }) => i.to)).toEqual([
			'233241234567',
			'233201234567',
			'233551234567',
		]);
	});

	it('a rejected destination keeps the reader happy: no submitDateTime, messageCount 0', async () => {
		const answer = readSdk(
			await replay(SEND, phpHeaders(), request({ to: to('233241234567', '12') })),
		);
		const [ok, bad] = readSendResult(answer).destinations.item;
		expect(ok.submitDateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
		expect(bad).toMatchObject({ to: '12', messageCount: '0', status: { id: '2119' } });
		expect(bad.submitDateTime).toBeUndefined();
		expect(bad.country).toBeUndefined();
	});

	it('an unregistered sender: 2128 for every destination, still a valid send result', async () => {
		const answer = readSdk(
			await replay(SEND, phpHeaders(), request({ sender: 'Nobody', to: to('233241234567') })),
		);
		expect(readSendResult(answer).destinations.item[0].status.id).toBe('2128');
	});

	it('Python: schedule with seconds, before destinations', async () => {
		const extra =
			'<schedule><dateTime>2030-01-31 08:30:00</dateTime><offset>+00:00</offset></schedule>';
		const answer = readSdk(
			await replay(SEND, pyHeaders(), request({ extra, to: to('233241234567') })),
		);
		expect(readSendResult(answer).destinations.item[0].status.id).toBe('2104');
		expect(sim().journal[0].unit?.schedule).toEqual({
			dateTime: '2030-01-31 08:30:00',
			offset: '+00:00',
		});
	});

	it('Python: schedule with seconds and no offset; -13:00 as the SDK pattern allows', async () => {
		for (const schedule of [
			'<schedule><dateTime>2030-01-31 08:30:15</dateTime></schedule>',
			'<schedule><dateTime>2030-01-31 08:30:15</dateTime><offset>-13:00</offset></schedule>',
		]) {
			const answer = readSdk(
				await replay(SEND, pyHeaders(), request({ extra: schedule, to: to('233241234567') })),
			);
			expect(readSendResult(answer).destinations.item[0].status.id).toBe('2104');
		}
	});

	it('a schedule in the past is a handshake error with no data element', async () => {
		const extra = '<schedule><dateTime>2001-01-31 08:30:00</dateTime></schedule>';
		const answer = readSdk(
			await replay(SEND, pyHeaders(), request({ extra, to: to('233241234567') })),
		);
		expect(answer.handshakeId).toBe(1807);
		expect(answer.dataXml).toBeUndefined();
		expect(answer.xml).toContain('<label>HSHK_ERR_SM_DATETIME</label>');
	});

	it('PHP: callback before destinations, kept for delivery reports', async () => {
		const extra =
			'<callback><url>http://127.0.0.1:9/dlr</url><accept>application/xml</accept></callback>';
		const data = readSendResult(
			readSdk(await replay(SEND, phpHeaders(), request({ extra, to: to('233241234567') }))),
		);
		expect(sim().callbackBatch(data.batch)?.callback).toEqual({
			url: 'http://127.0.0.1:9/dlr',
			accept: 'application/xml',
		});
	});

	it('personalise=false: a text with variables goes out as written', async () => {
		const extra = '<personalise>false</personalise>';
		const body = request({ text: 'Hi {$name}', extra, to: to('233241234567') });
		const data = readSendResult(readSdk(await replay(SEND, phpHeaders(), body)));
		expect(data.destinations.item[0].message).toBe('Hi {$name}');
		expect(data.personalised).toBe('false');
	});

	it('a personalised message: category label present, each destination its own message', async () => {
		const body = request({
			text: 'Dear {$name}, you owe {$amount}',
			to:
				'<to><number>233241234567</number><values><value>Ama</value><value>5</value></values></to>' +
				'<to><number>233201234567</number><values><value>Kofi &amp; Co</value><value>7</value></values></to>',
		});
		const data = readSendResult(readSdk(await replay(SEND, phpHeaders(), body)));
		expect(data.category).toBe('sms');
		expect(data.personalised).toBe('true');
		expect(data.destinations.item.map((i) => i.message)).toEqual([
			'Dear Ama, you owe 5',
			'Dear Kofi & Co, you owe 7',
		]);
	});

	it('custom message ids: the object form for a plain message, answered with that id', async () => {
		const id = '0f9c2b4e-6d1a-4c3b-9e8f-7a6b5c4d3e2f';
		const body = request({
			to: `<to><number>233241234567</number><id>${id}</id></to><to>233201234567</to>`,
		});
		const items = readSendResult(readSdk(await replay(SEND, phpHeaders(), body))).destinations.item;
		expect(items[0].id).toBe(id);
		expect(items[1].id).toMatch(UUID);
		expect(sim().journal[0].unit?.destinations).toEqual([
			{ number: '233241234567', id },
			'233201234567',
		]);
	});

	it('an error answer: handshake only, no data element', async () => {
		const answer = readSdk(
			await replay(SEND, phpHeaders('key wrong'), request({ to: to('233241234567') })),
		);
		expect(answer.handshakeId).toBe(1203);
		expect(answer.xml).toMatch(/<\/handshake><\/response>$/);
	});
});

describe('bodyless calls: Content-Length 0 with Content-Type application/xml', () => {
	it('/v5/auth with the PHP flag (three spaces) answers the profile', async () => {
		const profile = readProfile(readSdk(await replay(AUTH, phpHeaders(`key ${KEY}   ls`))));
		expect(profile.settings.user.timeZone).toBe('Africa/Accra');
		expect(profile.settings.user.messageSenders?.sms.sender.map((s) => s.name)).toEqual([
			'SMSDemo',
			'Alerts',
		]);
		expect(sim().journal[0]).toMatchObject({ accountId: 'demo', handshake: 0, rawBody: '' });
	});

	it('/v5/auth with the Python flag (one space), and without a flag', async () => {
		readProfile(readSdk(await replay(AUTH, pyHeaders(`key ${KEY} ls`))));
		readProfile(readSdk(await replay(AUTH, pyHeaders(`key ${KEY}`))));
	});

	it('the flag is tolerated on /v5/auth only', async () => {
		const answer = readSdk(await replay(BALANCE, phpHeaders(`key ${KEY}   ls`)));
		expect(answer.handshakeId).toBe(1203);
	});

	it('balance: an integer, which Python reads with int()', async () => {
		sim().setBalance('demo', 99.75);
		const data = readBalance(readSdk(await replay(BALANCE, pyHeaders())));
		expect(data).toEqual({ balance: '99', model: 'quantity', currencyName: '', currencyCode: '' });
	});
});

describe('compressed answers (Accept gzbin+xml)', () => {
	it('balance, profile and a send come back as base64 of gzip, typed gzbin+xml', async () => {
		const balance = readSdk(await replay(BALANCE, phpHeaders(undefined, GZBIN_XML)));
		expect(balance.mediaType).toBe(GZBIN_XML);
		expect(readBalance(balance).balance).toBe('1000');
		const profile = readSdk(await replay(AUTH, phpHeaders(`key ${KEY}   ls`, GZBIN_XML)));
		expect(profile.mediaType).toBe(GZBIN_XML);
		readProfile(profile);
		const send = readSdk(
			await replay(SEND, phpHeaders(undefined, GZBIN_XML), request({ to: to('233241234567') })),
		);
		expect(readSendResult(send).destinations.item[0].status.id).toBe('2105');
	});

	it('errors are compressed too', async () => {
		const answer = readSdk(await replay(BALANCE, phpHeaders('key wrong', GZBIN_XML)));
		expect(answer).toMatchObject({ mediaType: GZBIN_XML, handshakeId: 1203 });
	});

	it('a gzbin request Content-Type is refused (1102): only answers are compressed', async () => {
		const headers = { ...phpHeaders(), 'content-type': GZBIN_XML };
		expect(
			readSdk(await replay(SEND, headers, request({ to: to('233241234567') }))).handshakeId,
		).toBe(1102);
	});
});
