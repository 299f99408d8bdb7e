/**
 * The cost ceilings (sending/ceilings.ts) in real workflows against the simulator: what is over
 * them is refused before anything is sent, which the simulator's journal proves. Scheduled SMS →
 * Update is in ceilingsUpdate.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { RunResult } from '../harness/workflow';
import { personalisedParameters, sendParameters, useSimulator } from './fixtures';

/** The text of the user's report: 10 MB mapped into Message by mistake. */
const TEN_MB = 'x'.repeat(10 * 1024 * 1024);
/** 2,000 GSM characters: 14 parts of 153. */
const TWO_THOUSAND = 'y'.repeat(2000);
/** 200 GSM characters: 2 parts. */
const TWO_PARTS = 'z'.repeat(200);

const OVER_2000 =
	'Message is 2,000 characters long: 14 SMS parts, over the limit of 10 set by Maximum Parts per Message. Shorten the text, or raise Maximum Parts per Message (0 = no limit)';

const byText = (extra: INodeParameters = {}) =>
	sendParameters({ message: '={{ $json.text }}', ...extra });

function hints(result: RunResult): string[] {
	const runs = result.run.data.resultData.runData.SMS ?? [];
	return runs.flatMap((run) => (run.hints ?? []).map((hint) => hint.message));
}

describe('Cost ceilings: Maximum Parts per Message, Maximum Total Parts', () => {
	const t = useSimulator();

	describe('Maximum Parts per Message', () => {
		it('a 10 MB text is refused with what to do, and the good item before it is not sent either', async () => {
			const { error, items } = await t.run({
				items: [
					{ phone: '0241234567', text: 'Your order has shipped.' },
					{ phone: '0201234567', text: TEN_MB },
				],
				parameters: byText(),
			});
			expect(error?.message).toBe(
				'Message is 10,485,760 characters long: more than 1,000 SMS parts, over the limit of 10 set by Maximum Parts per Message. Shorten the text, or raise Maximum Parts per Message (0 = no limit)',
			);
			expect(error?.description).toBe(
				'Each part is billed. Once a text needs several parts, a part holds 153 GSM characters or 67 Unicode ones.',
			);
			expect(items).toEqual([]);
			// Not even the sender check's profile request: the run stops while the items are read.
			expect(t.allRequests()).toEqual([]);
		});

		it('2,000 characters (14 parts) are refused at the default of 10', async () => {
			const { error } = await t.run({
				items: [{ phone: '0241234567' }],
				parameters: sendParameters({ message: TWO_THOUSAND }),
			});
			expect(error?.message).toBe(OVER_2000);
			expect(t.allRequests()).toEqual([]);
		});

		it.each([
			['0 (no limit)', 0],
			['20', 20],
		])(
			'2,000 characters are sent with the option at %s, billed as 14 parts',
			async (_name, limit) => {
				const { error, items } = await t.run({
					items: [{ phone: '0241234567' }],
					parameters: sendParameters({
						message: TWO_THOUSAND,
						options: { maximumPartsPerMessage: limit },
					}),
				});
				expect(error).toBeUndefined();
				const requests = t.requests();
				expect(requests).toHaveLength(1);
				expect(requests[0].unit?.text).toBe(TWO_THOUSAND);
				expect(items).toHaveLength(1);
				expect(items[0].json).toMatchObject({ verdict: 'accepted', characters: 2000, parts: 14 });
			},
		);

		it('exactly at the limit is sent: 10 parts of 153 (1,530 characters)', async () => {
			const { error, items } = await t.run({
				items: [{ phone: '0241234567' }],
				parameters: sendParameters({ message: 'w'.repeat(1530) }),
			});
			expect(error).toBeUndefined();
			expect(items[0].json).toMatchObject({ verdict: 'accepted', parts: 10 });
			expect(t.requests()).toHaveLength(1);
		});

		it('with Continue On Fail the good items are sent and the long one is an error item paired to itself', async () => {
			const { error, items } = await t.run({
				items: [
					{ phone: '0241234567', text: 'Hello' },
					{ phone: '0201234567', text: TWO_THOUSAND },
					{ phone: '0551234567', text: 'Hello' },
				],
				parameters: byText(),
				settings: { onError: 'continueRegularOutput' },
			});
			expect(error).toBeUndefined();
			const requests = t.requests();
			expect(requests).toHaveLength(1);
			expect(requests[0].unit?.destinations).toEqual(['0241234567', '0551234567']);
			expect(items[0]).toEqual({
				json: {
					verdict: 'notSent',
					reason: `not sent (${OVER_2000})`,
					error: OVER_2000,
					description:
						'Each part is billed. Once a text needs several parts, a part holds 153 GSM characters or 67 Unicode ones.',
				},
				pairedItem: { item: 1 },
			});
			expect(
				items.slice(1).map((item) => [item.json.input, item.json.verdict, item.pairedItem]),
			).toEqual([
				['0241234567', 'accepted', { item: 0 }],
				['0551234567', 'accepted', { item: 2 }],
			]);
			expect(t.sim.submissionCounts()).toEqual({ '233241234567': 1, '233551234567': 1 });
		});

		it('a € counts two in GSM: the error names both lengths, the second in the unit of the items’ characters', async () => {
			const { error } = await t.run({
				items: [{ phone: '0241234567' }],
				parameters: sendParameters({ message: '€'.repeat(800) }),
			});
			expect(error?.message).toBe(
				'Message is 800 characters long (1,600 as SMS counts them, the unit of the items’ characters field: € and other GSM extension characters, and emoji in Unicode, count two): 11 SMS parts, over the limit of 10 set by Maximum Parts per Message. Shorten the text, or raise Maximum Parts per Message (0 = no limit)',
			);
			const under = await t.run({
				items: [{ phone: '0241234567' }],
				parameters: sendParameters({ message: '€'.repeat(760) }),
			});
			expect(under.items[0].json).toMatchObject({ characters: 1520, parts: 10 });
		});

		it('Unicode counts 67 a part: 700 characters with a ç (not in GSM) are 11 parts, refused', async () => {
			const { error } = await t.run({
				items: [{ phone: '0241234567' }],
				parameters: sendParameters({ message: `ç${'a'.repeat(699)}` }),
			});
			expect(error?.message).toBe(
				'Message is 700 characters long: 11 SMS parts, over the limit of 10 set by Maximum Parts per Message. Shorten the text, or raise Maximum Parts per Message (0 = no limit)',
			);
			expect(t.allRequests()).toEqual([]);
		});

		it('Send Personalised: one item whose rendered text is over is refused; with Continue On Fail the others go', async () => {
			const contacts: IDataObject[] = [
				{ phone: '0241234567', first_name: 'Ama', amount: 5 },
				{ phone: '0201234567', first_name: 'K'.repeat(1600), amount: 7 },
				{ phone: '0551234567', first_name: 'Kofi', amount: 9 },
			];
			const message =
				'Message Template gives this item a text 1,622 characters long: 11 SMS parts, over the limit of 10 set by Maximum Parts per Message. Shorten the template or this item’s values, or raise Maximum Parts per Message (0 = no limit)';

			const stopped = await t.run({ items: contacts, parameters: personalisedParameters() });
			expect(stopped.error?.message).toBe(message);
			expect(t.allRequests()).toEqual([]);

			const going = await t.run({
				items: contacts,
				parameters: personalisedParameters(),
				settings: { onError: 'continueRegularOutput' },
			});
			expect(going.error).toBeUndefined();
			const requests = t.requests();
			expect(requests).toHaveLength(1);
			expect(requests[0].unit?.destinations).toEqual([
				{ number: '0241234567', values: ['Ama', 5] },
				{ number: '0551234567', values: ['Kofi', 9] },
			]);
			expect(
				going.items.map((item) => [item.json.error ?? item.json.verdict, item.pairedItem]),
			).toEqual([
				[message, { item: 1 }],
				['accepted', { item: 0 }],
				['accepted', { item: 2 }],
			]);
		});
	});

	describe('Maximum Total Parts', () => {
		const THREE = [{ phone: '0241234567' }, { phone: '0201234567' }, { phone: '0551234567' }];
		const OVER =
			'This run would send 6 SMS parts to 3 numbers, over the limit of 5 set by Maximum Total Parts: nothing was sent. Send to fewer numbers or shorter texts (split the run), or raise Maximum Total Parts (0 = no limit)';

		it('over: the whole run is refused and nothing is sent', async () => {
			const { error, items } = await t.run({
				items: THREE,
				parameters: sendParameters({ message: TWO_PARTS, options: { maximumTotalParts: 5 } }),
			});
			expect(error?.message).toBe(OVER);
			expect(items).toEqual([]);
			expect(t.requests()).toEqual([]);
			expect(t.sim.submissionCounts()).toEqual({});
		});

		it('over, with Continue On Fail: one error item per input item, nothing sent', async () => {
			const { error, items } = await t.run({
				items: THREE,
				parameters: sendParameters({ message: TWO_PARTS, options: { maximumTotalParts: 5 } }),
				settings: { onError: 'continueRegularOutput' },
			});
			expect(error).toBeUndefined();
			expect(items.map((item) => [item.json.error, item.pairedItem])).toEqual([
				[OVER, { item: 0 }],
				[OVER, { item: 1 }],
				[OVER, { item: 2 }],
			]);
			expect(t.requests()).toEqual([]);
		});

		it('at the limit: sent', async () => {
			const { error, items } = await t.run({
				items: THREE,
				parameters: sendParameters({ message: TWO_PARTS, options: { maximumTotalParts: 6 } }),
			});
			expect(error).toBeUndefined();
			expect(t.requests()).toHaveLength(1);
			expect(items.map((item) => [item.json.verdict, item.json.parts])).toEqual([
				['accepted', 2],
				['accepted', 2],
				['accepted', 2],
			]);
		});

		it('counts what would go out: a repeated number removed is not counted', async () => {
			const { error } = await t.run({
				items: [...THREE, { phone: '+233241234567' }],
				parameters: sendParameters({ message: TWO_PARTS, options: { maximumTotalParts: 6 } }),
			});
			expect(error).toBeUndefined();
			expect(t.requests()[0].unit?.destinations).toEqual([
				'0241234567',
				'0201234567',
				'0551234567',
			]);
		});

		it('Send Personalised: each number its own text, its own parts', async () => {
			const contacts = [
				{ phone: '0241234567', first_name: 'A'.repeat(150), amount: 1 },
				{ phone: '0201234567', first_name: 'Kofi', amount: 2 },
			];
			const { error } = await t.run({
				items: contacts,
				parameters: personalisedParameters({ options: { maximumTotalParts: 2 } }),
			});
			expect(error?.message).toBe(
				'This run would send 3 SMS parts to 2 numbers, over the limit of 2 set by Maximum Total Parts: nothing was sent. Send to fewer numbers or shorter texts (split the run), or raise Maximum Total Parts (0 = no limit)',
			);
			expect(t.requests()).toEqual([]);
		});
	});

	describe('Dry Run', () => {
		it('shows each request’s parts, and the run’s estimate against both ceilings in a hint', async () => {
			const result = await t.run({
				items: [{ phone: '0241234567' }, { phone: '0201234567' }, { phone: '0551234567' }],
				parameters: sendParameters({
					message: TWO_PARTS,
					options: { dryRun: true, batchSize: 2, maximumTotalParts: 100 },
				}),
			});
			expect(result.error).toBeUndefined();
			expect(t.requests()).toEqual([]);
			expect(
				result.items.map((item) => [
					item.json.parts,
					(item.json.request as IDataObject).estimatedParts,
				]),
			).toEqual([
				[2, 4],
				[2, 4],
				[2, 2],
			]);
			expect(hints(result)).toEqual([
				'Dry run, nothing was sent: this run would send 6 SMS parts to 3 numbers (Maximum Total Parts: 100); its longest text needs 2 parts (Maximum Parts per Message: 10). It would take 6 SMS parts from the balance: 6 credits of the 1,000 left (a quantity account).',
			]);
		});

		it('over a ceiling it fails as the real run would, naming the estimate', async () => {
			const { error } = await t.run({
				items: [{ phone: '0241234567' }, { phone: '0201234567' }, { phone: '0551234567' }],
				parameters: sendParameters({
					message: TWO_PARTS,
					options: { dryRun: true, maximumTotalParts: 5 },
				}),
			});
			expect(error?.message).toMatch(
				/^This run would send 6 SMS parts to 3 numbers, over the limit of 5 set by Maximum Total Parts/,
			);
		});

		it('Summary output: the estimate beside both ceilings', async () => {
			const { items } = await t.run({
				items: [{ phone: '0241234567' }, { phone: '0201234567' }],
				parameters: sendParameters({
					message: TWO_THOUSAND,
					options: { dryRun: true, output: 'summary', maximumPartsPerMessage: 0 },
				}),
			});
			expect(items[0].json).toEqual({
				destinations: 2,
				verdicts: { dryRun: 2 },
				batches: [],
				estimatedParts: 28,
				cost: 'would take 28 SMS parts from the balance: 28 credits of the 1,000 left (a quantity account)',
				maximumPartsPerMessage: 0,
				maximumTotalParts: 0,
				notAccepted: [],
			});
		});
	});

	describe('Client Reference', () => {
		it('longer than 200 characters is an error for its item before anything is sent', async () => {
			const reference = 'R'.repeat(201);
			const { error } = await t.run({
				items: [
					{ phone: '0241234567', ref: 'ORD-1' },
					{ phone: '0201234567', ref: reference },
				],
				parameters: sendParameters({ options: { clientReference: '={{ $json.ref }}' } }),
			});
			expect(error?.message).toBe(
				'Client Reference is 201 characters long: at most 200. Map a shorter key, such as an order or invoice number',
			);
			expect(t.allRequests()).toEqual([]);
		});

		it('200 characters, any characters: sent, with an id the service takes', async () => {
			const reference = `Order №${'9'.repeat(193)}`;
			const { error, items } = await t.run({
				items: [{ phone: '0241234567' }],
				parameters: sendParameters({ options: { clientReference: reference } }),
			});
			expect(error).toBeUndefined();
			expect(items[0].json).toMatchObject({
				verdict: 'accepted',
				clientReference: reference,
				messageId: expect.stringMatching(/^[0-9a-f]{40}$/),
			});
		});
	});
});
