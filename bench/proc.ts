/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Memory and CPU time of a running process and its children, sampled from /proc, and what the
 * samples say about a time window.
 */
import * as fs from 'node:fs';

interface ProcStatus {
	rss: number;
	hwm: number;
}

function readStatus(pid: number): ProcStatus | undefined {
	try {
		const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
		const rss = /VmRSS:\s+(\d+) kB/.exec(text);
		const hwm = /VmHWM:\s+(\d+) kB/.exec(text);
		if (!rss || !hwm) return undefined;
		return { rss: Number(rss[1]) * 1024, hwm: Number(hwm[1]) * 1024 };
	} catch {
		return undefined;
	}
}

/** utime + stime of a process from /proc/<pid>/stat, in ms (the kernel counts in 1/100 s). */
function readCpuMs(pid: number): number {
	try {
		const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		// Fields after the command name (which may hold spaces) in parentheses.
		const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
		return (Number(fields[11]) + Number(fields[12])) * 10;
	} catch {
		return NaN;
	}
}

function descendants(pid: number): number[] {
	const out: number[] = [];
	const visit = (p: number) => {
		let tasks: string[] = [];
		try {
			tasks = fs.readdirSync(`/proc/${p}/task`);
		} catch {
			return;
		}
		for (const task of tasks) {
			let children = '';
			try {
				children = fs.readFileSync(`/proc/${p}/task/${task}/children`, 'utf8');
			} catch {
				continue;
			}
			for (const child of children.split(' ').filter(Boolean).map(Number)) {
				out.push(child);
				visit(child);
			}
		}
	};
	visit(pid);
	return out;
}

export interface MemorySample {
	t: number;
	rss: number;
	/** CPU time of the main process so far (user + system, all its threads), ms; 10 ms steps. */
	cpu: number;
	/** RSS of the child processes (n8n's task runner). */
	childRss: number;
}

export interface MemoryRecord {
	samples: MemorySample[];
	/** Last VmHWM read of the main process: its peak up to (about) its exit. */
	hwm: number;
	/** Highest VmHWM of any child process (the task runner). */
	childHwm: number;
}

/** Polls VmRSS/VmHWM of a process and its children every `intervalMs`. */
export function watchMemory(pid: number, intervalMs = 20): { stop(): MemoryRecord } {
	const record: MemoryRecord = { samples: [], hwm: 0, childHwm: 0 };
	let children: number[] = [];
	let tick = 0;
	const sample = () => {
		const main = readStatus(pid);
		if (!main) return;
		if (tick++ % 10 === 0) children = descendants(pid);
		let childRss = 0;
		for (const child of children) {
			const status = readStatus(child);
			if (!status) continue;
			childRss += status.rss;
			record.childHwm = Math.max(record.childHwm, status.hwm);
		}
		record.hwm = Math.max(record.hwm, main.hwm);
		record.samples.push({ t: Date.now(), rss: main.rss, cpu: readCpuMs(pid), childRss });
	};
	sample();
	const timer = setInterval(sample, intervalMs);
	return {
		stop() {
			clearInterval(timer);
			return record;
		},
	};
}

/** Highest main-process RSS sampled in [from, to], and the RSS sampled just before `from`. */
export function windowPeak(
	record: MemoryRecord,
	from: number,
	to: number,
): { peak: number; atStart: number } {
	let peak = 0;
	let atStart = 0;
	for (const s of record.samples) {
		if (s.t <= from) atStart = s.rss;
		if (s.t >= from - 20 && s.t <= to + 20) peak = Math.max(peak, s.rss);
	}
	return { peak: Math.max(peak, atStart), atStart };
}

/**
 * CPU time the main process used in [from, to] (epoch ms): the counter read by the last sample
 * at or before each end. Less sensitive to other jobs on the machine than the wall time, since
 * time spent waiting for a core does not count; 10 ms steps, 20 ms sampling.
 */
export function windowCpu(record: MemoryRecord, from: number, to: number): number {
	let start = NaN;
	let end = NaN;
	for (const s of record.samples) {
		if (s.t <= from || Number.isNaN(start)) start = s.cpu;
		if (s.t <= to + 20) end = s.cpu;
	}
	return end - start;
}

/** CPU time (ms) a process and its descendants alive now have used so far. */
export function treeCpuMs(pid: number): number {
	return [pid, ...descendants(pid)].reduce((sum, p) => sum + (readCpuMs(p) || 0), 0);
}

/** utime + stime + cutime + cstime of a process, in ms: its own CPU and that of its reaped children. */
function readCpuWithReapedMs(pid: number): number {
	try {
		const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
		return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
	} catch {
		return NaN;
	}
}

/**
 * Like treeCpuMs, and a child that exits between two reads (a task runner shut down when idle)
 * keeps its CPU in the count: once reaped, the kernel adds it to its parent's cutime/cstime
 * (proc(5), /proc/pid/stat fields 16–17), which treeCpuMs does not read.
 */
export function treeCpuWithReapedMs(pid: number): number {
	return [pid, ...descendants(pid)].reduce((sum, p) => sum + (readCpuWithReapedMs(p) || 0), 0);
}
