import type { IExecuteFunctions } from 'n8n-workflow';

import { MEDIA_TYPES } from '../../shared/transport/codec';
import { offsetMinutes, UTC_OFFSET, zoneOffsetMinutes } from '../helpers/schedule';
import { itemError } from '../items/itemErrors';
import type { ItemParameters } from '../items/parameters';
import type { SendOptions } from '../items/settings';
import type { OutgoingMessage } from './message';

export type Scheduling = Pick<OutgoingMessage, 'schedule' | 'callback'>;

export function readSchedule(
	ctx: IExecuteFunctions,
	itemIndex: number,
	options: SendOptions,
	now: number,
): Scheduling['schedule'] {
	const at = typeof options.scheduleAt === 'string' ? options.scheduleAt.trim() : '';
	const offset = typeof options.scheduleOffset === 'string' ? options.scheduleOffset.trim() : '';
	if (at === '') return undefined;
	// n8n gives the date-time as ISO text; only its wall-clock part goes to the service.
	const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})/.exec(at);
	if (!match) {
		throw itemError(ctx, itemIndex, 'Schedule At', `"${at}" is not a date and time`);
	}
	if (offset !== '' && !UTC_OFFSET.test(offset)) {
		throw itemError(
			ctx,
			itemIndex,
			'Schedule UTC Offset',
			`"${offset}" is not an offset such as +00:00 or -05:30 (from -12:00 to +13:00)`,
		);
	}
	const wallClock = Date.parse(`${match[1]}T${match[2]}:${match[3]}:00Z`);
	// Without an offset the account's time zone applies, which the node cannot know: the workflow's stands in,
	// only to catch a time in the past.
	const minutesEast =
		offset !== '' ? offsetMinutes(offset) : zoneOffsetMinutes(ctx.getTimezone(), wallClock);
	if (wallClock - minutesEast * 60_000 <= now) {
		throw itemError(
			ctx,
			itemIndex,
			'Schedule At',
			`${match[1]} ${match[2]}:${match[3]} is in the past: give a time in the future, or leave it empty to send now`,
		);
	}
	const schedule: NonNullable<Scheduling['schedule']> = {
		dateTime: `${match[1]} ${match[2]}:${match[3]}`,
	};
	if (offset !== '') schedule.offset = offset;
	return schedule;
}

function readCallback(
	ctx: IExecuteFunctions,
	itemIndex: number,
	options: SendOptions,
): Scheduling['callback'] {
	const url = typeof options.callbackUrl === 'string' ? options.callbackUrl.trim() : '';
	if (url === '') return undefined;
	let parsed: URL | undefined;
	try {
		parsed = new URL(url);
	} catch {
		parsed = undefined;
	}
	if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
		throw itemError(ctx, itemIndex, 'Delivery Report URL', `"${url}" is not an http or https URL`);
	}
	return { url, accept: MEDIA_TYPES[options.callbackFormat === 'xml' ? 'xml' : 'json'] };
}

/** v5 API documentation, "Scheduling" and "Delivery push". */
export function readScheduling(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	itemIndex: number,
	now = Date.now(),
): Scheduling {
	const options = parameters.get<SendOptions>('options', itemIndex, {});
	const schedule = readSchedule(ctx, itemIndex, options, now);
	const callback = readCallback(ctx, itemIndex, options);
	// Most sends are neither scheduled nor reported: their items share one empty (frozen) value.
	if (!schedule && !callback) return SEND_NOW;
	const result: Scheduling = {};
	if (schedule) result.schedule = schedule;
	if (callback) result.callback = callback;
	return result;
}

const SEND_NOW: Scheduling = Object.freeze({});
