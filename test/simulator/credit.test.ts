import { gsmLength, messageParts } from '../../simulator/credit';
import type { BalanceData } from './answers';
import { BALANCE, plainUnit, post, sendJson, statusIds, useSimulator } from './helpers';

const sim = useSimulator();

const EMOJI = '\u{1F600}';

describe('message parts', () => {
	it.each([
		['GSM, 1 char', 'a', 0, 1],
		['GSM, 160 chars', 'a'.repeat(160), 0, 1],
		['GSM, 161 chars', 'a'.repeat(161), 0, 2],
		['GSM, 306 chars', 'a'.repeat(306), 0, 2],
		['GSM, 307 chars', 'a'.repeat(307), 0, 3],
		['GSM, 80 euro signs (160 septets)', '€'.repeat(80), 0, 1],
		['GSM, 81 euro signs (162 septets)', '€'.repeat(81), 0, 2],
		['GSM, 159 chars and one brace', `${'a'.repeat(159)}{`, 0, 2],
		['Flash GSM counts like GSM', 'a'.repeat(161), 2, 2],
		['Unicode, 70 chars', 'é'.repeat(70), 1, 1],
		['Unicode, 71 chars', 'é'.repeat(71), 1, 2],
		['Unicode, 134 chars', 'é'.repeat(134), 1, 2],
		['Unicode, 135 chars', 'é'.repeat(135), 1, 3],
		['Unicode, extension chars count once', '€'.repeat(70), 1, 1],
		['Unicode, 35 emoji (70 code units)', EMOJI.repeat(35), 1, 1],
		['Unicode, 36 emoji (72 code units)', EMOJI.repeat(36), 1, 2],
		['Flash Unicode counts like Unicode', 'é'.repeat(71), 3, 2],
	])('%s → %i part(s)', (_label, text, type, parts) => {
		expect(messageParts(text, type)).toBe(parts);
	});

	it('counts every GSM extension character twice', () => {
		expect(gsmLength('^{}\\[]~|€\f')).toBe(20);
		expect(gsmLength('abc@£$¥èéùìòÇ')).toBe(13);
	});
});

describe('credit over HTTP', () => {
	async function balanceOverHttp(): Promise<number> {
		return (await post<BalanceData>(sim().baseUrl, BALANCE, undefined)).json.data.balance;
	}

	it('answers the balance in the quantity model', async () => {
		const res = await post(sim().baseUrl, BALANCE, undefined);
		expect(res.json).toEqual({
			handshake: { id: 0, label: 'HSHK_OK' },
			data: { balance: 1000, model: 'quantity', currencyName: null, currencyCode: null },
		});
	});

	it('charges parts times destinations for a long GSM message', async () => {
		await sendJson(
			sim().baseUrl,
			plainUnit(['0241234561', '0241234562'], { text: 'x'.repeat(307) }),
		);
		expect(await balanceOverHttp()).toBe(994);
	});

	it('charges extension characters double', async () => {
		await sendJson(sim().baseUrl, plainUnit(['0241234561'], { text: `${'a'.repeat(151)}[]{}~` }));
		expect(await balanceOverHttp()).toBe(998);
	});

	it('charges Unicode by UTF-16 code units, an emoji counting two', async () => {
		await sendJson(sim().baseUrl, plainUnit(['0241234561'], { text: EMOJI.repeat(36), type: 1 }));
		expect(await balanceOverHttp()).toBe(998);
		await sendJson(sim().baseUrl, plainUnit(['0241234561'], { text: EMOJI.repeat(35), type: 3 }));
		expect(await balanceOverHttp()).toBe(997);
	});

	it('charges each personalised destination for its own rendered text', async () => {
		const res = await sendJson(sim().baseUrl, {
			text: 'Hello {$name}',
			type: 0,
			sender: 'SMSDemo',
			destinations: [
				{ number: '0241234561', values: ['Kofi'] },
				{ number: '0241234562', values: ['K'.repeat(200)] },
			],
		});
		expect(statusIds(res)).toEqual([2105, 2105]);
		expect(await balanceOverHttp()).toBe(997);
	});

	it('rejects a destination whose parts do not fit, yet accepts a later cheaper one', async () => {
		sim().setBalance('demo', 2);
		const res = await sendJson(sim().baseUrl, {
			text: '{$body}',
			type: 0,
			sender: 'SMSDemo',
			destinations: [
				{ number: '0241234561', values: ['x'.repeat(400)] },
				{ number: '0241234562', values: ['short'] },
			],
		});
		expect(statusIds(res)).toEqual([2121, 2105]);
		expect(sim().balance('demo')).toBe(1);
	});

	it('stops at exactly zero', async () => {
		sim().setBalance('demo', 4);
		const res = await sendJson(
			sim().baseUrl,
			plainUnit(['0241234561', '0241234562', '0241234563'], { text: 'y'.repeat(200) }),
		);
		expect(statusIds(res)).toEqual([2105, 2105, 2121]);
		expect(await balanceOverHttp()).toBe(0);
	});
});
