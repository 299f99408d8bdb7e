/**
 * The cost ceilings (sending/ceilings.ts) on Scheduled SMS → Update changing the text, against the
 * simulator: a text over Maximum Parts per Message is refused before the message is changed, which
 * the simulator's journal proves. The sends are in ceilings.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { sendParameters, useSimulator } from './fixtures';

/** 2,000 GSM characters: 14 parts of 153. */
const TWO_THOUSAND = 'y'.repeat(2000);

const OVER_2000 =
	'Message is 2,000 characters long: 14 SMS parts, over the limit of 10 set by Maximum Parts per Message. Shorten the text, or raise Maximum Parts per Message (0 = no limit)';

describe('Cost ceilings: Maximum Parts per Message on Scheduled SMS → Update', () => {
	const t = useSimulator();

	describe('Scheduled SMS → Update changing the text', () => {
		const tomorrow = () => `${new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 16)}:00`;
		const update = (batch: string, text: string): [IDataObject[], INodeParameters] => [
			[{ batch }],
			{ resource: 'scheduledSms', operation: 'update', updateFields: { text } },
		];

		async function schedule(messageType: string): Promise<string> {
			const sent = await t.run({
				items: [{ phone: '0241234567' }],
				parameters: sendParameters({
					messageType,
					options: { scheduleAt: tomorrow(), scheduleOffset: '+00:00' },
				}),
			});
			expect(sent.items[0].json.verdict).toBe('scheduled');
			return sent.items[0].json.batch as string;
		}

		it('a new text over the limit is refused before anything is asked of the service', async () => {
			const batch = await schedule('auto');
			const before = t.allRequests().length;
			const [items, parameters] = update(batch, TWO_THOUSAND);
			const { error } = await t.run({ items, parameters });
			expect(error?.message).toBe(OVER_2000);
			expect(t.allRequests().slice(before)).toEqual([]);
		});

		it('a GSM text the message’s own Unicode type makes 12 parts: refused once the message is loaded, not changed', async () => {
			const batch = await schedule('unicode');
			const before = t.requests().length;
			const [items, parameters] = update(batch, 'v'.repeat(800));
			const { error } = await t.run({ items, parameters });
			expect(error?.message).toBe(
				'Message is 800 characters long: 12 SMS parts, over the limit of 10 set by Maximum Parts per Message. Shorten the text, or raise Maximum Parts per Message (0 = no limit)',
			);
			const asked = t.requests().slice(before);
			expect(asked.length).toBeGreaterThan(0); // the message was loaded…
			expect(asked.some((request) => request.path.includes('/update/'))).toBe(false); // …and not changed
		});

		it('within the limit (or with the option raised) the text is changed', async () => {
			const batch = await schedule('unicode');
			const [items, parameters] = update(batch, 'v'.repeat(800));
			const { error } = await t.run({
				items,
				parameters: { ...parameters, options: { maximumPartsPerMessage: 12 } },
			});
			expect(error).toBeUndefined();
			const updates = t.requests().filter((request) => request.path.includes('/update/'));
			expect(updates).toHaveLength(1);
			expect(JSON.parse(updates[0].rawBody)).toMatchObject({ text: 'v'.repeat(800), type: 1 });
		});
	});
});
