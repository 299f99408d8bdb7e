/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * What `npm run bench` reads from its environment, and the fixed figures every part of it shares.
 * Read once, when the bench starts.
 */
import * as path from 'node:path';

import { PROJECT_ROOT, RUNTIME_ROOT } from '../tools/n8n/runtime';

const list = (text: string) => text.split(',').map((s) => Number(s.trim()));

/** `npm run bench -- --size 100000` (or `--size=100000`, repeated or comma separated): sizes asked for. */
function askedSizes(argv: string[]): number[] {
	const sizes: number[] = [];
	argv.forEach((arg, i) => {
		if (arg === '--size' && argv[i + 1] !== undefined) sizes.push(...list(argv[i + 1]));
		else if (arg.startsWith('--size=')) sizes.push(...list(arg.slice('--size='.length)));
	});
	const wrong = sizes.filter((n) => !Number.isInteger(n) || n < 1);
	if (wrong.length)
		throw new Error(`bench: --size takes whole contact counts, not ${wrong.join(', ')}`);
	return sizes;
}

/** Contact counts, smallest first: 1,000 and 10,000, and any asked for (100,000 is asked for: about 15 more minutes). */
export const DEFAULT_SIZES = [1000, 10_000];
export const SIZES = process.env.BENCH_SIZES
	? list(process.env.BENCH_SIZES)
	: [...new Set([...DEFAULT_SIZES, ...askedSizes(process.argv.slice(2))])].sort((a, b) => a - b);
/** The size every other size's time in node is set against: growth from it should be linear. */
export const BASE_SIZE = 10_000;
export const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
/**
 * Runs of the floor at 100,000 contacts and more. n8n's default expression engine takes about
 * 2–3.6 ms an item for the three fields here (20–36 s at 10,000), so one floor run at 100,000
 * takes 4–6 minutes: three would put the bench well over 20 minutes. Its median is then of this
 * many runs.
 */
export const FLOOR_BIG_RUNS = Math.max(1, Number(process.env.BENCH_FLOOR_BIG_RUNS ?? 1));
export const HTTP_MAX = Number(process.env.BENCH_HTTP_MAX ?? 10_000);
export const BATCH = Number(process.env.BENCH_BATCH ?? 1000);
/** Batch Size of the variant (b′): every contact of a 10,000 list in one request. */
export const BIG_BATCH = 10_000;
export const ONLY = process.env.BENCH_ONLY
	? new Set(process.env.BENCH_ONLY.split(',').map((s) => s.trim()))
	: undefined;
export const PROFILE_DIR = process.env.BENCH_PROFILE
	? path.resolve(process.env.BENCH_PROFILE)
	: undefined;
export const SIM_PORT = Number(process.env.BENCH_SIM_PORT ?? 8095);
export const OUT_DIR = path.resolve(process.env.BENCH_OUT ?? path.join(PROJECT_ROOT, 'bench'));
/** Ports of the n8n processes (they do not serve HTTP for `execute`, but the task broker listens). */
export const N8N_PORT = Number(process.env.BENCH_N8N_PORT ?? 5730);
export const BROKER_PORT = Number(process.env.BENCH_BROKER_PORT ?? 5731);
export const SEND_PATH = '/v5/message/sms/send';
export const MESSAGE = 'Your order has shipped. Reply STOP to opt out.';
export const TEMPLATE = 'Hello {$first_name}, your balance is GHS {$amount}.';
/** The voice template and voice sender of Voice → Send (g): the demo account's (simulator/index.ts). */
export const VOICE_TEMPLATE = 'appointment_reminder';
export const VOICE_SENDER = 'DemoVoice';
export const CREDENTIAL_ID = 'BenchSimCred0001';
export const USER_FOLDER = path.join(RUNTIME_ROOT, 'bench-n8n-2');

/** Targets, printed next to the figures. */
export const TARGETS = {
	sendAt10kMs: 500,
	personalisedAt10kMs: 1000,
	memoryOverFloorMb: 100,
	memoryFactorAt100k: 2,
	pureAt100kMs: 1000,
	reportAt10kMs: 500,
	reportOverSendMb: 100,
	/** Voice → Send's time in node at 10,000, at most this many times Send's in the same run. */
	voiceOverSendFactor: 1.2,
	/** Send at 10,000: at most this many times the raw client posting the same bodies. */
	sendOverRawFactor: 1.5,
	/** HTTP Request at 10,000: at least this many times Send's time. */
	httpOverSendFactor: 100,
	/** Send at 10,000: at most this many times its floor in n8n (reading as it does + the raw client). */
	sendOverFloorFactor: 1.2,
	/** Time in node at N above 10,000: at most N / 10,000 times this much the time at 10,000 (10.5× at 100,000). */
	linearGrowthSlack: 1.05,
};
