import { sendParameters, useSimulator } from './fixtures';

describe('Get Balance, in a real workflow against the simulator', () => {
	const t = useSimulator();
	const parameters = { resource: 'account', operation: 'getBalance' };

	it('posts to /v5/account/balance with no body and emits one typed item paired to every input item', async () => {
		const { items, error } = await t.run({ items: [{}, {}], parameters });
		expect(error).toBeUndefined();
		const requests = t.allRequests();
		expect(requests).toHaveLength(1);
		expect(requests[0].method).toBe('POST');
		expect(requests[0].path).toBe('/v5/account/balance');
		expect(requests[0].headers.accept).toBe('application/json');
		expect(requests[0].rawBody).toBe('');
		expect(items).toEqual([
			{
				json: { balance: 1000, model: 'quantity', currencyName: null, currencyCode: null },
				pairedItem: [{ item: 0 }, { item: 1 }],
			},
		]);
	});

	it('reads the XML answer into the same types', async () => {
		const { items } = await t.run({
			items: [{}],
			parameters: { ...parameters, options: { dataFormat: 'xml' } },
		});
		expect(t.allRequests()[0].headers.accept).toBe('application/xml');
		expect(items[0].json).toEqual({
			balance: 1000,
			model: 'quantity',
			currencyName: null,
			currencyCode: null,
		});
	});

	it('shows the money move: a two-part GSM message to two numbers costs four credits', async () => {
		await t.run({
			items: [{ phone: '0241234567' }, { phone: '0201234567' }],
			parameters: sendParameters({ message: 'x'.repeat(161) }),
		});
		const { items } = await t.run({ items: [{}], parameters });
		expect(items[0].json.balance).toBe(996);
	});

	it('fails with the handshake in plain words when the account is inactive', async () => {
		t.sim.addFault({ kind: 'handshake', handshakeId: 1408 });
		const { error, items } = await t.run({ items: [{}], parameters });
		expect(items).toEqual([]);
		expect(error?.message).toBe('The account is inactive: activate it on the SMSOnlineGH portal');
		expect(error?.description).toContain('(handshake 1408');
	});

	it.each(['malformed', 'http500', 'truncated'] as const)(
		'a %s answer: the error speaks of a read, never of sent messages',
		async (kind) => {
			t.sim.addFault({ kind });
			const { error } = await t.run({ items: [{}], parameters });
			const said = `${error?.message} ${error?.description}`;
			expect(error).toBeDefined();
			expect(said).not.toMatch(/sent messages|sending again|may have sent/);
			expect(said).toMatch(/nothing was sent/);
		},
	);
});
