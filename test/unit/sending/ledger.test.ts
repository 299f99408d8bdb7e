import type { IExecuteFunctions } from 'n8n-workflow';

import { SendLedger } from '../../../nodes/SmsOnlineGh/sending/ledger';
import type { SendReceipt } from '../../../nodes/shared/transport/endpoints/send';
import { TransportFailure } from '../../../nodes/shared/transport/failure';

/** Only what SendLedger.open reads: the execution id, the node's name and the run index. */
function runOf(executionId: string, nodeName = 'SMSOnlineGH', runIndex = 0): IExecuteFunctions {
	return {
		getExecutionId: () => executionId,
		getNode: () => ({ name: nodeName }),
		getWorkflowDataProxy: () => ({ $thisRunIndex: runIndex }),
	} as unknown as IExecuteFunctions;
}

const RECEIPT: SendReceipt = {
	batch: 'batch-1',
	category: 'sms',
	delivery: false,
	destinations: [
		{ messageId: 'm-1', to: '233241234567', status: { id: 2105, label: 'DS_PENDING_ENROUTE' } },
	],
};

const LOST = new TransportFailure(
	'maybeProcessed',
	'The SMS service failed with HTTP 500: check the sent messages in your SMSOnlineGH account before sending again',
	'It may have sent them.',
	500,
);

let counter = 0;
/** A fresh execution id per test: the books live for the whole process. */
function newExecution(): string {
	counter++;
	return `ledger-test-${counter}`;
}

afterEach(() => jest.restoreAllMocks());

describe('SendLedger.fingerprint', () => {
	it('is the SHA-256 of the body, in lower-case hex', () => {
		expect(SendLedger.fingerprint('abc')).toBe(
			'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
		);
		expect(SendLedger.fingerprint('')).toBe(
			'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
		);
	});

	it('reads the body as UTF-8 and tells bodies apart by a single character', () => {
		// SHA-256 of the UTF-8 bytes of "é" (c3 a9)
		expect(SendLedger.fingerprint('é')).toBe(
			'4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c',
		);
		expect(SendLedger.fingerprint('{"text":"Hi"}')).not.toBe(
			SendLedger.fingerprint('{"text":"Hi "}'),
		);
		expect(SendLedger.fingerprint('{"text":"Hi"}')).toMatch(/^[0-9a-f]{64}$/);
	});
});

describe('SendLedger: one book per execution, node and run index', () => {
	it('the same execution, node and run index share a book (a Retry On Fail try)', () => {
		const execution = newExecution();
		const first = SendLedger.open(runOf(execution));
		const fingerprint = SendLedger.fingerprint('body 1');
		expect(first.find(fingerprint)).toBeUndefined();
		first.accepted(fingerprint, RECEIPT);

		const retry = SendLedger.open(runOf(execution));
		expect(retry.find(fingerprint)).toEqual({ receipt: RECEIPT });
		expect(retry.find(SendLedger.fingerprint('body 2'))).toBeUndefined();
	});

	it.each([
		['another run index', (execution: string) => runOf(execution, 'SMSOnlineGH', 1)],
		['another node', (execution: string) => runOf(execution, 'SMSOnlineGH1', 0)],
		['another execution', () => runOf(newExecution())],
	])('%s has a book of its own', (_case, other) => {
		const execution = newExecution();
		const fingerprint = SendLedger.fingerprint('body');
		SendLedger.open(runOf(execution)).accepted(fingerprint, RECEIPT);
		expect(SendLedger.open(other(execution)).find(fingerprint)).toBeUndefined();
		expect(SendLedger.open(runOf(execution)).find(fingerprint)).toEqual({ receipt: RECEIPT });
	});

	it('names that could run together in a key are still told apart', () => {
		const fingerprint = SendLedger.fingerprint('body');
		SendLedger.open(runOf('exec-a","b', 'node')).accepted(fingerprint, RECEIPT);
		expect(SendLedger.open(runOf('exec-a', 'b","node')).find(fingerprint)).toBeUndefined();
	});
});

describe('SendLedger: entries', () => {
	it('accepted keeps the receipt, uncertain keeps the failure itself', () => {
		const ledger = SendLedger.open(runOf(newExecution()));
		ledger.accepted('a', RECEIPT);
		ledger.uncertain('b', LOST);
		expect(ledger.find('a')).toEqual({ receipt: RECEIPT });
		const entry = ledger.find('b');
		expect(entry).toEqual({ uncertain: LOST });
		expect(entry && 'uncertain' in entry && entry.uncertain).toBe(LOST);
		expect(ledger.find('c')).toBeUndefined();
	});

	it('a later entry for the same fingerprint replaces the earlier one', () => {
		const ledger = SendLedger.open(runOf(newExecution()));
		ledger.uncertain('a', LOST);
		ledger.accepted('a', RECEIPT);
		expect(ledger.find('a')).toEqual({ receipt: RECEIPT });
	});
});

describe('SendLedger: close and keep', () => {
	it('close() forgets the book: the next run of the same key starts empty', () => {
		const execution = newExecution();
		const ledger = SendLedger.open(runOf(execution));
		ledger.accepted('a', RECEIPT);
		ledger.close();
		expect(SendLedger.open(runOf(execution)).find('a')).toBeUndefined();
	});

	it('a book not closed expires 30 minutes after it was opened', () => {
		const start = Date.now();
		const now = jest.spyOn(Date, 'now').mockReturnValue(start);
		const execution = newExecution();
		SendLedger.open(runOf(execution)).accepted('a', RECEIPT);

		now.mockReturnValue(start + 29 * 60_000);
		expect(SendLedger.open(runOf(execution)).find('a')).toEqual({ receipt: RECEIPT });
		now.mockReturnValue(start + 31 * 60_000);
		expect(SendLedger.open(runOf(execution)).find('a')).toBeUndefined();
	});

	it('keep() keeps the book 30 minutes from the failure, not from the opening', () => {
		const start = Date.now();
		const now = jest.spyOn(Date, 'now').mockReturnValue(start);
		const execution = newExecution();
		const ledger = SendLedger.open(runOf(execution));
		ledger.uncertain('a', LOST);

		now.mockReturnValue(start + 20 * 60_000);
		ledger.keep();
		now.mockReturnValue(start + 45 * 60_000);
		expect(SendLedger.open(runOf(execution)).find('a')).toEqual({ uncertain: LOST });
		now.mockReturnValue(start + 51 * 60_000);
		expect(SendLedger.open(runOf(execution)).find('a')).toBeUndefined();
	});

	it('opening any book sweeps the expired ones of other executions', () => {
		const start = Date.now();
		const now = jest.spyOn(Date, 'now').mockReturnValue(start);
		const old = newExecution();
		const kept = SendLedger.open(runOf(old));
		kept.accepted('a', RECEIPT);
		now.mockReturnValue(start + 31 * 60_000);
		SendLedger.open(runOf(newExecution()));
		// The old run's own ledger object still holds its entries, but the book is gone for a retry.
		expect(kept.find('a')).toEqual({ receipt: RECEIPT });
		now.mockReturnValue(start);
		expect(SendLedger.open(runOf(old)).find('a')).toBeUndefined();
	});
});
