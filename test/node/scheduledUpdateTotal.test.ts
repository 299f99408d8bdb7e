/**
 * Scheduled SMS → Update's Maximum Total Parts (actions/scheduled/addedParts.ts) in real workflows
 * against the simulator, run in both dialects: with a limit, the messages of the items that add
 * numbers are loaded before the first update (each once), the parts the added numbers will cost
 * are added up, and a run over the limit is refused whole with only those loads made; within it,
 * or with no limit, the same requests as ever (only those loads moved ahead).
 */
import type { INodeParameters } from 'n8n-workflow';

import { keptProfiles } from '../../nodes/SmsOnlineGh/account/kept';
import { PROFILE_PATH } from '../../nodes/shared/transport/endpoints/profile';
import { scheduledUpdateParameters, sendParameters, useSimulator } from './fixtures';

/** A wall-clock time a day ahead, at the minute, as n8n's date-time field gives it. */
function tomorrow(): string {
	return `${new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 16)}:00`;
}

const LOAD = (batch: string) => `/v5/message/scheduled/load/${batch}`;
const DESTINATIONS = (batch: string) => `/v5/message/scheduled/destinations/load/${batch}`;
const UPDATE = (batch: string) => `/v5/message/scheduled/update/${batch}`;

/** 200 GSM characters: 2 parts. */
const TWO_PARTS = 'z'.repeat(200);

const over = (numbers: string, parts: string, limit: number) =>
	`This run would add ${numbers} costing ${parts} to waiting messages, over the limit of ${limit} set by Maximum Total Parts: nothing was changed. Add fewer numbers (split the run), or raise Maximum Total Parts (0 = no limit)`;

describe('Scheduled SMS → Update: Maximum Total Parts, the parts the numbers a run adds will cost', () => {
	const t = useSimulator();
	const update = scheduledUpdateParameters;
	/** Each item its own batch, numbers to add, new text and new time. */
	const perItem = (options: INodeParameters = {}) =>
		update(
			{
				addNumbers: '={{ $json.add }}',
				text: '={{ $json.text }}',
				scheduleAt: '={{ $json.at }}',
				scheduleOffset: '+00:00',
			},
			options,
		);

	/** Schedules one message to one number; returns its batch. */
	async function schedule(message = 'See you tomorrow.', messageType = 'auto'): Promise<string> {
		const sent = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({
				message,
				messageType,
				options: { scheduleAt: tomorrow(), scheduleOffset: '+00:00' },
			}),
		});
		expect(sent.items.map((item) => item.json.verdict)).toEqual(['scheduled']);
		// Each update below is tested as the first run after n8n starts, which reads the profile.
		keptProfiles.clear();
		return sent.items[0].json.batch as string;
	}

	/** The paths of the requests made since `before` requests, the profile's included. */
	const pathsSince = (before: number) =>
		t
			.allRequests()
			.slice(before)
			.map((r) => r.path);

	/** Numbers held by the batch now. */
	const numbersOf = (batch: string) => t.sim.batch(batch)?.destinations.map((d) => d.to);

	/**
	 * Three waiting messages: a (1 part) and b (2 parts) each get two numbers, c (not adding any)
	 * a new time: 2 + 4 = 6 parts.
	 */
	async function threeItems() {
		const [a, b, c] = [await schedule(), await schedule(TWO_PARTS), await schedule()];
		const items = [
			{ batch: a, add: '0551234567, 0501234567', text: '', at: '' },
			{ batch: c, add: '', text: '', at: tomorrow() },
			{ batch: b, add: '0551234567, 0201234567', text: '', at: '' },
		];
		return { a, b, c, items };
	}

	it('over the limit: refused whole, only the loads of the items adding numbers made, nothing changed', async () => {
		const { a, b, c, items } = await threeItems();
		const before = t.allRequests().length;
		const { items: out, error } = await t.run({
			items,
			parameters: perItem({ maximumTotalParts: 5 }),
		});
		expect(out).toEqual([]);
		expect(error?.message).toBe(over('4 numbers', '6 SMS parts', 5));
		expect(error?.description).toContain('No message of this run was changed.');
		expect(pathsSince(before)).toEqual([LOAD(a), LOAD(b)]);
		expect([numbersOf(a), numbersOf(b), numbersOf(c)]).toEqual([
			['233241234567'],
			['233241234567'],
			['233241234567'],
		]);
	});

	it('over, with Continue On Fail: one error item per item, each with its batch; still only the loads', async () => {
		const { a, b, c, items } = await threeItems();
		const before = t.allRequests().length;
		const { items: out, error } = await t.run({
			items,
			parameters: perItem({ maximumTotalParts: 5 }),
			settings: { continueOnFail: true },
		});
		expect(error).toBeUndefined();
		const message = over('4 numbers', '6 SMS parts', 5);
		expect(out.map((item) => [item.json.batch, item.json.error, item.pairedItem])).toEqual([
			[a, message, { item: 0 }],
			[c, message, { item: 1 }],
			[b, message, { item: 2 }],
		]);
		expect(pathsSince(before)).toEqual([LOAD(a), LOAD(b)]);
	});

	it('within it: the updates go through, with the requests of a run without it, the loads of the items adding numbers first', async () => {
		const { a, b, c, items } = await threeItems();
		const before = t.allRequests().length;
		const { items: out, error } = await t.run({
			items,
			parameters: perItem({ maximumTotalParts: 6 }),
		});
		expect(error).toBeUndefined();
		expect(pathsSince(before)).toEqual([
			LOAD(a),
			LOAD(b),
			PROFILE_PATH,
			DESTINATIONS(a),
			UPDATE(a),
			LOAD(c),
			UPDATE(c),
			DESTINATIONS(b),
			UPDATE(b),
		]);
		// One item per number of each message after the update: a and b three each, c its one.
		expect(out.map((item) => [item.pairedItem, item.json.verdict])).toEqual(
			[0, 0, 0, 1, 2, 2, 2].map((item) => [{ item }, 'scheduled']),
		);
		expect([numbersOf(a), numbersOf(b)]).toEqual([
			['233241234567', '233551234567', '233501234567'],
			['233241234567', '233551234567', '233201234567'],
		]);
	});

	it('0 (and unset, the default): no limit, and exactly the requests of before', async () => {
		const expected = (a: string, b: string, c: string) => [
			PROFILE_PATH,
			LOAD(a),
			DESTINATIONS(a),
			UPDATE(a),
			LOAD(c),
			UPDATE(c),
			LOAD(b),
			DESTINATIONS(b),
			UPDATE(b),
		];
		for (const options of [{ maximumTotalParts: 0 }, {}]) {
			const { a, b, c, items } = await threeItems();
			const before = t.allRequests().length;
			const { error } = await t.run({ items, parameters: perItem(options) });
			expect(error).toBeUndefined();
			expect(pathsSince(before)).toEqual(expected(a, b, c));
		}
	});

	it('a new longer text counts its parts: a 2-part text × 3 numbers added is 6 parts, over 5', async () => {
		const batch = await schedule();
		const before = t.allRequests().length;
		const { error } = await t.run({
			items: [{ batch }],
			parameters: update(
				{ text: TWO_PARTS, addNumbers: '0551234567, 0501234567, 0201234567' },
				{ maximumTotalParts: 5 },
			),
		});
		expect(error?.message).toBe(over('3 numbers', '6 SMS parts', 5));
		expect(pathsSince(before)).toEqual([LOAD(batch)]);
		expect(t.sim.batch(batch)?.text).toBe('See you tomorrow.');
	});

	it('the message’s own type counts when the item gives none: 100 GSM characters in a Unicode message are 2 parts', async () => {
		const batch = await schedule('x', 'unicode');
		const { error } = await t.run({
			items: [{ batch }],
			parameters: update(
				{ text: 'v'.repeat(100), addNumbers: '0551234567, 0501234567, 0201234567' },
				{ maximumTotalParts: 5 },
			),
		});
		expect(error?.message).toBe(over('3 numbers', '6 SMS parts', 5));
		const gsm = await t.run({
			items: [{ batch }],
			parameters: update(
				{
					text: 'v'.repeat(100),
					messageType: 'gsm',
					addNumbers: '0551234567, 0501234567, 0201234567',
				},
				{ maximumTotalParts: 5 },
			),
		});
		expect(gsm.error).toBeUndefined();
		expect(numbersOf(batch)).toHaveLength(4);
	});

	it('a load that fails: that item fails with its own error, counts nothing, and is not loaded again; the others go', async () => {
		const good = await schedule();
		const unknown = 'a'.repeat(32);
		const before = t.allRequests().length;
		const { items: out, error } = await t.run({
			items: [
				{ batch: unknown, add: '0551234567, 0501234567', text: '', at: '' },
				{ batch: good, add: '0551234567', text: '', at: '' },
			],
			parameters: perItem({ maximumTotalParts: 1 }),
			settings: { continueOnFail: true },
		});
		expect(error).toBeUndefined();
		expect(out[0].json.batch).toBe(unknown);
		expect(out[0].json.error).toEqual(expect.any(String));
		expect(out[0].json.error).not.toContain('Maximum Total Parts');
		expect(out.slice(1).map((item) => [item.json.to, item.json.verdict])).toEqual([
			['233241234567', 'scheduled'],
			['233551234567', 'scheduled'],
		]);
		expect(pathsSince(before)).toEqual([
			LOAD(unknown),
			LOAD(good),
			PROFILE_PATH,
			DESTINATIONS(good),
			UPDATE(good),
		]);
	});
});
