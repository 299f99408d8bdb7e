/** What one run measures, and the figures taken from the simulator's journal of that run. */
import type { JournalEntry } from '../simulator';

export interface Measure {
	ok: boolean;
	error?: string;
	/** Time spent in the measured node (run data executionTime; raw client: its request loop). */
	inNodeMs: number;
	/** The execution, trigger to last node (raw client: process spawn to exit). */
	wholeMs: number;
	/** The n8n process, spawn to exit (boot, execution, printing the run data). */
	processMs: number;
	/** Code node's executionTime (making the contacts, in the task runner). */
	contactsMs?: number;
	/** When the measured node started (epoch ms, run data). */
	nodeStart?: number;
	/** CPU time of the n8n main process during the measured node (raw client: its whole process). */
	nodeCpuMs: number;
	/** The simulator's own time answering (sum of the journal's durationMs). */
	simMs: number;
	items: number;
	/** Output items that are the expected success (accepted verdict, handshake 0, …). */
	good: number;
	requests: number;
	bodyBytes: number;
	/** Request lines, headers and bodies, as the simulator received them. */
	bytesSent: number;
	/** Highest RSS of the n8n process during the execution (sampled every 20 ms). */
	peakRss: number;
	/** RSS when the execution started (n8n booted, nothing run). */
	startRss: number;
	/** VmHWM of the n8n process at its exit, printing of the run data by `n8n execute` included. */
	hwmAtExit: number;
	/** Highest VmHWM of n8n's task runner (which runs the Code node). */
	runnerHwm: number;
	profile?: string;
}

export function journalBytes(entries: readonly JournalEntry[]): {
	bodyBytes: number;
	bytesSent: number;
} {
	let bodyBytes = 0;
	let bytesSent = 0;
	for (const e of entries) {
		const body = Buffer.byteLength(e.rawBody, 'utf8');
		bodyBytes += body;
		let head = `${e.method} ${e.path} HTTP/1.1\r\n`.length + 2;
		for (const [name, value] of Object.entries(e.headers)) {
			for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
				head += name.length + 2 + Buffer.byteLength(v) + 2;
		}
		bytesSent += head + body;
	}
	return { bodyBytes, bytesSent };
}

export function simTime(entries: readonly JournalEntry[]): number {
	return entries.reduce((sum, e) => sum + (e.durationMs ?? 0), 0);
}
