import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { sendParameters, personalisedParameters, useSimulator } from './fixtures';

/** A wall-clock time a day ahead, at the minute, as n8n's date-time field gives it. */
function tomorrow(hoursLater = 0): string {
	const at = new Date(Date.now() + (24 + hoursLater) * 3600_000);
	return `${at.toISOString().slice(0, 16)}:00`;
}

describe('Scheduled SMS, in a real workflow against the simulator', () => {
	const t = useSimulator();
	const scheduled = (operation: string, extra: INodeParameters = {}): INodeParameters => ({
		resource: 'scheduledSms',
		operation,
		...extra,
	});

	async function schedule(phones: string[], at = tomorrow(), message = 'See you tomorrow.') {
		const sent = await t.run({
			items: phones.map((phone) => ({ phone })),
			parameters: sendParameters({
				message,
				options: { scheduleAt: at, scheduleOffset: '+00:00' },
			}),
		});
		expect(sent.error).toBeUndefined();
		expect(sent.items.every((item) => item.json.verdict === 'scheduled')).toBe(true);
		return sent.items.map((item) => item.json);
	}

	it('Get Many lists what waits, one item per message, with its time and numbers count', async () => {
		const at = tomorrow();
		const [first] = await schedule(['0241234567', '0201234567'], at);
		const before = t.requests().length;
		const { items, error } = await t.run({ items: [{}], parameters: scheduled('getMany') });
		expect(error).toBeUndefined();
		const [request] = t.requests().slice(before);
		expect(request.path).toBe('/v5/message/scheduled/load');
		expect(JSON.parse(request.rawBody)).toEqual({ category: 1 });
		expect(request.headers.accept).toBe('application/vnd.zenoph.zbm.gzbin+json');
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			batch: first.batch,
			category: 'sms',
			messageType: 'gsm',
			text: 'See you tomorrow.',
			personalised: false,
			sender: 'SMSDemo',
			scheduledAt: `${at.slice(0, 10)} ${at.slice(11, 16)}:00`,
			utcOffset: '+00:00',
		});
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	it('Get Many filters by time range, in XML', async () => {
		await schedule(['0241234567'], tomorrow());
		const late = await schedule(['0201234567'], tomorrow(5), 'Later.');
		const from = tomorrow(3);
		const before = t.requests().length;
		const { items } = await t.run({
			items: [{}],
			parameters: scheduled('getMany', {
				filters: { from, utcOffset: '+00:00' },
				options: { dataFormat: 'xml' },
			}),
		});
		const [request] = t.requests().slice(before);
		expect(request.rawBody).toBe(
			`<request><category>1</category><dateTime><from>${from.slice(0, 10)} ${from.slice(11, 16)}:00</from><to>2099-12-31 23:59:59</to><offset>+00:00</offset></dateTime></request>`,
		);
		expect(items.map((item) => item.json.batch)).toEqual([late[0].batch]);
	});

	it('Update: Add Numbers reads numbers as Send does; an impossible one changes nothing and is a notSent error item', async () => {
		const sent = await schedule(['0241234567']);
		const batch = sent[0].batch as string;
		const before = t.requests().length;
		const updated = await t.run({
			items: [{ batch }],
			parameters: scheduled('update', {
				updateFields: { addNumbers: '=241234567, +44 (0) 7911 123456' },
			}),
		});
		expect(updated.error).toBeUndefined();
		const update = t
			.requests()
			.slice(before)
			.find((r) => r.path === `/v5/message/scheduled/update/${batch}`);
		expect((JSON.parse(String(update?.rawBody)) as IDataObject).destinations).toEqual({
			add: ['233241234567', '447911123456'],
		});

		const after = t.requests().length;
		const refused = await t.run({
			items: [{ batch }],
			parameters: scheduled('update', { updateFields: { addNumbers: '-0551234567' } }),
			settings: { continueOnFail: true },
		});
		expect(
			refused.items.map((item) => [item.json.input, item.json.verdict, item.json.error]),
		).toEqual([
			[
				'-0551234567',
				'notSent',
				'Add Numbers has an invalid phone number "-0551234567": it starts with a minus sign; a phone number is never negative; remove the sign, and store the column as text (Plain Text in Google Sheets, Text in Excel) so that the number is kept as written',
			],
		]);
		expect(t.requests().slice(after)).toEqual([]);

		// Number Check Lenient: a possible but not valid number is added, and the run says so.
		const lenient = await t.run({
			items: [{ batch }],
			parameters: scheduled('update', {
				updateFields: { addNumbers: '0301234567' },
				options: { numberCheck: 'lenient' },
			}),
		});
		expect(lenient.error).toBeUndefined();
		const hints = (lenient.run.data.resultData.runData.SMS ?? [])
			.flatMap((run) => run.hints ?? [])
			.map((hint) => hint.message);
		expect(hints).toEqual([
			'Add Numbers of item 1: "0301234567" is not a valid number in Ghana (+233): no operator there gives out numbers that begin this way; it is sent as 233301234567 because Number Check is Lenient, and may reach no one.',
		]);
		// And on the added number's item, as Send says it: unattended runs see only items.
		const added = lenient.items.filter((item) => item.json.to === '233301234567');
		expect(added.map((item) => [item.json.input, item.json.warning])).toEqual([
			[
				'0301234567',
				'is not a valid number in Ghana (+233): no operator there gives out numbers that begin this way; it is sent as 233301234567 because Number Check is Lenient, and may reach no one',
			],
		]);
		expect(lenient.items.filter((item) => item.json.warning !== undefined)).toHaveLength(1);
	});

	it('send scheduled → Update (new text, a number added, one removed) → Cancel → Get shows 2102', async () => {
		const sent = await schedule(['0241234567', '0201234567']);
		const batch = sent[0].batch as string;

		const got = await t.run({ items: [{ batch }], parameters: scheduled('get') });
		expect(got.error).toBeUndefined();
		expect(
			got.items.map((item) => [item.json.messageId, item.json.verdict, item.json.status]),
		).toEqual([
			[sent[0].messageId, 'scheduled', { id: 2104, label: expect.any(String) }],
			[sent[1].messageId, 'scheduled', { id: 2104, label: expect.any(String) }],
		]);
		expect(got.items[0].json).toMatchObject({ text: 'See you tomorrow.', sender: 'SMSDemo' });

		const before = t.requests().length;
		const updated = await t.run({
			items: [{ batch }],
			parameters: scheduled('update', {
				updateFields: {
					text: 'See you on Friday.',
					addNumbers: '0551234567',
					removeMessageIds: String(sent[1].messageId),
				},
			}),
		});
		expect(updated.error).toBeUndefined();
		const requests = t.requests().slice(before);
		expect(requests.map((r) => r.path)).toEqual([
			`/v5/message/scheduled/load/${batch}`,
			`/v5/message/scheduled/destinations/load/${batch}`,
			`/v5/message/scheduled/update/${batch}`,
		]);
		const body = JSON.parse(requests[2].rawBody) as IDataObject;
		expect(body).toEqual({
			text: 'See you on Friday.',
			type: 0,
			sender: 'SMSDemo',
			schedule: expect.objectContaining({ offset: '+00:00' }),
			destinations: { add: ['0551234567'], delete: [{ id: sent[1].messageId }] },
		});
		const verdicts = updated.items.map((item) => [item.json.to, item.json.verdict]);
		expect(verdicts).toEqual(
			expect.arrayContaining([
				['233241234567', 'scheduled'],
				['233201234567', 'cancelled'],
				['233551234567', 'scheduled'],
			]),
		);

		const cancelled = await t.run({ items: [{ batch }], parameters: scheduled('cancel') });
		expect(cancelled.items).toEqual([
			{ json: { batch, cancelled: true }, pairedItem: { item: 0 } },
		]);
		expect(t.requests().at(-1)?.path).toBe(`/v5/message/scheduled/cancel/${batch}`);

		const after = await t.run({ items: [{ batch }], parameters: scheduled('get') });
		expect(after.error).toBeUndefined();
		expect(after.items.map((item) => [item.json.to, item.json.status])).toEqual(
			expect.arrayContaining([
				['233241234567', { id: 2102, label: expect.any(String) }],
				['233551234567', { id: 2102, label: expect.any(String) }],
			]),
		);
		expect(after.items.every((item) => item.json.verdict === 'cancelled')).toBe(true);

		const again = await t.run({ items: [{ batch }], parameters: scheduled('cancel') });
		expect(again.error?.description).toContain('(handshake 1802');
	});

	it('Send Now dispatches at once: its numbers then report as pending, then delivered', async () => {
		const sent = await schedule(['0241234567']);
		const batch = sent[0].batch as string;
		const now = await t.run({ items: [{ batch }, { batch }], parameters: scheduled('sendNow') });
		expect(now.items).toEqual([
			{ json: { batch, sentNow: true }, pairedItem: { item: 0 } },
			{ json: { batch, sentNow: true }, pairedItem: { item: 1 } },
		]);
		expect(t.requests().filter((r) => r.path.includes('/dispatch/'))).toHaveLength(1);
		const report = await t.run({
			items: sent,
			parameters: { resource: 'sms', operation: 'getDeliveryReport' },
		});
		expect(report.items[0].json.verdict).toBe('delivered');
	});

	it('Update that removes every number is refused before anything changes', async () => {
		const sent = await schedule(['0241234567']);
		const before = t.requests().length;
		const { error } = await t.run({
			items: [{ batch: sent[0].batch }],
			parameters: scheduled('update', {
				updateFields: { removeMessageIds: String(sent[0].messageId) },
			}),
		});
		expect(error?.message).toBe(
			'Remove Message IDs would remove every number of the message: use the Cancel operation to cancel it',
		);
		expect(
			t
				.requests()
				.slice(before)
				.some((r) => r.path.includes('/update/')),
		).toBe(false);
	});

	it('Update with nothing to change, or a time in the past, is an error for its item; nothing is asked', async () => {
		const empty = await t.run({
			items: [{ batch: 'a'.repeat(32) }],
			parameters: scheduled('update', { updateFields: {} }),
		});
		expect(empty.error?.message).toBe(
			'Update Fields change nothing: add at least one field to change',
		);
		const past = await t.run({
			items: [{ batch: 'a'.repeat(32) }],
			parameters: scheduled('update', {
				updateFields: { scheduleAt: '2020-01-01T10:00:00', scheduleOffset: '+00:00' },
			}),
		});
		expect(past.error?.message).toBe(
			'Schedule At 2020-01-01 10:00 is in the past: give a time in the future, or leave it empty to send now',
		);
		expect(t.requests()).toEqual([]);
	});

	it('a personalised scheduled message keeps its template: changing its text says to cancel and send again', async () => {
		const sent = await t.run({
			items: [{ phone: '0241234567', first_name: 'Ama', amount: 5 }],
			parameters: personalisedParameters({
				options: { scheduleAt: tomorrow(), scheduleOffset: '+00:00' },
			}),
		});
		const { error } = await t.run({
			items: [{ batch: sent.items[0].json.batch }],
			parameters: scheduled('update', { updateFields: { text: 'Hello {$first_name}' } }),
		});
		expect(error?.message).toMatch(
			/is a personalised message, whose text and numbers cannot be changed: cancel it and send it again instead$/,
		);
		expect(t.requests().some((r) => r.path.includes('/update/'))).toBe(false);
	});

	it('Get of a message sent at once (1803, not scheduled): its numbers from the delivery report, scheduleState notScheduled', async () => {
		const sent = await t.run({ items: [{ phone: '0241234567' }], parameters: sendParameters() });
		const batch = sent.items[0].json.batch as string;
		const before = t.requests().length;
		const { items, error } = await t.run({ items: [{ batch }], parameters: scheduled('get') });
		expect(error).toBeUndefined();
		expect(
			t
				.requests()
				.slice(before)
				.map((r) => r.path),
		).toEqual([
			`/v5/message/scheduled/load/${batch}`,
			`/v5/message/scheduled/destinations/load/${batch}`,
			`/v5/report/message/delivery/${batch}`,
		]);
		expect(items).toEqual([
			{
				json: expect.objectContaining({
					batch,
					messageId: sent.items[0].json.messageId,
					to: '233241234567',
					scheduleState: 'notScheduled',
				}),
				pairedItem: { item: 0 },
			},
		]);
		expect(items[0].json).not.toHaveProperty('text');
	});

	it('Get after Send Now: processed (1801) with the destinations as the service still lists them', async () => {
		const [first] = await schedule(['0241234567', '0201234567']);
		const batch = first.batch as string;
		await t.run({ items: [{ batch }], parameters: scheduled('sendNow') });
		const { items, error } = await t.run({ items: [{ batch }], parameters: scheduled('get') });
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.to, item.json.scheduleState])).toEqual([
			['233241234567', 'processed'],
			['233201234567', 'processed'],
		]);
	});

	it('Get after Send Now, answered 1803 for the message and its destinations: read from the delivery report', async () => {
		const [first] = await schedule(['0241234567']);
		const batch = first.batch as string;
		await t.run({ items: [{ batch }], parameters: scheduled('sendNow') });
		t.sim.addFault({
			path: `/v5/message/scheduled/load/${batch}`,
			kind: 'handshake',
			handshakeId: 1803,
		});
		t.sim.addFault({
			path: `/v5/message/scheduled/destinations/load/${batch}`,
			kind: 'handshake',
			handshakeId: 1803,
		});
		const { items, error } = await t.run({ items: [{ batch }], parameters: scheduled('get') });
		expect(error).toBeUndefined();
		expect(
			items.map((item) => [item.json.to, item.json.messageId, item.json.scheduleState]),
		).toEqual([['233241234567', first.messageId, 'notScheduled']]);
		expect(t.requests().at(-1)?.path).toBe(`/v5/report/message/delivery/${batch}`);
	});

	it('Get of a batch the service does not know (1804): an error, as before', async () => {
		const { error } = await t.run({
			items: [{ batch: 'b'.repeat(32) }],
			parameters: scheduled('get'),
		});
		expect(error?.description).toContain('(handshake 1804');
	});

	it('Get of a waiting message: scheduleState scheduled, with the message’s text', async () => {
		const [first] = await schedule(['0241234567']);
		const { items } = await t.run({
			items: [{ batch: first.batch }],
			parameters: scheduled('get'),
		});
		expect(items.map((item) => [item.json.scheduleState, item.json.text])).toEqual([
			['scheduled', 'See you tomorrow.'],
		]);
	});
});
