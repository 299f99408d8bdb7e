// Message ids derived from a Client Reference. The vendor's SDK (Zenoph.Notify, v5) shows a client may name a message itself
// (30 to 40 characters of `A-Za-z0-9-`) and that the service refuses an id the account already used (status 2131).
import * as crypto from 'node:crypto';

// crypto.hash (Node 20.12 and 21.7 on; nodejs.org/api/crypto.html#cryptohashalgorithm-data-outputencoding): same digest, faster.
const sha256Hex: (data: string) => string =
	typeof crypto.hash === 'function'
		? (data) => crypto.hash('sha256', data, 'hex')
		: (data) => crypto.createHash('sha256').update(data).digest('hex');

const READABLE = /^[A-Za-z0-9-]{1,20}$/;

const ID_LENGTH = 40;

// Any reference gives an id the service takes (else status 2132 or 2133): a long or odd one is hashed. The limit is the
// node's own: a key of hundreds of characters is a field mapped by mistake, which every output item would carry.
export const MAX_REFERENCE_LENGTH = 200;

// A readable reference leads the id (`ORD-1042-…`), so a report gives it back; the rest is the SHA-256 of reference, number
// and text (at least 19 hex characters, 76 bits: a collision would make the service refuse a message as a repeat).
export function customMessageId(reference: string, number: string, text: string): string {
	// JSON keeps the three apart: no reference can move a number into the text.
	const digest = sha256Hex(JSON.stringify([reference, number, text]));
	if (!READABLE.test(reference)) return digest.slice(0, ID_LENGTH);
	return `${reference}-${digest.slice(0, ID_LENGTH - reference.length - 1)}`;
}

export function referenceOf(messageId: string): string | undefined {
	const match = /^([A-Za-z0-9-]{1,20})-[0-9a-f]{19,38}$/.exec(messageId);
	return match && messageId.length === ID_LENGTH ? match[1] : undefined;
}

// Hashed as `{"voice": name}`: an SMS and a voice message with one reference to one number are two messages.
export function customVoiceMessageId(reference: string, number: string, template: string): string {
	const digest = sha256Hex(JSON.stringify([reference, number, { voice: template }]));
	if (!READABLE.test(reference)) return digest.slice(0, ID_LENGTH);
	return `${reference}-${digest.slice(0, ID_LENGTH - reference.length - 1)}`;
}
