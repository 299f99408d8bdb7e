import { createHash } from 'node:crypto';

import type { IExecuteFunctions } from 'n8n-workflow';

import type { SendReceipt } from '../../shared/transport/endpoints/send';
import type { TransportFailure } from '../../shared/transport/failure';

export type LedgerEntry = { receipt: SendReceipt } | { uncertain: TransportFailure };

interface Book {
	entries: Map<string, LedgerEntry>;
	expires: number;
}

// n8n's Retry On Fail reruns the node in the same execution with all its items: requests are remembered per
// execution, node and run index (docs/delivery-guarantees.md). A failed run's book outlives n8n's retries, then expires.
const KEEP_FAILED_MS = 30 * 60 * 1000;
const books = new Map<string, Book>();

function sweep(now: number): void {
	for (const [key, book] of books) if (book.expires < now) books.delete(key);
}

export class SendLedger {
	private constructor(
		private readonly key: string,
		private readonly book: Book,
	) {}

	static open(ctx: IExecuteFunctions): SendLedger {
		const now = Date.now();
		sweep(now);
		const key = JSON.stringify([
			ctx.getExecutionId(),
			ctx.getNode().name,
			ctx.getWorkflowDataProxy(0).$thisRunIndex,
		]);
		let book = books.get(key);
		if (!book) {
			book = { entries: new Map(), expires: now + KEEP_FAILED_MS };
			books.set(key, book);
		}
		return new SendLedger(key, book);
	}

	static fingerprint(body: string): string {
		return createHash('sha256').update(body).digest('hex');
	}

	find(fingerprint: string): LedgerEntry | undefined {
		return this.book.entries.get(fingerprint);
	}

	accepted(fingerprint: string, receipt: SendReceipt): void {
		this.book.entries.set(fingerprint, { receipt });
	}

	uncertain(fingerprint: string, failure: TransportFailure): void {
		this.book.entries.set(fingerprint, { uncertain: failure });
	}

	// After a run that sent everything: nothing can be retried.
	close(): void {
		books.delete(this.key);
	}

	keep(): void {
		this.book.expires = Date.now() + KEEP_FAILED_MS;
	}
}
