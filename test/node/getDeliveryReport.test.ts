import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { BATCH, DATE_TIME, sendParameters, useSimulator } from './fixtures';

const PHONES = ['0241234567', '0201234567', '0240000000', '0559999999'];

/** What every report item holds besides what the service may add about the destination. */
function core(json: IDataObject): IDataObject {
	const { submittedAt, reportedAt, country, partsBilled, ...rest } = json;
	if (submittedAt !== undefined) expect(submittedAt).toMatch(DATE_TIME);
	if (reportedAt !== undefined) expect(reportedAt).toMatch(DATE_TIME);
	if (country !== undefined) expect(country).toBe('GH');
	if (partsBilled !== undefined) expect(partsBilled).toBe(1);
	return rest;
}

describe('SMS → Get Delivery Report, in a real workflow against the simulator', () => {
	const t = useSimulator();
	const report = (extra: INodeParameters = {}): INodeParameters => ({
		resource: 'sms',
		operation: 'getDeliveryReport',
		...extra,
	});

	async function sendFour(options: INodeParameters = {}) {
		const sent = await t.run({
			items: PHONES.map((phone) => ({ phone })),
			parameters: sendParameters({ options }),
		});
		expect(sent.error).toBeUndefined();
		return sent.items.map((item) => item.json);
	}

	it('wired to the Send output: one request by message id, one item per number with its final verdict, paired', async () => {
		const sent = await sendFour();
		const before = t.requests().length;
		const { items, error } = await t.run({ items: sent, parameters: report() });
		expect(error).toBeUndefined();
		const requests = t.requests().slice(before);
		expect(requests).toHaveLength(1);
		expect(requests[0].method).toBe('POST');
		expect(requests[0].path).toBe(
			`/v5/report/message/delivery/destinations/${String(sent[0].batch)}`,
		);
		expect(requests[0].headers.accept).toBe('application/vnd.zenoph.zbm.gzbin+json');
		expect(requests[0].headers['content-type']).toBe('application/json');
		expect(JSON.parse(requests[0].rawBody)).toEqual({ destinations: sent.map((s) => s.messageId) });
		expect(items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
		const verdicts = ['delivered', 'delivered', 'undelivered', 'expired'];
		const statuses = [2110, 2110, 2112, 2111];
		items.forEach((item, k) => {
			expect(core(item.json)).toEqual({
				batch: sent[k].batch,
				messageId: sent[k].messageId,
				to: sent[k].to,
				verdict: verdicts[k],
				reason: verdicts[k],
				final: true,
				status: { id: statuses[k], label: expect.any(String) },
				category: 'sms',
			});
		});
	});

	it('in XML: the query body names the ids, the answer reads the same', async () => {
		const sent = await sendFour();
		const before = t.requests().length;
		const { items } = await t.run({
			items: sent,
			parameters: report({ options: { dataFormat: 'xml' } }),
		});
		const [request] = t.requests().slice(before);
		expect(request.headers.accept).toBe('application/vnd.zenoph.zbm.gzbin+xml');
		expect(request.rawBody).toBe(
			`<request><destinations>${sent.map((s) => `<id>${String(s.messageId)}</id>`).join('')}</destinations></request>`,
		);
		expect(items.map((item) => item.json.verdict)).toEqual([
			'delivered',
			'delivered',
			'undelivered',
			'expired',
		]);
	});

	it('without message ids: the whole batch in one bodiless request, asking for the compressed answer', async () => {
		const sent = await sendFour();
		const before = t.requests().length;
		const { items } = await t.run({ items: [{ batch: sent[0].batch }], parameters: report() });
		const requests = t.requests().slice(before);
		expect(requests).toHaveLength(1);
		expect(requests[0].path).toBe(`/v5/report/message/delivery/${String(sent[0].batch)}`);
		expect(requests[0].rawBody).toBe('');
		expect(requests[0].headers.accept).toBe('application/vnd.zenoph.zbm.gzbin+json');
		expect(items.map((item) => [item.json.to, item.json.verdict, item.pairedItem])).toEqual([
			['233241234567', 'delivered', { item: 0 }],
			['233201234567', 'delivered', { item: 0 }],
			['233240000000', 'undelivered', { item: 0 }],
			['233559999999', 'expired', { item: 0 }],
		]);
	});

	it('items naming two batches: one request each, every destination paired with the item that named it', async () => {
		const first = await sendFour();
		const second = await t.run({
			items: [{ phone: '0271234567' }],
			parameters: sendParameters({ message: 'Another text' }),
		});
		const inputs = [...first.slice(0, 2), second.items[0].json, first[2]];
		const before = t.requests().length;
		const { items } = await t.run({ items: inputs, parameters: report() });
		const requests = t.requests().slice(before);
		expect(requests.map((r) => r.path)).toEqual([
			`/v5/report/message/delivery/destinations/${String(first[0].batch)}`,
			`/v5/report/message/delivery/destinations/${String(second.items[0].json.batch)}`,
		]);
		expect(items.map((item) => [item.json.to, item.pairedItem])).toEqual([
			['233241234567', { item: 0 }],
			['233201234567', { item: 1 }],
			['233240000000', { item: 3 }],
			['233271234567', { item: 2 }],
		]);
	});

	it('an id named by two items, and twice by one item: one output item each, paired with every item that named it', async () => {
		const sent = await sendFour();
		const inputs = [
			sent[0],
			sent[0],
			{
				batch: sent[0].batch,
				messageId: `${String(sent[1].messageId)}, ${String(sent[1].messageId)}`,
			},
		];
		const before = t.requests().length;
		const { items, error } = await t.run({ items: inputs, parameters: report() });
		expect(error).toBeUndefined();
		const [request] = t.requests().slice(before);
		expect(JSON.parse(request.rawBody)).toEqual({
			destinations: [sent[0].messageId, sent[1].messageId],
		});
		expect(items.map((item) => [item.json.messageId, item.pairedItem])).toEqual([
			[sent[0].messageId, [{ item: 0 }, { item: 1 }]],
			[sent[1].messageId, { item: 2 }],
		]);
	});

	it("an item's fields come in a fixed order, whatever the answer held", async () => {
		const sent = await sendFour();
		const { items } = await t.run({ items: sent, parameters: report() });
		const order = [
			'to',
			'verdict',
			'reason',
			'final',
			'batch',
			'messageId',
			'status',
			'country',
			'submittedAt',
			'reportedAt',
			'partsBilled',
			'category',
		];
		for (const { json } of items) {
			expect(Object.keys(json)).toEqual(order.filter((key) => key in json));
			expect(Object.keys(json.status as IDataObject)).toEqual(['id', 'label']);
		}
	});

	it('before the report time: pending, not final', async () => {
		t.sim.setDialect({ deliverAfterMs: 60_000 });
		try {
			const sent = await sendFour();
			const { items } = await t.run({ items: sent.slice(0, 1), parameters: report() });
			expect(items[0].json).toMatchObject({
				verdict: 'pending',
				reason: 'pending en route',
				final: false,
				status: { id: 2105 },
			});
		} finally {
			t.sim.setDialect({ deliverAfterMs: 0 });
		}
	});

	it('a message id the batch does not hold: unknown, with the validation the service gave', async () => {
		const sent = await sendFour();
		const stranger = '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f';
		const { items, error } = await t.run({
			items: [{ batch: sent[0].batch, messageId: stranger }],
			parameters: report(),
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			batch: sent[0].batch,
			messageId: stranger,
			verdict: 'unknown',
			final: false,
		});
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	it('an HTTP 500 on a report: the message says to try again, since asking again sends nothing', async () => {
		const sent = await sendFour();
		t.sim.addFault({
			kind: 'http500',
			path: `/v5/report/message/delivery/destinations/${String(sent[0].batch)}`,
		});
		const { error, items } = await t.run({
			items: sent.slice(0, 1),
			parameters: report({ options: { retryAttempts: 1 } }),
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe('The SMS service failed with HTTP 500: try again later');
		expect(error?.description).toBe(
			'The request only reads: nothing was sent or changed by it. Try again later.',
		);
	});

	it('a batch id that is not 32 hex characters stops the run naming the item and the field, nothing asked', async () => {
		const { error, items } = await t.run({ items: [{ batch: 'abc123' }], parameters: report() });
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			'Batch ID "abc123" is not a batch ID: it must be 32 hexadecimal characters',
		);
		expect(t.requests()).toEqual([]);
	});

	it('a message id of a form the service never gives: an error for its item; with Continue On Fail the others go on', async () => {
		const sent = await sendFour();
		const before = t.requests().length;
		const inputs = [sent[0], { batch: sent[1].batch, messageId: 'not-an-id' }];
		const { items } = await t.run({
			items: inputs,
			parameters: report(),
			settings: { continueOnFail: true },
		});
		expect(t.requests().slice(before)).toHaveLength(1);
		expect(items[0].json.error).toBe(
			'Message IDs "not-an-id" is not a message ID: it must be 30 to 40 letters, digits or hyphens',
		);
		expect(items[0].pairedItem).toEqual({ item: 1 });
		expect(items[1].json).toMatchObject({ verdict: 'delivered', to: '233241234567' });
	});

	it('a batch the service does not know: the handshake in plain words', async () => {
		const { error, items } = await t.run({
			items: [{ batch: 'a'.repeat(32) }],
			parameters: report(),
		});
		expect(items).toEqual([]);
		expect(error?.description).toContain('(handshake 1501');
	});

	it('a compressed XML answer (base64 of gzip) is inflated and read like a plain one', async () => {
		const sent = await sendFour();
		const before = t.requests().length;
		const { items } = await t.run({
			items: [{ batch: sent[0].batch }],
			parameters: report({ options: { dataFormat: 'xml' } }),
		});
		const [request] = t.requests().slice(before);
		expect(request.headers.accept).toBe('application/vnd.zenoph.zbm.gzbin+xml');
		expect(request.handshake).toBe(0);
		expect(items.map((item) => [item.json.batch, item.json.verdict])).toEqual([
			[sent[0].batch, 'delivered'],
			[sent[0].batch, 'delivered'],
			[sent[0].batch, 'undelivered'],
			[sent[0].batch, 'expired'],
		]);
		expect(sent[0].batch).toMatch(BATCH);
	});
});
