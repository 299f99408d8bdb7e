import type { INodeParameters } from 'n8n-workflow';
import { customMessageId } from '../../nodes/shared/referenceIds';
import { SEND_PATH } from '../../nodes/shared/transport/endpoints/send';
import { personalisedParameters, sendParameters, useSimulator } from './fixtures';

const TEXT = 'Your order has shipped.';

describe('Client Reference: a message id per number, refused by the service when sent again', () => {
	const t = useSimulator();
	const withReference = (extra: INodeParameters = {}) =>
		sendParameters({ options: { clientReference: '={{ $json.order }}', ...extra } });
	const orders = [
		{ order: 'ORD-1041', phone: '0241234567' },
		{ order: 'ORD-1042', phone: '0201234567' },
	];

	it('sends each number with the id derived from its reference, number and text; every item carries both', async () => {
		const { items, error } = await t.run({ items: orders, parameters: withReference() });
		expect(error).toBeUndefined();
		const ids = [
			customMessageId('ORD-1041', '233241234567', TEXT),
			customMessageId('ORD-1042', '233201234567', TEXT),
		];
		expect(ids[0]).toMatch(/^ORD-1041-[0-9a-f]{31}$/);
		const [request] = t.requests();
		expect(JSON.parse(request.rawBody)).toEqual({
			text: TEXT,
			type: 0,
			sender: 'SMSDemo',
			destinations: [
				{ number: '0241234567', id: ids[0] },
				{ number: '0201234567', id: ids[1] },
			],
		});
		expect(
			items.map((item) => [item.json.messageId, item.json.clientReference, item.json.verdict]),
		).toEqual([
			[ids[0], 'ORD-1041', 'accepted'],
			[ids[1], 'ORD-1042', 'accepted'],
		]);
	});

	it('in XML: <to><number>…</number><id>…</id></to>', async () => {
		await t.run({ items: orders.slice(0, 1), parameters: withReference({ dataFormat: 'xml' }) });
		const id = customMessageId('ORD-1041', '233241234567', TEXT);
		expect(t.requests()[0].rawBody).toContain(
			`<destinations><to><number>0241234567</number><id>${id}</id></to></destinations>`,
		);
	});

	it('the same items run again: the service refuses each as a repeat, the node says alreadySent, one submission per number', async () => {
		await t.run({ items: orders, parameters: withReference() });
		const again = await t.run({ items: orders, parameters: withReference() });
		expect(again.error).toBeUndefined();
		expect(
			again.items.map((item) => [item.json.verdict, item.json.reason, item.json.status]),
		).toEqual([
			[
				'alreadySent',
				'already sent: the service already has this message for client reference ORD-1041',
				{ id: 2131, label: expect.any(String) },
			],
			[
				'alreadySent',
				'already sent: the service already has this message for client reference ORD-1042',
				{ id: 2131, label: expect.any(String) },
			],
		]);
		expect(t.sim.submissionCounts()).toEqual({ '233241234567': 1, '233201234567': 1 });
	});

	it('Get Delivery Report on the repeated run: alreadySent and final for every number, never rejected', async () => {
		await t.run({ items: orders, parameters: withReference() });
		const again = await t.run({ items: orders, parameters: withReference() });
		const report = await t.run({
			items: again.items.map((item) => item.json),
			parameters: { resource: 'sms', operation: 'getDeliveryReport' },
		});
		expect(report.error).toBeUndefined();
		expect(
			report.items.map((item) => [
				item.json.to,
				item.json.verdict,
				item.json.final,
				item.json.status,
			]),
		).toEqual([
			['233241234567', 'alreadySent', true, { id: 2131, label: expect.any(String) }],
			['233201234567', 'alreadySent', true, { id: 2131, label: expect.any(String) }],
		]);
		for (const item of report.items)
			expect(item.json.reason).toMatch(
				/^already sent: an earlier send has this message .*report of that earlier send’s batch/,
			);
	});

	it('an answer lost after the service sent (reset after processing): sent again at once, reported as already sent, never twice', async () => {
		t.sim.addFault({ path: SEND_PATH, kind: 'resetAfter', nth: 1 });
		const { items, error } = await t.run({ items: orders, parameters: withReference() });
		expect(error).toBeUndefined();
		expect(t.requests()).toHaveLength(2);
		expect(items.map((item) => item.json.verdict)).toEqual(['alreadySent', 'alreadySent']);
		expect(t.sim.submissionCounts()).toEqual({ '233241234567': 1, '233201234567': 1 });
	});

	it('without a Client Reference the same loss stays maybeSent, and the error says what would have made it safe', async () => {
		t.sim.addFault({ path: SEND_PATH, kind: 'resetAfter', nth: 1 });
		const { items, error } = await t.run({
			items: orders,
			parameters: sendParameters(),
			settings: { continueOnFail: true },
		});
		expect(t.requests()).toHaveLength(1);
		expect(items.map((item) => item.json.verdict)).toEqual(['maybeSent', 'maybeSent']);
		expect(error).toBeUndefined();
		expect(String(items[0].json.description)).toContain(
			'With the Client Reference option set, running the node again would have been safe',
		);
	});

	it('an HTTP 500 after processing nothing: sent again, accepted once', async () => {
		t.sim.addFault({ path: SEND_PATH, kind: 'http500', nth: 1 });
		const { items } = await t.run({ items: orders, parameters: withReference() });
		expect(items.map((item) => item.json.verdict)).toEqual(['accepted', 'accepted']);
		expect(t.sim.submissionCounts()).toEqual({ '233241234567': 1, '233201234567': 1 });
	});

	it('an item with an empty reference is an error for that item; with Continue On Fail the others go out', async () => {
		const { items } = await t.run({
			items: [orders[0], { order: '', phone: '0551234567' }],
			parameters: withReference(),
			settings: { continueOnFail: true },
		});
		expect(items[0]).toEqual({
			json: expect.objectContaining({ error: 'Client Reference is empty' }),
			pairedItem: { item: 1 },
		});
		expect(items[1].json).toMatchObject({ verdict: 'accepted', clientReference: 'ORD-1041' });
		expect(t.sim.submissionCounts()).toEqual({ '233241234567': 1 });
	});

	it('the same reference, number and text twice in one run: sent once, the repeat skipped', async () => {
		const { items } = await t.run({
			items: [orders[0], orders[0]],
			parameters: withReference({ removeDuplicates: false }),
		});
		expect(items.map((item) => [item.json.verdict, item.pairedItem])).toEqual([
			['accepted', { item: 0 }],
			['skipped', { item: 1 }],
		]);
		expect(items[1].json).toMatchObject({
			clientReference: 'ORD-1041',
			reason: 'skipped: the same client reference, number and text as 0241234567 (item 0)',
		});
	});

	it('two references to one number in one run are two messages', async () => {
		const { items } = await t.run({
			items: [orders[0], { order: 'ORD-2000', phone: '0241234567' }],
			parameters: withReference(),
		});
		expect(items.map((item) => item.json.verdict)).toEqual(['accepted', 'accepted']);
		expect(t.sim.submissionCounts()).toEqual({ '233241234567': 2 });
	});

	it('Send Personalised: the id follows the text each number receives', async () => {
		const parameters = personalisedParameters({
			options: { clientReference: '={{ $json.order }}' },
		});
		const { items } = await t.run({
			items: [{ ...orders[0], first_name: 'Ama', amount: 5 }],
			parameters,
		});
		const id = customMessageId('ORD-1041', '233241234567', 'Hello Ama, you owe GHS 5.');
		expect(items[0].json).toMatchObject({
			messageId: id,
			clientReference: 'ORD-1041',
			verdict: 'accepted',
		});
		expect(JSON.parse(t.requests()[0].rawBody).destinations).toEqual([
			{ number: '0241234567', id, values: ['Ama', 5] },
		]);
	});

	it('the report of a message sent with a readable reference gives the reference back', async () => {
		const sent = await t.run({ items: orders.slice(0, 1), parameters: withReference() });
		const { items } = await t.run({
			items: sent.items.map((i) => i.json),
			parameters: { resource: 'sms', operation: 'getDeliveryReport' },
		});
		expect(items[0].json).toMatchObject({ clientReference: 'ORD-1041', verdict: 'delivered' });
	});
});
