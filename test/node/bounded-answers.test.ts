/**
 * Answers too large or too deep, through n8n's own HTTP helper (n8n-core and its client) against
 * the simulator's faults: the node stops reading at its limit, says the answer was too large and
 * for which request, in the words of the operation (a read never speaks of sent messages); a deep
 * member it does not read changes nothing.
 */
import { sendParameters, useSimulator } from './fixtures';

describe('answers too large or too deep, in a real workflow against the simulator', () => {
	const t = useSimulator();
	const balance = { resource: 'account', operation: 'getBalance' };

	it('asks for gzip and deflate only', async () => {
		await t.run({ items: [{}], parameters: balance });
		expect(t.allRequests()[0].headers['accept-encoding']).toBe('gzip, deflate');
	});

	it('Get Balance answered with an HTTP gzip bomb (1 GiB from 1 MB): too large, read-only words, asked once', async () => {
		t.sim.addFault({ kind: 'gzipBomb' });
		const { error, items } = await t.run({ items: [{}], parameters: balance });
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			"The SMS service's answer to POST /v5/account/balance is larger than 64 MB, the most the node reads: check that the Base URL in the SMSOnlineGH credential is the SMSOnlineGH service's: the service's answer to this request is small",
		);
		expect(error?.description).toMatch(
			/^HTTP 200, but the answer is more than 64 MB; the node stopped reading it there\./,
		);
		expect(`${error?.message} ${error?.description}`).not.toMatch(/sent messages|try again later/);
		expect(t.allRequests()).toHaveLength(1);
	});

	it('Get Delivery Report answered with a gzip bomb: too large, and how a report asks for less', async () => {
		const sent = await t.run({ items: [{ phone: '0241234567' }], parameters: sendParameters() });
		const batch = String(sent.items[0].json.batch);
		const report = { resource: 'sms', operation: 'getDeliveryReport' };
		t.sim.addFault({ kind: 'gzipBomb', path: `/v5/report/message/delivery/destinations/${batch}` });
		const byId = await t.run({ items: sent.items.map((item) => item.json), parameters: report });
		expect(byId.error?.message).toBe(
			`The SMS service's answer to POST /v5/report/message/delivery/destinations/${batch} is larger than 64 MB, the most the node reads: check that the Base URL in the SMSOnlineGH credential is the SMSOnlineGH service's, and if it is, ask for fewer message IDs at a time`,
		);
		t.sim.addFault({ kind: 'gzipBomb', path: `/v5/report/message/delivery/${batch}` });
		const whole = await t.run({ items: [{ batch }], parameters: report });
		expect(whole.error?.message).toBe(
			`The SMS service's answer to POST /v5/report/message/delivery/${batch} is larger than 64 MB, the most the node reads: check that the Base URL in the SMSOnlineGH credential is the SMSOnlineGH service's, and if it is, ask for the batch by message ID (the Message IDs field), fewer at a time`,
		);
	});

	it('Get Balance answered with 300 MB of plain text: too large', async () => {
		t.sim.addFault({ kind: 'huge' });
		const { error } = await t.run({ items: [{}], parameters: balance });
		expect(error?.message).toMatch(
			/^The SMS service's answer to POST \/v5\/account\/balance is larger than 64 MB/,
		);
	});

	it('an answer just under the limit is read whole', async () => {
		t.sim.addFault({ kind: 'gzipBomb', bytes: 60 * 1024 * 1024 });
		const { error, items } = await t.run({ items: [{}], parameters: balance });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ balance: 1000 });
	});

	it('a send answered with a gzip bomb: too large, and the send words (the messages went out)', async () => {
		t.sim.addFault({ kind: 'gzipBomb', path: '/v5/message/sms/send' });
		const { error } = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters(),
		});
		expect(error?.message).toMatch(
			/^The SMS service's answer to POST \/v5\/message\/sms\/send is larger than 64 MB, the most the node reads: check the sent messages in your SMSOnlineGH account before sending again/,
		);
		expect(t.sim.submissionCount('233241234567')).toBe(1);
	});

	it.each(['json', 'xml'])(
		'a send answer with a member 5,000 deep in a destination (%s): read as usual',
		async (dataFormat) => {
			t.sim.addFault({ kind: 'deep', path: '/v5/message/sms/send' });
			const { error, items } = await t.run({
				items: [{ phone: '0241234567' }, { phone: '0201234567' }],
				parameters: sendParameters({ options: { dataFormat } }),
			});
			expect(error).toBeUndefined();
			expect(items.map((item) => item.json.to)).toEqual(['233241234567', '233201234567']);
			expect(JSON.stringify(items).length).toBeLessThan(5000);
		},
	);
});
