/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * POST /v5/message/scheduled/update/{batch}: what an added or changed destination is judged on, and
 * a personalised batch. The update as the SDK writes it is in update.test.ts.
 */
import type { Envelope, SendData } from './answers';
import { DEMO_ACCOUNT } from '../../simulator';
import { account, plainUnit, useSimulator } from './helpers';
import { DESTINATIONS, LATER, UPDATE, call, envelopeOf, sendOk } from './lifecycle-helpers';

const OTHER_KEY = 'other-api-key-0123456789';
const sim = useSimulator({
	accounts: [DEMO_ACCOUNT, account({ id: 'other', apiKey: OTHER_KEY, login: 'o@example.com' })],
});

const ADDED_ID = '4f1c2b4e-6d1a-4c3b-9e8f-7a6b5c4d3e2f';
const PROPERTIES = { text: 'Hello from the simulator', type: 0, sender: 'SMSDemo' };

async function scheduled(
	destinations: unknown[] = ['0241234567', '0201234567', '0271234567'],
): Promise<SendData> {
	return sendOk(sim().baseUrl, plainUnit(destinations, { schedule: LATER }));
}

async function personalisedBatch(): Promise<SendData> {
	return sendOk(sim().baseUrl, {
		text: 'Hi {$name}',
		type: 0,
		sender: 'SMSDemo',
		destinations: [
			{ number: '0241234567', values: ['Ama'] },
			{ number: '0201234567', values: ['Kofi'] },
		],
		schedule: LATER,
	});
}

async function update(batch: string, body: Record<string, unknown>): Promise<Envelope> {
	return envelopeOf<Envelope>(
		await call(sim().baseUrl, UPDATE(batch), JSON.stringify({ ...PROPERTIES, ...body })),
	);
}

const statuses = (data: SendData): Array<[string, number]> =>
	data.destinations.map((d) => [d.to ?? d.id, d.status.id]);

describe('what an added or changed destination is judged on', () => {
	it('the send rules: invalid 2119, a number the batch has 2120, a repeated add 2120, no credit 2121', async () => {
		const sent = await scheduled(['0241234567']);
		const data = (
			await update(sent.batch, {
				destinations: { add: ['123', '0241234567', '0551234567', '0551234567'] },
			})
		).data;
		expect(statuses(data)).toEqual([
			['233241234567', 2104],
			['123', 2119],
			['233241234567', 2120],
			['233551234567', 2104],
			['233551234567', 2120],
		]);
		sim().setBalance('demo', 0);
		const broke = (await update(sent.batch, { destinations: { add: ['0261234567'] } })).data;
		expect(broke.destinations.at(-1)?.status.id).toBe(2121);
	});

	it('custom ids: 2132 length, 2133 characters, 2131 the batch has it or the account used it', async () => {
		const used = 'used-id-0000000000000000000000001';
		await sendOk(sim().baseUrl, plainUnit([{ number: '0201234567', id: used }]));
		const sent = await scheduled(['0241234567']);
		const add = [
			{ number: '0551234567', id: 'short' },
			{ number: '0261234567', id: 'bad id with spaces 000000000000000' },
			{ number: '0271234567', id: sent.destinations[0].id },
			{ number: '0281234567', id: used },
			{ number: '0291234567', id: ADDED_ID },
		];
		const data = (await update(sent.batch, { destinations: { add } })).data;
		expect(data.destinations.slice(1).map((d) => [d.id, d.status.id])).toEqual([
			['short', 2132],
			['bad id with spaces 000000000000000', 2133],
			[sent.destinations[0].id, 2131],
			[used, 2131],
			[ADDED_ID, 2104],
		]);
	});

	it('a changed number is judged again: 2120 when the batch keeps it, 2119 when invalid', async () => {
		const sent = await scheduled(['0241234567', '0201234567', '0271234567']);
		const [a, b, c] = sent.destinations.map((d) => d.id);
		const data = (
			await update(sent.batch, {
				destinations: {
					update: [
						{ id: a, number: '0201234567' },
						{ id: c, number: 'x' },
					],
				},
			})
		).data;
		expect(data.destinations.map((d) => [d.id, d.status.id])).toEqual([
			[a, 2120],
			[b, 2104],
			[c, 2119],
		]);
		expect(sim().balance('demo')).toBe(999);
	});

	it('two destinations may trade numbers in one update', async () => {
		const sent = await scheduled(['0241234567', '0201234567']);
		const [a, b] = sent.destinations.map((d) => d.id);
		const swap = [
			{ id: a, number: '0201234567' },
			{ id: b, number: '0241234567' },
		];
		const data = (await update(sent.batch, { destinations: { update: swap } })).data;
		expect(data.destinations.map((d) => [d.id, d.to, d.status.id])).toEqual([
			[a, '233201234567', 2104],
			[b, '233241234567', 2104],
		]);
	});

	it('ids the batch does not hold: an item with the id and 2101 only, at the end', async () => {
		const sent = await scheduled(['0241234567']);
		const data = (
			await update(sent.batch, {
				destinations: { update: [{ id: 'ghost-1', number: '0551234567' }], delete: ['ghost-2'] },
			})
		).data;
		expect(data.destinations.slice(1)).toEqual([
			{ id: 'ghost-2', status: { id: 2101, label: 'DS_UNKNOWN' } },
			{ id: 'ghost-1', status: { id: 2101, label: 'DS_UNKNOWN' } },
		]);
		expect(data.destinationsCount).toBe(3);
		expect(sim().batch(sent.batch)?.destinations).toHaveLength(1);
	});
});

describe('a personalised batch', () => {
	it('adds need values; a change of values renders again; a new text renders every one', async () => {
		const sent = await personalisedBatch();
		const [a] = sent.destinations.map((d) => d.id);
		const data = (
			await update(sent.batch, {
				text: 'Dear {$name}',
				destinations: {
					add: [
						{ number: '0551234567', values: ['Esi'] },
						{ number: '0261234567', values: ['Yaw', 'extra'] },
					],
					update: [{ id: a, number: '0241234567', values: ['Ama Serwaa'] }],
				},
			})
		).data;
		expect(data.destinations.map((d) => [d.message, d.status.id])).toEqual([
			['Dear Ama Serwaa', 2104],
			['Dear Kofi', 2104],
			['Dear Esi', 2104],
			[undefined, 2118],
		]);
		const loaded = envelopeOf(await call(sim().baseUrl, DESTINATIONS(sent.batch))).data
			.destinations;
		expect(loaded.map((d) => d.values)).toEqual([
			['Ama Serwaa'],
			['Kofi'],
			['Esi'],
			['Yaw', 'extra'],
		]);
	});

	it('a change without values keeps the old ones', async () => {
		const sent = await personalisedBatch();
		const change = { update: [{ id: sent.destinations[1].id, number: '0551234567' }] };
		const data = (await update(sent.batch, { text: 'Hi {$name}', destinations: change })).data;
		expect(data.destinations[1]).toMatchObject({
			to: '233551234567',
			message: 'Hi Kofi',
			status: { id: 2104 },
		});
	});

	it('1402: a plain add to a personalised batch, values on a plain batch, a text without variables', async () => {
		const personal = await personalisedBatch();
		const plain = await scheduled(['0241234567']);
		const text = 'Hi {$name}';
		expect((await update(personal.batch, { text })).handshake.id).toBe(0);
		expect(
			(await update(personal.batch, { text, destinations: { add: ['0551234567'] } })).handshake.id,
		).toBe(1402);
		expect((await update(personal.batch, { text: 'No variables' })).handshake.id).toBe(1402);
		const withValues = { add: [{ number: '0551234567', values: ['x'] }] };
		expect((await update(plain.batch, { destinations: withValues })).handshake.id).toBe(1402);
		const changed = {
			update: [{ id: plain.destinations[0].id, number: '0551234567', values: ['x'] }],
		};
		expect((await update(plain.batch, { destinations: changed })).handshake.id).toBe(1402);
	});
});
