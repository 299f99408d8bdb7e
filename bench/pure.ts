/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The node's pure work at 100,000 destinations, in process: reading items (the field-reference
 * fast path and the helpers), checks, encoding requests (JSON and XML), decoding a 100k-destination
 * answer (JSON and XML), pairing answers with recipients, and building output items. The HTTP call
 * is replaced by an answer prepared in advance, so only the node's own work is timed.
 *
 *   npx tsx bench/pure.ts [destinations]      (default 100000)
 *
 * Each stage runs 5 times; the table shows the median in milliseconds. Nothing fails on a target.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { SendInput } from '../nodes/SmsOnlineGh/actions/sms/send.operation';
import { groupMessages, send } from '../nodes/SmsOnlineGh/actions/sms/send.operation';
import type { SendPersonalisedInput } from '../nodes/SmsOnlineGh/actions/sms/sendPersonalised.operation';
import {
	groupPersonalised,
	sendPersonalised,
} from '../nodes/SmsOnlineGh/actions/sms/sendPersonalised.operation';
import type { ItemInput, Operation } from '../nodes/SmsOnlineGh/items/operation';
import { ItemParameters } from '../nodes/SmsOnlineGh/items/parameters';
import { readSettings } from '../nodes/SmsOnlineGh/items/settings';
import { router } from '../nodes/SmsOnlineGh/router/router';
import { dispatch } from '../nodes/SmsOnlineGh/sending/dispatch';
import { pairDestinations } from '../nodes/SmsOnlineGh/sending/pairing';
import type { OutgoingMessage } from '../nodes/SmsOnlineGh/sending/message';
import { toWireMessageUnit } from '../nodes/SmsOnlineGh/sending/message';
import { decodeEnvelope } from '../nodes/shared/transport/codec';
import type { SendReceipt } from '../nodes/shared/transport/endpoints/send';
import {
	decodeSendResult,
	encodeMessageUnit,
	fromWireSendResult,
	sendResultReader,
} from '../nodes/shared/transport/endpoints/send';
import type { WireDataFormat } from '../nodes/shared/transport/wire';
import { numberStages, printNumberForms } from './pure-numbers';
import { clientReferenceStages, n8nContext } from './pure-reference';
import { answer, type AnswerKind, fakeContextFor, sdkAnswer } from './pure-context';
import { printSmartEncoding, smartEncodingStages } from './pure-smart';
import { deriveOutcomes, printTable, type Row } from './pure-table';

const N = Number(process.argv[2] ?? 100_000);
const RUNS = 5;
const BATCH = 1000;
const TARGET_MS = 1000;

const PREFIXES = ['024', '054', '055', '020', '050', '026', '027', '057'];
/** Local numbers, all different: 024 000 0000, 054 000 0001, … */
const localNumber = (i: number) => `${PREFIXES[i % PREFIXES.length]}${String(i).padStart(7, '0')}`;

const contacts: INodeExecutionData[] = Array.from({ length: N }, (_, i) => ({
	json: {
		phone: localNumber(i),
		first_name: `Name${i}`,
		amount: (i % 500) + 0.5,
		id: i,
		smart: true,
	},
	pairedItem: { item: i },
}));

const sendParameters: INodeParameters = {
	resource: 'sms',
	operation: 'send',
	sender: 'SMSDemo',
	phoneNumbers: '={{ $json.phone }}',
	message: 'Your order has shipped.',
	messageType: 'gsm',
	options: {},
};
const personalisedParameters: INodeParameters = {
	resource: 'sms',
	operation: 'sendPersonalised',
	sender: 'SMSDemo',
	phoneNumber: '={{ $json.phone }}',
	template: 'Hello {$first_name}, you owe GHS {$amount}.',
	messageType: 'gsm',
	valuesSource: 'itemFields',
	fieldsPath: '',
	options: {},
};

/** Voice → Send of one stored template to every contact (the demo account's template and voice sender). */
const voiceParameters: INodeParameters = {
	resource: 'voice',
	operation: 'send',
	template: 'appointment_reminder',
	sender: 'DemoVoice',
	phoneNumbers: '={{ $json.phone }}',
	options: {},
};

const rows: Row[] = [];
const fakeContext = fakeContextFor(contacts);

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

/** BENCH_ONLY=<regex>: time only the matching stages (the others run once, for their results). */
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
/** BENCH_PROFILE=<dir>: write a CPU profile of the timed runs of each timed stage there. */
const profileDir = process.env.BENCH_PROFILE;

/** Runs a stage RUNS times (after one warm-up run) and records the median. */
async function stage<T>(name: string, work: () => T | Promise<T>, note?: string): Promise<T> {
	let result = await work();
	if (only && !only.test(name)) return result;
	const session = profileDir ? new Session() : undefined;
	if (session) {
		session.connect();
		await session.post('Profiler.enable');
		await session.post('Profiler.start');
	}
	const times: number[] = [];
	const cpuTimes: number[] = [];
	for (let run = 0; run < RUNS; run++) {
		const cpu = process.cpuUsage();
		const started = performance.now();
		result = await work();
		times.push(performance.now() - started);
		const used = process.cpuUsage(cpu);
		cpuTimes.push((used.user + used.system) / 1000);
	}
	if (session && profileDir) {
		const { profile } = await session.post('Profiler.stop');
		mkdirSync(profileDir, { recursive: true });
		writeFileSync(
			join(profileDir, `${name.replace(/[^\w]+/g, '-')}.cpuprofile`),
			JSON.stringify(profile),
		);
		session.disconnect();
	}
	rows.push({ stage: name, ms: median(times), cpuMs: median(cpuTimes), note });
	if (process.env.BENCH_VERBOSE)
		process.stderr.write(`${name}: ${times.map((t) => t.toFixed(0)).join(' ')}\n`);
	return result;
}

function readAll<T>(operation: Operation<T>, parameters: INodeParameters): Array<ItemInput<T>> {
	const ctx = fakeContext(parameters, []);
	const itemParameters = new ItemParameters(ctx);
	const inputs: Array<ItemInput<T>> = new Array(N);
	for (let i = 0; i < N; i++) {
		inputs[i] = {
			itemIndex: i,
			input: operation.readItem.call(ctx, i, itemParameters, contacts[i]),
		};
	}
	return inputs;
}

function decode(body: string): SendReceipt {
	const envelope = decodeEnvelope(body, sendResultReader.xmlLists);
	if (!envelope.ok) throw new Error(envelope.reason);
	const result = decodeSendResult(envelope.value.data);
	if (!result.ok) throw new Error(result.reason);
	return fromWireSendResult(result.value);
}

/**
 * For scale: the same parameter read by n8n's own expression evaluation (a real execute context,
 * n8n's default legacy engine in this process) for a sample of items, extrapolated to N.
 */
async function n8nEvaluationStage() {
	const sample = contacts.slice(0, Math.min(N, 500));
	const ctx = await n8nContext(sendParameters, sample);
	const row = `read {{ $json.phone }} by n8n, ${sample.length} items`;
	await stage(row, () => {
		const parameters = new ItemParameters(ctx, { fieldReferences: false });
		for (let i = 0; i < sample.length; i++) parameters.get('phoneNumbers', i, '');
	});
	const measured = rows[rows.length - 1];
	if (measured?.stage === row) {
		measured.note = `${((measured.ms / sample.length) * 1000).toFixed(0)} µs an item: ${((measured.ms * N) / sample.length / 1000).toFixed(1)} s for ${N.toLocaleString('en')}`;
	}
}

const numbers = contacts.map((item) => item.json.phone as string);
const requests = `${Math.ceil(N / BATCH)} × ${BATCH}`;

/** Request bodies for one message, one per batch of `size` recipients, as the node encodes them. */
function encode(m: OutgoingMessage, format: WireDataFormat, size = BATCH): string[] {
	const bodies: string[] = [];
	for (let start = 0; start < m.recipients.length; start += size) {
		bodies.push(
			encodeMessageUnit(toWireMessageUnit(m, m.recipients.slice(start, start + size)), format),
		);
	}
	return bodies;
}

/** The service's answers to all N numbers, one per batch of `size`. */
function batches(format: WireDataFormat, kind: AnswerKind, size = BATCH): string[] {
	const out: string[] = [];
	for (let start = 0; start < N; start += size)
		out.push(answer(numbers.slice(start, start + size), format, kind));
	return out;
}

/** Reading: the fast path alone, then whole items as the operations read them. */
async function readingStages() {
	await stage('read {{ $json.phone }} (fast path only)', () => {
		const parameters = new ItemParameters(fakeContext(sendParameters, []));
		let length = 0;
		for (let i = 0; i < N; i++) length += parameters.get<string>('phoneNumbers', i, '').length;
		return length;
	});
	await numberStages(stage, N, localNumber);
	await n8nEvaluationStage();
	const sendInputs = await stage('read Send items (params, split, normalise, checks)', () =>
		readAll<SendInput>(send, sendParameters),
	);
	const personalisedInputs = await stage('read Send Personalised items (+ values)', () =>
		readAll<SendPersonalisedInput>(sendPersonalised, personalisedParameters),
	);
	await smartEncodingStages((parameters) => readAll<SendInput>(send, parameters), sendParameters);
	return { sendInputs, personalisedInputs };
}

/**
 * Encoding and decoding as the node does it (one request per batch of 1000), then once more as
 * a single unit of all N destinations.
 */
async function codecStages(message: OutgoingMessage, personalisedMessage: OutgoingMessage) {
	for (const format of ['json', 'xml'] as const) {
		const F = format.toUpperCase();
		await stage(`encode ${F}, plain`, () => encode(message, format), requests);
		await stage(`encode ${F}, personalised`, () => encode(personalisedMessage, format), requests);
		const answers = batches(format, 'sms');
		await stage(`decode ${F} answers`, () => answers.map(decode), requests);
		const sdkAnswers: string[] = [];
		for (let start = 0; start < N; start += BATCH)
			sdkAnswers.push(sdkAnswer(numbers.slice(start, start + BATCH), format));
		await stage(`decode ${F} answers, SDK dialect`, () => sdkAnswers.map(decode), requests);
		await stage(`encode ${F}, plain, one body`, () => encode(message, format, N), `1 × ${N}`);
		const [whole] = batches(format, 'sms', N);
		await stage(
			`decode ${F} answer, one body`,
			() => decode(whole),
			`1 × ${N}, ${(whole.length / 1e6).toFixed(1)} MB`,
		);
	}
}

/** Whole runs with the prepared answers, batch by batch as the node sends. */
async function dispatchStages(message: OutgoingMessage) {
	const settings = (format: WireDataFormat) => {
		const ctx = fakeContext(
			{ ...sendParameters, options: { dataFormat: format, checkSender: false } },
			[],
		);
		return readSettings(ctx, new ItemParameters(ctx));
	};
	for (const format of ['json', 'xml'] as const) {
		const answers = batches(format, 'sms');
		await stage(
			`dispatch ${format.toUpperCase()} (encode, decode, pair, outcomes)`,
			() => dispatch(fakeContext(sendParameters, answers), [message], settings(format)),
			requests,
		);
	}
}

async function endToEndStages() {
	for (const [label, parameters, kind] of [
		['Send', sendParameters, 'sms'],
		['Send Personalised', personalisedParameters, 'personalised'],
		['Voice Send', voiceParameters, 'voice'],
	] as const) {
		for (const format of ['json', 'xml'] as const) {
			const answers = batches(format, kind);
			// Check Sender off and Default Country Code 233: the profile request of either is HTTP,
			// which this in-process bench does not serve (the real-n8n bench makes it); checking
			// 100,000 numbers costs 45-90 ms more here. The numbers are read in Ghana either way.
			const withFormat = {
				...parameters,
				options: { dataFormat: format, checkSender: false, countryCode: '233' },
			};
			const name = `node end to end: ${label}, ${format.toUpperCase()}`;
			const output = await stage(name, () => router.call(fakeContext(withFormat, answers)));
			const items = output[0];
			if (items.length !== N || (items[N - 1].json as IDataObject).verdict !== 'accepted') {
				throw new Error(`bench: unexpected output (${items.length} items)`);
			}
		}
	}
}

async function main() {
	const { sendInputs, personalisedInputs } = await readingStages();
	const [message] = (
		await stage('group Send items into messages', () => groupMessages(sendInputs, true))
	).messages;
	const [personalisedMessage] = await stage('group Send Personalised items', () =>
		groupPersonalised(personalisedInputs),
	);
	await codecStages(message, personalisedMessage);
	const receipts = batches('json', 'sms').map(decode);
	await stage(
		'pair answers with recipients',
		() =>
			receipts.map((r, k) =>
				pairDestinations(message.recipients.slice(k * BATCH, (k + 1) * BATCH), r.destinations),
			),
		requests,
	);
	await dispatchStages(message);
	await clientReferenceStages(stage, fakeContext, contacts, sendParameters);
	await endToEndStages();
	deriveOutcomes(rows);
	printTable(rows, N, RUNS, TARGET_MS);
	printNumberForms(rows, N);
	printSmartEncoding(rows, N);
}

main().catch((error) => {
	process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
	process.exitCode = 1;
});
