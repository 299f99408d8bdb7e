/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The queue stack's webhook processors without n8n: where the n-th call of a load balancer's
 * round-robin goes, what main is told when processors serve the production webhooks, and the
 * client that spreads calls over them.
 */
import * as http from 'node:http';
import { postEach, type CallResult } from '../../tools/queue';
import { mainEnv, sharedEnv, webhookUrlOf } from '../../tools/queue/environment';

const MAIN = 'http://127.0.0.1:5000';
const PROCESSORS = ['http://127.0.0.1:5100', 'http://127.0.0.1:5200'];

describe('webhookUrlOf', () => {
	test('without processors every call goes to main', () => {
		expect([0, 1, 2].map((n) => webhookUrlOf(MAIN, [], 'abc/delivery-report', n))).toEqual([
			'http://127.0.0.1:5000/webhook/abc/delivery-report',
			'http://127.0.0.1:5000/webhook/abc/delivery-report',
			'http://127.0.0.1:5000/webhook/abc/delivery-report',
		]);
	});

	test('with two processors the calls alternate between them, the first call on the first, never on main', () => {
		expect([0, 1, 2, 3, 4].map((n) => webhookUrlOf(MAIN, PROCESSORS, 'p', n))).toEqual([
			'http://127.0.0.1:5100/webhook/p',
			'http://127.0.0.1:5200/webhook/p',
			'http://127.0.0.1:5100/webhook/p',
			'http://127.0.0.1:5200/webhook/p',
			'http://127.0.0.1:5100/webhook/p',
		]);
		expect(webhookUrlOf(MAIN, PROCESSORS, 'p')).toBe('http://127.0.0.1:5100/webhook/p');
	});

	test('a call number that is not a whole number from 0 is refused', () => {
		expect(() => webhookUrlOf(MAIN, PROCESSORS, 'p', -1)).toThrow(
			'call number -1: a whole number from 0',
		);
		expect(() => webhookUrlOf(MAIN, PROCESSORS, 'p', 1.5)).toThrow(
			'call number 1.5: a whole number from 0',
		);
	});
});

describe('mainEnv', () => {
	test('main serves no production webhook once processors are in front, and is left as it is without them', () => {
		expect(mainEnv(2)).toEqual({ N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' });
		expect(mainEnv(1)).toEqual({ N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' });
		expect(mainEnv(0)).toEqual({});
	});
});

describe('postEach', () => {
	test('sends each call to the URL chosen for it and reports each result as it comes', async () => {
		const seen: string[] = [];
		const server = http.createServer((request, response) => {
			seen.push(String(request.url));
			request.resume();
			request.on('end', () => response.writeHead(request.url === '/b' ? 500 : 200).end());
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const { port } = server.address() as { port: number };
		const reported: CallResult[] = [];
		try {
			const urls = ['a', 'b'].map((p) => `http://127.0.0.1:${port}/${p}`);
			const results = await postEach(
				(i) => urls[i % 2],
				[{}, {}, {}],
				1,
				10_000,
				(r) => reported.push(r),
			);
			expect(results.map((r) => r.status)).toEqual([200, 500, 200]);
			expect(seen).toEqual(['/a', '/b', '/a']);
			expect(reported.map((r) => r.index)).toEqual([0, 1, 2]);
		} finally {
			server.close();
		}
	});
});

describe('sharedEnv', () => {
	test('every process keeps the last 1,000 finished jobs in Redis, so a missed "finished" event is found by looking the job up', () => {
		const env = sharedEnv({
			redis: { host: '127.0.0.1', port: 1 },
			postgres: { host: '127.0.0.1', port: 2, database: 'n8n', user: 'n8n', password: 'pw' },
			encryptionKey: 'k',
			mode: 'queue',
		});
		expect(env).toMatchObject({
			N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED: '1000',
			N8N_EXECUTIONS_QUEUE_KEEP_LAST_FAILED: '1000',
			EXECUTIONS_MODE: 'queue',
		});
	});
});
