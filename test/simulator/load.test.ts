import type { Envelope } from './answers';
import { Simulator } from '../../simulator';
import { JSON_HEADERS, SEND, XML_HEADERS, raw } from './helpers';
import { figure } from '../harness/figures';

const COUNT = 100_000;
const sim = new Simulator({
	accounts: [{ id: 'bulk', apiKey: 'bulk-key', balance: 10 * COUNT, senders: ['Bulk'] }],
});
const JSON_AUTH = { ...JSON_HEADERS, authorization: 'key bulk-key' };
const XML_AUTH = { ...XML_HEADERS, authorization: 'key bulk-key' };

/**
 * Each request on a connection of its own. The checks between two requests of 100,000 take
 * seconds on a busy machine, about the simulator's keep-alive timeout (Node's 5 s): fetch could
 * then reuse a connection the server was closing and see ECONNRESET.
 */
async function post(
	path: string,
	body: string,
	headers: Record<string, string>,
): Promise<{ text: string; json: Envelope | undefined }> {
	const { body: text } = await raw(sim.baseUrl, { path, headers, body });
	let json: Envelope | undefined;
	try {
		json = JSON.parse(text) as Envelope;
	} catch {
		json = undefined;
	}
	return { text, json };
}

/** Distinct local numbers 0200000000, 0200000001, … */
const numbers = (count: number): string[] =>
	Array.from({ length: count }, (_, i) => `02${String(i).padStart(8, '0')}`);

const plainJson = (list: string[]): string =>
	JSON.stringify({ text: 'Bulk notice', type: 0, sender: 'Bulk', destinations: list });
const plainXml = (list: string[]): string =>
	`<?xml version="1.0" encoding="UTF-8"?><request><text>Bulk notice</text><type>0</type><sender>Bulk</sender><destinations>${list
		.map((n) => `<to>${n}</to>`)
		.join('')}</destinations></request>`;
const personalisedJson = (list: string[]): string =>
	JSON.stringify({
		text: 'Dear {$name}, you owe {$amount}',
		type: 0,
		sender: 'Bulk',
		destinations: list.map((number, i) => ({ number, values: [`N${i}`, i] })),
	});

beforeAll(async () => {
	await sim.start(0);
	// Warm the code paths up, so the timings below are of the work, not of the first compilation.
	const few = numbers(2000);
	await post(SEND, plainJson(few), JSON_AUTH);
	await post(SEND, plainXml(few), XML_AUTH);
	await post(SEND, personalisedJson(few), JSON_AUTH);
});
afterAll(() => sim.stop());
beforeEach(() => sim.reset());

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
	const started = performance.now();
	const result = await run();
	const roundTrip = performance.now() - started;
	const server = sim.journal[0]?.durationMs ?? NaN;
	figure(
		`${label}: ${roundTrip.toFixed(0)} ms round trip, ${server.toFixed(0)} ms in the simulator`,
	);
	return result;
}

describe(`one request with ${COUNT} destinations`, () => {
	const all = numbers(COUNT);
	const last = `2332${String(COUNT - 1).padStart(8, '0')}`;

	it('is answered correctly in JSON', async () => {
		const body = plainJson(all);
		const res = await timed('100k destinations, JSON', () => post(SEND, body, JSON_AUTH));
		expect(res.json?.handshake.id).toBe(0);
		const destinations = res.json!.data.destinations;
		expect(destinations).toHaveLength(COUNT);
		expect(destinations.every((d) => d.status.id === 2105)).toBe(true);
		expect(destinations[0].to).toBe('233200000000');
		expect(destinations[COUNT - 1].to).toBe(last);
		expect(new Set(destinations.map((d) => d.id)).size).toBe(COUNT);
		expect(sim.balance('bulk')).toBe(9 * COUNT);
		expect(Object.keys(sim.submissionCounts())).toHaveLength(COUNT);
	});

	it('is answered correctly in XML', async () => {
		const body = plainXml(all);
		const res = await timed('100k destinations, XML', () => post(SEND, body, XML_AUTH));
		expect(res.text).toContain('<handshake><id>0</id><label>HSHK_OK</label></handshake>');
		expect(res.text.split('<item>').length - 1).toBe(COUNT);
		expect(res.text.split('<status><id>2105</id>').length - 1).toBe(COUNT);
		expect(res.text).toContain('<to>233200000000</to>');
		expect(res.text).toContain(`<to>${last}</to>`);
		expect(sim.balance('bulk')).toBe(9 * COUNT);
	});

	it('is reported on in full (every outcome final), in XML as the SDK asks', async () => {
		const sent = await post(SEND, plainJson(all), JSON_AUTH);
		const batch = sent.json!.data.batch;
		const path = `/v5/report/message/delivery/${batch}`;
		const started = performance.now();
		const res = await post(path, '', XML_AUTH);
		figure(
			`100k destinations, delivery report XML: ${(performance.now() - started).toFixed(0)} ms round trip`,
		);
		expect(res.text.split('<item>').length - 1).toBe(COUNT);
		// Numbers 0200000000 to 0200099999: one in 10,000 ends 0000 (undelivered), one in 10,000 9999 (expired).
		expect(res.text.split('<status><id>2112</id>').length - 1).toBe(COUNT / 10_000);
		expect(res.text.split('<status><id>2111</id>').length - 1).toBe(COUNT / 10_000);
		expect(res.text.split('<status><id>2110</id>').length - 1).toBe(COUNT - (2 * COUNT) / 10_000);
		expect(res.text.split('<reportDateTime>').length - 1).toBe(COUNT);
	});

	it('is answered correctly when personalised', async () => {
		const body = personalisedJson(all);
		const res = await timed('100k personalised destinations, JSON', () =>
			post(SEND, body, JSON_AUTH),
		);
		expect(res.json?.data.destinations).toHaveLength(COUNT);
		expect(sim.journal[0].rendered?.[COUNT - 1]).toBe(`Dear N${COUNT - 1}, you owe ${COUNT - 1}`);
		expect(sim.balance('bulk')).toBe(9 * COUNT);
	});
});
