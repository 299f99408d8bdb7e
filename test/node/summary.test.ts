/**
 * The Output option Summary of the send operations, in a real workflow against the simulator: one
 * item, paired with every input item, that counts the verdicts, names the batches and lists only
 * the numbers that did not go as asked.
 */
import { BATCH, personalisedParameters, sendParameters, useSimulator } from './fixtures';

const ALL_THREE = [{ item: 0 }, { item: 1 }, { item: 2 }];

describe('Output: Summary', () => {
	const t = useSimulator();

	it('is off by default in a workflow: one item per destination', async () => {
		const { items, error } = await t.run({
			items: [{ phone: '0241234567' }, { phone: '0201234567' }],
			parameters: sendParameters(),
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => [i.json.to, i.json.verdict])).toEqual([
			['233241234567', 'accepted'],
			['233201234567', 'accepted'],
		]);
	});

	it('gives one item: counts by verdict, the batch, and the rejected number with its reason', async () => {
		const { items, error } = await t.run({
			items: [{ phone: '0241234567' }, { phone: '0201234567' }, { phone: '+233 24 123 4567' }],
			parameters: sendParameters({ options: { output: 'summary', removeDuplicates: false } }),
		});
		expect(error).toBeUndefined();
		const [request] = t.requests();
		expect(request.rawBody).toBe(
			'{"text":"Your order has shipped.","type":0,"sender":"SMSDemo","destinations":["0241234567","0201234567","233241234567"]}',
		);
		expect(items).toHaveLength(1);
		const [summaryBatch] = items[0].json.batches as string[];
		expect(summaryBatch).toMatch(BATCH);
		expect(items[0]).toEqual({
			json: {
				destinations: 3,
				verdicts: { accepted: 2, rejected: 1 },
				batches: [summaryBatch],
				// What the run took, in plain words: only the accepted numbers are charged.
				parts: 2,
				cost: 'takes 2 SMS parts from the balance: 2 credits on a quantity account, 2 × the price of a part on a currency account (Account → Get Balance gives the model and what is left)',
				notAccepted: [{ to: '233241234567', verdict: 'rejected', reason: 'duplicate destination' }],
			},
			pairedItem: ALL_THREE,
		});
	});

	it('names the Client References, and what an earlier run already sent does not count as refused', async () => {
		const parameters = sendParameters({
			options: { output: 'summary', clientReference: '={{ $json.order }}' },
		});
		const contacts = [
			{ phone: '0241234567', order: 'ORD-1' },
			{ phone: '0201234567', order: 'ORD-2' },
		];
		const first = await t.run({ items: contacts, parameters });
		expect(first.items[0].json).toEqual({
			destinations: 2,
			verdicts: { accepted: 2 },
			batches: [expect.stringMatching(BATCH)],
			...charged(2),
			clientReferences: ['ORD-1', 'ORD-2'],
			notAccepted: [],
		});
		const second = await t.run({
			items: [...contacts, { phone: '0551234567', order: 'ORD-3' }],
			parameters,
		});
		expect(second.items[0].json).toEqual({
			destinations: 3,
			verdicts: { alreadySent: 2, accepted: 1 },
			batches: [expect.stringMatching(BATCH)],
			// What an earlier run sent is not taken again.
			...charged(1),
			clientReferences: ['ORD-1', 'ORD-2', 'ORD-3'],
			notAccepted: [],
		});
		expect(t.sim.submissionCounts()).toEqual({
			'233241234567': 1,
			'233201234567': 1,
			'233551234567': 1,
		});
	});

	it('with Dry Run: counts what would go out, sends nothing', async () => {
		const { items } = await t.run({
			items: [{ phone: '0241234567' }, { phone: '0201234567' }],
			parameters: sendParameters({ options: { output: 'summary', dryRun: true } }),
		});
		expect(items).toEqual([
			{
				json: {
					destinations: 2,
					verdicts: { dryRun: 2 },
					batches: [],
					// The parts it would send, against the ceilings (the defaults: 10 a message, no total).
					estimatedParts: 2,
					// In the account's model, against the balance the dry run read.
					cost: 'would take 2 SMS parts from the balance: 2 credits of the 1,000 left (a quantity account)',
					maximumPartsPerMessage: 10,
					maximumTotalParts: 0,
					notAccepted: [],
				},
				pairedItem: [{ item: 0 }, { item: 1 }],
			},
		]);
		expect(t.requests()).toEqual([]);
	});

	it('with Continue On Fail: a bad item is listed with its error, the good ones are sent and counted', async () => {
		const { items, error } = await t.run({
			items: [{ phone: '0241234567' }, { phone: 'call me' }, { phone: '0201234567' }],
			parameters: sendParameters({ options: { output: 'summary' } }),
			settings: { onError: 'continueRegularOutput' },
		});
		expect(error).toBeUndefined();
		expect(items).toEqual([
			{
				json: {
					destinations: 2,
					// The refused item counts as notSent; it names no number, so it is listed with its error.
					verdicts: { accepted: 2, notSent: 1 },
					batches: [expect.stringMatching(BATCH)],
					...charged(2),
					notAccepted: [],
					errors: [
						{
							item: 1,
							error:
								'Phone Numbers has an invalid phone number "call me": it contains letters ("callme"); give it as 0241234567, 233241234567 or +233241234567',
						},
					],
				},
				pairedItem: ALL_THREE,
			},
		]);
	});

	it('with Continue On Fail and a refused request: every number listed as not sent, with the fix', async () => {
		t.sim.addFault({ kind: 'handshake', handshakeId: 1409 });
		const { items, error } = await t.run({
			items: [{ phone: '0241234567' }, { phone: '0201234567' }],
			parameters: sendParameters({ options: { output: 'summary' } }),
			settings: { onError: 'continueRegularOutput' },
		});
		expect(error).toBeUndefined();
		const reason = `not sent (${SUSPENDED})`;
		expect(items[0].json).toEqual({
			destinations: 2,
			verdicts: { notSent: 2 },
			batches: [],
			notAccepted: [
				{ to: '0241234567', verdict: 'notSent', reason },
				{ to: '0201234567', verdict: 'notSent', reason },
			],
		});
	});

	it('without Continue On Fail a refused request still fails the execution', async () => {
		t.sim.addFault({ kind: 'handshake', handshakeId: 1409 });
		const { items, error } = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({ options: { output: 'summary' } }),
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe(SUSPENDED);
	});

	it('for Send Personalised too', async () => {
		const { items } = await t.run({
			items: [
				{ phone: '0241234567', first_name: 'Ama', amount: 120 },
				{ phone: '0201234567', first_name: 'Kofi', amount: 75 },
			],
			parameters: personalisedParameters({ options: { output: 'summary' } }),
		});
		expect(items).toEqual([
			{
				json: {
					destinations: 2,
					verdicts: { accepted: 2 },
					batches: [expect.stringMatching(BATCH)],
					...charged(2),
					notAccepted: [],
				},
				pairedItem: [{ item: 0 }, { item: 1 }],
			},
		]);
	});
});

/** The Summary's parts and cost of a run whose numbers each took one part. */
function charged(parts: number) {
	const p = `${parts} SMS part${parts === 1 ? '' : 's'}`;
	const credits = `${parts} credit${parts === 1 ? '' : 's'}`;
	return {
		parts,
		cost: `takes ${p} from the balance: ${credits} on a quantity account, ${parts} × the price of a part on a currency account (Account → Get Balance gives the model and what is left)`,
	};
}

const SUSPENDED = 'The account is suspended: contact SMSOnlineGH support to lift the suspension';
