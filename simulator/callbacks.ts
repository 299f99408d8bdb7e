/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Delivery reports pushed to a send's `callback` URL. The service pushes them on its own; the
 * simulator pushes them when a test asks (Simulator.deliverReports, POST /__sim/deliver).
 *
 * Where they may go: only http://127.0.0.1, http://localhost and http://[::1]. The simulator runs
 * on developer machines and in CI, where a callback URL copied from a real workflow must never
 * turn into traffic to someone else's server; https is refused as well (a local receiver speaks
 * plain HTTP, and a certificate check against a test server proves nothing). `localhost` is
 * resolved with a lookup that fails unless every address it yields is a loopback one.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent, request } from 'node:http';
import { isIP } from 'node:net';
import type { CallbackTarget } from './store';
import type { DataFormat } from './types';
import { mediaFormat } from './wire';

/** How long a receiver gets to answer one report before it counts as not taken. */
export const REPORT_TIMEOUT_MS = 5_000;

const LOCAL_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Why a callback URL may not be contacted, or undefined when it may. */
export function refusal(url: string): string | undefined {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return `not a URL: ${url}`;
	}
	if (parsed.protocol !== 'http:' || !LOCAL_HOSTS.has(parsed.hostname)) {
		return `refused ${url}: the simulator only posts to http://127.0.0.1, http://localhost or http://[::1]`;
	}
	return undefined;
}

/** The format a batch's `accept` names (the codec accepted only the two). */
export function reportFormat(batch: CallbackTarget): DataFormat {
	return mediaFormat(batch.callback.accept) ?? 'json';
}

/*
 * The pushed payload's shape is not public: neither the SMSOnlineGH v5 API documentation nor the
 * vendor's SDK (Zenoph.Notify) shows it (the SDK only writes `callback/url` and `callback/accept`).
 * The simulator assumes the send answer's envelope with `delivery: true` and a one-entry
 * `destinations` list holding the destination's final status, in the dialect in force: the
 * nearest shape the SDK knows is its delivery report, which reads like a send answer. The body is
 * built by SmsService.reportBody (answers.ts has the shapes). A destination is pushed once its
 * status is final (store.ts) and until the receiver takes its report.
 */

export interface PostResult {
	httpStatus: number;
	error?: string;
}

/** One keep-alive connection per delivery run, so a run's reports arrive in order. */
export function reportAgent(): Agent {
	return new Agent({ keepAlive: true, maxSockets: 1 });
}

/** Posts one report; never rejects (a failed post is a result). The URL must have passed refusal(). */
export function postReport(
	url: string,
	contentType: string,
	body: string,
	agent: Agent,
	signal: AbortSignal,
): Promise<PostResult> {
	return new Promise((resolve) => {
		const req = request(
			url,
			{
				method: 'POST',
				agent,
				signal,
				lookup: loopbackLookup,
				headers: {
					'content-type': contentType,
					'content-length': Buffer.byteLength(body, 'utf8'),
					'user-agent': 'smsonlinegh-simulator',
				},
			},
			(res) => {
				res.resume();
				res.on('end', () => resolve({ httpStatus: res.statusCode ?? 0 }));
				res.on('error', (error) =>
					resolve({ httpStatus: res.statusCode ?? 0, error: error.message }),
				);
			},
		);
		req.setTimeout(REPORT_TIMEOUT_MS, () =>
			req.destroy(new Error(`no answer within ${REPORT_TIMEOUT_MS} ms`)),
		);
		req.on('error', (error) => resolve({ httpStatus: 0, error: error.message }));
		req.end(body);
	});
}

type LookupCallback = (
	error: NodeJS.ErrnoException | null,
	address: string | LookupAddress[],
	family?: number,
) => void;

/** dns.lookup, failing unless every address is a loopback one. */
function loopbackLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
	dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
		if (error) return callback(error, []);
		const outside = addresses.find((a) => !isLoopback(a.address));
		if (addresses.length === 0 || outside) {
			return callback(
				new Error(`refused ${hostname}: it resolves to ${outside?.address ?? 'nothing'}`),
				[],
			);
		}
		if (options.all) return callback(null, addresses);
		callback(null, addresses[0].address, addresses[0].family);
	});
}

function isLoopback(address: string): boolean {
	if (isIP(address) === 4) return address.startsWith('127.');
	const lower = address.toLowerCase();
	return lower === '::1' || lower.startsWith('::ffff:127.');
}
