/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The node in n8n's queue mode: Redis, Postgres, n8n main and two workers (the package installed
 * on each as n8n's installer lays it out), an active workflow Webhook → Code → SMS (Batch Size 10,
 * Continue On Fail), driven by webhook calls against the simulator.
 *
 * Each case of CASES is one variant of the workflow, imported side by side into the same n8n and
 * run through every test: the Client Reference variant is one more line in the table. The kill
 * test restarts the worker it killed, so the next case finds two workers again. The test of a
 * worker without the package runs last, once. Set-up: queue-suite.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type FaultKind } from '../../simulator';
import { installPackage, PACKAGE_NAME } from '../../tools/n8n/runtime';
import { international, postAll, retryExecution, workerExecutions } from '../../tools/queue';
import {
	executionsAfter,
	histogram,
	itemsOf,
	lastExecutionId,
	note,
	numbersWhere,
	readSetup,
	settled,
	stillOpen,
	storedData,
	tally,
	withStoredAnswers,
} from './helpers';
import {
	CASES,
	SEND_PATH,
	BATCH_SIZE,
	CONCURRENCY,
	sim,
	stack,
	unflatten,
	freshWorkload,
	resetSimulator,
	countsOf,
	expectEveryNumberReported,
	expectFailedBeforeTheSmsNode,
	workerWithExecutionsInFlight,
	useQueueStack,
} from './queue-suite';

useQueueStack();

describe.each(CASES)('queue mode, two workers ($path)', (c) => {
	const url = () => stack.webhookUrl(c.path);

	test('200 executions of 50 numbers, 20 at a time: every number accepted once, every execution a success, both workers used', async () => {
		const before = await lastExecutionId(stack);
		const startedBefore = stack.workers.map(
			(w) => workerExecutions(w.child.output()).started.length,
		);
		const calls = freshWorkload(200, 50);
		const t0 = Date.now();
		const results = await withStoredAnswers(
			stack,
			unflatten,
			before,
			calls,
			await postAll(url(), calls, CONCURRENCY, 120_000),
		);
		const seconds = (Date.now() - t0) / 1000;
		note(
			`200 × 50 numbers, ${CONCURRENCY} at a time: ${seconds.toFixed(1)} s, ${(200 / seconds).toFixed(2)} executions/s`,
		);

		const items = expectEveryNumberReported(calls, results);
		expect(tally(items)).toEqual({ accepted: 10_000 });
		expect(sim.submissionCounts()).toEqual(countsOf(calls));

		await settled(stack, before, 30_000);
		const executions = await executionsAfter(stack, before);
		expect(tally(executions, 'status')).toEqual({ success: 200 });
		// Each execution ran on exactly one worker, and each worker ran some.
		const ranBy = stack.workers.map((w, i) =>
			workerExecutions(w.child.output()).started.slice(startedBefore[i]),
		);
		note(
			`executions per worker: ${ranBy.map((ids, i) => `${stack.workers[i].label} ${ids.length}`).join(', ')}`,
		);
		expect(
			ranBy
				.flat()
				.map(Number)
				.sort((a, b) => a - b),
		).toEqual(executions.map((e) => e.id));
		for (const ids of ranBy) expect(ids.length).toBeGreaterThan(0);
	});

	interface FaultCase {
		kind: FaultKind;
		/** Whether the simulator processed the request before failing it. */
		processed: boolean;
		message: string;
	}
	const FAULTS: FaultCase[] = [
		{
			kind: 'http500',
			processed: false,
			message:
				'The SMS service failed with HTTP 500: check the sent messages in your SMSOnlineGH account before sending again',
		},
		{
			kind: 'resetAfter',
			processed: true,
			message:
				'The connection to the SMS service broke before its answer arrived: check the sent messages in your SMSOnlineGH account before sending again',
		},
		{
			kind: 'resetBefore',
			processed: false,
			message:
				'The connection to the SMS service broke before its answer arrived: check the sent messages in your SMSOnlineGH account before sending again',
		},
	];

	test.each(FAULTS)(
		'$kind on the 150th of 300 requests: without a Client Reference its numbers maybeSent and the rest of that execution notSent, with one sent again safely; nothing sent twice',
		async (fault) => {
			const calls = freshWorkload(60, 50);
			sim.addFault({ kind: fault.kind, nth: 150, path: SEND_PATH });
			const before = await lastExecutionId(stack);
			const results = await withStoredAnswers(
				stack,
				unflatten,
				before,
				calls,
				await postAll(url(), calls, CONCURRENCY, 120_000),
			);

			const items = expectEveryNumberReported(calls, results);
			const sends = sim.journal.filter((e) => e.path === SEND_PATH);
			const failed = sends.filter((e) => e.fault === fault.kind);
			expect(failed).toHaveLength(1);
			if (c.clientReference) {
				// Every number carries a message id derived from its reference: the node sends the
				// request again at once, and the service refuses what it already took (2131).
				expect(sends).toHaveLength(301);
				expect(tally(items)).toEqual(
					fault.processed ? { accepted: 2990, alreadySent: 10 } : { accepted: 3000 },
				);
				expect(sim.submissionCounts()).toEqual(countsOf(calls));
				return;
			}
			// The body as the node sent it (the simulator decodes only what it processed).
			const failedNumbers = (JSON.parse(failed[0].rawBody).destinations as string[])
				.map(international)
				.sort();
			// The failed request was the k-th of its execution's five; the ones after it were not sent.
			const hit = results
				.map(itemsOf)
				.filter((list) => list.some((item) => item.verdict !== 'accepted'));
			expect(hit).toHaveLength(1);
			const k = hit[0].findIndex((item) => item.verdict !== 'accepted') / BATCH_SIZE + 1;
			const later = 10 * (5 - k);
			note(
				`${fault.kind}: request ${k} of 5 of one execution failed; ${later} numbers after it not sent`,
			);
			expect(tally(items)).toEqual({
				accepted: 3000 - 10 - later,
				maybeSent: 10,
				...(later ? { notSent: later } : {}),
			});
			expect(sends).toHaveLength(300 - (5 - k));

			const maybe = items.filter((item) => item.verdict === 'maybeSent');
			expect(numbersWhere(maybe, () => true)).toEqual(failedNumbers);
			for (const item of maybe) expect(item.error).toBe(fault.message);
			for (const item of items.filter((i) => i.verdict === 'notSent'))
				expect(item.reason).toBe('not sent: an earlier request failed');
			// Accepted numbers went out once; the failed request's once if the service processed it.
			const sent = numbersWhere(
				items,
				(item) => item.verdict === 'accepted' || (fault.processed && item.verdict === 'maybeSent'),
			);
			expect(sim.submissionCounts()).toEqual(Object.fromEntries(sent.map((n) => [n, 1])));
		},
	);

	test("kill -9 of a worker with executions in flight, then the same calls again (and n8n's retry)", async () => {
		const before = await lastExecutionId(stack);
		const calls = freshWorkload(20, 50);
		// Each request takes 1.5 s: five per execution keep every execution in flight for about 8 s,
		// and all 20 run at once (two workers of concurrency 10).
		sim.addFault({ kind: 'latency', ms: 1500, path: SEND_PATH });
		const pending = postAll(url(), calls, CONCURRENCY, 180_000);
		const victim = await workerWithExecutionsInFlight(calls, 2, 60_000);
		victim.child.kill9();
		const killedAt = Date.now();
		await victim.child.exit;
		const killed = workerExecutions(victim.child.output()).inFlight;
		const first = await pending;
		note(
			`killed ${victim.label} with ${killed.length} executions in flight; their calls were answered ${((Date.now() - killedAt) / 1000).toFixed(1)} s later`,
		);
		const restarting = stack.restartWorker(victim.label);

		// What n8n does: the killed executions fail, their callers get HTTP 500, the others succeed.
		const failedCalls = first.filter((r) => r.status !== 200);
		expect(failedCalls).toHaveLength(killed.length);
		for (const r of failedCalls)
			expect(r).toMatchObject({ status: 500, body: { message: 'Error in workflow' } });
		const answered = first.filter((r) => r.status === 200);
		expect(answered.flatMap(itemsOf).every((item) => item.verdict === 'accepted')).toBe(true);
		await settled(stack, before, 60_000);
		const executions = await executionsAfter(stack, before);
		expect(
			executions
				.filter((e) => e.status !== 'success')
				.map((e) => String(e.id))
				.sort(),
		).toEqual([...killed].sort());
		for (const id of killed)
			expect(await storedData(stack, id)).toContain(
				'This execution failed to be processed too many times',
			);

		// What the killed executions had sent before the kill: counted, yet in no answer.
		const firstCounts = sim.submissionCounts();
		expect(Object.values(firstCounts).every((count) => count === 1)).toBe(true);
		const answeredNumbers = new Set(numbersWhere(answered.flatMap(itemsOf), () => true));
		const sentByKilled = Object.keys(firstCounts)
			.filter((n) => !answeredNumbers.has(n))
			.sort();
		expect(sentByKilled.length).toBeGreaterThan(0);
		sim.clearFaults();
		await restarting;

		// n8n's Retry of such an execution: accepted, but n8n kept nothing to run it from.
		for (const id of killed) {
			const retry = await retryExecution(stack.main.url, stack.cookie, id);
			expect(retry).toMatchObject({ status: 200, execution: { status: 'error', finished: false } });
		}
		expect(sim.submissionCounts()).toEqual(firstCounts);

		// The callers call again.
		const repeated = failedCalls.map((r) => calls[r.index]);
		const again = await postAll(url(), repeated, CONCURRENCY, 120_000);
		expectEveryNumberReported(repeated, again);
		const counts = sim.submissionCounts();
		note(`after the same calls again: numbers counted ${JSON.stringify(histogram(counts))}`);
		expect(Object.keys(counts).sort()).toEqual(Object.keys(countsOf(calls)).sort());
		const twice = Object.keys(counts)
			.filter((n) => counts[n] === 2)
			.sort();
		expect(Math.max(...Object.values(counts))).toBeLessThanOrEqual(2);
		// Without Client Reference what went out before the kill goes out again; with it, nothing does.
		expect(twice).toEqual(c.clientReference ? [] : sentByKilled);
	});
});

describe('a worker without the package', () => {
	test('fails the executions it takes with "Unrecognized node type" and sends nothing; installing the package mends it', async () => {
		const worker = stack.workers[1];
		const packageDir = path.join(worker.userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME);
		fs.rmSync(packageDir, { recursive: true });
		const bare = await stack.restartWorker(worker.label);
		const url = stack.webhookUrl(CASES[0].path);
		// 20 at once: the other worker takes at most 10 (its concurrency), so this one gets some.
		const calls = freshWorkload(20, 5);
		const results = await postAll(url, calls, 20, 60_000);

		const ranThere = workerExecutions(bare.child.output()).started;
		note(`${ranThere.length} of 20 executions went to the worker without the package`);
		expect(ranThere.length).toBeGreaterThan(0);
		const failed = results.filter((r) => r.status !== 200);
		expect(failed).toHaveLength(ranThere.length);
		// n8n answers such a call 500 "Error in workflow", or, as seen in some runs, logs "Webhook
		// execution failed before a response was sent" and never answers it (no status within the
		// time limit). Either way the execution is stored as failed and sends nothing (below).
		for (const r of failed) {
			if (r.status !== 0)
				expect(r).toMatchObject({ status: 500, body: { message: 'Error in workflow' } });
		}
		const unanswered = failed.filter((r) => r.status === 0).length;
		note(
			`their calls: ${failed.filter((r) => r.status === 500).length} answered 500, ${unanswered} not answered`,
		);
		// In a run where n8n left calls unanswered it also left as many of these executions
		// `running` for good (seen once, on a loaded machine): such an execution may stay open, and
		// no other; each is still checked not to have run the SMS node, and nothing to have been sent.
		const open = await stillOpen(stack, Math.min(...ranThere.map(Number)) - 1, 60_000);
		if (open.length > 0)
			note(
				`executions ${open.join(', ')} still running after 60 s on the worker without the package`,
			);
		expect(open.filter((id) => !ranThere.map(Number).includes(id))).toEqual([]);
		expect(open.length).toBeLessThanOrEqual(unanswered);
		for (const id of ranThere) await expectFailedBeforeTheSmsNode(id);
		const sent = results.filter((r) => r.status === 200).map((r) => calls[r.index]);
		expect(sim.submissionCounts()).toEqual(countsOf(sent));

		await installPackage(worker.userFolder, readSetup().tarball);
		const mended = await stack.restartWorker(worker.label);
		resetSimulator();
		const again = await postAll(url, calls, 20, 60_000);
		expectEveryNumberReported(calls, again);
		expect(workerExecutions(mended.child.output()).started.length).toBeGreaterThan(0);
	});
});
