/**
 * Every batch the service accepted (a send answered with handshake 0), kept for the lifecycle
 * endpoints: delivery reports, scheduled messages, the callback push. One record per batch and
 * one small record per destination: no per-destination copy of a shared text, no closures, status
 * kept as its id (answers look the label up in the dialect in force), so a send of 100,000
 * destinations costs little beyond its destinations. reset() forgets it all.
 */
import { DS } from './labels';
import type { RefusedBatches } from './types';

/**
 * - `sent`: sent at once.
 * - `scheduled`: waits for its schedule time (destinations 2104).
 * - `dispatched`: was scheduled and has gone out, by dispatch or because its time passed.
 * - `cancelled`: was scheduled and was cancelled (destinations 2102).
 */
export type BatchState = 'sent' | 'scheduled' | 'dispatched' | 'cancelled';

/** One destination as the service keeps it. */
export interface Destination {
	/** The message id: generated (a UUID) or the custom id it was sent with. */
	id: string;
	/** International form for a valid number; as sent otherwise. */
	to: string;
	/** Current status id. */
	status: number;
	/** Parts billed: 0 when rejected, cancelled or deleted (credit refunded). */
	messageCount: number;
	/** ISO country of the number, when the simulator knows its dial code. */
	country?: string;
	/** Personalised only: the text rendered for it (a plain message's text is the batch's). */
	message?: string;
	/** Personalised only: the values as sent (shared with the decoded request, never changed in place). */
	values?: ReadonlyArray<string | number | null>;
	/** When its status became final (2110, 2111, 2112). */
	reportedAt?: number;
	/** true once the callback receiver took its report (2xx). */
	pushed?: boolean;
}

export interface BatchSchedule {
	dateTime: string;
	offset?: string;
}

/** The message categories the simulator sends: SMS (1) and voice (2). */
export type Category = 'sms' | 'voice';

export interface StoredBatch {
	readonly batch: string;
	readonly accountId: string;
	readonly category: Category;
	/** Voice only: the stored voice template it plays (text is '' and type 0 for voice). */
	template?: string;
	/** The SMS text ('' for voice). */
	text: string;
	type: number;
	/** '' when a voice message was sent without one. */
	sender: string;
	readonly personalised: boolean;
	schedule?: BatchSchedule;
	/** The schedule's instant (ms since the epoch). */
	scheduledAt?: number;
	callback?: { url: string; accept: string };
	/** When the send was accepted. */
	readonly acceptedAt: number;
	/** When it went out: acceptedAt for a batch sent at once, the dispatch or schedule time otherwise. */
	goneOutAt?: number;
	state: BatchState;
	destinations: Destination[];
}

/** A batch sent with a callback: the push (index.ts) posts its reports. */
export type CallbackTarget = StoredBatch & { callback: NonNullable<StoredBatch['callback']> };

/** The statuses a send or an update gives a destination it refuses (2113 and up). */
export function isRejected(status: number): boolean {
	return status >= 2113;
}

/**
 * Final delivery outcome by number: a number ending `0000` is undelivered (2112), one ending
 * `9999` expired (2111), any other delivered (2110).
 */
export function outcomeFor(to: string): number {
	if (to.endsWith('0000')) return DS.UNDELIVERED;
	if (to.endsWith('9999')) return DS.EXPIRED;
	return DS.DELIVERED;
}

/** The outcomes a test may force (POST /__sim/outcome). */
export const FINAL_STATUSES: readonly number[] = [DS.DELIVERED, DS.EXPIRED, DS.UNDELIVERED];

export class BatchStore {
	/** In send order (a Map keeps insertion order), which is the order pushes run in. */
	private readonly batches = new Map<string, StoredBatch>();

	add(batch: StoredBatch): void {
		this.batches.set(batch.batch, batch);
	}

	/** A send's batch, kept as `refused` says (DialectSettings.refusedBatches); the answer is written from `batch` as sent. */
	addSent(batch: StoredBatch, refused: RefusedBatches): void {
		if (refused === 'listed') return this.add(batch);
		const destinations = batch.destinations.filter((d) => !isRejected(d.status));
		if (destinations.length === 0 && refused === 'notKept') return;
		this.add({ ...batch, destinations });
	}

	/**
	 * The batch, moved on to `now` (a schedule whose time passed has gone out), when it belongs to
	 * the account; undefined for an unknown id and for another account's batch alike.
	 */
	get(accountId: string, id: string, now: number): StoredBatch | undefined {
		const batch = this.batches.get(id);
		if (!batch || batch.accountId !== accountId) return undefined;
		advance(batch, now);
		return batch;
	}

	/** Any account's batch (for the control endpoint), moved on to `now`. */
	find(id: string, now: number): StoredBatch | undefined {
		const batch = this.batches.get(id);
		if (batch) advance(batch, now);
		return batch;
	}

	/** Every batch in send order, moved on to `now`. */
	all(now: number): StoredBatch[] {
		const out = [...this.batches.values()];
		for (const batch of out) advance(batch, now);
		return out;
	}

	clear(): void {
		this.batches.clear();
	}
}

/** A scheduled batch whose time has passed went out at its schedule time. */
export function advance(batch: StoredBatch, now: number): void {
	if (batch.state === 'scheduled' && batch.scheduledAt !== undefined && batch.scheduledAt <= now) {
		goOut(batch, batch.scheduledAt);
	}
}

/** Scheduled destinations (2104) go out (2105): by dispatch, or when the time comes. Returns how many. */
export function goOut(batch: StoredBatch, at: number): number {
	batch.state = 'dispatched';
	batch.goneOutAt = at;
	let moved = 0;
	for (const d of batch.destinations) {
		if (d.status === DS.SCHEDULED) {
			d.status = DS.PENDING_ENROUTE;
			moved++;
		}
	}
	return moved;
}

/**
 * Destinations still en route (2105) take their final status once the batch's delivery time
 * (`goneOutAt + deliverAfterMs`) has passed. Called when a report is asked for or pushed.
 */
export function finalise(batch: StoredBatch, now: number, deliverAfterMs: number): void {
	if (batch.goneOutAt === undefined || now < batch.goneOutAt + deliverAfterMs) return;
	for (const d of batch.destinations) {
		if (d.status === DS.PENDING_ENROUTE) {
			d.status = outcomeFor(d.to);
			d.reportedAt = now;
		}
	}
}

/**
 * Forces a final status on the batch's destinations that went out (all, or those whose number is
 * in `numbers`); returns how many changed. Rejected and cancelled ones are left alone.
 */
export function forceOutcome(
	batch: StoredBatch,
	status: number,
	numbers: ReadonlySet<string> | undefined,
	now: number,
): number {
	let changed = 0;
	for (const d of batch.destinations) {
		if (numbers && !numbers.has(d.to)) continue;
		if (d.status !== DS.PENDING_ENROUTE && !FINAL_STATUSES.includes(d.status)) continue;
		d.status = status;
		d.reportedAt = now;
		// A changed outcome is a new report: pushed again.
		d.pushed = undefined;
		changed++;
	}
	return changed;
}
