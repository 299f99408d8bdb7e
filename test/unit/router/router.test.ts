/**
 * The router, the one item loop, with a hand-made context: the real operations of the registry
 * (their HTTP answered by the context), and spies on them where a test needs an operation to do
 * something exact.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { getBalance } from '../../../nodes/SmsOnlineGh/actions/account/getBalance.operation';
import { send } from '../../../nodes/SmsOnlineGh/actions/sms/send.operation';
import { ItemParameters } from '../../../nodes/SmsOnlineGh/items/parameters';
import { router } from '../../../nodes/SmsOnlineGh/router/router';
import type { FakeContextOptions } from '../../harness/fakeContext';
import { fakeContext, sendAnswer, sentBodies, serviceAnswer } from '../../harness/fakeContext';

const BALANCE = { balance: 40, model: 'quantity', currencyName: 'Ghana Cedi', currencyCode: 'GHS' };

const SEND: INodeParameters = {
	resource: 'sms',
	operation: 'send',
	sender: 'SMSDemo',
	phoneNumbers: '={{ $json.phone }}',
	message: 'Hello',
	// The answers here are canned one per request: no profile request for the sender check.
	options: { retryAttempts: 1, checkSender: false, countryCode: '233' },
};

const PHONES = [{ phone: '0241234567' }, { phone: 'abc' }, { phone: '0201234567' }];

// The fix gives the number's forms once: no description says them again.
const BAD_NUMBER = {
	error:
		'Phone Numbers has an invalid phone number "abc": it contains letters ("abc"); give it as 0241234567, 233241234567 or +233241234567',
};
/** Its error item: a verdict as every item of a send has, and the number as given. */
const BAD_NUMBER_ITEM = {
	input: 'abc',
	to: null,
	verdict: 'notSent',
	reason: `not sent (${BAD_NUMBER.error})`,
	...BAD_NUMBER,
};

let execution = 0;
async function route(options: FakeContextOptions) {
	execution++;
	const fake = fakeContext({ executionId: `router-test-${execution}`, ...options });
	const run = router.call(fake.ctx);
	return { ...fake, run };
}

function accepted(input: string, to: string, id: string) {
	return {
		input,
		to,
		verdict: 'accepted',
		reason: 'pending en route',
		status: { id: 2105, label: 'DS_PENDING_ENROUTE' },
		messageId: id,
		batch: 'b1',
		category: 'sms',
		delivery: false,
		messageType: 'gsm',
		characters: 5,
		parts: 1,
	};
}

afterEach(() => jest.restoreAllMocks());

describe('router: pairing outputs with inputs', () => {
	it('an outcome for all items (Get Balance) is paired with each of them', async () => {
		const { run, calls } = await route({
			parameters: { resource: 'account', operation: 'getBalance' },
			items: [{ a: 1 }, { a: 2 }, { a: 3 }],
			answers: [serviceAnswer(BALANCE)],
		});
		expect(await run).toEqual([
			[{ json: BALANCE, pairedItem: [{ item: 0 }, { item: 1 }, { item: 2 }] }],
		]);
		expect(calls).toHaveLength(1);
	});

	it('an outcome per item (Send) is paired with its own item, in one request', async () => {
		const answer = sendAnswer('b1', [
			{ id: 'm1', to: '233241234567' },
			{ id: 'm2', to: '233201234567' },
		]);
		const { run, calls } = await route({
			parameters: SEND,
			items: [PHONES[0], PHONES[2]],
			answers: [answer],
		});
		expect(await run).toEqual([
			[
				{ json: accepted('0241234567', '233241234567', 'm1'), pairedItem: { item: 0 } },
				{ json: accepted('0201234567', '233201234567', 'm2'), pairedItem: { item: 1 } },
			],
		]);
		expect(sentBodies(calls)).toEqual([
			{ text: 'Hello', type: 0, sender: 'SMSDemo', destinations: ['0241234567', '0201234567'] },
		]);
	});

	it('a number, a list, and an empty list of items become pairedItem as n8n wants them', async () => {
		jest.spyOn(send, 'execute').mockResolvedValue([
			{ items: 2, json: { a: 1 } },
			{ items: [0, 1], json: { b: 2 } },
			{ items: [], json: { c: 3 } },
		]);
		const { run } = await route({ parameters: SEND, items: [PHONES[0], PHONES[0], PHONES[2]] });
		expect(await run).toEqual([
			[
				{ json: { a: 1 }, pairedItem: { item: 2 } },
				{ json: { b: 2 }, pairedItem: [{ item: 0 }, { item: 1 }] },
				{ json: { c: 3 }, pairedItem: [] },
			],
		]);
	});

	it('hands execute every item’s input with its index, and the one ItemParameters', async () => {
		const execute = jest.spyOn(send, 'execute').mockResolvedValue([]);
		const { run } = await route({ parameters: SEND, items: [PHONES[0], PHONES[2]] });
		expect(await run).toEqual([[]]);
		expect(execute).toHaveBeenCalledTimes(1);
		const [inputs, parameters] = execute.mock.calls[0];
		expect(
			inputs.map(({ itemIndex, input }) => [itemIndex, input.recipients.map((r) => r.number)]),
		).toEqual([
			[0, ['0241234567']],
			[1, ['0201234567']],
		]);
		expect(parameters).toBeInstanceOf(ItemParameters);
	});

	it('no input items: nothing is executed', async () => {
		const execute = jest.spyOn(getBalance, 'execute');
		const { run, calls } = await route({
			parameters: { resource: 'account', operation: 'getBalance' },
			items: [],
		});
		expect(await run).toEqual([[]]);
		expect(execute).not.toHaveBeenCalled();
		expect(calls).toEqual([]);
	});
});

describe('router: an item that cannot be read', () => {
	it('without Continue On Fail: its error is thrown and nothing is executed, nothing sent', async () => {
		const execute = jest.spyOn(send, 'execute');
		const { run, calls, credentialReads } = await route({
			parameters: SEND,
			items: PHONES,
			answers: [sendAnswer('b1', [])],
		});
		const error = await run.catch((e: unknown) => e);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect([
			(error as NodeOperationError).message,
			(error as NodeOperationError).description,
		]).toEqual([BAD_NUMBER.error, undefined]);
		expect((error as NodeOperationError).context.itemIndex).toBe(1);
		expect(execute).not.toHaveBeenCalled();
		expect(calls).toEqual([]);
		expect(credentialReads()).toBe(0);
	});

	it('with Continue On Fail: it becomes an error item paired with it, and the others still go', async () => {
		const answer = sendAnswer('b1', [
			{ id: 'm1', to: '233241234567' },
			{ id: 'm3', to: '233201234567' },
		]);
		const { run, calls } = await route({
			parameters: SEND,
			items: PHONES,
			continueOnFail: true,
			answers: [answer],
		});
		expect(await run).toEqual([
			[
				{ json: BAD_NUMBER_ITEM, pairedItem: { item: 1 } },
				{ json: accepted('0241234567', '233241234567', 'm1'), pairedItem: { item: 0 } },
				{ json: accepted('0201234567', '233201234567', 'm3'), pairedItem: { item: 2 } },
			],
		]);
		expect(sentBodies(calls)).toEqual([
			{ text: 'Hello', type: 0, sender: 'SMSDemo', destinations: ['0241234567', '0201234567'] },
		]);
	});

	it('an error other than NodeOperationError is wrapped, naming the item; its error item has no description', async () => {
		const readItem = send.readItem;
		jest.spyOn(send, 'readItem').mockImplementation(function (this: unknown, itemIndex, ...rest) {
			if (itemIndex === 1) throw new TypeError('boom');
			return readItem.call(this as never, itemIndex, ...rest);
		});
		const { run } = await route({ parameters: SEND, items: PHONES });
		const error = (await run.catch((e: unknown) => e)) as NodeOperationError;
		expect(error).toBeInstanceOf(NodeOperationError);
		expect([error.message, error.context.itemIndex]).toEqual(['boom', 1]);

		jest.spyOn(send, 'execute').mockResolvedValue([]);
		const tolerant = await route({ parameters: SEND, items: PHONES, continueOnFail: true });
		expect(await tolerant.run).toEqual([
			[
				{
					json: { verdict: 'notSent', reason: 'not sent (boom)', error: 'boom' },
					pairedItem: { item: 1 },
				},
			],
		]);
	});

	it('every item bad, with Continue On Fail: only error items, and execute is never called', async () => {
		const execute = jest.spyOn(send, 'execute');
		const { run, calls } = await route({
			parameters: SEND,
			items: [{ phone: '' }, { phone: 'abc' }],
			continueOnFail: true,
		});
		expect(await run).toEqual([
			[
				{
					json: {
						verdict: 'notSent',
						reason:
							'not sent (Phone Numbers is empty: map a phone number field, for example {{ $json.phone }})',
						error:
							'Phone Numbers is empty: map a phone number field, for example {{ $json.phone }}',
					},
					pairedItem: { item: 0 },
				},
				{ json: BAD_NUMBER_ITEM, pairedItem: { item: 1 } },
			],
		]);
		expect(execute).not.toHaveBeenCalled();
		expect(calls).toEqual([]);
	});
});

describe('router: an outcome with an error', () => {
	const REJECTED = {
		error:
			'The SMS service rejected the request with HTTP 400: check the API key and Base URL in the SMSOnlineGH credential',
		// Get Balance is a read: its error does not speak of sending.
		description: 'The service did not accept the request. Check the credential and the Base URL.',
	};

	it('without Continue On Fail: the outcome’s own error is thrown', async () => {
		const { run } = await route({
			parameters: { resource: 'account', operation: 'getBalance' },
			items: [{}, {}],
			answers: [{ status: 400 }],
		});
		const error = (await run.catch((e: unknown) => e)) as NodeApiError;
		expect(error).toBeInstanceOf(NodeApiError);
		expect([error.message, error.description, error.httpCode]).toEqual([
			REJECTED.error,
			REJECTED.description,
			'400',
		]);
	});

	it('with Continue On Fail: an error item with the outcome’s pairing', async () => {
		const { run } = await route({
			parameters: { resource: 'account', operation: 'getBalance' },
			items: [{}, {}],
			continueOnFail: true,
			answers: [{ status: 400 }],
		});
		expect(await run).toEqual([[{ json: REJECTED, pairedItem: [{ item: 0 }, { item: 1 }] }]]);
	});

	it('with Continue On Fail: the outcome’s json is kept and the error merged in; good outcomes stay as they are', async () => {
		const parameters = { ...SEND, options: { ...(SEND.options as object), batchSize: 1 } };
		const answers = [sendAnswer('b1', [{ id: 'm1', to: '233241234567' }]), { status: 500 }];
		const { run, calls } = await route({
			parameters,
			items: [PHONES[0], PHONES[2]],
			continueOnFail: true,
			answers,
		});
		const [[first, second]] = (await run) as INodeExecutionData[][];
		expect(calls).toHaveLength(2);
		expect(first).toEqual({
			json: accepted('0241234567', '233241234567', 'm1'),
			pairedItem: { item: 0 },
		});
		expect(second).toEqual({
			json: {
				input: '0201234567',
				to: '0201234567',
				verdict: 'maybeSent',
				reason:
					'unknown: may have been sent (The SMS service failed with HTTP 500: check the sent messages in your SMSOnlineGH account before sending again)',
				messageType: 'gsm',
				characters: 5,
				parts: 1,
				error:
					'The SMS service failed with HTTP 500: check the sent messages in your SMSOnlineGH account before sending again',
				description: [
					'The service reported an error after receiving the request: it may have sent some or all of the messages. Check the sent messages in your SMSOnlineGH account before sending again.',
					'Went out before the failure: 1 number in 1 request (batch b1).',
					'May have been sent: 1 number of the failed request (0201234567).',
					'With the Client Reference option set, running the node again would have been safe: the service refuses a message it already has.',
				].join('\n'),
			},
			pairedItem: { item: 1 },
		});
	});

	it('an error item’s error and description win over fields of the same name', async () => {
		const error = new NodeApiError(
			fakeContext().ctx.getNode(),
			{ message: 'x' },
			{ message: 'Real', description: 'Why' },
		);
		jest
			.spyOn(send, 'execute')
			.mockResolvedValue([
				{ items: 0, json: { error: 'old', description: 'old', keep: true }, error },
			]);
		const { run } = await route({ parameters: SEND, items: [PHONES[0]], continueOnFail: true });
		// A send's error item without a verdict gets one, with the item's number.
		expect(await run).toEqual([
			[
				{
					json: {
						input: '0241234567',
						to: '0241234567',
						verdict: 'notSent',
						reason: 'not sent (Real)',
						error: 'Real',
						description: 'Why',
						keep: true,
					},
					pairedItem: { item: 0 },
				},
			],
		]);
	});
});

describe('router: an operation the registry does not have', () => {
	it.each([
		['sms', 'fly'],
		// Voice is a resource now (Voice → Send); USSD is not, and neither SDK can send it.
		['ussd', 'send'],
		['voice', 'sendPersonalised'],
		['account', 'send'],
		['sms', 'toString'],
		['__proto__', 'send'],
		['constructor', 'name'],
	])(
		'resource %j, operation %j: a NodeOperationError naming it, before reading any item',
		async (resource, operation) => {
			const fake = fakeContext({
				parameters: { resource, operation, sender: 'SMSDemo' },
				items: PHONES,
			});
			const getNodeParameter = jest.spyOn(fake.ctx, 'getNodeParameter');
			const error = (await router.call(fake.ctx).catch((e: unknown) => e)) as NodeOperationError;
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error.message).toBe(`The operation "${operation}" of "${resource}" is not supported`);
			expect(getNodeParameter.mock.calls.map(([name]) => name)).toEqual(['resource', 'operation']);
		},
	);
});
