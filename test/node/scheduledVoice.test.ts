/**
 * Scheduled Voice (Get Many, Get, Send Now, Cancel) in real workflows against the simulator, run in
 * both dialects: the list asked for with category 2 (JSON and XML), each voice message's fields
 * with its template, SMS and voice kept apart, and Get, Send Now and Cancel by batch.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DATE_TIME, sendParameters, useSimulator } from './fixtures';
import { listedAt, scheduledVoice, tomorrow, voiceParameters } from './voiceFixtures';

/** An item without what the service may add about a destination, each checked for its form. */
function core(json: IDataObject): IDataObject {
	const { partsBilled, submittedAt, country, ...rest } = json;
	// A voice message has no parts; the SMS ones here may carry the service's count.
	if (partsBilled !== undefined)
		expect(json.category === 'voice' ? 'voice item' : typeof partsBilled).toBe('number');
	if (submittedAt !== undefined) expect(submittedAt).toMatch(DATE_TIME);
	if (country !== undefined) expect(country).toBe('GH');
	return rest;
}

describe('Scheduled Voice, in a real workflow against the simulator', () => {
	const t = useSimulator();

	/** Schedules one voice message to the phones; returns its output items. */
	async function schedule(phones: string[], at = tomorrow(), extra: INodeParameters = {}) {
		const sent = await t.run({
			items: phones.map((phone) => ({ phone })),
			parameters: voiceParameters({
				...extra,
				options: { scheduleAt: at, scheduleOffset: '+00:00' },
			}),
		});
		expect(sent.error).toBeUndefined();
		expect(sent.items.map((item) => item.json.verdict)).toEqual(phones.map(() => 'scheduled'));
		return sent.items.map((item) => item.json);
	}

	it('Get Many asks for category 2 and lists the voice messages, each with its template', async () => {
		const at = tomorrow();
		const [voice] = await schedule(['0241234567', '0201234567'], at);
		await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({ options: { scheduleAt: at, scheduleOffset: '+00:00' } }),
		});
		const before = t.requests().length;
		const { items, error } = await t.run({ items: [{}], parameters: scheduledVoice('getMany') });
		expect(error).toBeUndefined();
		const [request] = t.requests().slice(before);
		expect(request.path).toBe('/v5/message/scheduled/load');
		expect(request.rawBody).toBe('{"category":2}');
		expect(request.headers.accept).toBe('application/vnd.zenoph.zbm.gzbin+json');
		expect(items).toEqual([
			{
				json: {
					batch: voice.batch,
					category: 'voice',
					template: 'appointment_reminder',
					sender: 'DemoVoice',
					scheduledAt: listedAt(at),
					utcOffset: '+00:00',
					destinationsCount: 2,
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('Get Many in XML with a time range: <category>2</category> and the range; a voice message without sender has sender null', async () => {
		await schedule(['0241234567'], tomorrow());
		const [late] = await schedule(['0201234567'], tomorrow(5), { sender: '' });
		const from = tomorrow(3);
		const before = t.requests().length;
		const { items } = await t.run({
			items: [{}],
			parameters: scheduledVoice('getMany', {
				filters: { from, utcOffset: '+00:00' },
				options: { dataFormat: 'xml' },
			}),
		});
		const [request] = t.requests().slice(before);
		expect(request.rawBody).toBe(
			`<request><category>2</category><dateTime><from>${listedAt(from)}</from><to>2099-12-31 23:59:59</to><offset>+00:00</offset></dateTime></request>`,
		);
		expect(items.map((item) => [item.json.batch, item.json.template, item.json.sender])).toEqual([
			[late.batch, 'appointment_reminder', null],
		]);
	});

	it('Scheduled SMS → Get Many still asks for category 1 and lists no voice message', async () => {
		await schedule(['0241234567']);
		const { items, error } = await t.run({
			items: [{}],
			parameters: { resource: 'scheduledSms', operation: 'getMany' },
		});
		expect(error).toBeUndefined();
		expect(t.requests().at(-1)?.rawBody).toBe('{"category":1}');
		expect(items).toEqual([]);
	});

	it('Get: one item per number with the message’s template, category and scheduleState', async () => {
		const at = tomorrow();
		const sent = await schedule(['0241234567', '0201234567'], at);
		const batch = sent[0].batch as string;
		const before = t.requests().length;
		const { items, error } = await t.run({ items: [{ batch }], parameters: scheduledVoice('get') });
		expect(error).toBeUndefined();
		expect(
			t
				.requests()
				.slice(before)
				.map((r) => [r.path, r.rawBody]),
		).toEqual([
			[`/v5/message/scheduled/load/${batch}`, ''],
			[`/v5/message/scheduled/destinations/load/${batch}`, ''],
		]);
		const message = {
			category: 'voice',
			template: 'appointment_reminder',
			sender: 'DemoVoice',
			scheduledAt: listedAt(at),
			utcOffset: '+00:00',
			destinationsCount: 2,
		};
		expect(items.map((item) => core(item.json))).toEqual(
			sent.map((destination) => ({
				batch,
				messageId: destination.messageId,
				to: destination.to,
				verdict: 'scheduled',
				reason: 'scheduled',
				final: false,
				status: { id: 2104, label: expect.any(String) },
				...message,
				scheduleState: 'scheduled',
			})),
		);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
	});

	it('Send Now dispatches the voice batch once for all items naming it; the numbers then go out', async () => {
		const [first] = await schedule(['0241234567']);
		const batch = first.batch as string;
		const now = await t.run({
			items: [{ batch }, { batch }],
			parameters: scheduledVoice('sendNow'),
		});
		expect(now.items).toEqual([
			{ json: { batch, sentNow: true }, pairedItem: { item: 0 } },
			{ json: { batch, sentNow: true }, pairedItem: { item: 1 } },
		]);
		expect(
			t
				.requests()
				.filter((r) => r.path.includes('/dispatch/'))
				.map((r) => [r.path, r.rawBody]),
		).toEqual([[`/v5/message/scheduled/dispatch/${batch}`, '']]);
		expect(t.sim.batch(batch)?.state).toBe('dispatched');
		const got = await t.run({ items: [{ batch }], parameters: scheduledVoice('get') });
		expect(got.items.map((item) => [item.json.to, item.json.scheduleState])).toEqual([
			['233241234567', 'processed'],
		]);
	});

	it('Cancel: the voice batch cancelled, its numbers 2102; a second Cancel is the service’s 1802', async () => {
		const [first] = await schedule(['0241234567']);
		const batch = first.batch as string;
		const cancelled = await t.run({ items: [{ batch }], parameters: scheduledVoice('cancel') });
		expect(cancelled.items).toEqual([
			{ json: { batch, cancelled: true }, pairedItem: { item: 0 } },
		]);
		expect(t.requests().at(-1)?.path).toBe(`/v5/message/scheduled/cancel/${batch}`);
		const got = await t.run({ items: [{ batch }], parameters: scheduledVoice('get') });
		expect(
			got.items.map((item) => [item.json.verdict, item.json.status, item.json.scheduleState]),
		).toEqual([['cancelled', { id: 2102, label: expect.any(String) }, 'cancelled']]);
		const again = await t.run({ items: [{ batch }], parameters: scheduledVoice('cancel') });
		expect(again.error?.description).toContain('(handshake 1802');
	});

	it('Scheduled SMS → Get reads a voice batch too: its items say category voice and name the template', async () => {
		const [first] = await schedule(['0241234567']);
		const { items, error } = await t.run({
			items: [{ batch: first.batch }],
			parameters: { resource: 'scheduledSms', operation: 'get' },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			category: 'voice',
			template: 'appointment_reminder',
			scheduleState: 'scheduled',
		});
		expect(items[0].json).not.toHaveProperty('text');
		expect(items[0].json).not.toHaveProperty('messageType');
	});
});
