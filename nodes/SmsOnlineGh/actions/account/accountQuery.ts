/** Get Balance, Get Profile: one request for every input item, its one output item paired with them all. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { CallResult, TransportOptions } from '../../../shared/transport/service';
import type { Operation } from '../../items/operation';
import { readSettings } from '../../items/settings';

export function accountQuery<T>(
	read: (ctx: IExecuteFunctions, transport: TransportOptions) => Promise<CallResult<T>>,
	toJson: (value: T) => IDataObject,
): Pick<Operation<null>, 'readItem' | 'execute'> {
	return {
		readItem: () => null,
		async execute(inputs, parameters) {
			const items = inputs.map((input) => input.itemIndex);
			const { transport } = readSettings(this, parameters);
			const call = await read(this, transport);
			if (!call.ok)
				return [{ items, json: {}, error: call.failure.toNodeApiError(this.getNode()) }];
			return [{ items, json: toJson(call.value) }];
		},
	};
}
