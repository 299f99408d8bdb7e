/** Reading one scheduled message and its destinations: shared by Get and Update. */
import type { IExecuteFunctions } from 'n8n-workflow';

import type { WireScheduledMessage } from '../../../shared/transport/endpoints/scheduled';
import {
	scheduledDestinationsReader,
	scheduledMessagesReader,
	scheduledPath,
} from '../../../shared/transport/endpoints/scheduled';
import type { WireDestinationResult } from '../../../shared/transport/endpoints/send';
import type { CallResult, TransportOptions } from '../../../shared/transport/service';
import { callService } from '../../../shared/transport/service';

/** `load/{batch}`: the message, or the service's answer why it is not scheduled (18xx). */
export async function loadMessage(
	ctx: IExecuteFunctions,
	batch: string,
	transport: TransportOptions,
): Promise<CallResult<WireScheduledMessage | undefined>> {
	const call = await callService(
		ctx,
		{ path: scheduledPath('load', batch), reader: scheduledMessagesReader, readOnly: true },
		transport,
	);
	if (!call.ok) return call;
	return { ...call, value: call.value.find((message) => message.batch.toLowerCase() === batch) ?? call.value[0] };
}

/** `destinations/load/{batch}`: every destination with its status, compressed (it may be long). */
export function loadDestinations(
	ctx: IExecuteFunctions,
	batch: string,
	transport: TransportOptions,
): Promise<CallResult<WireDestinationResult[]>> {
	return callService(
		ctx,
		{ path: scheduledPath('destinations/load', batch), reader: scheduledDestinationsReader, compressed: true, readOnly: true },
		transport,
	);
}
