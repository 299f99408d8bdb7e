/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The SMSOnlineGH Trigger inside a real n8n (`n8n start`, the workflow active): the simulator
 * sends messages (SMS and voice) with the trigger's production URL as their callback,
 * `POST /__sim/deliver` pushes the reports, and n8n's stored executions hold one item per
 * destination with its verdict. A push with a wrong token starts nothing. Bodies n8n itself would
 * refuse with 422 if it parsed them by their Content-Type (XML labelled JSON, gzbin labelled
 * `+xml`, JSON cut short) reach the trigger.
 * With Respond at its default a report is answered 200 with an empty body once its execution is
 * stored, a failed execution 500; refusals and "no destination matched" keep their own answers.
 * Ports 5740-5744, or from E2E_TRIGGER_PORT_BASE on (five ports), so two runs can share a machine.
 * Set-up and helpers: trigger-suite.ts.
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

import { sleep } from '../../tools/n8n/runtime';
import { BATCH, dest, gzbin, xmlReport } from '../unit/trigger/reports';
import {
	TOKEN,
	WORKFLOW_ID,
	PRODUCTION_URL,
	OUTCOMES,
	FAILURES_WORKFLOW_ID,
	FAILURES_URL,
	PARSED_WORKFLOW_ID,
	PARSED_URL,
	FAILING_WORKFLOW_ID,
	FAILING_URL,
} from './trigger-workflows';
import { useTriggerSuite } from './trigger-suite';

describe('SMSOnlineGH Trigger in n8n (n8n-2, n8n start)', () => {
	const suite = useTriggerSuite();
	const { sim, executionIds, itemsAfter, runItemsAfter, sendWithCallback, deliver, pushRaw } =
		suite;

	test.each([
		['JSON', 'application/json'],
		['XML', 'application/xml'],
	])(
		'%s reports: one execution per push, one item per destination with its verdict',
		async (_name, accept) => {
			// Just after activation n8n may still answer 404 for a moment: the first push waits for it.
			const before = await executionIds();
			const sent = await sendWithCallback(`${PRODUCTION_URL}?token=${TOKEN}`, accept);
			let posted = await deliver(sent.batch);
			for (let tries = 0; posted < 3 && tries < 20; tries++) {
				await sleep(500);
				posted += await deliver(sent.batch);
			}
			expect(posted).toBe(3);
			const items = await itemsAfter(before, 3);
			const seen = items.map((i) => [i.to, i.messageId, i.verdict, i.batch]).sort();
			const expected = Object.entries(OUTCOMES)
				.map(([to, verdict]) => [to, sent.ids[to], verdict, sent.batch])
				.sort();
			expect(seen).toEqual(expected);
			for (const item of items)
				expect(item).toMatchObject({ final: true, status: { id: expect.any(Number) } });
		},
	);

	test("a voice message's reports: one item per number with its verdict, category voice", async () => {
		const before = await executionIds();
		const sent = await sendWithCallback(
			`${PRODUCTION_URL}?token=${TOKEN}`,
			'application/xml',
			true,
		);
		expect(await deliver(sent.batch)).toBe(3);
		const items = await itemsAfter(before, 3);
		expect(items.map((i) => [i.to, i.messageId, i.verdict, i.category, i.batch]).sort()).toEqual(
			Object.entries(OUTCOMES)
				.map(([to, verdict]) => [to, sent.ids[to], verdict, 'voice', sent.batch])
				.sort(),
		);
	});

	test('the default Secret Token (the node id) lets the service in; Only Verdicts starts executions for failures alone', async () => {
		const before = await executionIds(FAILURES_WORKFLOW_ID);
		const sent = await sendWithCallback(FAILURES_URL, 'application/json');
		expect(await deliver(sent.batch)).toBe(3);
		const items = await itemsAfter(before, 2, FAILURES_WORKFLOW_ID);
		expect(items.map((i) => [i.to, i.verdict]).sort()).toEqual([
			['233240000000', 'undelivered'],
			['233559999999', 'expired'],
		]);
		await sleep(1000);
		expect(await executionIds(FAILURES_WORKFLOW_ID)).toHaveLength(before.length + 2);
	});

	test('a wrong token or none: 401, nothing taken, no execution', async () => {
		const before = await executionIds();
		const sent = await sendWithCallback(`${PRODUCTION_URL}?token=wrong`, 'application/json');
		expect(await deliver(sent.batch)).toBe(0);
		const attempts = sim.deliveries.filter((a) => a.batch === sent.batch);
		expect(attempts.map((a) => a.httpStatus)).toEqual([401, 401, 401]);
		const bare = await fetch(PRODUCTION_URL, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{}',
		});
		expect(bare.status).toBe(401);
		await sleep(2000);
		expect(await executionIds()).toEqual(before);
		expect(suite.server().output()).not.toContain('wrong');
	});

	const ID_A = '7e2e0000-0000-4000-8000-0000000000a1';
	const ID_B = '7e2e0000-0000-4000-8000-0000000000b2';
	const REPORT = xmlReport([dest(ID_A, '233241234567', 2110), dest(ID_B, '233240000000', 2112)]);

	test.each([
		['an XML report labelled application/json', REPORT, 'application/json'],
		[
			'a gzbin report labelled application/vnd.zenoph.zbm.gzbin+xml',
			gzbin(REPORT),
			'application/vnd.zenoph.zbm.gzbin+xml',
		],
	])(
		'%s (n8n would answer 422 had it parsed it): 200, its items',
		async (_name, body, contentType) => {
			const before = await executionIds();
			const answer = await pushRaw(body, contentType);
			// Answered once the execution is stored (Respond at its default), with no data.
			expect(answer).toEqual({ status: 200, text: '' });
			const items = await itemsAfter(before, 1);
			expect(items.map((i) => [i.batch, i.messageId, i.to, i.verdict])).toEqual([
				[BATCH, ID_A, '233241234567', 'delivered'],
				[BATCH, ID_B, '233240000000', 'undelivered'],
			]);
		},
	);

	test('JSON cut short, labelled application/json: 200, one item with a warning, an excerpt, and the whole body as binary data', async () => {
		const before = await executionIds();
		const body =
			'{"handshake":{"id":0,"label":"HSHK_OK"},"data":{"batch":"' +
			BATCH +
			'","destinations":[{"id":"' +
			ID_A;
		const answer = await pushRaw(body, 'application/json');
		expect(answer.status).toBe(200);
		const items = await runItemsAfter(before, 1);
		expect(items.map((i) => i.json)).toEqual([
			{
				warning: expect.stringContaining('the JSON body is malformed or cut short'),
				excerpt: body,
				contentType: 'application/json',
			},
		]);
		expect(items[0].binary?.rawBody).toMatchObject({
			fileName: 'delivery-report',
			mimeType: 'application/json',
		});
	});

	const JSON_REPORT = JSON.stringify({
		handshake: { id: 0, label: 'HSHK_OK' },
		data: {
			batch: BATCH,
			category: 'sms',
			delivery: true,
			destinations: [dest(ID_A, '233241234567', 2110), dest(ID_B, '233240000000', 2112)],
		},
	});

	test.each([
		['gzip', gzipSync],
		['deflate', deflateSync],
		['identity', (b: Buffer) => b],
	] as const)('a report with Content-Encoding %s: 200, its items', async (coding, encode) => {
		const before = await executionIds();
		const answer = await pushRaw(encode(Buffer.from(JSON_REPORT)), 'application/json', TOKEN, {
			'content-encoding': coding,
		});
		expect(answer).toEqual({ status: 200, text: '' });
		const items = await itemsAfter(before, 1);
		expect(items.map((i) => [i.messageId, i.verdict])).toEqual([
			[ID_A, 'delivered'],
			[ID_B, 'undelivered'],
		]);
	});

	test('Content-Encoding br, which the node cannot bound: 415; gzip inflating past Maximum Body Size: 413; neither starts an execution', async () => {
		const before = await executionIds();
		const br = await pushRaw(
			brotliCompressSync(Buffer.from(JSON_REPORT)),
			'application/json',
			TOKEN,
			{ 'content-encoding': 'br' },
		);
		expect(br).toEqual({
			status: 415,
			text: JSON.stringify({
				message: 'Unsupported Content-Encoding: send the body as it is (identity), gzip or deflate',
			}),
		});
		// 16 MB of spaces before the report: about 16 kB sent, n8n's own reader would inflate it all.
		const bomb = gzipSync(Buffer.from(`${' '.repeat(16 * 1024 * 1024 - 100)}${JSON_REPORT}`));
		const big = await pushRaw(bomb, 'application/json', TOKEN, { 'content-encoding': 'gzip' });
		expect(big).toEqual({
			status: 413,
			text: JSON.stringify({ message: 'The body is larger than 4194304 bytes' }),
		});
		await sleep(1500);
		expect(await executionIds()).toEqual(before);
	});

	test('a destination holding a member 5,000 deep: 200, the good destinations as items, that one a bounded warning', async () => {
		const before = await executionIds();
		const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
		const body = JSON_REPORT.replace('"to":"233240000000"', `"to":${deep}`);
		const answer = await pushRaw(body, 'application/json');
		expect(answer).toEqual({ status: 200, text: '' });
		const items = await itemsAfter(before, 1);
		expect(items[0]).toMatchObject({ messageId: ID_A, verdict: 'delivered' });
		expect(items[1].warning).toMatch(/^The pushed report could not be read whole: destination 2 /);
		expect(JSON.stringify(items).length).toBeLessThan(3000);
	});

	test('a wrong token with a malformed body: 401 (the token comes first), no execution', async () => {
		const before = await executionIds();
		const answer = await pushRaw('{"handshake":', 'application/json', 'wrong-token-malformed');
		expect(answer.status).toBe(401);
		expect(answer.text).not.toContain('handshake');
		await sleep(2000);
		expect(await executionIds()).toEqual(before);
		expect(suite.server().output()).not.toContain('wrong-token-malformed');
	});

	test('without the hidden option n8n parses first: the XML labelled JSON gets 422 from n8n; a well-labelled report still arrives', async () => {
		const refused = await fetch(PARSED_URL, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: REPORT,
		});
		expect(refused.status).toBe(422);
		const before = await executionIds(PARSED_WORKFLOW_ID);
		const taken = await fetch(PARSED_URL, {
			method: 'POST',
			headers: { 'content-type': 'application/xml' },
			body: REPORT,
		});
		expect(taken.status).toBe(200);
		const items = await itemsAfter(before, 1, PARSED_WORKFLOW_ID);
		expect(items.map((i) => [i.messageId, i.verdict])).toEqual([
			[ID_A, 'delivered'],
			[ID_B, 'undelivered'],
		]);
	});

	/*
	 * Respond at its default (When the Workflow Has Finished, n8n's lastNode): what the service is
	 * answered in each case. The refusals and "no destination matched" are answered before any
	 * execution, as with Immediately.
	 */
	test('a failed execution: 500, nothing of the workflow in the answer, the execution stored as failed', async () => {
		const before = await executionIds(FAILING_WORKFLOW_ID, 'error');
		const answer = await fetch(FAILING_URL, {
			method: 'POST',
			headers: { 'content-type': 'application/xml' },
			body: REPORT,
		});
		expect(answer.status).toBe(500);
		const text = await answer.text();
		expect(JSON.parse(text)).toEqual({ message: 'Error in workflow' });
		expect(text).not.toContain(ID_A);
		let after = before;
		for (let tries = 0; tries < 40 && after.length === before.length; tries++) {
			await sleep(250);
			after = await executionIds(FAILING_WORKFLOW_ID, 'error');
		}
		expect(after).toHaveLength(before.length + 1);
	});

	test('refused pushes keep their answers: 413 over the size, 400 for no report; none starts an execution', async () => {
		const before = await executionIds();
		const big = await pushRaw(`{"padding":"${'p'.repeat(5 * 1024 * 1024)}"}`, 'application/json');
		expect(big).toEqual({
			status: 413,
			text: JSON.stringify({ message: 'The body is larger than 4194304 bytes' }),
		});
		const plain = await pushRaw('delivered 233241234567', 'text/plain');
		expect(plain.status).toBe(400);
		expect(JSON.parse(plain.text)).toEqual({
			message: 'Not a delivery report: the body is neither JSON, XML nor base64 of gzip',
		});
		await sleep(1500);
		expect(await executionIds()).toEqual(before);
		expect(await executionIds(WORKFLOW_ID, 'error')).toEqual([]);
	});

	test('no destination with the chosen verdicts: 200 with its message at once, no execution', async () => {
		const before = await executionIds(FAILURES_WORKFLOW_ID);
		const answer = await fetch(FAILURES_URL, {
			method: 'POST',
			headers: { 'content-type': 'application/xml' },
			body: xmlReport([dest(ID_A, '233241234567', 2110)]),
		});
		expect(answer.status).toBe(200);
		expect(await answer.json()).toEqual({
			message: "No destination matched the trigger's verdicts",
		});
		await sleep(1500);
		expect(await executionIds(FAILURES_WORKFLOW_ID)).toEqual(before);
	});
});
