/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** Prints one line per request the simulator receives (for npm start and npm run demo). */
import type { JournalEntry, SimulatorApi } from '../../simulator/types';

/** An SMS send and a voice send alike end with their destinations and sender (a voice message may have none). */
export function journalLine(e: JournalEntry): string {
	const sent = e.unit ?? e.voice;
	const from =
		sent?.sender === undefined || sent.sender === '' ? ', no sender' : ` from ${sent.sender}`;
	const numbers = sent ? ` → ${sent.destinations.length} destination(s)${from}` : '';
	return `[simulator] ${e.method} ${e.path} ${e.format ?? ''} account=${e.accountId ?? '-'} http=${e.httpStatus} handshake=${e.handshake ?? '-'}${numbers}`;
}

export function followJournal(
	sim: SimulatorApi,
	write: (line: string) => void = (l) => process.stdout.write(l),
): () => void {
	let seen = 0;
	const timer = setInterval(() => {
		const journal = sim.journal;
		for (; seen < journal.length; seen++) {
			const e = journal[seen];
			write(`${journalLine(e)}\n`);
		}
	}, 300);
	timer.unref();
	return () => clearInterval(timer);
}
