/** POST /v5/account/balance (SMSOnlineGH v5 API documentation, "Account balance"). */
import { isObject, toNullableText, toText, UnreadableResponseError } from '../read';
import type { DataReader } from '../service';

export const BALANCE_PATH = '/v5/account/balance';

export interface WireBalance {
	balance: number;
	model: string;
	currencyName: string | null;
	currencyCode: string | null;
}

function readBalance(data: unknown): WireBalance {
	if (!isObject(data)) throw new UnreadableResponseError('the balance response has no data');
	const balance = typeof data.balance === 'string' ? Number(data.balance) : data.balance;
	if (typeof balance !== 'number' || Number.isNaN(balance)) {
		throw new UnreadableResponseError('balance is not a number');
	}
	return {
		balance,
		model: toText(data.model, 'model'),
		currencyName: toNullableText(data.currencyName),
		currencyCode: toNullableText(data.currencyCode),
	};
}

export const balanceReader: DataReader<WireBalance> = {
	xmlLists: [],
	read: readBalance,
	unreadable: (reason) => ({
		message: 'The SMS service sent a balance that could not be read: try again later',
		description: `HTTP 200 and handshake 0, but ${reason}.`,
	}),
};

export interface Balance {
	balance: number;
	model: string;
	currencyName: string | null;
	currencyCode: string | null;
}

export function fromWireBalance(data: WireBalance): Balance {
	return {
		balance: data.balance,
		model: data.model,
		currencyName: data.currencyName,
		currencyCode: data.currencyCode,
	};
}
