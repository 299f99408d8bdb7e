/**
 * The Output option through the router, with a hand-made context: Summary by default when the node
 * runs as an AI agent's tool (its type ends in Tool, as n8n names the tool variant), Per
 * Destination in a workflow, and the option as set either way.
 */
import type { INodeParameters } from 'n8n-workflow';

import { router } from '../../../nodes/SmsOnlineGh/router/router';
import { summarise } from '../../../nodes/SmsOnlineGh/sending/summary';
import { fakeContext, sendAnswer } from '../../harness/fakeContext';

const TOOL_TYPE = 'n8n-nodes-smsonlinegh.smsOnlineGhTool';

const send = (options: INodeParameters = {}): INodeParameters => ({
	resource: 'sms',
	operation: 'send',
	sender: 'SMSDemo',
	phoneNumbers: '={{ $json.phone }}',
	message: 'Hello',
	options: { retryAttempts: 1, checkSender: false, countryCode: '233', ...options },
});

const ANSWER = () =>
	sendAnswer('b1', [
		{ id: 'm1', to: '233241234567' },
		{ id: 'm2', to: '233201234567', status: { id: 2121, label: 'DS_REJECTED_INSUFF_CREDIT' } },
	]);

const SUMMARY = {
	json: {
		destinations: 2,
		verdicts: { accepted: 1, rejected: 1 },
		batches: ['b1'],
		parts: 1,
		cost: 'takes 1 SMS part from the balance: 1 credit on a quantity account, 1 × the price of a part on a currency account (Account → Get Balance gives the model and what is left)',
		notAccepted: [
			{
				to: '233201234567',
				verdict: 'rejected',
				reason: 'insufficient credit: top up the account and send to this number again',
			},
		],
		nextStep:
			'1 number was not sent: the account ran out of credit. Top up the SMSOnlineGH account by at least 1 SMS part (Account → Get Balance shows what is left), then send to it again.',
	},
	pairedItem: [{ item: 0 }, { item: 1 }],
};

let execution = 0;
async function run(parameters: INodeParameters, type?: string) {
	execution++;
	const fake = fakeContext({
		executionId: `summary-test-${execution}`,
		parameters,
		items: [{ phone: '0241234567' }, { phone: '0201234567' }],
		answers: [ANSWER()],
	});
	if (type) fake.ctx.getNode().type = type;
	const [items] = await router.call(fake.ctx);
	return items;
}

describe('Output, through the router', () => {
	it('as a tool, without the option: the summary', async () => {
		expect(await run(send(), TOOL_TYPE)).toEqual([SUMMARY]);
	});

	it('as a tool, with Per Destination set: one item per destination', async () => {
		const items = await run(send({ output: 'perDestination' }), TOOL_TYPE);
		expect(items.map((i) => [i.json.to, i.json.verdict, i.pairedItem])).toEqual([
			['233241234567', 'accepted', { item: 0 }],
			['233201234567', 'rejected', { item: 1 }],
		]);
	});

	it('in a workflow, without the option: one item per destination', async () => {
		expect(await run(send())).toHaveLength(2);
	});

	it('in a workflow, with Summary set: the summary', async () => {
		expect(await run(send({ output: 'summary' }))).toEqual([SUMMARY]);
	});

	it('an operation that is no send ignores the tool default', async () => {
		execution++;
		const fake = fakeContext({
			executionId: `summary-test-${execution}`,
			parameters: { resource: 'account', operation: 'getBalance' },
			answers: [
				{
					body: JSON.stringify({
						handshake: { id: 0, label: 'HSHK_OK' },
						data: { balance: 3, model: 'quantity' },
					}),
				},
			],
		});
		fake.ctx.getNode().type = TOOL_TYPE;
		const [items] = await router.call(fake.ctx);
		expect(items).toEqual([
			{
				json: { balance: 3, model: 'quantity', currencyCode: null, currencyName: null },
				pairedItem: [{ item: 0 }],
			},
		]);
	});
});

describe('summarise', () => {
	it('counts each verdict, keeps each batch and reference once, lists what did not go as asked', () => {
		const summary = summarise(
			[
				{
					json: { to: '1', verdict: 'accepted', batch: 'b1', clientReference: 'R1' },
					pairedItem: { item: 0 },
				},
				{
					json: { to: '2', verdict: 'alreadySent', batch: 'b1', clientReference: 'R1' },
					pairedItem: { item: 0 },
				},
				{ json: { to: '3', verdict: 'scheduled', batch: 'b2' }, pairedItem: { item: 1 } },
				{
					json: { to: '4', verdict: 'skipped', reason: 'skipped: duplicate of 3 (item 1)' },
					pairedItem: { item: 2 },
				},
				{
					json: {
						to: '5',
						verdict: 'maybeSent',
						reason: 'unknown',
						clientReference: 'R2',
						error: 'x',
					},
					pairedItem: { item: 3 },
				},
				{ json: { error: 'Phone Numbers is empty' }, pairedItem: { item: 4 } },
			],
			5,
		);
		expect(summary).toEqual({
			json: {
				destinations: 5,
				verdicts: { accepted: 1, alreadySent: 1, scheduled: 1, skipped: 1, maybeSent: 1 },
				batches: ['b1', 'b2'],
				clientReferences: ['R1', 'R2'],
				notAccepted: [
					{ to: '4', verdict: 'skipped', reason: 'skipped: duplicate of 3 (item 1)' },
					{ to: '5', verdict: 'maybeSent', reason: 'unknown', clientReference: 'R2' },
				],
				errors: [{ item: 4, error: 'Phone Numbers is empty' }],
			},
			pairedItem: [{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }, { item: 4 }],
		});
	});

	it('error items with a verdict are counted: by their number when they name one, else listed with their error', () => {
		const summary = summarise(
			[
				{ json: { to: '1', verdict: 'accepted', batch: 'b1' }, pairedItem: { item: 0 } },
				{
					json: {
						input: '2',
						to: '2',
						verdict: 'notSent',
						reason: 'not sent (refused)',
						error: 'refused',
					},
					pairedItem: { item: 1 },
				},
				{
					json: {
						input: '-3',
						to: null,
						verdict: 'notSent',
						reason: 'not sent (bad)',
						error: 'bad',
					},
					pairedItem: { item: 2 },
				},
			],
			3,
		);
		expect(summary.json).toEqual({
			destinations: 2,
			verdicts: { accepted: 1, notSent: 2 },
			batches: ['b1'],
			notAccepted: [{ to: '2', verdict: 'notSent', reason: 'not sent (refused)' }],
			errors: [{ item: 2, error: 'bad' }],
		});
	});

	it('no outputs: an empty summary, paired with every input item', () => {
		expect(summarise([], 2)).toEqual({
			json: { destinations: 0, verdicts: {}, batches: [], notAccepted: [] },
			pairedItem: [{ item: 0 }, { item: 1 }],
		});
	});
});
