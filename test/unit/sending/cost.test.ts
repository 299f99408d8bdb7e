/** The cost of a run in the account's credit model (sending/cost.ts): the words for each case. */
import { costInWords } from '../../../nodes/SmsOnlineGh/sending/cost';

const QUANTITY = { model: 'quantity', currencyCode: null, currencyName: null };
const CEDI = { model: 'currency', currencyCode: 'GHS', currencyName: 'Ghana Cedi' };

describe('costInWords', () => {
	it('the model unknown: both models, and where to learn which', () => {
		expect(costInWords(3, 'takes')).toBe(
			'takes 3 SMS parts from the balance: 3 credits on a quantity account, 3 × the price of a part on a currency account (Account → Get Balance gives the model and what is left)',
		);
		// A model the documentation does not name is not guessed at.
		expect(costInWords(1, 'takes', { ...QUANTITY, model: 'points' })).toMatch(
			/1 credit on a quantity account, 1 × the price/,
		);
	});

	it('a quantity account: credits, against the balance when it was read', () => {
		expect(costInWords(1, 'takes', QUANTITY)).toBe(
			'takes 1 SMS part from the balance: 1 credit (a quantity account, one credit a part)',
		);
		expect(costInWords(1200, 'would take', { ...QUANTITY, balance: 5000 })).toBe(
			'would take 1,200 SMS parts from the balance: 1,200 credits of the 5,000 left (a quantity account)',
		);
		expect(costInWords(12, 'would take', { ...QUANTITY, balance: 12 })).toBe(
			'would take 12 SMS parts from the balance: 12 credits of the 12 left (a quantity account)',
		);
		expect(costInWords(12, 'would take', { ...QUANTITY, balance: 5 })).toBe(
			'would take 12 SMS parts from the balance: 12 credits, more than the 5 left (a quantity account): top up at least 7 credits before sending',
		);
	});

	it('a currency account: the parts at its price, in its currency, with what is left when read', () => {
		expect(costInWords(3, 'takes', CEDI)).toBe(
			'takes 3 SMS parts from the balance: 3 × the account’s price of a part, in Ghana Cedi (GHS) (a currency account)',
		);
		expect(costInWords(3, 'would take', { ...CEDI, balance: 45.2 })).toBe(
			'would take 3 SMS parts from the balance: 3 × the account’s price of a part, in Ghana Cedi (GHS), of the 45.2 GHS left (a currency account)',
		);
		expect(
			costInWords(3, 'takes', { model: 'currency', currencyCode: null, currencyName: null }),
		).toBe(
			'takes 3 SMS parts from the balance: 3 × the account’s price of a part, in the account’s currency (a currency account)',
		);
	});
});
