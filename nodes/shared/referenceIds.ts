/**
 * Message ids derived from a Client Reference. Pure: no n8n imports.
 *
 * The vendor's SDK (Zenoph.Notify, v5) shows that a client may name a destination's message
 * itself (30 to 40 characters of `A-Za-z0-9-`) and that the service refuses an id the account
 * already used (status 2131).
 */
import * as crypto from 'node:crypto';

/**
 * SHA-256 in hexadecimal. Node's one-shot `crypto.hash` (Node 20.12 and 21.7 on; nodejs.org/api/
 * crypto.html#cryptohashalgorithm-data-outputencoding) skips the Hash object `createHash` builds
 * for each call: 2 to 4 times faster on these short inputs, where a Client Reference hashes once
 * per number. The same digest either way, so an id never changes with the Node version.
 */
const sha256Hex: (data: string) => string =
	typeof crypto.hash === 'function'
		? (data) => crypto.hash('sha256', data, 'hex')
		: (data) => crypto.createHash('sha256').update(data).digest('hex');

/** A reference short and plain enough to stand readably at the start of the id. */
const READABLE = /^[A-Za-z0-9-]{1,20}$/;

const ID_LENGTH = 40;

/**
 * The longest Client Reference. Every reference gives an id the service takes (30 to 40 characters
 * of `A-Za-z0-9-`, else status 2132 or 2133): a long or odd one is hashed into 40 characters. The
 * limit is the node's own: a key of hundreds of characters is a field mapped by mistake (a whole
 * text, an object's JSON), which every output item would carry; any id a system hands out fits.
 */
export const MAX_REFERENCE_LENGTH = 200;

/**
 * The custom message id of one destination: 40 characters of `A-Za-z0-9-`. A readable reference
 * leads it (`ORD-1042-…`), so a delivery report gives it back; the rest is the SHA-256 of the
 * reference, the number (international form) and the text, in hexadecimal (at least 19
 * characters, 76 bits: a collision would make the service refuse a message as a repeat).
 */
export function customMessageId(reference: string, number: string, text: string): string {
	// JSON keeps the three apart: no reference can move a number into the text.
	const digest = sha256Hex(JSON.stringify([reference, number, text]));
	if (!READABLE.test(reference)) return digest.slice(0, ID_LENGTH);
	return `${reference}-${digest.slice(0, ID_LENGTH - reference.length - 1)}`;
}

/** The reference a custom id starts with, when it was derived from a readable one. */
export function referenceOf(messageId: string): string | undefined {
	const match = /^([A-Za-z0-9-]{1,20})-[0-9a-f]{19,38}$/.exec(messageId);
	return match && messageId.length === ID_LENGTH ? match[1] : undefined;
}

/**
 * The custom message id of one destination of a voice message: as customMessageId, from the
 * reference, the number (international form) and the voice template's name. The template is
 * hashed as `{"voice": name}`, so no SMS text (a string) can ever give the same id as a voice
 * message: an SMS and a voice message with one reference to one number are two messages.
 */
export function customVoiceMessageId(reference: string, number: string, template: string): string {
	const digest = sha256Hex(JSON.stringify([reference, number, { voice: template }]));
	if (!READABLE.test(reference)) return digest.slice(0, ID_LENGTH);
	return `${reference}-${digest.slice(0, ID_LENGTH - reference.length - 1)}`;
}
