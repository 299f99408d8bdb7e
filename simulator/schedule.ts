/**
 * When a send's `schedule` falls. The codec has already checked the two formats (dateTime
 * `YYYY-MM-DD hh:mm`, offset `^[+-](0\d|1[0-2]):[0-5]\d$|^\+13:00$`); a schedule that fails them
 * is a bad request (1402), as before. What is left here is whether a well-formed schedule names a
 * real moment, and whether that moment is still ahead.
 */
import { HSHK } from './labels';
import type { DecodedUnit } from './types';

export type ScheduleVerdict =
	/** The message waits: accepted destinations get 2104 instead of 2105. */
	| { kind: 'future'; at: number }
	/** A handshake error (1807 or 1808); nothing is submitted. */
	| { kind: 'rejected'; handshake: number };

const MINUTE_MS = 60_000;

/**
 * - A date that does not exist on the calendar (`2030-02-30 10:00`, `2031-02-29 10:00`): 1807.
 * - An offset whose minutes are not a whole quarter hour (`+05:17`): 1808. The offset pattern lets
 *   such values through, but no time zone uses them (all of today's offsets end in :00, :30 or
 *   :45). This rule is the simulator's own: it is the only way a well-formed offset can be bad.
 * - A moment not after the present (the current minute counts as past): 1807.
 *
 * Without an offset the service uses the account's own time zone. The simulator does not know it
 * (accounts carry no time zone), so UTC stands in for it: a client that relies on the account's
 * zone is tested as if that zone were UTC.
 */
export function judgeSchedule(schedule: NonNullable<DecodedUnit['schedule']>, now: number): ScheduleVerdict {
	const [date, time] = schedule.dateTime.split(' ');
	const [year, month, day] = date.split('-').map(Number);
	const [hour, minute] = time.split(':').map(Number);
	const wallClock = Date.UTC(year, month - 1, day, hour, minute);
	// Date.UTC rolls 30 February over into March; a date that does not come back unchanged is not real.
	if (new Date(wallClock).getUTCDate() !== day) return { kind: 'rejected', handshake: HSHK.SM_DATETIME };

	let offsetMinutes = 0;
	if (schedule.offset !== undefined) {
		const sign = schedule.offset.startsWith('-') ? -1 : 1;
		const [hh, mm] = schedule.offset.slice(1).split(':').map(Number);
		if (mm % 15 !== 0) return { kind: 'rejected', handshake: HSHK.SM_TZ_OFFSET };
		offsetMinutes = sign * (hh * 60 + mm);
	}
	// 08:30 at +02:00 is 06:30 UTC.
	const at = wallClock - offsetMinutes * MINUTE_MS;
	if (at <= now) return { kind: 'rejected', handshake: HSHK.SM_DATETIME };
	return { kind: 'future', at };
}
