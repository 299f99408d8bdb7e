import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { customMessageId } from '../../nodes/shared/referenceIds';
import type { RefusedBatches } from '../../simulator';
import { DATE_TIME, sendParameters, useSimulator } from './fixtures';

const TEXT = 'Your order has shipped.';
const REPEAT_REASON =
	'already sent: an earlier send has this message (same message id), so the service refused this repeat; its delivery is in the report of that earlier send’s batch, which the service does not name here';
const ORDERS = [
	{ order: 'ORD-1041', phone: '0241234567' },
	{ order: 'ORD-1042', phone: '0201234567' },
];
const NEW_ORDER = { order: 'ORD-1043', phone: '0271234567' };
const ID = (order: string, to: string) => customMessageId(order, to, TEXT);

/** A report item without what a service's own report may add about the number: a refused one was never billed. */
function core(json: IDataObject): IDataObject {
	const { country, partsBilled, submittedAt, reportedAt, ...rest } = json;
	if (country !== undefined) expect(country).toBe('GH');
	if (submittedAt !== undefined) expect(submittedAt).toMatch(DATE_TIME);
	if (reportedAt !== undefined) expect(reportedAt).toMatch(DATE_TIME);
	if (partsBilled !== undefined) expect(partsBilled).toBe(rest.verdict === 'alreadySent' ? 0 : 1);
	return rest;
}

/** What Get Delivery Report says of a number the repeat's send answered alreadySent (2131). */
function alreadySent(sent: IDataObject): IDataObject {
	return {
		to: sent.to,
		verdict: 'alreadySent',
		reason: REPEAT_REASON,
		final: true,
		batch: sent.batch,
		messageId: sent.messageId,
		status: sent.status,
		clientReference: sent.clientReference,
		category: 'sms',
	};
}

// The same workflow against the three services the documentation leaves possible: a repeat's batch listed with 2131,
// not kept (1501), or kept empty. The requests and the items are the same in all three.
describe.each<RefusedBatches>(['listed', 'notKept', 'empty'])(
	'Get Delivery Report after a repeated send, refused batches %s',
	(refusedBatches) => {
		const t = useSimulator();
		const withReference = () =>
			sendParameters({ options: { clientReference: '={{ $json.order }}' } });
		const report = (extra: INodeParameters = {}): INodeParameters => ({
			resource: 'sms',
			operation: 'getDeliveryReport',
			...extra,
		});

		beforeEach(() => t.sim.setDialect({ refusedBatches }));
		afterAll(() => t.sim.setDialect({ refusedBatches: 'listed' }));

		async function repeated(
			orders: Array<{ order: string; phone: string }>,
		): Promise<IDataObject[]> {
			await t.run({ items: ORDERS, parameters: withReference() });
			const again = await t.run({ items: orders, parameters: withReference() });
			expect(again.error).toBeUndefined();
			return again.items.map((item) => item.json);
		}

		it('every number already sent: one request by message id, each number alreadySent and final, paired', async () => {
			const sent = await repeated(ORDERS);
			expect(sent.map((json) => [json.verdict, (json.status as IDataObject).id])).toEqual([
				['alreadySent', 2131],
				['alreadySent', 2131],
			]);
			const before = t.requests().length;
			const { items, error } = await t.run({ items: sent, parameters: report() });
			expect(error).toBeUndefined();
			const requests = t.requests().slice(before);
			expect(requests.map((r) => [r.method, r.path])).toEqual([
				['POST', `/v5/report/message/delivery/destinations/${String(sent[0].batch)}`],
			]);
			expect(JSON.parse(requests[0].rawBody)).toEqual({
				destinations: [ID('ORD-1041', '233241234567'), ID('ORD-1042', '233201234567')],
			});
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
			expect(items.map((item) => core(item.json))).toEqual([
				alreadySent(sent[0]),
				alreadySent(sent[1]),
			]);
		});

		it('a new number beside the repeats: the repeats alreadySent, the new number its real report', async () => {
			const sent = await repeated([...ORDERS, NEW_ORDER]);
			expect(sent.map((json) => json.verdict)).toEqual(['alreadySent', 'alreadySent', 'accepted']);
			const before = t.requests().length;
			const { items, error } = await t.run({ items: sent, parameters: report() });
			expect(error).toBeUndefined();
			const requests = t.requests().slice(before);
			expect(requests).toHaveLength(1);
			expect(JSON.parse(requests[0].rawBody)).toEqual({
				destinations: sent.map((json) => json.messageId),
			});
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
			expect(items.map((item) => core(item.json))).toEqual([
				alreadySent(sent[0]),
				alreadySent(sent[1]),
				{
					to: '233271234567',
					verdict: 'delivered',
					reason: 'delivered',
					final: true,
					batch: sent[2].batch,
					messageId: ID('ORD-1043', '233271234567'),
					status: { id: 2110, label: expect.any(String) },
					clientReference: 'ORD-1043',
					category: 'sms',
				},
			]);
		});

		it('asked for the whole batch (Message IDs empty): one bodiless request, each repeat alreadySent with its item', async () => {
			const sent = await repeated(ORDERS);
			const before = t.requests().length;
			const { items, error } = await t.run({ items: sent, parameters: report({ messageIds: '' }) });
			expect(error).toBeUndefined();
			const requests = t.requests().slice(before);
			expect(requests.map((r) => [r.path, r.rawBody])).toEqual([
				[`/v5/report/message/delivery/${String(sent[0].batch)}`, ''],
			]);
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
			expect(items.map((item) => core(item.json))).toEqual([
				alreadySent(sent[0]),
				alreadySent(sent[1]),
			]);
		});

		it('an item that is no repeat, beside the repeats, gets what the service says of its id', async () => {
			const sent = await repeated(ORDERS);
			const stranger = '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f';
			const inputs = [...sent, { batch: sent[0].batch, messageId: stranger }];
			const { items } = await t.run({
				items: inputs,
				parameters: report(),
				settings: { continueOnFail: true },
			});
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
			expect(items.slice(0, 2).map((item) => core(item.json))).toEqual([
				alreadySent(sent[0]),
				alreadySent(sent[1]),
			]);
			if (refusedBatches === 'notKept') {
				// The service knows no such batch: only what the sends said is known, the stranger fails.
				expect(items[2].json).toEqual({
					batch: sent[0].batch,
					error:
						'The service found the batch id missing or invalid: give the batch of a send answer (32 hexadecimal characters)',
					description: expect.stringMatching(
						/^Check the batch id: it is the batch of a send answer \(32 hexadecimal characters\)\. \(handshake 1501 HSHK_ERR_/,
					),
				});
			} else {
				expect(items[2].json).toMatchObject({
					batch: sent[0].batch,
					messageId: stranger,
					verdict: 'unknown',
					final: false,
				});
			}
		});
	},
);
