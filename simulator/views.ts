/** Copies of the service's batches handed to tests (Simulator.batch, Simulator.callbackBatch). */
import type { Shape } from './answers';
import { statusRef } from './labels';
import type { CallbackTarget, StoredBatch } from './store';
import type { BatchView, CallbackBatch } from './types';

/** A batch as the tests see it, statuses in the dialect's form. */
export function viewOf(batch: StoredBatch, dialect: Shape['dialect']): BatchView {
	const view: BatchView = {
		batch: batch.batch,
		accountId: batch.accountId,
		state: batch.state,
		category: batch.category,
		...(batch.template !== undefined ? { template: batch.template } : {}),
		text: batch.text,
		type: batch.type,
		sender: batch.sender,
		personalised: batch.personalised,
		destinations: batch.destinations.map((d) => ({
			id: d.id,
			to: d.to,
			status: { ...statusRef(d.status, dialect) },
			messageCount: d.messageCount,
			...(d.values ? { values: [...d.values] } : {}),
			...(d.reportedAt !== undefined ? { reportedAt: d.reportedAt } : {}),
			pushed: d.pushed === true,
		})),
	};
	if (batch.schedule) view.schedule = { ...batch.schedule };
	if (batch.callback) view.callback = { ...batch.callback };
	return view;
}

/** A batch kept for its callback, as the tests see it. */
export function callbackViewOf(batch: CallbackTarget, dialect: Shape['dialect']): CallbackBatch {
	const view: CallbackBatch = {
		batch: batch.batch,
		accountId: batch.accountId,
		plain: !batch.personalised,
		category: batch.category,
		callback: { ...batch.callback },
		destinations: batch.destinations.map((d) => ({
			id: d.id,
			to: d.to,
			status: { ...statusRef(d.status, dialect) },
			pushed: d.pushed === true,
		})),
	};
	if (batch.schedule) view.schedule = { ...batch.schedule };
	return view;
}
