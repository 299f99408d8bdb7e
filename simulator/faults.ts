/** Armed faults and which request each one hits. */
import type { FaultKind, FaultSpec } from './types';

export const FAULT_KINDS: readonly FaultKind[] = [
	'latency',
	'http500',
	'http503',
	'http429',
	'resetBefore',
	'resetAfter',
	'truncated',
	'malformed',
	'handshake',
	'hang',
	'charset',
	'gzipBomb',
	'huge',
	'deep',
];

export const DEFAULT_LATENCY_MS = 1000;
/** HSHK_ERR_INTERNAL: what a service in trouble would most plausibly answer. */
export const DEFAULT_FAULT_HANDSHAKE = 1403;

/** What the armed faults do to one request. */
export interface FaultHit {
	/** Total delay from every latency fault that hit. */
	latencyMs: number;
	latency: boolean;
	/** The first-armed non-latency fault that hit, if any. */
	fault?: FaultSpec;
}

interface ArmedFault {
	readonly spec: FaultSpec;
	/** Requests counted since it was armed (only those on its path, when it has one). */
	seen: number;
}

export class FaultBook {
	private armed: ArmedFault[] = [];

	/** Throws on a malformed spec, so a mistyped test fails loudly instead of testing nothing. */
	add(spec: FaultSpec): void {
		this.armed.push({ spec: validateFault(spec), seen: 0 });
	}

	clear(): void {
		this.armed = [];
	}

	get size(): number {
		return this.armed.length;
	}

	/**
	 * Counts one incoming request against every armed fault and returns what hits it. When
	 * several hit the same request, latencies add up and the first-armed other fault wins; a
	 * one-shot (nth) fault is used up on its request either way.
	 */
	take(path: string): FaultHit {
		const hit: FaultHit = { latencyMs: 0, latency: false };
		this.armed = this.armed.filter((armed) => {
			const { spec } = armed;
			if (spec.path !== undefined && spec.path !== path) return true;
			armed.seen++;
			if (spec.nth === undefined || armed.seen === spec.nth) apply(hit, spec);
			return spec.nth === undefined || armed.seen < spec.nth;
		});
		return hit;
	}
}

function apply(hit: FaultHit, spec: FaultSpec): void {
	if (spec.kind === 'latency') {
		hit.latency = true;
		hit.latencyMs += spec.ms ?? DEFAULT_LATENCY_MS;
	} else if (!hit.fault) {
		hit.fault = spec;
	}
}

function isNonNegativeNumber(value: unknown): boolean {
	return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** Checks a spec that may come from JSON over HTTP; returns a clean copy. */
export function validateFault(input: unknown): FaultSpec {
	if (typeof input !== 'object' || input === null) throw new Error('A fault must be an object');
	const spec = input as Record<string, unknown>;
	if (!FAULT_KINDS.includes(spec.kind as FaultKind)) {
		throw new Error(
			`Unknown fault kind ${String(spec.kind)}; expected one of ${FAULT_KINDS.join(', ')}`,
		);
	}
	const out: FaultSpec = { kind: spec.kind as FaultKind };
	if (spec.nth !== undefined) {
		if (!Number.isInteger(spec.nth) || (spec.nth as number) < 1)
			throw new Error('nth must be an integer >= 1');
		out.nth = spec.nth as number;
	}
	if (spec.path !== undefined) {
		if (typeof spec.path !== 'string' || !spec.path.startsWith('/'))
			throw new Error('path must start with /');
		out.path = spec.path;
	}
	if (spec.ms !== undefined) {
		if (!isNonNegativeNumber(spec.ms)) throw new Error('ms must be a number >= 0');
		out.ms = spec.ms as number;
	}
	if (spec.retryAfter !== undefined) {
		if (!Number.isInteger(spec.retryAfter) || (spec.retryAfter as number) < 0) {
			throw new Error('retryAfter must be an integer >= 0');
		}
		out.retryAfter = spec.retryAfter as number;
	}
	for (const key of ['bytes', 'depth'] as const) {
		if (spec[key] === undefined) continue;
		if (!Number.isInteger(spec[key]) || (spec[key] as number) < 1)
			throw new Error(`${key} must be an integer >= 1`);
		out[key] = spec[key] as number;
	}
	if (spec.handshakeId !== undefined) {
		if (!Number.isInteger(spec.handshakeId)) throw new Error('handshakeId must be an integer');
		out.handshakeId = spec.handshakeId as number;
	}
	return out;
}
