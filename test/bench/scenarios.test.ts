/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Every scenario of `npm run bench` (bench/scenarios.ts), its client run in process against the
 * simulator, so a scenario cannot break without a failing test: the SMS node's workflows as the
 * bench imports them (test/harness/workflowFile.ts), the floor node of (h) and (h′), the raw
 * client replaying the sends of (b) and (c), and the request the HTTP Request node of (d) posts.
 * The Edit Fields floor (a) sends nothing and is n8n's own node: only its workflow is checked.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { countGood } from '../../bench/n8n-run';
import { FLOOR_NODE_TYPE } from '../../bench/floor-node-type';
import { ReadParameters } from '../../bench/floor-node/ReadParameters.node';
import { runRaw, saveBodies, writeRawClient } from '../../bench/raw-client';
import { type Scenario, type ScenarioKey, SCENARIOS } from '../../bench/scenarios';
import { workflow } from '../../bench/workflows';
import type { Runtime } from '../../tools/n8n/runtime';
import { DEMO_ACCOUNT } from '../../simulator';
import { runWorkflowFile } from '../harness/workflowFile';
import { useSimulator } from '../node/fixtures';

const CONTACTS = 1500;

const scenario = (key: ScenarioKey): Scenario => {
	const found = SCENARIOS.find((s) => s.key === key);
	if (!found) throw new Error(`no scenario ${key}`);
	return found;
};

/** Enough of a runtime for the raw client: the Node running the tests (it has fetch). */
const thisNode = { nodeBin: process.execPath } as Runtime;

describe("The bench's scenarios, each client run in process against the simulator", () => {
	const t = useSimulator();
	const { scratch, rawScript } = writeRawClient();
	afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
	beforeEach(() => t.sim.setBalance(DEMO_ACCOUNT.id, 10_000_000));

	/** The scenario's workflow at CONTACTS, run; its measured node's items. */
	async function runScenario(key: ScenarioKey): Promise<IDataObject[]> {
		const s = scenario(key);
		const { run, output } = await runWorkflowFile(workflow(s, CONTACTS, t.baseUrl), t.apiKey(), {
			[FLOOR_NODE_TYPE]: new ReadParameters(),
		});
		expect(run.data.resultData.error).toBeUndefined();
		return output(s.node!);
	}

	it.each([
		'send',
		'sendBig',
		'voice',
		'personalised',
		'report',
		'readN8n',
		'readNode',
		'readPost',
	] as ScenarioKey[])('%s: every contact comes out done', async (key) => {
		const items = await runScenario(key);
		expect(items).toHaveLength(CONTACTS);
		expect(
			countGood(
				key,
				items.map((json) => ({ json })),
			),
		).toBe(CONTACTS);
	});

	it('the floor node reads the same values either way, and sends nothing', async () => {
		const byN8n = await runScenario('readN8n');
		const bySend = await runScenario('readNode');
		expect(bySend).toEqual(byN8n);
		expect(byN8n[7]).toEqual({
			to: '0240000007',
			sender: 'SMSDemo',
			text: 'Your order has shipped. Reply STOP to opt out.',
			type: 'gsm',
			batchSize: 1000,
		});
		expect(t.allRequests()).toHaveLength(0);
	});

	it("readPost: the floor node posts Send's batches, one request each, and every number is answered once", async () => {
		const items = await runScenario('readPost');
		const sends = t.allRequests();
		expect(sends.map((r) => r.path)).toEqual(['/v5/message/sms/send', '/v5/message/sms/send']);
		const bodies = sends.map(
			(r) => JSON.parse(r.rawBody) as { sender: string; text: string; destinations: string[] },
		);
		expect(bodies.map((b) => b.destinations.length)).toEqual([1000, 500]);
		expect(bodies[1]).toMatchObject({
			sender: 'SMSDemo',
			text: 'Your order has shipped. Reply STOP to opt out.',
		});
		expect(new Set(items.map((json) => json.id)).size).toBe(CONTACTS);
	});

	it.each([
		['rawSend', 2],
		['rawPersonalised', 2],
	] as Array<[ScenarioKey, number]>)(
		'%s: the raw client replays the sends and every destination is answered',
		async (key, sends) => {
			const raw = scenario(key);
			await runScenario(raw.bodiesOf!);
			// The node's run also read the profile (the sender check): the raw client leaves it out.
			expect(t.allRequests().length).toBe(sends + 1);
			const bodies = saveBodies(t.sim, t.baseUrl, path.join(scratch, `${key}.json`));
			expect(bodies.requests).toBe(sends);
			const measure = await runRaw(thisNode, CONTACTS, bodies, t.sim, rawScript);
			expect(measure.error).toBeUndefined();
			expect(measure).toMatchObject({ ok: true, items: CONTACTS, requests: sends });
		},
	);

	it('http: the request the HTTP Request node posts for a contact is accepted', async () => {
		const node = workflow(scenario('http'), CONTACTS, t.baseUrl).nodes.find(
			(n) => n.name === scenario('http').node,
		);
		const parameters = node?.parameters as {
			url: string;
			jsonBody: string;
			headerParameters: { parameters: Array<{ name: string; value: string }> };
		};
		const body = parameters.jsonBody.slice(1).replace('{{ $json.phone }}', '0240000001');
		const headers = Object.fromEntries(
			parameters.headerParameters.parameters.map((h) => [h.name, h.value]),
		);
		const response = await fetch(parameters.url, {
			method: 'POST',
			headers: { ...headers, 'content-type': 'application/json' },
			body,
		});
		const answer = (await response.json()) as {
			handshake: { id: number };
			data: { destinations: unknown[] };
		};
		expect(answer.handshake.id).toBe(0);
		expect(answer.data.destinations).toHaveLength(1);
	});

	it('floor: Edit Fields reads the three fields the contacts have', () => {
		const node = workflow(scenario('floor'), CONTACTS, t.baseUrl).nodes.find(
			(n) => n.name === scenario('floor').node,
		);
		const assignments = (
			node?.parameters as { assignments: { assignments: Array<{ value: string }> } }
		).assignments.assignments;
		expect(assignments.map((a) => a.value)).toEqual([
			'={{ $json.phone }}',
			'={{ $json.first_name }}',
			'={{ $json.amount }}',
		]);
	});
});
