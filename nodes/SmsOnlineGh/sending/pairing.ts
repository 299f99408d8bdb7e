// Which destination of the service's answer is which number sent: by position when the answer lists
// every number once in order (what the service does), else by the number's digits.
import type { DestinationReceipt } from '../../shared/transport/endpoints/send';
import { internationalForm } from '../numbers/read';
import type { Recipient } from './message';

function digitsOf(value: string): string {
	return value.replace(/\D/g, '');
}

/** Fast path: the answer lists every number once, in the order sent (what the service does); otherwise undefined. */
function pairInOrder(
	recipients: Recipient[],
	destinations: DestinationReceipt[],
): Array<[Recipient, DestinationReceipt]> | undefined {
	if (recipients.length !== destinations.length) return undefined;
	const ids = recipients.some((recipient) => recipient.messageId !== undefined);
	const pairs: Array<[Recipient, DestinationReceipt]> = new Array(recipients.length);
	for (let k = 0; k < recipients.length; k++) {
		const recipient = recipients[k];
		const destination = destinations[k];
		const same = ids
			? recipient.messageId !== undefined && recipient.messageId === destination.messageId
			: recipient.key === internationalForm(digitsOf(destination.to));
		if (!same) return undefined;
		pairs[k] = [recipient, destination];
	}
	return pairs;
}

// The service rewrites local numbers into international form and need not keep the order: match on that
// form first, then give answers that match no number (an invalid one echoed) to the recipients left, in order.
export function pairDestinations(
	recipients: Recipient[],
	destinations: DestinationReceipt[],
): { pairs: Array<[Recipient | undefined, DestinationReceipt]>; unanswered: Recipient[] } {
	const inOrder = pairInOrder(recipients, destinations);
	if (inOrder) return { pairs: inOrder, unanswered: [] };
	const byKey = new Map<string, number[]>();
	recipients.forEach((recipient, index) => {
		const list = byKey.get(recipient.key);
		if (list) list.push(index);
		else byKey.set(recipient.key, [index]);
	});
	const taken = new Uint8Array(recipients.length);
	const pairs: Array<[Recipient | undefined, DestinationReceipt]> = [];
	const unmatched: number[] = [];

	const byMessageId = new Map<string, number>();
	recipients.forEach((recipient, index) => {
		if (recipient.messageId !== undefined) byMessageId.set(recipient.messageId, index);
	});

	destinations.forEach((destination, d) => {
		// A custom message id names its recipient exactly; otherwise the number does.
		const own = byMessageId.get(destination.messageId);
		const list = byKey.get(internationalForm(digitsOf(destination.to)));
		const index = own !== undefined && taken[own] === 0 ? own : list?.find((i) => taken[i] === 0);
		if (index === undefined) {
			unmatched.push(d);
			pairs.push([undefined, destination]);
			return;
		}
		taken[index] = 1;
		pairs.push([recipients[index], destination]);
	});

	const leftovers = recipients.filter((_, i) => taken[i] === 0);
	let next = 0;
	for (const d of unmatched) {
		if (next < leftovers.length) pairs[d][0] = leftovers[next++];
	}
	return { pairs, unanswered: leftovers.slice(next) };
}
