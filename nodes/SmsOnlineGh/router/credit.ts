// Numbers refused for lack of credit. An AI agent reads only an output's words or an error's
// message, so the next step (top up by how much, send again) is written out there.
import type { INodeExecutionData } from 'n8n-workflow';

// DS_REJECTED_INSUFF_CREDIT in the vendor's SDK.
const INSUFFICIENT_CREDIT = 2121;

export interface CreditShortfall {
	numbers: number;
	/** The least the account is short of. */
	parts: number;
}

export function creditShortfall(outputs: readonly INodeExecutionData[]): CreditShortfall | undefined {
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

export function creditAdvice({ numbers, parts }: CreditShortfall): string {
	const those = numbers === 1 ? '1 number was' : `${numbers} numbers were`;
	return `${those} not sent: the account ran out of credit. Top up the SMSOnlineGH account by at least ${parts} SMS part${parts === 1 ? '' : 's'} (Account → Get Balance shows what is left), then send to ${numbers === 1 ? 'it' : 'them'} again.`;
}
