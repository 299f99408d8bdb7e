// Numbers refused for lack of credit: the send operations' next step. An AI agent reads only an
// output's words or an error's message, so what to do (top up by how much, send again) is written out.
import type { INodeExecutionData } from 'n8n-workflow';

// DS_REJECTED_INSUFF_CREDIT in the vendor's SDK.
const INSUFFICIENT_CREDIT = 2121;

interface Shortfall {
	numbers: number;
	/** The least the account is short of, in SMS parts (a voice message has none). */
	parts: number;
}

function shortfall(outputs: readonly INodeExecutionData[]): Shortfall | undefined {
	let numbers = 0;
	let parts = 0;
	for (const { json } of outputs) {
		const status = json.status as { id?: unknown } | undefined;
		if (status?.id !== INSUFFICIENT_CREDIT) continue;
		numbers++;
		parts += typeof json.parts === 'number' ? json.parts : 1;
	}
	return numbers === 0 ? undefined : { numbers, parts };
}

function notSent(numbers: number): string {
	return `${numbers === 1 ? '1 number was' : `${numbers} numbers were`} not sent: the account ran out of credit.`;
}

function again(numbers: number): string {
	return `then send to ${numbers === 1 ? 'it' : 'them'} again.`;
}

/** SMS: the parts the refused numbers would have taken, the least to top up. */
export function smsCreditAdvice(outputs: readonly INodeExecutionData[]): string | undefined {
	const short = shortfall(outputs);
	if (!short) return undefined;
	const { numbers, parts } = short;
	return `${notSent(numbers)} Top up the SMSOnlineGH account by at least ${parts} SMS part${parts === 1 ? '' : 's'} (Account → Get Balance shows what is left), ${again(numbers)}`;
}

/** Voice: the service says nothing of a voice message's price, so no amount is named. */
export function voiceCreditAdvice(outputs: readonly INodeExecutionData[]): string | undefined {
	const short = shortfall(outputs);
	if (!short) return undefined;
	return `${notSent(short.numbers)} Top up the SMSOnlineGH account (Account → Get Balance shows what is left), ${again(short.numbers)}`;
}
