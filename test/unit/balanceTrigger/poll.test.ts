/**
 * The balance trigger's poll, with a hand-made poll context: the request it makes, the item it
 * gives, the state it keeps in the workflow's static data over several polls, and a failed poll
 * that fires nothing and says what to do.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { SmsOnlineGhBalanceTrigger } from '../../../nodes/SmsOnlineGhBalanceTrigger/SmsOnlineGhBalanceTrigger.node';
import type { Answer } from '../../harness/fakeContext';
import { fakeContext, serviceAnswer } from '../../harness/fakeContext';

const balanceAnswer = (balance: number, model = 'quantity'): Answer =>
	serviceAnswer({
		balance,
		model,
		currencyName: model === 'currency' ? 'Ghana Cedi' : null,
		currencyCode: model === 'currency' ? 'GHS' : null,
	});

/** A poll context whose static data lives as long as the test, as n8n keeps it for an active workflow. */
function pollContext(answers: Answer[], { threshold = 100 as unknown, mode = 'trigger' } = {}) {
	const fake = fakeContext({
		answers,
		parameters: { event: 'balanceBelow', threshold: threshold as number },
	});
	const staticData: IDataObject = {};
	Object.assign(fake.ctx, { getMode: () => mode, getWorkflowStaticData: () => staticData });
	const node = new SmsOnlineGhBalanceTrigger();
	return {
		fake,
		staticData,
		poll: async () => await node.poll.call(fake.ctx as unknown as IPollFunctions),
	};
}

describe('SMSOnlineGH Balance Trigger: the poll', () => {
	it('is a polling trigger with the credential, the event and the threshold', () => {
		const { description } = new SmsOnlineGhBalanceTrigger();
		expect(description).toMatchObject({
			polling: true,
			group: ['trigger'],
			inputs: [],
			credentials: [{ name: 'smsOnlineGhApi', required: true }],
		});
		expect(description.properties.map((p) => [p.name, p.default])).toEqual([
			['event', 'balanceBelow'],
			['threshold', 100],
		]);
		// Each field has a tooltip of its own (Poll Times, which n8n adds to every polling trigger, has n8n's).
		expect(description.properties.map((p) => [p.name, p.description])).toEqual([
			[
				'event',
				'What starts the workflow: the balance falling below the threshold, once for each fall',
			],
			['threshold', expect.stringMatching(/^The balance below which the alert fires/)],
		]);
	});

	it('reads the balance with one POST to /v5/account/balance', async () => {
		const { fake, poll } = pollContext([balanceAnswer(500)]);
		await poll();
		expect(fake.calls.map((c) => [c.options.method, c.options.url, c.options.body])).toEqual([
			['POST', '/v5/account/balance', undefined],
		]);
	});

	it('over several polls: fires once on falling below, not again while below, again after a top-up (which returns no items)', async () => {
		const balances = [150, 90, 80, 1000, 40];
		const { staticData, poll } = pollContext(balances.map((b) => balanceAnswer(b)));
		const results = [];
		for (let i = 0; i < balances.length; i++) results.push(await poll());
		expect(results).toEqual([
			null,
			[
				[
					{
						json: {
							event: 'balanceBelow',
							balance: 90,
							model: 'quantity',
							currencyName: null,
							currencyCode: null,
							threshold: 100,
						},
					},
				],
			],
			null,
			// The re-arm: no items, so that n8n writes it to its database (a null poll's static data it keeps in memory only).
			[[]],
			[
				[
					{
						json: {
							event: 'balanceBelow',
							balance: 40,
							model: 'quantity',
							currencyName: null,
							currencyCode: null,
							threshold: 100,
						},
					},
				],
			],
		]);
		expect(staticData).toEqual({ alerted: true });
	});

	it('a currency account: the item holds the model and the currency', async () => {
		const { poll } = pollContext([balanceAnswer(12.5, 'currency')], { threshold: 20 });
		expect(await poll()).toEqual([
			[
				{
					json: {
						event: 'balanceBelow',
						balance: 12.5,
						model: 'currency',
						currencyName: 'Ghana Cedi',
						currencyCode: 'GHS',
						threshold: 20,
					},
				},
			],
		]);
	});

	it('a manual run (Fetch Test Event) shows the item whatever the balance, with the fields of a real alert, and keeps no state', async () => {
		const { staticData, poll } = pollContext([balanceAnswer(500)], { mode: 'manual' });
		const alert = pollContext([balanceAnswer(50)]);
		const [[test]] = (await poll()) ?? [[]];
		const [[real]] = (await alert.poll()) ?? [[]];
		expect(test.json).toEqual({
			event: 'balanceBelow',
			balance: 500,
			model: 'quantity',
			currencyName: null,
			currencyCode: null,
			threshold: 100,
		});
		expect(Object.keys(test.json)).toEqual(Object.keys(real.json));
		expect(staticData).toEqual({});
	});

	it('reads the threshold as a poll must: by name alone (no item index, no fallback value)', async () => {
		const { fake, poll } = pollContext([balanceAnswer(50)]);
		const read = jest.spyOn(fake.ctx, 'getNodeParameter');
		await poll();
		expect(read.mock.calls.filter(([name]) => name === 'threshold')).toEqual([['threshold']]);
	});

	it('a refused credential: the poll fails with what to do, fires nothing and keeps the state', async () => {
		const { staticData, poll } = pollContext([
			balanceAnswer(50),
			serviceAnswer(null, { id: 1203, label: 'HSHK_ERR_UA_AUTH' }),
			balanceAnswer(40),
		]);
		expect(await poll()).not.toBeNull();
		await expect(poll()).rejects.toMatchObject({
			message:
				'Balance not read, no alert given: The service refused the API key or login: check them in the SMSOnlineGH credential',
		});
		expect(staticData).toEqual({ alerted: true });
		// Still below after the failed poll: no second alert.
		expect(await poll()).toBeNull();
	});

	it("an outage fails every poll, as n8n's own polling triggers do; the state is kept, and the alert after it fires once", async () => {
		const refused = serviceAnswer(null, { id: 1203, label: 'HSHK_ERR_UA_AUTH' });
		const { staticData, poll } = pollContext([
			balanceAnswer(50),
			refused,
			refused,
			refused,
			balanceAnswer(40),
			refused,
			balanceAnswer(500),
			refused,
			balanceAnswer(30),
		]);
		const outcomes = [];
		for (let i = 0; i < 9; i++)
			outcomes.push(
				await poll().then(
					(r) => (r === null ? 'nothing' : r[0].length === 0 ? 'no items' : 'alert'),
					() => 'failed',
				),
			);
		expect(outcomes).toEqual([
			'alert',
			'failed',
			'failed',
			'failed',
			'nothing',
			'failed',
			'no items',
			'failed',
			'alert',
		]);
		expect(staticData).toEqual({ alerted: true });
	});

	it('the service down: the poll fails with what to do and fires nothing', async () => {
		const down = {
			error: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
		};
		const { staticData, poll } = pollContext([down, down, down]);
		const failure = await poll().catch((error: Error & { description?: string }) => error);
		expect((failure as Error).message).toMatch(/^Balance not read, no alert given: /);
		expect((failure as { description?: string }).description).toContain(
			'the next poll tries again',
		);
		expect(staticData).toEqual({});
	});

	it('a threshold that is not a number is an error naming it, before any request', async () => {
		const { fake, poll } = pollContext([], { threshold: 'lots' });
		await expect(poll()).rejects.toThrow(
			'Threshold must be a number of at least 0, but it is "lots"',
		);
		expect(fake.calls).toEqual([]);
	});
});
