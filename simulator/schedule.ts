/* eslint-disable @n8n/community-nodes/require-node-api-error -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * When a send's `schedule` falls. The codec has already checked the two formats (dateTime
 * `YYYY-MM-DD hh:mm` as the SMSOnlineGH v5 API documentation writes it or `YYYY-MM-DD hh:mm:ss` as
 * the vendor's SDK (Zenoph.Notify) sends it; offset `^[+-]((0\d|1[0-2]):[0-5]\d|13:00)$`); a
 * schedule that fails them is a bad request (1402). What is left here is whether a well-formed
 * schedule names a real moment, and whether that moment is still ahead.
 */
import { HSHK } from './labels';
import type { DecodedUnit } from './types';

export type ScheduleVerdict =
	/** The message waits: accepted destinations get 2104 instead of 2105. */
	| { kind: 'future'; at: number }
	/** A handshake error (1807 or 1808); nothing is submitted. */
	| { kind: 'rejected'; handshake: number };

const MINUTE_MS = 60_000;

/** Time zone a schedule without offset is read in when the account names none (UTC+00:00 all year). */
export const DEFAULT_TIME_ZONE = 'Africa/Accra';

/**
 * - A date that does not exist on the calendar (`2030-02-30 10:00`, `2031-02-29 10:00`): 1807.
 * - An offset whose minutes are not a whole quarter hour (`+05:17`): 1808. The offset pattern lets
 *   such values through, but no time zone uses them (all of today's offsets end in :00, :30 or
 *   :45). This rule is the simulator's own: it is the only way a well-formed offset can be bad.
 * - A moment not after the present: 1807. Without seconds the current minute counts as past.
 *
 * Without an offset the service uses the account's own time zone (SimAccount.timeZone).
 */
export function judgeSchedule(
	schedule: NonNullable<DecodedUnit['schedule']>,
	now: number,
	timeZone: string = DEFAULT_TIME_ZONE,
): ScheduleVerdict {
	const at = instantOf(schedule.dateTime, schedule.offset, timeZone);
	if (typeof at !== 'number') return at;
	if (at <= now) return { kind: 'rejected', handshake: HSHK.SM_DATETIME };
	return { kind: 'future', at };
}

/**
 * The instant a well-formed `YYYY-MM-DD hh:mm[:ss]` names, read in `offset` or, without one, in
 * the time zone; 1807 for a date that does not exist, 1808 for an offset off the quarter hour.
 */
export function instantOf(
	dateTime: string,
	offset: string | undefined,
	timeZone: string = DEFAULT_TIME_ZONE,
): number | { kind: 'rejected'; handshake: number } {
	const [date, time] = dateTime.split(' ');
	const [year, month, day] = date.split('-').map(Number);
	const [hour, minute, second = 0] = time.split(':').map(Number);
	const wallClock = Date.UTC(year, month - 1, day, hour, minute, second);
	// Date.UTC rolls 30 February over into March; a date that does not come back unchanged is not real.
	if (new Date(wallClock).getUTCDate() !== day)
		return { kind: 'rejected', handshake: HSHK.SM_DATETIME };
	if (offset === undefined) return zonedToUtc(wallClock, timeZone);
	const sign = offset.startsWith('-') ? -1 : 1;
	const [hh, mm] = offset.slice(1).split(':').map(Number);
	if (mm % 15 !== 0) return { kind: 'rejected', handshake: HSHK.SM_TZ_OFFSET };
	// 08:30 at +02:00 is 06:30 UTC.
	return wallClock - sign * (hh * 60 + mm) * MINUTE_MS;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
	let format = zoneFormats.get(timeZone);
	if (!format) {
		format = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
		});
		zoneFormats.set(timeZone, format);
	}
	return format;
}

/** Throws unless the IANA time zone is one this runtime knows. */
export function checkTimeZone(timeZone: string): void {
	try {
		zoneFormat(timeZone);
	} catch {
		throw new Error(`Unknown time zone ${timeZone}`);
	}
}

/** Minutes the zone's wall clock is ahead of UTC at the instant `utc` (negative west of Greenwich). */
export function zoneOffsetMinutes(timeZone: string, utc: number): number {
	const parts: Record<string, number> = {};
	for (const part of zoneFormat(timeZone).formatToParts(new Date(utc)))
		parts[part.type] = Number(part.value);
	const wall = Date.UTC(
		parts.year,
		parts.month - 1,
		parts.day,
		parts.hour,
		parts.minute,
		parts.second,
	);
	return Math.round((wall - Math.floor(utc / 1000) * 1000) / MINUTE_MS);
}

/** The instant a wall clock (given as if it were UTC) shows in the zone; one correction covers DST. */
function zonedToUtc(wallClock: number, timeZone: string): number {
	const guess = wallClock - zoneOffsetMinutes(timeZone, wallClock) * MINUTE_MS;
	return wallClock - zoneOffsetMinutes(timeZone, guess) * MINUTE_MS;
}

/** `+HH:MM` / `-HH:MM` of an offset in minutes. */
export function formatOffset(minutes: number): string {
	const sign = minutes < 0 ? '-' : '+';
	const abs = Math.abs(minutes);
	return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
