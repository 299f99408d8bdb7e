/** Cancel and Send Now: one request per batch however many items name it, one output item per item. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	acknowledgementReader,
	type ScheduledAction,
	scheduledPath,
} from '../../../shared/transport/endpoints/scheduled';
import { callService } from '../../../shared/transport/service';
import { batchProperty, queryOptions } from '../../items/common.descriptions';
import { readBatch } from '../../items/messageRefs';
import type { ItemInput, Operation, Outcome } from '../../items/operation';
import type { ItemParameters } from '../../items/parameters';
import { readSettings } from '../../items/settings';

export interface BatchAction {
	option: Operation['option'];
	action: Extract<ScheduledAction, 'cancel' | 'dispatch'>;
	done: string;
}

export function batchActionOperation({ option, action, done }: BatchAction): Operation<string> {
	const properties: INodeProperties[] = [batchProperty, queryOptions];
	return {
		option,
		properties,
		readItem(this: IExecuteFunctions, itemIndex: number, parameters: ItemParameters): string {
			return readBatch(this, parameters, itemIndex);
		},
		// Not retried: a second answer (1801 or 1802) would hide whether the first one worked.
		async execute(
			this: IExecuteFunctions,
			inputs: Array<ItemInput<string>>,
			parameters: ItemParameters,
		): Promise<Outcome[]> {
			const { transport } = readSettings(this, parameters);
			const results = new Map<string, Outcome['error'] | null>();
			const outcomes: Outcome[] = [];
			for (const { itemIndex, input: batch } of inputs) {
				if (!results.has(batch)) {
					const call = await callService(
						this,
						{ path: scheduledPath(action, batch), reader: acknowledgementReader },
						transport,
					);
					results.set(
						batch,
						call.ok ? null : call.failure.toNodeApiError(this.getNode(), { itemIndex }),
					);
				}
				const error = results.get(batch);
				outcomes.push(
					error
						? { items: itemIndex, json: { batch }, error }
						: { items: itemIndex, json: { batch, [done]: true } },
				);
			}
			return outcomes;
		},
	};
}
