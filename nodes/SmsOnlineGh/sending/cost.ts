// A run's cost in the account's credit model (account/balance.ts): a Dry Run reads the balance once, after the
// sender check; a sending run uses the model kept for its credential, without a request.
import type { AccountCredit } from '../account/balance';
import { formatted, plural } from '../helpers/counting';

function currencyOf(account: AccountCredit): string {
	if (account.currencyName && account.currencyCode)
		return `${account.currencyName} (${account.currencyCode})`;
	return account.currencyCode ?? account.currencyName ?? 'the account’s currency';
}

// In both models when the account's is not known.
export function costInWords(
	parts: number,
	takes: 'takes' | 'would take',
	account?: AccountCredit,
): string {
	const head = `${takes} ${plural(parts, 'SMS part')} from the balance`;
	if (account?.model === 'quantity') {
		if (account.balance === undefined)
			return `${head}: ${plural(parts, 'credit')} (a quantity account, one credit a part)`;
		if (account.balance >= parts)
			return `${head}: ${plural(parts, 'credit')} of the ${formatted(account.balance)} left (a quantity account)`;
		const short = Math.ceil(parts - account.balance);
		return `${head}: ${plural(parts, 'credit')}, more than the ${formatted(account.balance)} left (a quantity account): top up at least ${plural(short, 'credit')} before sending`;
	}
	if (account?.model === 'currency') {
		const code = account.currencyCode ? ` ${account.currencyCode}` : '';
		const left =
			account.balance === undefined ? '' : `, of the ${formatted(account.balance)}${code} left`;
		return `${head}: ${formatted(parts)} × the account’s price of a part, in ${currencyOf(account)}${left} (a currency account)`;
	}
	return `${head}: ${plural(parts, 'credit')} on a quantity account, ${formatted(parts)} × the price of a part on a currency account (Account → Get Balance gives the model and what is left)`;
}
