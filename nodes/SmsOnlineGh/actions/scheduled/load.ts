/** Reading one scheduled message and its destinations: shared by Get and Update. */
import type { IExecuteFunctions } from 'n8n-workflow';

import type {
	ListedMessage,
	WireScheduledMessage,
} from '../../../shared/transport/endpoints/scheduled';
import {
	listedMessagesReader,
	scheduledDestinationsReader,
	scheduledMessagesReader,
	scheduledPath,
} from '../../../shared/transport/endpoints/scheduled';
import type { WireDestinationResult } from '../../../shared/transport/endpoints/send';
import type { CallResult, DataReader, TransportOptions } from '../../../shared/transport/service';
import { callService } from '../../../shared/transport/service';

/** `load/{batch}`: the message, or the service's answer why it is not scheduled (18xx). */
async function load<T extends { batch: string }>(
	ctx: IExecuteFunctions,
	batch: string,
	transport: TransportOptions,
	reader: DataReader<T[]>,
): Promise<CallResult<T | undefined>> {
	const call = await callService(
		ctx,
		{ path: scheduledPath('load', batch), reader, readOnly: true },
		transport,
	);
	if (!call.ok) return call;
	return {
		...call,
		value: call.value.find((message) => message.batch.toLowerCase() === batch) ?? call.value[0],
	};
}

/** The service takes an update's full properties back. */
export function loadMessage(
	ctx: IExecuteFunctions,
	batch: string,
	transport: TransportOptions,
): Promise<CallResult<WireScheduledMessage | undefined>> {
	return load(ctx, batch, transport, scheduledMessagesReader);
}

export function loadListedMessage(
	ctx: IExecuteFunctions,
	batch: string,
	transport: TransportOptions,
): Promise<CallResult<ListedMessage | undefined>> {
	return load(ctx, batch, transport, listedMessagesReader);
}

/** `destinations/load/{batch}`: every destination with its status, compressed (it may be long). */
export function loadDestinations(
	ctx: IExecuteFunctions,
	batch: string,
	transport: TransportOptions,
): Promise<CallResult<WireDestinationResult[]>> {
	return callService(
		ctx,
		{
			path: scheduledPath('destinations/load', batch),
			reader: scheduledDestinationsReader,
			compressed: true,
			readOnly: true,
		},
		transport,
	);
}
