/** Schedule times: the UTC offsets the service takes, and a time zone's offset at an instant. Pure. */

/** The offsets the service takes, from -12:00 to +13:00 (v5 API documentation, "Scheduling"). */
export const UTC_OFFSET = /^[+-](0\d|1[0-2]):[0-5]\d$|^\+13:00$/;

export function offsetMinutes(offset: string): number {
	const sign = offset.startsWith('-') ? -1 : 1;
	const [hours, minutes] = offset.slice(1).split(':').map(Number);
	return sign * (hours * 60 + minutes);
}

// Building a formatter is costly (docs/performance.md): one per zone, and the last answer kept.
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
let lastZoneOffset: { timeZone: string; at: number; minutes: number } | undefined;

export function zoneOffsetMinutes(timeZone: string, at: number): number {
	if (lastZoneOffset?.timeZone === timeZone && lastZoneOffset.at === at)
		return lastZoneOffset.minutes;
	let format = zoneFormats.get(timeZone);
	if (!format) {
		format = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
		});
		zoneFormats.set(timeZone, format);
	}
	const parts = format.formatToParts(new Date(at));
	const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
	const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
	const minutes = Math.round((local - Math.floor(at / 60_000) * 60_000) / 60_000);
	lastZoneOffset = { timeZone, at, minutes };
	return minutes;
}
