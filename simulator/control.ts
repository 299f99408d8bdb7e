/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The control endpoint under /__sim/: the programmatic API over HTTP, for programs that run the
 * simulator in another process (the demo, the benchmark, n8n end-to-end runs). Answers are JSON;
 * nothing here is journaled or counted by faults.
 */
import type { ServerResponse } from 'node:http';
import { validateFault } from './faults';
import type { SimulatorApi } from './types';
import { validateSettings } from './wire';

export const CONTROL_PREFIX = '/__sim/';

const BALANCE_PREFIX = `${CONTROL_PREFIX}balance/`;
const SENDERS_PREFIX = `${CONTROL_PREFIX}senders/`;
const CALLBACKS_PREFIX = `${CONTROL_PREFIX}callbacks/`;
const BATCHES_PREFIX = `${CONTROL_PREFIX}batches/`;
const VOICE_TEMPLATES_PREFIX = `${CONTROL_PREFIX}voice-templates/`;

export function isControlPath(path: string): boolean {
	return path.startsWith(CONTROL_PREFIX) || path === '/__sim';
}

type ControlResult = { status: number; body: unknown; allow?: string };

/** Never rejects: every failure becomes an answer. */
export async function handleControl(
	sim: SimulatorApi,
	method: string,
	path: string,
	body: string,
	res: ServerResponse,
): Promise<void> {
	let result: ControlResult;
	try {
		result = await route(sim, method, path, body);
	} catch (error) {
		result = { status: 400, body: { error: (error as Error).message } };
	}
	const text = JSON.stringify(result.body);
	const headers: Record<string, string | number> = {
		'content-type': 'application/json; charset=utf-8',
		'content-length': Buffer.byteLength(text),
	};
	if (result.allow) headers.allow = result.allow;
	res.writeHead(result.status, headers);
	res.end(text);
}

function route(
	sim: SimulatorApi,
	method: string,
	path: string,
	body: string,
): ControlResult | Promise<ControlResult> {
	if (path.startsWith(BALANCE_PREFIX))
		return balance(sim, method, decodeURIComponent(path.slice(BALANCE_PREFIX.length)), body);
	if (path.startsWith(SENDERS_PREFIX))
		return senders(sim, method, decodeURIComponent(path.slice(SENDERS_PREFIX.length)), body);
	if (path.startsWith(VOICE_TEMPLATES_PREFIX))
		return voiceTemplates(
			sim,
			method,
			decodeURIComponent(path.slice(VOICE_TEMPLATES_PREFIX.length)),
			body,
		);
	if (path.startsWith(CALLBACKS_PREFIX))
		return only(method, 'GET', () =>
			callbackBatch(sim, decodeURIComponent(path.slice(CALLBACKS_PREFIX.length))),
		);
	if (path.startsWith(BATCHES_PREFIX))
		return only(method, 'GET', () =>
			keptBatch(sim, decodeURIComponent(path.slice(BATCHES_PREFIX.length))),
		);
	switch (path) {
		case `${CONTROL_PREFIX}outcome`:
			return only(method, 'POST', () => outcome(sim, body));
		case `${CONTROL_PREFIX}deliver`:
			return method === 'POST' ? deliver(sim, body) : notAllowed('POST');
		case `${CONTROL_PREFIX}deliveries`:
			return only(method, 'GET', () => ok(sim.deliveries));
		case `${CONTROL_PREFIX}journal`:
			return only(method, 'GET', () => ok(sim.journal));
		case `${CONTROL_PREFIX}submissions`:
			return only(method, 'GET', () => ok(sim.submissionCounts()));
		case `${CONTROL_PREFIX}faults`:
			return faults(sim, method, body);
		case `${CONTROL_PREFIX}dialect`:
			return dialect(sim, method, body);
		case `${CONTROL_PREFIX}reset`:
			return only(method, 'POST', () => {
				sim.reset();
				return ok({ ok: true });
			});
		default:
			return { status: 404, body: { error: `No control resource at ${path}` } };
	}
}

function ok(body: unknown): ControlResult {
	return { status: 200, body };
}

function only(method: string, allowed: string, run: () => ControlResult): ControlResult {
	return method === allowed ? run() : notAllowed(allowed);
}

function notAllowed(allow: string): ControlResult {
	return { status: 405, body: { error: `Method not allowed; use ${allow}` }, allow };
}

/** POST arms one fault (or a list of them); DELETE disarms all. */
function faults(sim: SimulatorApi, method: string, body: string): ControlResult {
	if (method === 'DELETE') {
		sim.clearFaults();
		return ok({ ok: true });
	}
	if (method !== 'POST') return notAllowed('POST, DELETE');
	const parsed = parseJson(body);
	const specs = Array.isArray(parsed) ? parsed : [parsed];
	// Every spec is checked before any is armed, so a bad list arms nothing.
	const valid = specs.map((spec: unknown) => validateFault(spec));
	for (const spec of valid) sim.addFault(spec);
	return { status: 201, body: { ok: true, armed: specs.length } };
}

/**
 * GET answers `{dialect, templates, deliverAfterMs, refusedBatches}`; PUT sets any of them from the same shape,
 * then answers it.
 */
function dialect(sim: SimulatorApi, method: string, body: string): ControlResult {
	if (method === 'PUT') sim.setDialect(validateSettings(parseJson(body)));
	else if (method !== 'GET') return notAllowed('GET, PUT');
	const { dialect: current, templates, deliverAfterMs, refusedBatches } = sim;
	return ok({ dialect: current, templates, deliverAfterMs, refusedBatches });
}

function keptBatch(sim: SimulatorApi, batch: string): ControlResult {
	const kept = sim.batch(batch);
	return kept ? ok(kept) : { status: 404, body: { error: `No batch ${batch}` } };
}

/**
 * Body `{"batch": "…", "status": 2110 | 2111 | 2112, "to"?: ["233…", …]}`; answers
 * `{batch, status, changed}`. 404 for an unknown batch; 400 for a bad body, another status or a
 * batch still waiting for its schedule.
 */
function outcome(sim: SimulatorApi, body: string): ControlResult {
	const parsed = parseJson(body) as { batch?: unknown; status?: unknown; to?: unknown } | null;
	const { batch, status, to } = parsed ?? {};
	if (typeof batch !== 'string')
		throw new Error(
			'Body must be {"batch": "<batch id>", "status": 2110 | 2111 | 2112, "to"?: [...]}',
		);
	if (typeof status !== 'number') throw new Error('status must be a number');
	if (to !== undefined && (!Array.isArray(to) || !to.every((n) => typeof n === 'string'))) {
		throw new Error('to must be a list of numbers as strings');
	}
	if (!sim.batch(batch)) return { status: 404, body: { error: `No batch ${batch}` } };
	const changed = sim.setOutcome(batch, status, to as string[] | undefined);
	return ok({ batch, status, changed });
}

function callbackBatch(sim: SimulatorApi, batch: string): ControlResult {
	const kept = sim.callbackBatch(batch);
	return kept
		? ok(kept)
		: { status: 404, body: { error: `No batch ${batch} sent with a callback` } };
}

/** Body: nothing (every batch with a callback) or `{"batch": "<id>"}`. Answers `{"posted": n}`. */
async function deliver(sim: SimulatorApi, body: string): Promise<ControlResult> {
	const parsed = body.trim() === '' ? {} : parseJson(body);
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
		throw new Error('Body must be empty or {"batch": "<batch id>"}');
	}
	const batch = (parsed as { batch?: unknown }).batch;
	if (batch !== undefined && typeof batch !== 'string') throw new Error('batch must be a string');
	if (batch !== undefined && !sim.callbackBatch(batch)) {
		return { status: 404, body: { error: `No batch ${batch} sent with a callback` } };
	}
	return ok({ posted: await sim.deliverReports(batch) });
}

function balance(
	sim: SimulatorApi,
	method: string,
	accountId: string,
	body: string,
): ControlResult {
	if (method !== 'GET' && method !== 'PUT') return notAllowed('GET, PUT');
	let current: number;
	try {
		current = sim.balance(accountId);
	} catch {
		return { status: 404, body: { error: `Unknown account ${accountId}` } };
	}
	if (method === 'GET') return ok({ accountId, balance: current });
	const parsed = parseJson(body) as { balance?: unknown } | null;
	const next = parsed?.balance;
	if (typeof next !== 'number' || !Number.isFinite(next))
		throw new Error('Body must be {"balance": <number>}');
	sim.setBalance(accountId, next);
	return ok({ accountId, balance: sim.balance(accountId) });
}

/** GET answers `{accountId, senders}`; PUT replaces them from `{"senders": ["…", …]}`. */
function senders(
	sim: SimulatorApi,
	method: string,
	accountId: string,
	body: string,
): ControlResult {
	if (method !== 'GET' && method !== 'PUT') return notAllowed('GET, PUT');
	try {
		sim.senders(accountId);
	} catch {
		return { status: 404, body: { error: `Unknown account ${accountId}` } };
	}
	if (method === 'PUT') {
		const next = (parseJson(body) as { senders?: unknown } | null)?.senders;
		if (!Array.isArray(next) || !next.every((name) => typeof name === 'string' && name !== '')) {
			throw new Error('Body must be {"senders": ["<name>", …]}');
		}
		sim.setSenders(accountId, next as string[]);
	}
	return ok({ accountId, senders: sim.senders(accountId) });
}

/**
 * GET answers `{accountId, templates}`; POST adds the names in `{"templates": ["…", …]}` to the
 * account's stored voice templates, PUT replaces them with those names; both answer the new list.
 */
function voiceTemplates(
	sim: SimulatorApi,
	method: string,
	accountId: string,
	body: string,
): ControlResult {
	if (method !== 'GET' && method !== 'POST' && method !== 'PUT')
		return notAllowed('GET, POST, PUT');
	let current: string[];
	try {
		current = sim.voiceTemplates(accountId);
	} catch {
		return { status: 404, body: { error: `Unknown account ${accountId}` } };
	}
	if (method !== 'GET') {
		const names = (parseJson(body) as { templates?: unknown } | null)?.templates;
		if (!Array.isArray(names) || !names.every((name) => typeof name === 'string' && name !== '')) {
			throw new Error('Body must be {"templates": ["<name>", …]}');
		}
		sim.setVoiceTemplates(accountId, method === 'POST' ? [...current, ...names] : names);
	}
	return ok({ accountId, templates: sim.voiceTemplates(accountId) });
}

function parseJson(body: string): unknown {
	try {
		return JSON.parse(body);
	} catch {
		throw new Error('Body must be JSON');
	}
}
