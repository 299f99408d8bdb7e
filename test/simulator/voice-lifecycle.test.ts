/**
 * A voice batch after the send: delivery reports, the callback push, scheduled voice messages
 * (list with category 2, load, update, cancel, dispatch), custom ids, faults and the control
 * endpoint for voice templates.
 */
import type {
	ControlJson,
	Envelope,
	ScheduledData,
	SendData,
	XmlEnvelope,
	XmlScheduledData,
} from './answers';
import { JSON_HEADERS, XML_HEADERS, plainUnit, useSimulator } from './helpers';
import {
	CANCEL,
	DESTINATIONS,
	DISPATCH,
	GZBIN_XML,
	LATER,
	LIST,
	LOAD,
	REPORT,
	REPORT_IDS,
	UPDATE,
	call,
	envelopeOf,
	handshakeOf,
	sendOk,
} from './lifecycle-helpers';
import { Receiver } from './receiver';
import { readSdk, readSendResult } from './sdk-reader';
import { ID_A, ID_B, VOICE, voiceOk, voiceUnit } from './voice-helpers';

const sim = useSimulator();

const gzbinXml = { ...XML_HEADERS, accept: GZBIN_XML };
const statuses = (data: SendData): Array<[string, number]> =>
	data.destinations.map((d) => [d.to ?? d.id, d.status.id]);

async function scheduledVoice(
	destinations: unknown[] = ['0244123456', '0201234567'],
	extra = {},
): Promise<SendData> {
	return voiceOk(sim().baseUrl, voiceUnit(destinations, { schedule: LATER, ...extra }));
}

describe('delivery reports of a voice batch', () => {
	it('by batch, gzbin+xml: category voice, outcomes by number, the SDK reads it', async () => {
		const sent = await voiceOk(
			sim().baseUrl,
			voiceUnit(['0244123456', '0240000000', '0249999999']),
		);
		const res = await call(sim().baseUrl, REPORT(sent.batch), '', gzbinXml);
		expect(res.headers['content-type']).toBe(GZBIN_XML);
		const data = readSendResult(readSdk(res));
		expect(data).toMatchObject({
			batch: sent.batch,
			category: 'voice',
			delivery: 'true',
			sender: 'DemoVoice',
		});
		expect(data.text).toBeUndefined();
		expect(data.destinations.item.map((d) => [d.status.id, d.messageCount])).toEqual([
			['2110', '1'],
			['2112', '1'],
			['2111', '1'],
		]);
		expect(data.destinations.item[0].reportDateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
	});

	it('JSON by batch and by message id: category 2, validation per id', async () => {
		const sent = await voiceOk(
			sim().baseUrl,
			voiceUnit([{ number: '0244123456', id: ID_A }, '0201234567']),
		);
		const all = envelopeOf(await call(sim().baseUrl, REPORT(sent.batch)));
		expect(all.data).toMatchObject({ category: 2, delivery: true });
		expect(statuses(all.data)).toEqual([
			['233244123456', 2110],
			['233201234567', 2110],
		]);
		const byId = envelopeOf(
			await call(sim().baseUrl, REPORT_IDS(sent.batch), JSON.stringify({ destinations: [ID_A] })),
		);
		expect(byId.data.category).toBe(2);
		expect(byId.data.destinations[0]).toMatchObject({ id: ID_A, validation: { id: 2401 } });
	});

	it('a forced outcome and the batch view: category voice, the template, no text', async () => {
		const sent = await voiceOk(sim().baseUrl, voiceUnit(['0244123456']));
		expect(sim().setOutcome(sent.batch, 2112)).toBe(1);
		expect(sim().batch(sent.batch)).toMatchObject({
			category: 'voice',
			template: 'appointment_reminder',
			text: '',
			sender: 'DemoVoice',
			destinations: [{ to: '233244123456', status: { id: 2112 }, messageCount: 1 }],
		});
	});

	it('the callback push: one report per destination, category voice (XML label, JSON 2)', async () => {
		const receiver = new Receiver();
		await receiver.start();
		try {
			const xml = await voiceOk(
				sim().baseUrl,
				voiceUnit(['0244123456'], { callback: { url: receiver.url(), accept: 'application/xml' } }),
			);
			const json = await voiceOk(
				sim().baseUrl,
				voiceUnit(['0201234567'], {
					callback: { url: receiver.url(), accept: 'application/json' },
				}),
			);
			expect(await sim().deliverReports()).toBe(2);
			expect(receiver.received[0].body).toContain(
				`<batch>${xml.batch}</batch><category>voice</category><delivery>true</delivery>`,
			);
			expect(JSON.parse(receiver.received[1].body).data).toMatchObject({
				batch: json.batch,
				category: 2,
				delivery: true,
			});
			expect(sim().callbackBatch(json.batch)).toMatchObject({ category: 'voice', plain: true });
		} finally {
			await receiver.stop();
		}
	});
});

describe('scheduled voice messages', () => {
	it('the list: category 2 gives the voice messages with template, 1 or none the SMS ones only', async () => {
		const voice = await scheduledVoice(['0244123456'], {
			callback: { url: 'http://127.0.0.1:9/dlr', accept: 'application/xml' },
		});
		const sms = await sendOk(sim().baseUrl, plainUnit(['0241234567'], { schedule: LATER }));
		const res = await call(
			sim().baseUrl,
			LIST,
			'<request><category>2</category></request>',
			gzbinXml,
		);
		expect(envelopeOf<XmlEnvelope<XmlScheduledData>>(res).data.messages.message).toEqual([
			{
				batch: voice.batch,
				category: 'voice',
				template: 'appointment_reminder',
				personalise: 'false',
				sender: 'DemoVoice',
				schedule: { dateTime: '2030-01-31 08:30:00', offset: '+00:00' },
				callback: { url: 'http://127.0.0.1:9/dlr', accept: 'application/xml' },
				destinationsCount: '1',
			},
		]);
		const json = envelopeOf<Envelope<ScheduledData>>(
			await call(sim().baseUrl, LIST, '{"category": 2}'),
		);
		expect(json.data.messages.map((m) => [m.batch, m.category, m.text, m.type])).toEqual([
			[voice.batch, 2, undefined, undefined],
		]);
		for (const [body, headers] of [
			['<request><category>1</category></request>', XML_HEADERS],
			['<request><batch /></request>', XML_HEADERS],
			['', JSON_HEADERS],
		] as const) {
			const answer = await call(sim().baseUrl, LIST, body, headers);
			const batches =
				headers === XML_HEADERS
					? envelopeOf<XmlEnvelope<XmlScheduledData>>(answer).data.messages.message.map(
							(m) => m.batch,
						)
					: envelopeOf<Envelope<ScheduledData>>(answer).data.messages.map((m) => m.batch);
			expect(batches).toEqual([sms.batch]);
		}
	});

	it('load one and its destinations: the voice message, 2104 per destination', async () => {
		const sent = await scheduledVoice();
		const one = envelopeOf<Envelope<ScheduledData>>(await call(sim().baseUrl, LOAD(sent.batch)));
		expect(one.data.messages[0]).toMatchObject({
			batch: sent.batch,
			category: 2,
			template: 'appointment_reminder',
		});
		const destinations = envelopeOf<Envelope>(await call(sim().baseUrl, DESTINATIONS(sent.batch)))
			.data.destinations;
		expect(destinations.map((d) => [d.to, d.status.id, d.message])).toEqual([
			['233244123456', 2104, undefined],
			['233201234567', 2104, undefined],
		]);
	});

	it('update in XML: template, sender, time; add and delete; the batch listed with the new template', async () => {
		const sent = await scheduledVoice();
		const [, second] = sent.destinations.map((d) => d.id);
		const body =
			'<request><template>payment_due</template><schedule><dateTime>2031-02-01 09:00:00</dateTime><offset>+00:00</offset></schedule>' +
			`<destinations><add><to><number>0551234567</number><id>${ID_B}</id></to></add><delete><to><id>${second}</id></to></delete></destinations></request>`;
		const res = await call(sim().baseUrl, UPDATE(sent.batch), body, gzbinXml);
		const data = readSendResult(readSdk(res));
		expect(data.category).toBe('voice');
		expect(data.sender).toBeUndefined();
		expect(data.destinations.item.map((d) => [d.to, d.status.id])).toEqual([
			['233244123456', '2104'],
			['233201234567', '2103'],
			['233551234567', '2104'],
		]);
		expect(sim().balance('demo')).toBe(998);
		const listed = envelopeOf<Envelope<ScheduledData>>(
			await call(sim().baseUrl, LIST, '{"category": 2}'),
		).data.messages[0];
		expect(listed).toMatchObject({
			template: 'payment_due',
			schedule: { dateTime: '2031-02-01 09:00:00' },
		});
		expect(listed.sender).toBeUndefined();
	});

	it('update in JSON: an unknown or missing template 1505, text 1402, an SMS sender refuses the kept ones (2128)', async () => {
		const sent = await scheduledVoice();
		const update = async (body: unknown): Promise<Envelope> =>
			envelopeOf<Envelope>(await call(sim().baseUrl, UPDATE(sent.batch), JSON.stringify(body)));
		expect((await update({ template: 'welcome_tpl' })).handshake.id).toBe(1505);
		expect((await update({ sender: 'DemoVoice' })).handshake.id).toBe(1505);
		expect((await update({ template: 'payment_due', text: 'Hello', type: 0 })).handshake.id).toBe(
			1402,
		);
		expect(
			(
				await update({
					template: 'payment_due',
					destinations: { add: [{ number: '0551234567', values: ['x'] }] },
				})
			).handshake.id,
		).toBe(1402);
		const refused = await update({ template: 'payment_due', sender: 'SMSDemo' });
		expect(statuses(refused.data)).toEqual([
			['233244123456', 2128],
			['233201234567', 2128],
		]);
		expect(sim().balance('demo')).toBe(1000);
		// As for SMS, refused destinations stay refused; an added one is judged under the new sender.
		const back = await update({
			template: 'payment_due',
			sender: 'DemoVoice',
			destinations: { add: ['0271234567'] },
		});
		expect(statuses(back.data)).toEqual([
			['233244123456', 2128],
			['233201234567', 2128],
			['233271234567', 2104],
		]);
		expect(sim().balance('demo')).toBe(999);
	});

	it('cancel refunds one credit a destination; dispatch sends it now (2105, then final)', async () => {
		const cancelled = await scheduledVoice();
		expect(sim().balance('demo')).toBe(998);
		expect(envelopeOf(await call(sim().baseUrl, CANCEL(cancelled.batch))).data).toEqual({
			batch: cancelled.batch,
			destinationsCount: 2,
		});
		expect(sim().balance('demo')).toBe(1000);
		expect(handshakeOf(await call(sim().baseUrl, DISPATCH(cancelled.batch)))).toBe(1802);
		const sent = await scheduledVoice(['0240000000']);
		expect(envelopeOf(await call(sim().baseUrl, DISPATCH(sent.batch))).data).toEqual({
			batch: sent.batch,
			destinationsCount: 1,
		});
		expect(statuses(envelopeOf(await call(sim().baseUrl, REPORT(sent.batch))).data)).toEqual([
			['233240000000', 2112],
		]);
		expect(
			envelopeOf<Envelope<ScheduledData>>(await call(sim().baseUrl, LIST, '{"category": 2}')).data
				.messages,
		).toEqual([]);
	});
});

describe('custom ids, faults, control', () => {
	it('custom ids as for SMS: 2132 length, 2133 characters, 2131 twice, also against an earlier SMS send', async () => {
		await sendOk(sim().baseUrl, plainUnit([{ number: '0241234567', id: ID_B }]));
		const data = await voiceOk(
			sim().baseUrl,
			voiceUnit([
				{ number: '0244123456', id: 'short' },
				{ number: '0201234567', id: `${'a'.repeat(29)}_` },
				{ number: '0551234567', id: ID_A },
				{ number: '0271234567', id: ID_A },
				{ number: '0261234567', id: ID_B },
			]),
		);
		expect(data.destinations.map((d) => d.status.id)).toEqual([2132, 2133, 2105, 2131, 2131]);
		expect(sim().balance('demo')).toBe(998);
	});

	it('faults apply to the voice path: a one-shot 503 processes nothing, a handshake fault answers its id', async () => {
		sim().addFault({ kind: 'http503', path: VOICE, nth: 1, retryAfter: 3 });
		sim().addFault({ kind: 'handshake', path: VOICE, nth: 2, handshakeId: 1506 });
		const body = JSON.stringify(voiceUnit(['0244123456']));
		const first = await call(sim().baseUrl, VOICE, body);
		expect([first.status, first.headers['retry-after']]).toEqual([503, '3']);
		expect(handshakeOf(await call(sim().baseUrl, VOICE, body))).toBe(1506);
		expect(sim().balance('demo')).toBe(1000);
		expect(handshakeOf(await call(sim().baseUrl, VOICE, body))).toBe(0);
		expect(sim().journal.map((e) => e.fault)).toEqual(['http503', 'handshake', undefined]);
		expect(sim().balance('demo')).toBe(999);
	});

	it('resetAfter on the voice path: charged and counted, then no answer', async () => {
		sim().addFault({ kind: 'resetAfter', path: VOICE });
		await expect(
			call(sim().baseUrl, VOICE, JSON.stringify(voiceUnit(['0244123456']))),
		).rejects.toThrow();
		expect(sim().balance('demo')).toBe(999);
		expect(sim().submissionCount('233244123456')).toBe(1);
	});

	it('/__sim/voice-templates/:accountId: GET lists, POST adds, PUT replaces; 404 unknown account, 400 bad body', async () => {
		const control = async (
			method: string,
			path: string,
			body?: unknown,
		): Promise<{ status: number; json: ControlJson }> => {
			const res = await fetch(`${sim().baseUrl}/__sim/voice-templates/${path}`, {
				method,
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			return { status: res.status, json: (await res.json()) as ControlJson };
		};
		expect(await control('GET', 'demo')).toEqual({
			status: 200,
			json: { accountId: 'demo', templates: ['appointment_reminder', 'payment_due'] },
		});
		expect(
			(await control('POST', 'demo', { templates: ['welcome_tpl', 'payment_due'] })).json.templates,
		).toEqual(['appointment_reminder', 'payment_due', 'welcome_tpl']);
		expect(
			(await voiceOk(sim().baseUrl, voiceUnit(['0244123456'], { template: 'welcome_tpl' })))
				.category,
		).toBe(2);
		expect((await control('PUT', 'demo', { templates: ['only_one'] })).json.templates).toEqual([
			'only_one',
		]);
		expect((await control('GET', 'nobody')).status).toBe(404);
		expect((await control('PUT', 'demo', { templates: [''] })).status).toBe(400);
		expect((await control('DELETE', 'demo')).status).toBe(405);
		await fetch(`${sim().baseUrl}/__sim/reset`, { method: 'POST' });
		expect((await control('GET', 'demo')).json.templates).toEqual([
			'appointment_reminder',
			'payment_due',
		]);
	});
});
