// What a failed send's error says about every number: the user must know before sending again.
import type { TransportFailure } from '../../shared/transport/failure';
import type { Recipient } from './message';

export interface SentRequest {
	batch: string;
	count: number;
}

function listNumbers(recipients: Recipient[], limit = 10): string {
	const shown = recipients
		.slice(0, limit)
		.map((r) => r.number)
		.join(', ');
	return recipients.length > limit ? `${shown} and ${recipients.length - limit} more` : shown;
}

function plural(count: number, word: string): string {
	return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function sentLine(prefix: string, sent: SentRequest[]): string {
	const count = sent.reduce((sum, s) => sum + s.count, 0);
	return `${prefix}: ${plural(count, 'number')} in ${plural(sent.length, 'request')} (batch ${sent.map((s) => s.batch).join(', ')}).`;
}

function safetyLine(recipients: Recipient[]): string {
	return recipients.every((r) => r.messageId !== undefined)
		? 'Each number has a message id derived from its Client Reference: running the node again sends only what the service does not have.'
		: 'With the Client Reference option set, running the node again would have been safe: the service refuses a message it already has.';
}

export function failureSummary(
	sent: SentRequest[],
	failed: { recipients: Recipient[] },
	failure: TransportFailure,
	notAttempted: Recipient[],
): string {
	const lines: string[] = [failure.description];
	if (sent.length > 0) lines.push(sentLine('Went out before the failure', sent));
	const fate = failure.certainty === 'maybeProcessed' ? 'May have been sent' : 'Not sent';
	lines.push(
		`${fate}: ${plural(failed.recipients.length, 'number')} of the failed request (${listNumbers(failed.recipients)}).`,
	);
	if (failure.certainty === 'maybeProcessed') lines.push(safetyLine(failed.recipients));
	if (notAttempted.length > 0) {
		lines.push(
			`Not sent, since the node stopped at the failure: ${plural(notAttempted.length, 'number')} (${listNumbers(notAttempted)}).`,
		);
	}
	return lines.join('\n');
}

// n8n keeps no output of a node that fails, so a retry's error is all the user gets: what went out on this
// try or before, and the summary of a later request that stopped the try.
export function retrySummary(
	failure: TransportFailure,
	unknown: Recipient[],
	sent: SentRequest[],
	stop?: { summary: string },
): string {
	const lines: string[] = [failure.description];
	if (sent.length > 0) lines.push(sentLine('Went out, on this try or an earlier one', sent));
	lines.push(
		`May have been sent by an earlier try: ${plural(unknown.length, 'number')} (${listNumbers(unknown)}).`,
	);
	lines.push(safetyLine(unknown));
	if (stop) lines.push(`Then a later request failed: ${stop.summary}`);
	return lines.join('\n');
}
