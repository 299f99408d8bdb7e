/**
 * Numbers the service refused for lack of credit (status 2121), and what to do about it. An AI
 * agent reads only an output's words (the summary) or an error's message, so the next step is
 * written out there: top up, by how much, then send those numbers again.
 */
import type { INodeExecutionData } from 'n8n-workflow';

/** DS_REJECTED_INSUFF_CREDIT, as the vendor's SDK names the code. */
const INSUFFICIENT_CREDIT = 2121;

export interface CreditShortfall {
	numbers: number;
	/** The parts those numbers' messages need: the least the account is short of. */
	parts: number;
}

/** The run's numbers refused for credit, or undefined when there are none. */
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

/** The next step, in one sentence for a user or an agent. */
export function creditAdvice({ numbers, parts }: CreditShortfall): string {
	const those = numbers === 1 ? '1 number was' : `${numbers} numbers were`;
	return `${those} not sent: the account ran out of credit. Top up the SMSOnlineGH account by at least ${parts} SMS part${parts === 1 ? '' : 's'} (Account → Get Balance shows what is left), then send to ${numbers === 1 ? 'it' : 'them'} again.`;
}
