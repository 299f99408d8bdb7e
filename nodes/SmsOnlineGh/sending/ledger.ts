import { createHash } from 'node:crypto';

import type { IExecuteFunctions } from 'n8n-workflow';

import type { SendReceipt } from '../../shared/transport/endpoints/send';
import type { TransportFailure } from '../../shared/transport/failure';

/**
 * What became of a request body earlier in this execution: accepted (with the service's
 * receipt), or possibly processed (the answer was lost).
 */
export type LedgerEntry = { receipt: SendReceipt } | { uncertain: TransportFailure };

interface Book {
	entries: Map<string, LedgerEntry>;
	expires: number;
}

// n8n's Retry On Fail runs the node again, in the same process and the same execution, with all
// its items. Without memory, a retry after a failure half-way would send the first half again.
// Requests are remembered per execution, node and run index, so a retry re-emits what the first
// try got instead of sending it twice, and never blindly repeats a request whose fate is unknown.
// A run that ends without a failure cannot be retried, so its book is dropped at once; a failed
// run's book is kept long enough for n8n's retries (at most 5 tries, 5 s apart) and then expires.
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

	/** The ledger of this execution's run of this node (shared by its retries). */
	static open(ctx: IExecuteFunctions): SendLedger {
		const now = Date.now();
		sweep(now);
		const key = JSON.stringify([ctx.getExecutionId(), ctx.getNode().name, ctx.getWorkflowDataProxy(0).$thisRunIndex]);
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

	/** Called after a run that sent everything: nothing can be retried, nothing to remember. */
	close(): void {
		books.delete(this.key);
	}

	/** Called after a failed run: keep the book for the retries, from now on. */
	keep(): void {
		this.book.expires = Date.now() + KEEP_FAILED_MS;
	}
}
