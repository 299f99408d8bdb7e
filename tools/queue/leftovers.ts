/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Nothing a stack starts outlives the process that started it, however that process ends (a test
 * failure, Ctrl-C, kill -9, a CI timeout). Every process of a stack works in the stack's own
 * temporary folder (Redis, Postgres and its backends, n8n and its task runners, n8n's CLI), so
 * that folder identifies them. While a stack runs, a note names the folder and its owner; a small
 * guardian process (guardian.ts) watches the owner and, once it is gone, ends every process
 * working in the folder and removes it. The next stack to start does the same for any note whose
 * owner is gone, in case the guardian was killed too.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const NOTES = path.join(os.tmpdir(), 'n8n-queue-stacks');

interface Note {
	owner: number;
	dir: string;
}

export function alive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/** Every process whose working directory is `dir` or inside it. */
export function processesIn(dir: string): number[] {
	const pids: number[] = [];
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const cwd = fs.readlinkSync(`/proc/${entry}/cwd`);
			if (cwd === dir || cwd.startsWith(`${dir}/`)) pids.push(Number(entry));
		} catch {
			/* gone, or not ours to read */
		}
	}
	return pids;
}

function noteFile(dir: string, owner = process.pid): string {
	return path.join(NOTES, `${owner}-${path.basename(dir)}.json`);
}

export function readNote(file: string): Note | undefined {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8')) as Note;
	} catch {
		return undefined;
	}
}

/** Records that this process runs a stack in `dir`. */
export function noteStack(dir: string): void {
	fs.mkdirSync(NOTES, { recursive: true });
	const note: Note = { owner: process.pid, dir };
	fs.writeFileSync(noteFile(dir), JSON.stringify(note));
}

export function forgetStack(dir: string): void {
	fs.rmSync(noteFile(dir), { force: true });
}

/** Ends every process working in the note's folder, removes the folder and the note. */
export function cleanStack(file: string, note: Note): void {
	const pause = new Int32Array(new SharedArrayBuffer(4));
	// Up to 5 s: a killed process can still be writing in the folder for a moment.
	for (let round = 0; round < 50; round++) {
		const pids = processesIn(note.dir);
		if (pids.length === 0) break;
		for (const pid of pids) {
			try {
				process.kill(pid, 'SIGKILL');
			} catch {
				/* gone meanwhile */
			}
		}
		Atomics.wait(pause, 0, 0, 100);
	}
	fs.rmSync(note.dir, { recursive: true, force: true, maxRetries: 5 });
	fs.rmSync(file, { force: true });
}

/** Cleans up after every stack whose owner is gone; returns their folders. */
export function cleanLeftovers(): string[] {
	if (!fs.existsSync(NOTES)) return [];
	const cleaned: string[] = [];
	for (const name of fs.readdirSync(NOTES)) {
		const file = path.join(NOTES, name);
		const note = readNote(file);
		if (!note) fs.rmSync(file, { force: true });
		else if (!alive(note.owner)) {
			cleanStack(file, note);
			cleaned.push(note.dir);
		}
	}
	return cleaned;
}

/**
 * Starts the guardian of the stack in `dir` (after its first note): a process of its own, so
 * neither Ctrl-C nor the end of this one stops it; it ends itself once the note is forgotten.
 */
export function guardStack(dir: string): void {
	const guardian = spawn(
		process.execPath,
		['--import', 'tsx', path.join(__dirname, 'guardian.ts'), noteFile(dir)],
		{
			cwd: path.resolve(__dirname, '..', '..'),
			detached: true,
			stdio: 'ignore',
		},
	);
	guardian.unref();
}
