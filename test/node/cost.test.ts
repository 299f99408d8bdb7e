/**
 * What a run costs in the account's own credit model, in real workflows against the simulator
 * (sending/cost.ts): a Dry Run reads the balance and says the cost against it, and what to top up
 * when it is short; a send's Summary words the cost in the model kept from the last balance read.
 */
import type { IDataObject, NodeExecutionHint } from 'n8n-workflow';

import { BALANCE_PATH } from '../../nodes/shared/transport/endpoints/balance';
import { PROFILE_PATH } from '../../nodes/shared/transport/endpoints/profile';
import type { RunResult } from '../harness/workflow';
import { sendParameters, useSimulator } from './fixtures';

function hints(result: RunResult): NodeExecutionHint[] {
	return (result.run.data.resultData.runData.SMS ?? []).flatMap(
		(run) => (run.hints ?? []) as NodeExecutionHint[],
	);
}

const THREE = [{ phone: '0241234567' }, { phone: '0201234567' }, { phone: '0551234567' }];

describe('Cost in the account’s credit model', () => {
	const t = useSimulator();

	it('Dry Run: the cost against the balance it reads, after the profile; nothing sent', async () => {
		const result = await t.run({
			items: THREE,
			parameters: sendParameters({ options: { dryRun: true } }),
		});
		expect(result.error).toBeUndefined();
		expect(t.allRequests().map((r) => r.path)).toEqual([PROFILE_PATH, BALANCE_PATH]);
		expect(hints(result).map((h) => [h.type, h.message])).toEqual([
			[
				'info',
				'Dry run, nothing was sent: this run would send 3 SMS parts to 3 numbers (Maximum Total Parts: no limit); its longest text needs 1 part (Maximum Parts per Message: 10). It would take 3 SMS parts from the balance: 3 credits of the 1,000 left (a quantity account).',
			],
		]);
		expect(t.sim.balance('demo')).toBe(1000);
	});

	it('Dry Run on a balance too low: a warning that says what to top up', async () => {
		t.sim.setBalance('demo', 1);
		const result = await t.run({
			items: THREE,
			parameters: sendParameters({ options: { dryRun: true, output: 'summary' } }),
		});
		expect(hints(result).map((h) => h.type)).toEqual(['warning']);
		expect(hints(result)[0].message).toContain(
			'3 credits, more than the 1 left (a quantity account): top up at least 2 credits before sending.',
		);
		expect((result.items[0].json as IDataObject).cost).toBe(
			'would take 3 SMS parts from the balance: 3 credits, more than the 1 left (a quantity account): top up at least 2 credits before sending',
		);
	});

	it('Dry Run whose balance cannot be read: both models named, the dry run still done', async () => {
		t.sim.addFault({ path: BALANCE_PATH, kind: 'handshake', handshakeId: 1403 });
		const result = await t.run({
			items: THREE,
			parameters: sendParameters({ options: { dryRun: true, retryAttempts: 1 } }),
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.verdict)).toEqual(['dryRun', 'dryRun', 'dryRun']);
		expect(hints(result)[0].message).toContain(
			'3 credits on a quantity account, 3 × the price of a part on a currency account',
		);
	});

	it('a send’s Summary: both models until a balance was read, then the account’s, with no request for it', async () => {
		const summary = { output: 'summary' };
		const first = await t.run({ items: THREE, parameters: sendParameters({ options: summary }) });
		expect(first.items[0].json.cost).toMatch(
			/3 credits on a quantity account, 3 × the price of a part on a currency account/,
		);
		await t.run({ items: [{}], parameters: { resource: 'account', operation: 'getBalance' } });
		const before = t.allRequests().length;
		const second = await t.run({ items: THREE, parameters: sendParameters({ options: summary }) });
		expect(second.items[0].json.cost).toBe(
			'takes 3 SMS parts from the balance: 3 credits (a quantity account, one credit a part)',
		);
		expect(
			t
				.allRequests()
				.slice(before)
				.map((r) => r.path),
		).toEqual(['/v5/message/sms/send']);
	});
});
