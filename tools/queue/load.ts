/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** Calling a webhook many times, a fixed number of calls at a time, as a busy client would. */
import * as http from 'node:http';

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
		numbers: Array.from(
			{ length: perCall },
			(_, n) => `02${String(first + c * perCall + n).padStart(8, '0')}`,
		),
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

// Each call on a connection of its own (agent: false): a kept-alive connection that the server
// closes as the next call goes out on it loses that call with no answer, a failure of the client.
async function callOnce(
	url: string,
	index: number,
	body: unknown,
	timeoutMs: number,
): Promise<CallResult> {
	const t0 = performance.now();
	const payload = JSON.stringify(body);
	return await new Promise<CallResult>((resolve) => {
		const failed = (error: Error) =>
			resolve({
				index,
				status: 0,
				body: undefined,
				error: error.message,
				ms: performance.now() - t0,
			});
		const request = http.request(
			url,
			{
				method: 'POST',
				agent: false,
				headers: {
					'content-type': 'application/json',
					'content-length': Buffer.byteLength(payload),
				},
				timeout: timeoutMs,
			},
			(response) => {
				const chunks: Buffer[] = [];
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				response.on('error', failed);
				response.on('end', () => {
					const text = Buffer.concat(chunks).toString('utf8');
					let parsed: unknown = text;
					try {
						parsed = JSON.parse(text);
					} catch {
						/* keep the text */
					}
					resolve({
						index,
						status: response.statusCode ?? 0,
						body: parsed,
						ms: performance.now() - t0,
					});
				});
			},
		);
		request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
		request.on('error', failed);
		request.end(payload);
	});
}

/**
 * POSTs each body to `url`, `concurrency` calls in flight at a time, each bounded by `timeoutMs`.
 * Results come back in the order of `bodies`.
 */
export async function postAll(
	url: string,
	bodies: unknown[],
	concurrency: number,
	timeoutMs: number,
): Promise<CallResult[]> {
	return await postEach(() => url, bodies, concurrency, timeoutMs);
}

/**
 * As postAll, with the URL of each call chosen as it goes out (`urlOf(index)`: a load balancer
 * spreading calls over webhook processors), and `onResult` told of each result as it comes.
 */
export async function postEach(
	urlOf: (index: number) => string,
	bodies: unknown[],
	concurrency: number,
	timeoutMs: number,
	onResult: (result: CallResult) => void = () => undefined,
): Promise<CallResult[]> {
	const results: CallResult[] = new Array(bodies.length);
	let next = 0;
	const lane = async () => {
		while (next < bodies.length) {
			const index = next++;
			results[index] = await callOnce(urlOf(index), index, bodies[index], timeoutMs);
			onResult(results[index]);
		}
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, bodies.length) }, lane));
	return results;
}

/**
 * Calls until the webhook answers 200: right after activation n8n may still answer 404 while it
 * registers the webhook. Gives up after `timeoutMs`.
 */
export async function untilServed(
	url: string,
	body: unknown,
	timeoutMs: number,
): Promise<CallResult> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const result = await callOnce(url, 0, body, 60_000);
		if (result.status === 200 || Date.now() > deadline) return result;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}
