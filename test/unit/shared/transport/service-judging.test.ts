/**
 * callService judging an HTTP 200 answer (envelope, handshake, data) against a hand-made execution
 * context. The request, the credential and the rest are in service.test.ts.
 */

import type { DataReader } from '../../../../nodes/shared/transport/service';
import { callService } from '../../../../nodes/shared/transport/service';
import { API_KEY, fakeContext, serviceAnswer } from '../../../harness/fakeContext';
import { JSON_OPTIONS, XML_OPTIONS, BALANCE, balanceCall } from './serviceFixtures';

describe('callService: judging an HTTP 200 answer', () => {
	it('handshake other than 0: refused, with the handshake, its meaning, and no second attempt', async () => {
		const answer = serviceAnswer(null, { id: 1203, label: 'HSHK_ERR_UA_AUTH' });
		const { result, calls } = await balanceCall([answer], {
			...JSON_OPTIONS,
			retry: { maxAttempts: 3, maxWaitMs: 60_000 },
		});
		expect(calls).toHaveLength(1);
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.failure).toMatchObject({
			certainty: 'refused',
			message: 'The service refused the API key or login: check them in the SMSOnlineGH credential',
			description:
				'Check the API key (or login and password) in the SMSOnlineGH credential. (handshake 1203 HSHK_ERR_UA_AUTH)',
			httpCode: 200,
			handshake: { id: 1203, label: 'HSHK_ERR_UA_AUTH' },
			attempts: 1,
		});
	});
	it('a handshake without a label is named by its id alone', async () => {
		const { result } = await balanceCall([{ body: '{"handshake":{"id":1203},"data":null}' }]);
		expect(!result.ok && result.failure.description.endsWith('(handshake 1203)')).toBe(true);
		expect(!result.ok && result.failure.handshake).toEqual({ id: 1203, label: '' });
	});
	it.each([
		['malformed JSON', '{"handshake":{"id":0', 'the JSON body is malformed or cut short'],
		['an HTML page', '<html><body>Welcome</body></html>', 'the XML body has no <response> root'],
		['an empty body', '', 'the body is empty'],
		['plain text', 'OK', 'the body is neither JSON nor XML'],
		['no handshake', '{"data":{"balance":1}}', 'the response has no handshake'],
		[
			'a handshake id that is not an integer',
			'{"handshake":{"id":"zero"}}',
			'handshake.id is not an integer',
		],
		[
			'XML declaring entities',
			'<!DOCTYPE response [<!ENTITY b "1">]><response><handshake><id>0</id></handshake><data><balance>&b;</balance></data></response>',
			'the XML body declares a document type (<!DOCTYPE …>), which the service never sends; it was refused unread so that no entity in it could expand',
		],
	])('an unreadable envelope (%s) may have been processed', async (_case, body, reason) => {
		const { result } = await balanceCall([{ body }]);
		expect(result).toEqual({ ok: false, failure: expect.anything() });
		if (result.ok) return;
		expect({ ...result.failure }).toEqual({
			certainty: 'maybeProcessed',
			message:
				'The SMS service sent an answer that could not be read: check the sent messages in your SMSOnlineGH account before sending again',
			description: `HTTP 200, but ${reason}. The service may have sent the messages: check the sent messages in your SMSOnlineGH account before sending again.`,
			httpCode: 200,
			handshake: undefined,
			attempts: 1,
		});
	});
	it('handshake 0 but unreadable data: the endpoint reader’s own words', async () => {
		const { result } = await balanceCall([serviceAnswer({ balance: 'lots', model: 'quantity' })]);
		expect(!result.ok && { ...result.failure }).toEqual({
			certainty: 'maybeProcessed',
			message: 'The SMS service sent a balance that could not be read: try again later',
			description: 'HTTP 200 and handshake 0, but balance is not a number.',
			httpCode: 200,
			handshake: undefined,
			attempts: 1,
		});
	});
	it('a reader that fails with anything but UnreadableResponseError: "it could not be read"', async () => {
		const reader: DataReader<never> = {
			xmlLists: [],
			read: () => {
				throw new TypeError(`secret detail ${API_KEY}`);
			},
			unreadable: (reason) => ({ message: 'M', description: `because ${reason}` }),
		};
		const fake = fakeContext({ answers: [serviceAnswer({})] });
		const result = await callService(fake.ctx, { path: '/v5/x', reader }, JSON_OPTIONS);
		expect(!result.ok && [result.failure.message, result.failure.description]).toEqual([
			'M',
			'because it could not be read',
		]);
	});

	it('a body the HTTP client already parsed is judged the same', async () => {
		const { result } = await balanceCall([
			{ body: { handshake: { id: 0, label: 'HSHK_OK' }, data: BALANCE } },
		]);
		expect(result).toEqual({ ok: true, value: BALANCE, handshake: { id: 0, label: 'HSHK_OK' } });
	});
	it('an XML answer is read with the same reader', async () => {
		const body =
			'<response><handshake><id>0</id><label>HSHK_OK</label></handshake><data><balance>12.5</balance><model>quantity</model><currencyName>Ghana Cedi</currencyName><currencyCode>GHS</currencyCode></data></response>';
		const { result } = await balanceCall([{ body }], XML_OPTIONS);
		expect(result).toEqual({ ok: true, value: BALANCE, handshake: { id: 0, label: 'HSHK_OK' } });
	});
});
