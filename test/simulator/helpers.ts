/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** Shared helpers for the simulator's own tests. */
import { request as httpRequest } from 'node:http';
import { XMLParser } from 'fast-xml-parser';
import { DEMO_ACCOUNT, Simulator, type SimAccount, type SimulatorConfig } from '../../simulator';
import type { Envelope, SendData, XmlAnswer } from './answers';

export const SEND = '/v5/message/sms/send';
export const BALANCE = '/v5/account/balance';
export const KEY_AUTH = `key ${DEMO_ACCOUNT.apiKey}`;
export const JSON_HEADERS: Readonly<Record<string, string>> = {
	accept: 'application/json',
	'content-type': 'application/json',
	authorization: KEY_AUTH,
};
export const XML_HEADERS: Readonly<Record<string, string>> = {
	accept: 'application/xml',
	'content-type': 'application/xml',
	authorization: KEY_AUTH,
};
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const BATCH = /^[0-9a-f]{32}$/;

export function factorAuth(login: string, password: string): string {
	return `factor ${Buffer.from(`${login}__::${password}`, 'utf8').toString('base64')}`;
}

/** A demo-like account with overrides, for configs that need several accounts. */
export function account(overrides: Partial<SimAccount> & { id: string }): SimAccount {
	return { ...DEMO_ACCOUNT, senders: [...DEMO_ACCOUNT.senders], ...overrides };
}

/** Starts a simulator before each test of the calling file and stops it after. */
export function useSimulator(config?: SimulatorConfig): () => Simulator {
	let sim: Simulator | undefined;
	beforeEach(async () => {
		sim = config ? new Simulator(config) : new Simulator();
		await sim.start(0);
	});
	afterEach(async () => {
		await sim?.stop();
		sim = undefined;
	});
	return () => {
		if (!sim) throw new Error('simulator not running');
		return sim;
	};
}

export interface JsonAnswer<D = SendData> {
	status: number;
	headers: Headers;
	text: string;
	/** The body parsed and cast to the envelope the test expects (undefined when the body is not JSON). */
	json: Envelope<D>;
}

/** POST through fetch with exactly the given headers (fetch would add Accept and Content-Type otherwise). */
export async function post<D = SendData>(
	baseUrl: string,
	path: string,
	body: unknown,
	headers: Record<string, string> = JSON_HEADERS,
): Promise<JsonAnswer<D>> {
	const payload =
		body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
	const res = await fetch(baseUrl + path, { method: 'POST', headers, body: payload });
	const text = await res.text();
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	return { status: res.status, headers: res.headers, text, json: json as Envelope<D> };
}

export function sendJson(
	baseUrl: string,
	unit: unknown,
	headers?: Record<string, string>,
): Promise<JsonAnswer> {
	return post(baseUrl, SEND, unit, headers);
}

export interface RawAnswer {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	body: string;
}

export interface RawOptions {
	method?: string;
	path: string;
	headers?: Record<string, string>;
	body?: string;
}

/**
 * A request with only the headers given (plus Host and Content-Length, which Node adds), for
 * cases fetch cannot express: no Accept, a body without Content-Type, observing a reset.
 */
export function raw(baseUrl: string, options: RawOptions): Promise<RawAnswer> {
	const url = new URL(options.path, baseUrl);
	return new Promise((resolve, reject) => {
		const req = httpRequest(
			url,
			{ method: options.method ?? 'POST', headers: options.headers ?? {}, agent: false },
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('end', () =>
					resolve({
						status: res.statusCode ?? 0,
						headers: res.headers,
						body: Buffer.concat(chunks).toString('utf8'),
					}),
				);
				res.on('error', reject);
			},
		);
		req.on('error', reject);
		req.end(options.body);
	});
}

/** Reads XML answers the way a careful client would: every value a string, lists always arrays. */
const xmlReader = new XMLParser({
	ignoreAttributes: true,
	parseTagValue: false,
	isArray: (_name: string, jPath: string) => jPath === 'response.data.destinations.item',
});

export function readXml(text: string): XmlAnswer {
	return xmlReader.parse(text) as XmlAnswer;
}

export function plainUnit(
	destinations: unknown[],
	overrides: Record<string, unknown> = {},
): Record<string, unknown> {
	return {
		text: 'Hello from the simulator',
		type: 0,
		sender: 'SMSDemo',
		destinations,
		...overrides,
	};
}

/** Status ids of a JSON send answer, in order. */
export function statusIds(answer: JsonAnswer): number[] {
	return answer.json.data.destinations.map((d) => d.status.id);
}
