/**
 * Which executions a worker ran, from its own log: n8n's job processor logs, at level info,
 * "Worker started execution <id> (job <n>)" and "Worker finished execution <id> (job <n>)".
 */

export interface WorkerExecutions {
	started: string[];
	finished: string[];
	/** Started and not (yet) finished. */
	inFlight: string[];
}

function ids(output: string, word: 'started' | 'finished'): string[] {
	const pattern = new RegExp(`Worker ${word} execution (\\S+) \\(job`, 'g');
	return [...output.matchAll(pattern)].map((match) => match[1]);
}

export function workerExecutions(output: string): WorkerExecutions {
	const started = ids(output, 'started');
	const finished = ids(output, 'finished');
	const done = new Set(finished);
	return { started, finished, inFlight: started.filter((id) => !done.has(id)) };
}
