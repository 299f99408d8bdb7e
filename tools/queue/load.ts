/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** Calling a webhook many times, a fixed number of calls at a time, as a busy client would. */

/** A webhook call's body: the numbers the workflow sends to. */
export interface Call {
	numbers: string[];
}

/**
 * `calls` webhook bodies of `perCall` numbers each, every number different: local Ghana numbers
 * 02X XXX XXXX counted from `first`.
 */
export function workload(calls: number, perCall: number, first = 0): Call[] {
	return Array.from({ length: calls }, (_, c) => ({
		numbers: Array.from({ length: perCall }, (_, n) => `02${String(first + c * perCall + n).padStart(8, '0')}`),
	}));
}

/** The international form the service counts numbers by: 0241234567 → 233241234567. */
export function international(local: string): string {
	return `233${local.slice(1)}`;
}

export interface CallResult {
	index: number;
	/** HTTP status; 0 when no answer came (connection error or timeout). */
	status: number;
	/** The parsed JSON answer, or the text when it was not JSON. */
	body: unknown;
	error?: string;
	ms: number;
}

async function callOnce(url: string, index: number, body: unknown, timeoutMs: number): Promise<CallResult> {
	const t0 = performance.now();
	try {
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
			signal: AbortSignal.timeout(timeoutMs),
		});
		const text = await response.text();
		let parsed: unknown = text;
		try {
			parsed = JSON.parse(text);
		} catch {
			/* keep the text */
		}
		return { index, status: response.status, body: parsed, ms: performance.now() - t0 };
	} catch (error) {
		return { index, status: 0, body: undefined, error: (error as Error).message, ms: performance.now() - t0 };
	}
}

/**
 * POSTs each body to `url`, `concurrency` calls in flight at a time, each bounded by `timeoutMs`.
 * Results come back in the order of `bodies`.
 */
export async function postAll(url: string, bodies: unknown[], concurrency: number, timeoutMs: number): Promise<CallResult[]> {
	const results: CallResult[] = new Array(bodies.length);
	let next = 0;
	const lane = async () => {
		while (next < bodies.length) {
			const index = next++;
			results[index] = await callOnce(url, index, bodies[index], timeoutMs);
		}
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, bodies.length) }, lane));
	return results;
}

/**
 * Calls until the webhook answers 200: right after activation n8n may still answer 404 while it
 * registers the webhook. Gives up after `timeoutMs`.
 */
export async function untilServed(url: string, body: unknown, timeoutMs: number): Promise<CallResult> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const result = await callOnce(url, 0, body, 60_000);
		if (result.status === 200 || Date.now() > deadline) return result;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}
