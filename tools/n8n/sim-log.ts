/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** Prints one line per request the simulator receives (for npm start and npm run demo). */
import type { SimulatorApi } from '../../simulator/types';

export function followJournal(sim: SimulatorApi, write: (line: string) => void = (l) => process.stdout.write(l)): () => void {
	let seen = 0;
	const timer = setInterval(() => {
		const journal = sim.journal;
		for (; seen < journal.length; seen++) {
			const e = journal[seen];
			const numbers = e.unit ? ` → ${e.unit.destinations.length} destination(s) from ${e.unit.sender}` : '';
			write(
				`[simulator] ${e.method} ${e.path} ${e.format ?? ''} account=${e.accountId ?? '-'} http=${e.httpStatus} handshake=${e.handshake ?? '-'}${numbers}\n`,
			);
		}
	}, 300);
	timer.unref();
	return () => clearInterval(timer);
}
