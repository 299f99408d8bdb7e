/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Scenario (e): the minimal raw client, posting the bodies the node sent in (b) or (c), taken from
 * the simulator's journal, with Node's fetch and no n8n. Only the sends are replayed: the
 * journal also holds the sender check's profile read (`/v5/auth`), which the raw client, knowing
 * its sender, does without.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import type { Runtime } from '../tools/n8n/runtime';
import type { Simulator } from '../simulator';
import { journalBytes, type Measure, simTime } from './measure';
import { lastLines, spawnWatched } from './spawn';

/** The minimal raw client: Node's fetch, one request after the other, like the node sends them. */
const RAW_CLIENT = `
import { readFileSync } from 'node:fs';
const { baseUrl, requests } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const started = performance.now();
let destinations = 0;
for (const r of requests) {
  const response = await fetch(baseUrl + r.path, { method: 'POST', headers: r.headers, body: r.body });
  const answer = JSON.parse(await response.text());
  if (answer.handshake?.id !== 0) throw new Error(r.path + ': handshake ' + JSON.stringify(answer.handshake));
  const list = answer.data?.destinations;
  if (!Array.isArray(list)) throw new Error(r.path + ': an answer without destinations');
  destinations += list.length;
}
const ms = performance.now() - started;
process.stdout.write(JSON.stringify({ ms, destinations }) + '\\n');
`;

/** A fresh scratch folder for the bodies, with the raw client's script in it. */
export function writeRawClient(): { scratch: string; rawScript: string } {
	const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'smsonlinegh-bench-'));
	const rawScript = path.join(scratch, 'raw-client.mjs');
	fs.writeFileSync(rawScript, RAW_CLIENT);
	return { scratch, rawScript };
}

export interface RawBodies {
	file: string;
	requests: number;
}

/** Whether a journal entry is a send (`…/send`), the requests the raw client replays. */
export const isSend = (entry: { method: string; path: string }): boolean =>
	entry.method === 'POST' && entry.path.endsWith('/send');

/** Writes the bodies (and content headers) of the sends the node made, from the journal, for the raw client. */
export function saveBodies(sim: Simulator, simUrl: string, file: string): RawBodies {
	const requests = sim.journal.filter(isSend).map((e) => ({
		path: e.path,
		headers: {
			'content-type': String(e.headers['content-type']),
			accept: String(e.headers.accept),
			authorization: String(e.headers.authorization),
		},
		body: e.rawBody,
	}));
	fs.writeFileSync(file, JSON.stringify({ baseUrl: simUrl, requests }));
	return { file, requests: requests.length };
}

export async function runRaw(
	runtime: Runtime,
	n: number,
	bodies: RawBodies,
	sim: Simulator,
	scriptFile: string,
): Promise<Measure> {
	sim.reset();
	const result = await spawnWatched(runtime.nodeBin, [scriptFile, bodies.file], {
		cwd: path.dirname(scriptFile),
		env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' },
		timeoutMs: 10 * 60_000,
	});
	let parsed: { ms: number; destinations: number } | undefined;
	try {
		parsed = JSON.parse(result.stdout.trim().split('\n').pop() ?? '') as {
			ms: number;
			destinations: number;
		};
	} catch {
		parsed = undefined;
	}
	const bytes = journalBytes(sim.journal);
	const error =
		result.code !== 0 || !parsed
			? `raw client failed (exit ${result.code}): ${lastLines(result.stderr || result.stdout, 6)}`
			: parsed.destinations !== n
				? `${parsed.destinations} destinations answered, ${n} expected`
				: undefined;
	const samples = result.memory.samples;
	return {
		ok: !error,
		error,
		inNodeMs: parsed?.ms ?? NaN,
		wholeMs: result.exitedAt - result.spawnedAt,
		processMs: result.exitedAt - result.spawnedAt,
		simMs: simTime(sim.journal),
		nodeCpuMs: samples.length ? samples[samples.length - 1].cpu - samples[0].cpu : NaN,
		items: parsed?.destinations ?? 0,
		good: parsed?.destinations ?? 0,
		requests: sim.journal.length,
		...bytes,
		peakRss: samples.reduce((m, s) => Math.max(m, s.rss), 0),
		startRss: samples[0]?.rss ?? 0,
		hwmAtExit: result.memory.hwm,
		runnerHwm: 0,
	};
}
