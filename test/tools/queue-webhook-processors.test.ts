/**
 * The queue stack's webhook processors without n8n: where the n-th call of a load balancer's
 * round-robin goes, and what main is told when processors serve the production webhooks.
 */
import { mainEnv, webhookUrlOf } from '../../tools/queue/environment';

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
		expect(() => webhookUrlOf(MAIN, PROCESSORS, 'p', -1)).toThrow('call number -1: a whole number from 0');
		expect(() => webhookUrlOf(MAIN, PROCESSORS, 'p', 1.5)).toThrow('call number 1.5: a whole number from 0');
	});
});

describe('mainEnv', () => {
	test('main serves no production webhook once processors are in front, and is left as it is without them', () => {
		expect(mainEnv(2)).toEqual({ N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' });
		expect(mainEnv(1)).toEqual({ N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' });
		expect(mainEnv(0)).toEqual({});
	});
});
