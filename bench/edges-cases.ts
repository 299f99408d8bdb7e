/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The cases of bench/edges.ts. Run with a case's name, it runs that case alone and prints one JSON
 * line: `{what, ms, peakMb, outcome}`.
 */
import { format } from 'node:util';
import { createGzip, gzipSync } from 'node:zlib';

import { XMLParser } from 'fast-xml-parser';

import { Readable } from 'node:stream';

import { readBody } from '../nodes/SmsOnlineGhTrigger/body';
import { readPush } from '../nodes/SmsOnlineGhTrigger/push';
import { decodeEnvelope } from '../nodes/shared/transport/codec';
import { sendResultReader } from '../nodes/shared/transport/endpoints/send';
import { DEMO_ACCOUNT, Simulator, type FaultSpec } from '../simulator';
import { runSmsWorkflow } from '../test/harness/workflow';

interface Case {
	what: string;
	/** Made before the measure starts. */
	prepare?: () => Promise<unknown>;
	run: (prepared: unknown) => Promise<string> | string;
}

const MB = 1024 * 1024;

function answer(doctype: string, batch: string, category: string): string {
	return `<?xml version="1.0"?>${doctype}<response><handshake><id>0</id></handshake><data><batch>${batch}</batch><category>${category}</category><delivery>true</delivery><destinations><item><id>1</id><to>233241234567</to><status><id>2110</id></status></item></destinations></data></response>`;
}

/** A body of about 1 MB: one entity of 1 MB used 120 times in two fields (240 MB once expanded). */
const quadratic = () =>
	answer(
		`<!DOCTYPE response [<!ENTITY e "${'x'.repeat(MB)}">]>`,
		'&e;'.repeat(120),
		'&e;'.repeat(120),
	);

function billionLaughs(): string {
	let declarations = '<!ENTITY lol0 "lol">';
	for (let k = 1; k <= 10; k++) declarations += `<!ENTITY lol${k} "${`&lol${k - 1};`.repeat(10)}">`;
	return answer(`<!DOCTYPE response [${declarations}]>`, '&lol10;', '&lol10;');
}

const external = () =>
	answer('<!DOCTYPE response [<!ENTITY e SYSTEM "file:///etc/passwd">]>', '&e;', 'sms');

function decoded(body: string): string {
	const result = decodeEnvelope(body, sendResultReader.xmlLists);
	return result.ok
		? `read (${JSON.stringify(result.value.data).length} characters)`
		: `refused: ${result.reason}`;
}

function pushed(body: string, contentType: string): string {
	const outcome = readPush(body, contentType, {
		verdicts: [],
		shape: 'destination',
		maxBodyBytes: 4 * MB,
	});
	if (!outcome.accepted) return `HTTP ${outcome.httpStatus}: ${outcome.reason}`;
	const warned = outcome.items.filter((item) => item.warning !== undefined);
	const size = JSON.stringify(outcome.items).length;
	const first = warned[0] ? `: ${String(warned[0].warning).slice(0, 120)}` : '';
	return `${outcome.items.length} item(s), ${warned.length} with a warning (${(size / 1024).toFixed(1)} kB of JSON)${first}`;
}

/** base64 of gzip of `size` zero bytes, made a megabyte at a time. */
async function gzipBomb(size: number): Promise<string> {
	const gzip = createGzip({ level: 9 });
	const chunks: Buffer[] = [];
	gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
	const done = new Promise((resolve) => gzip.on('end', resolve));
	const zeros = Buffer.alloc(MB);
	for (let written = 0; written < size; written += MB) {
		if (!gzip.write(zeros)) await new Promise((resolve) => gzip.once('drain', resolve));
	}
	gzip.end();
	await done;
	return Buffer.concat(chunks).toString('base64');
}

async function sendTenMegabytes(): Promise<string> {
	// Credit enough for every part: the ceiling under test is the node's, not the account's.
	const sim = new Simulator({
		accounts: [{ ...DEMO_ACCOUNT, senders: [...DEMO_ACCOUNT.senders], balance: 1e9 }],
	});
	const baseUrl = await sim.start();
	try {
		const result = await runSmsWorkflow({
			items: [
				{ phone: '0241234567', text: 'Your order has shipped.' },
				{ phone: '0201234567', text: 'x'.repeat(10 * MB) },
			],
			parameters: {
				resource: 'sms',
				operation: 'send',
				sender: 'SMSDemo',
				phoneNumbers: '={{ $json.phone }}',
				message: '={{ $json.text }}',
			},
			credentials: { authModel: 'apiKey', apiKey: DEMO_ACCOUNT.apiKey ?? '', baseUrl },
			settings: { continueOnFail: true },
		});
		const sends = sim.journal.filter((entry) => entry.path === '/v5/message/sms/send');
		const bytes = sends.reduce((sum, entry) => sum + entry.rawBody.length, 0);
		const items = result.items.map((item) =>
			String(item.json.verdict ?? `error: ${String(item.json.error).slice(0, 90)}`),
		);
		return `${sends.length} send request(s), ${(bytes / 1024).toFixed(1)} kB; items: ${items.join(' / ')}`;
	} finally {
		await sim.stop();
	}
}

/** Get Balance in process (n8n-core's HTTP helper and client) against the simulator, with a fault or none. */
async function balanceUnder(fault?: FaultSpec): Promise<string> {
	const sim = new Simulator();
	const baseUrl = await sim.start();
	try {
		if (fault) sim.addFault(fault);
		const result = await runSmsWorkflow({
			items: [{}],
			parameters: { resource: 'account', operation: 'getBalance' },
			credentials: { authModel: 'apiKey', apiKey: DEMO_ACCOUNT.apiKey ?? '', baseUrl },
			settings: { continueOnFail: true },
		});
		const json = result.items[0]?.json ?? {};
		return json.error !== undefined
			? `error: ${String(json.error).slice(0, 150)}`
			: `balance ${String(json.balance)}`;
	} finally {
		await sim.stop();
	}
}

/** A pushed body with a Content-Encoding, read as the trigger reads it (Maximum Body Size 4 MB). */
async function pushEncoded(body: Buffer, coding: string): Promise<string> {
	const source = Object.assign(Readable.from([body], { objectMode: false }), {
		headers: { 'content-encoding': coding },
	});
	const read = await readBody(source, 4 * MB);
	return typeof read === 'string' ? read : `${read.bytes.length} bytes read`;
}

function deepPush(): string {
	const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
	const to = (id: string, number: string) => ({ id, to: number, status: { id: 2110 } });
	const body = JSON.stringify({
		handshake: { id: 0 },
		data: {
			batch: 'b'.repeat(32),
			category: 'sms',
			delivery: true,
			destinations: [to('a-1', '233241234567'), to('a-2', '@'), to('a-3', '233201234567')],
		},
	});
	return body.replace('"@"', deep);
}

export const CASES: Record<string, Case> = {
	'answer, one entity used 240 times': {
		what: 'an answer of 1 MB whose one 1 MB entity is used 120 times in each of two fields',
		prepare: async () => quadratic(),
		run: (body) => decoded(body as string),
	},
	'the same, parsed by the library alone': {
		what: "what reading it cost before the refusal: fast-xml-parser with the codec's options",
		prepare: async () => quadratic(),
		run: (body) => {
			const parser = new XMLParser({
				ignoreAttributes: true,
				parseTagValue: false,
				trimValues: true,
				ignoreDeclaration: true,
				ignorePiTags: true,
			});
			const parsed = parser.parse(body as string) as {
				response: { data: { batch: string; category: string } };
			};
			return `expanded to ${((parsed.response.data.batch.length + parsed.response.data.category.length) / MB).toFixed(0)} MB of text`;
		},
	},
	'answer, billion laughs': {
		what: 'ten nested entities, each ten of the one before',
		prepare: async () => billionLaughs(),
		run: (body) => decoded(body as string),
	},
	'answer, external entity': {
		what: 'an entity naming a local file',
		prepare: async () => external(),
		run: (body) => decoded(body as string),
	},
	'push, one entity used 240 times': {
		what: 'the 1 MB body above pushed to the trigger',
		prepare: async () => quadratic(),
		run: (body) => pushed(body as string, 'application/xml'),
	},
	'push, gzip bomb': {
		what: 'base64 of gzip of 1 GB of zeros (about 1.4 MB) pushed to the trigger (Maximum Body Size 4 MB)',
		prepare: () => gzipBomb(1024 * MB),
		run: (body) => pushed(body as string, 'application/vnd.zenoph.zbm.gzbin+json'),
	},
	'answer, plain (in process)': {
		what: "Get Balance through n8n-core's HTTP helper against the simulator: the baseline of the two below",
		run: () => balanceUnder(),
	},
	'answer, 1 GiB gzip (in process)': {
		what: 'the same, answered with Content-Encoding gzip inflating to 1 GiB from about 1 MB (simulator fault gzipBomb)',
		run: () => balanceUnder({ kind: 'gzipBomb' }),
	},
	'answer, 300 MiB plain (in process)': {
		what: 'the same, answered with 300 MiB (simulator fault huge)',
		run: () => balanceUnder({ kind: 'huge' }),
	},
	'push, gzip Content-Encoding': {
		what: '16 kB of gzip inflating to 16 MB, read as the trigger reads a push (Maximum Body Size 4 MB)',
		prepare: async () => gzipSync(Buffer.alloc(16 * MB, 0x20)),
		run: (body) => pushEncoded(body as Buffer, 'gzip'),
	},
	'push, a destination 5,000 deep': {
		what: "a report of three destinations, the second's number a member nested 5,000 deep",
		prepare: async () => deepPush(),
		run: (body) => pushed(body as string, 'application/json'),
	},
	'send, 10 MB message text': {
		what: "Send with two items, the second's Message 10 MB (Continue On Fail)",
		run: () => sendTenMegabytes(),
	},
};

async function runOne(name: string): Promise<void> {
	const chosen = CASES[name];
	if (!chosen) throw new Error(`no case ${name}`);
	const prepared = chosen.prepare ? await chosen.prepare() : undefined;
	(globalThis as { gc?: () => void }).gc?.();
	const baseKb = process.resourceUsage().maxRSS;
	const t0 = performance.now();
	let outcome: string;
	try {
		outcome = await chosen.run(prepared);
	} catch (error) {
		outcome = `threw: ${(error as Error).message.slice(0, 200)}`;
	}
	const ms = performance.now() - t0;
	const peakMb = (process.resourceUsage().maxRSS - baseKb) / 1024;
	process.stdout.write(`${JSON.stringify({ what: chosen.what, ms, peakMb, outcome })}\n`);
}

if (require.main === module) {
	runOne(process.argv[2] ?? '').then(
		() => process.exit(0),
		(error: Error) => {
			process.stderr.write(`${format(error)}\n`);
			process.exit(1);
		},
	);
}
