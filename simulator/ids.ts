/** Identifiers the service hands out: batch ids and per-destination message ids. */
import { randomBytes } from 'node:crypto';

/** 32 lower-case hex characters, as the service's batch ids. */
export function batchId(): string {
	return randomBytes(16).toString('hex');
}

const HEX = Buffer.from('0123456789abcdef', 'latin1');
const UUID_LENGTH = 36;
const DASH = 0x2d;
/** Where the two hex digits of each of the 16 bytes go in `xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`. */
const DIGIT_OFFSETS = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

/**
 * `count` random (version 4) UUIDs, the same format crypto.randomUUID() gives. Generated in one
 * pass over one buffer because crypto.randomUUID() builds each string from many small pieces:
 * for a request with 100,000 destinations that garbage alone cost more than the whole answer.
 */
export function randomUuids(count: number): string[] {
	const random = randomBytes(16 * count);
	const text = Buffer.allocUnsafe(UUID_LENGTH * count);
	const out = new Array<string>(count);
	for (let i = 0; i < count; i++) {
		const r = 16 * i;
		const o = UUID_LENGTH * i;
		random[r + 6] = (random[r + 6] & 0x0f) | 0x40; // version 4
		random[r + 8] = (random[r + 8] & 0x3f) | 0x80; // RFC 4122 variant
		for (let j = 0; j < 16; j++) {
			const byte = random[r + j];
			text[o + DIGIT_OFFSETS[j]] = HEX[byte >> 4];
			text[o + DIGIT_OFFSETS[j] + 1] = HEX[byte & 15];
		}
		text[o + 8] = text[o + 13] = text[o + 18] = text[o + 23] = DASH;
		out[i] = text.toString('latin1', o, o + UUID_LENGTH);
	}
	return out;
}
